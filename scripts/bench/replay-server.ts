/**
 * A second baseline for the list rows: a Koa app in its own process, like the hello-world, that
 * answers each path with the bytes the directory's server sent for it (status, headers and the
 * compressed body, recorded by `recordAnswers`). It does nothing else, so its rate is what the
 * load generator and Koa reach on those bytes: how far below it a list row is, is the server's
 * own work. `tsx scripts/bench/replay-server.ts ANSWERS.json`
 */
import Koa from 'koa';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { RecordedAnswer } from './common.ts';

const [file] = process.argv.slice(2);
if (!file) {
  process.stderr.write('Usage: tsx scripts/bench/replay-server.ts ANSWERS.json\n');
  process.exit(2);
}
const recorded = JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer[];
const answers = new Map(recorded.map((answer) => [answer.path, { ...answer, body: Buffer.from(answer.body, 'base64') }]));

const app = new Koa();
app.use((ctx) => {
  const answer = answers.get(ctx.url);
  if (!answer) return;
  ctx.status = answer.status;
  for (const [name, value] of answer.headers) ctx.set(name, value);
  ctx.body = answer.body;
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
