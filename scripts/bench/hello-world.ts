/** The baseline: a Koa hello-world on a free loopback port, in its own process like the server. */
import Koa from 'koa';
import type { AddressInfo } from 'node:net';

const app = new Koa();
app.use((ctx) => {
  ctx.body = 'Hello, world';
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
