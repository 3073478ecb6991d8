/**
 * `npm start`: builds the site when its sources changed since the last build, creates the
 * database, loads demo data when it is empty, builds the search index when there is none,
 * and serves the directory.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadBackendConfig } from '../backend/src/config.ts';
import { startServer } from '../backend/src/server.ts';
import { storageFailure } from '../backend/src/storage-failure.ts';
import { PROJECT_ROOT } from '../indexer/src/config.ts';
import { armFaultPoint } from '../indexer/src/fault-point.ts';

function newestModification(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)));
  return newest;
}

/** True when the frontend build is missing or older than any of its sources. */
function isSiteBuildStale(): boolean {
  const frontend = join(PROJECT_ROOT, 'frontend');
  const builtMarker = join(frontend, 'dist', 'server', 'entry-server.js');
  if (!existsSync(builtMarker) || !existsSync(join(frontend, 'dist', 'client', 'index.html'))) return true;
  const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((part) => join(frontend, part)).filter(existsSync);
  const backendShared = join(PROJECT_ROOT, 'backend', 'src', 'shared');
  return Math.max(...sources.map(newestModification), newestModification(backendShared)) > statSync(builtMarker).mtimeMs;
}

const config = loadBackendConfig();
// The default of NODE_ENV (production) also for the libraries that read it when they load: React
// renders pages with its production build (its development build costs about 40% more CPU per
// page, on owner stacks and prop checks). The server entry, and React with it, loads after this.
process.env.NODE_ENV ??= 'production';
armFaultPoint(config.faultPauseAt);
if (isSiteBuildStale()) {
  console.log('Building the site…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
/** Why a start failed, in one line, for the failures an operator fixes by hand. */
function startFailure(error: unknown): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return `Port ${config.port} on ${config.host} is already in use: stop the other server or set PORT to a free port.`;
  const storage = storageFailure(error, config.dataDir);
  if (storage !== null) return storage;
  if (code === 'EACCES') return `Not allowed to listen on port ${config.port} on ${config.host}: choose a port above 1023 with PORT.`;
  return null;
}

const server = await startServer(config).catch((error: unknown) => {
  const reason = startFailure(error);
  if (reason === null) throw error;
  console.error(reason);
  process.exit(1);
});
console.log(`Business directory listening on ${server.url} (engine: ${config.engine}, data: ${config.dataDir})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
