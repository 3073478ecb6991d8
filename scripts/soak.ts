/**
 * `npm run soak -- [--duration 60] [--connections 200] [--size 100000] [--rows 200000] [--data-dir DIR]`:
 * serves a demo record of `--size` businesses (kept in DIR, default $TMPDIR/directory-soak/size-N,
 * outside the repository) as `npm start` does, on 127.0.0.1 only, and sends mixed visitor traffic
 * for `--duration` seconds over `--connections` connections (a quarter each: business pages,
 * other pages, lists, searches, each request from its own simulated visitor address) while
 * `npm run import` writes a `--rows`-row CSV sample into the same record. Reports 5xx (must be
 * 0), the server's RSS (all, and its anonymous part) at start, every 10 s of traffic and at the end, p50/p99 per kind, and checks that every place of the
 * sample is in the record. Exits 1 when a check fails. Not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { parse as parseCsv } from 'csv-parse';
import { PROJECT_ROOT } from '../indexer/src/config.ts';
import { startChildServer, type ChildServer } from './bench/child-server.ts';
import { BROWSER_HEADERS } from './bench/common.ts';
import { writeSample } from './samples/generate-sample.ts';
import { formatResident, placeIdsMissing, planTraffic, residentMegabytes, TRAFFIC_KINDS, visitorAddress, type TrafficKind } from './soak/plan.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    size: { type: 'string', default: '100000' },
    rows: { type: 'string', default: '200000' },
    'data-dir': { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const size = Number(values.size);
const rows = Number(values.rows);
if (![duration, connections, size, rows].every((value) => Number.isInteger(value) && value > 0) || duration > 3600 || connections < TRAFFIC_KINDS.length) {
  process.stderr.write('Usage: npm run soak -- [--duration S (1-3600)] [--connections N (>= 4)] [--size N] [--rows N] [--data-dir DIR]\n');
  process.exit(2);
}
const dataDir = values['data-dir'] ?? join(tmpdir(), 'directory-soak', `size-${size}`);
const log = (line: string) => process.stderr.write(`${line}\n`);
const START_TIMEOUT_MS = 30 * 60 * 1000;
const RSS_SAMPLE_MS = 10_000;

/** The server as `npm start` runs it (building the site and loading the demo record when needed), as one process whose RSS we can read. */
function startServer(): Promise<ChildServer> {
  // With the V8 flag of package.json's start script.
  return startChildServer(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'scripts/start.ts'], {
    cwd: PROJECT_ROOT,
    // TRUST_PROXY: each simulated visitor has its own address (X-Forwarded-For), as behind a proxy.
    env: { ...process.env, DATA_DIR: dataDir, DEMO_SIZE: String(size), PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', TRUST_PROXY: 'true' },
    timeoutMs: START_TIMEOUT_MS,
    log: (line) => {
      if (/error|warn|listening/i.test(line)) log(`  [server] ${line}`);
    },
  });
}

const rssOf = (pid: number) => residentMegabytes(readFileSync(`/proc/${pid}/status`, 'utf8'));

/** The place ids of the sample's rows that an import writes: not permanently closed, latitude in range (the sample's planted error rows). */
async function placeIdsToWrite(file: string): Promise<Set<string>> {
  const ids = new Set<string>();
  const parser = createReadStream(file).pipe(parseCsv({ columns: true, relax_column_count: true }));
  for await (const row of parser as AsyncIterable<Record<string, string>>) {
    const latitude = Number(row.latitude);
    if (row.place_id && row.business_status !== 'CLOSED_PERMANENTLY' && !(latitude > 90)) ids.add(row.place_id);
  }
  return ids;
}

interface KindResult {
  kind: TrafficKind;
  requests: number;
  non2xx: number;
  status5xx: number;
  /** Answers by status code, e.g. "200: 1500, 503: 12". */
  statuses: string;
  p50: number;
  p99: number;
}

async function load(url: string, kind: TrafficKind, paths: string[], share: number, offset: number): Promise<KindResult> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: share,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          next += 1;
          return { ...request, path: paths[next % paths.length]!, headers: { ...request.headers, ...BROWSER_HEADERS, 'x-forwarded-for': visitorAddress(offset + (next % 5000)) } };
        },
      },
    ],
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stats]) => `${code}: ${stats.count ?? 0}`)
    .join(', ');
  return { kind, requests: result.requests.total, non2xx: result.non2xx, status5xx: result['5xx'], statuses, p50: result.latency.p50, p99: result.latency.p99 };
}

mkdirSync(dataDir, { recursive: true });
const sampleFile = join(dataDir, `soak-sample-${rows}.csv`);
if (!existsSync(sampleFile)) {
  log(`Writing a ${rows.toLocaleString('en-US')}-row CSV sample to ${sampleFile}…`);
  await writeSample({ rows, tool: 'outscraper', format: 'csv', out: sampleFile });
}
const expectedIds = await placeIdsToWrite(sampleFile);

log(`Starting the server on ${dataDir} (${size.toLocaleString('en-US')} demo businesses; the first start generates them)…`);
const server = await startServer();
let isOk = true;
try {
  const plan = planTraffic(join(dataDir, 'directory.sqlite'), 2000);
  const rssStart = rssOf(server.pid);
  log(`Server at ${server.url}, RSS ${formatResident(rssStart)}. ${duration} s of traffic at ${connections} connections while ${rows.toLocaleString('en-US')} rows are imported…`);

  const importer = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', sampleFile], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let importReport = '';
  importer.stdout!.on('data', (chunk: Buffer) => (importReport += chunk.toString()));
  const importStarted = performance.now();
  const importDone = once(importer, 'exit').then(([code]) => ({ code: code as number | null, seconds: (performance.now() - importStarted) / 1000 }));

  // The server's memory every 10 s of traffic: bounded caches level off, a leak keeps climbing.
  const rssSamples: ReturnType<typeof rssOf>[] = [];
  const sampler = setInterval(() => rssSamples.push(rssOf(server.pid)), RSS_SAMPLE_MS);
  const share = Math.floor(connections / TRAFFIC_KINDS.length);
  const results = await Promise.all(TRAFFIC_KINDS.map((kind, i) => load(server.url, kind, plan[kind], i === 0 ? connections - share * (TRAFFIC_KINDS.length - 1) : share, i * 5000)));
  clearInterval(sampler);
  const rssAfterLoad = rssOf(server.pid);
  log('Traffic done; waiting for the import to finish…');
  const imported = await importDone;
  const rssEnd = rssOf(server.pid);
  const { checked, missing } = placeIdsMissing(join(dataDir, 'directory.sqlite'), expectedIds);

  const total5xx = results.reduce((sum, result) => sum + result.status5xx, 0);
  const lines = [
    `Soak: ${duration} s, ${connections} connections, ${size.toLocaleString('en-US')} businesses, import of ${rows.toLocaleString('en-US')} rows`,
    '',
    '| Kind | Requests | non-2xx | 5xx | p50 ms | p99 ms | Statuses |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...results.map((result) => `| ${result.kind} | ${result.requests} | ${result.non2xx} | ${result.status5xx} | ${result.p50} | ${result.p99} | ${result.statuses} |`),
    '',
    `5xx in total: ${total5xx}`,
    `Server RSS: ${formatResident(rssStart)} at start, ${formatResident(rssAfterLoad)} when the traffic ended, ${formatResident(rssEnd)} after the import`,
    `Server RSS every ${RSS_SAMPLE_MS / 1000} s of traffic, MB (anonymous): ${rssSamples.map(({ total, anonymous }) => `${total} (${anonymous})`).join(', ')}`,
    `Import: exit ${imported.code} after ${imported.seconds.toFixed(1)} s (ran alongside the traffic)`,
    // The report's first two lines (the progress lines before it are left out).
    importReport.trim().split('\n').filter((line) => /^(OK|FAILED) |^ {2}rows /.test(line)).map((line) => `  ${line}`).join('\n'),
    `Places of the sample in the record: ${checked - missing.length} of ${checked}${missing.length ? ` (missing, first ones: ${missing.slice(0, 5).join(', ')})` : ''}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (total5xx > 0 || imported.code !== 0 || missing.length > 0) isOk = false;
} finally {
  await server.stop();
}
process.exit(isOk ? 0 : 1);
