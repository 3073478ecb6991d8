import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '@directory/indexer/config.ts';
import type { AddressInfo } from 'node:net';
import { deferredWritesOf, neverWaitForWriteLock } from '@directory/data/record-lock.ts';
import { openRecord } from '@directory/data/record.ts';
import { SqliteEngine } from '@directory/indexer/sqlite/sqlite-engine.ts';
import { IndexCheckpointer } from './services/index-checkpointer.ts';
import { createEngine } from '@directory/indexer/create-engine.ts';
import type { RebuildHooks, SearchEngine } from '@directory/indexer/engine.ts';
import { POPULARITY_INDEX } from '@directory/indexer/record-source.ts';
import { isRebuildOwed, rebuildIndex } from '@directory/indexer/sync.ts';
import { restoreOnThread } from './db/deferred-indexes.ts';
import { verifyOnThread } from '@directory/indexer/verify-thread.ts';
import { formatVerifyReport } from '@directory/indexer/verify.ts';
import { createApp, createDeps, type SiteBundle } from './app.ts';
import { SearchPool } from './services/search-pool.ts';
import { COMPRESSION_THREADS, CompressionThreads } from './middleware/body-compressor.ts';
import type { ServerEntry } from './ssr/page-renderer.ts';
import type { BackendConfig } from './config.ts';
import { listen } from './http-server.ts';
import { isAdminUpgrade } from './middleware/admin-auth.ts';
import type { AppDeps } from './routes/deps.ts';
import { loadDemoDataIfEmpty } from './services/demo-data.ts';
import { attachImportProgressSocket } from './routes/imports/import-progress-socket.ts';

export interface RunningServer {
  url: string;
  deps: AppDeps;
  /** Resolves once the check of an index this start built against the record is logged (at once when it built none). */
  indexCheck: Promise<void>;
  close(): Promise<void>;
}

const FRONTEND_DIST = join(PROJECT_ROOT, 'frontend', 'dist');

/** The production build of the site (`npm run build`). */
export async function loadBuiltSite(): Promise<SiteBundle> {
  const entryFile = join(FRONTEND_DIST, 'server', 'entry-server.js');
  const templateFile = join(FRONTEND_DIST, 'client', 'index.html');
  if (!existsSync(entryFile) || !existsSync(templateFile)) {
    throw new Error('The site is not built: run `npm run build` (npm start does it for you).');
  }
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  return { entry, templateFile, assetsDir: join(FRONTEND_DIST, 'client') };
}

/**
 * Builds the search index when there is none (or it is of another format); true when it built one.
 * After every rebuild it does, the server checks the new index against the record and says so
 * (`checkIndex`).
 */
async function ensureIndex(config: BackendConfig, engine: SearchEngine, log: (line: string) => void, hooks: RebuildHooks = {}): Promise<boolean> {
  if ((await engine.appliedSeq()) >= 0) return false;
  log('Building the search index…');
  const report = await rebuildIndex(config.recordFile, engine, config.listingPolicy, hooks);
  log(`Indexed ${report.documents} businesses in ${report.seconds.toFixed(1)} s (${report.engine}).`);
  return true;
}

/**
 * Checks the index against the record on a thread of its own, while the server starts serving (at
 * a million businesses the check takes ~8 s), and logs the result. `stop` ends it unlogged.
 */
function checkIndex(config: BackendConfig, log: (line: string) => void): { logged: Promise<void>; stop(): Promise<void> } {
  const check = verifyOnThread(config);
  let isStopped = false;
  const logged = check.report.then(
    (report) => log(formatVerifyReport(report)),
    (error: unknown) => {
      if (!isStopped) log(`The new index could not be checked against the record: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
  return {
    logged,
    async stop() {
      isStopped = true;
      await check.stop();
      await logged;
    },
  };
}

/**
 * Builds the record's deferred indexes on a thread (deferred-indexes.ts) once first called; every
 * call answers the same wait. A failure is the caller's to meet when it waits, not an unhandled one.
 */
function deferredIndexBuild(recordFile: string, log: (line: string) => void): () => Promise<void> {
  let building: Promise<void> | null = null;
  return () => {
    if (building === null) {
      const started = performance.now();
      building = restoreOnThread(recordFile).then((built) => {
        log(`Built ${built} more indexes of the record in ${((performance.now() - started) / 1000).toFixed(1)} s, beside the search index.`);
      });
      building.catch(() => undefined);
    }
    return building;
  };
}

/**
 * Opens the record (migrating it), loads demo data into an empty record, makes sure an index
 * exists, then listens. Everything `npm start` does after building.
 */
export async function startServer(config: BackendConfig, log: (line: string) => void = console.log): Promise<RunningServer> {
  const record = openRecord(config.recordFile);
  const engine = createEngine(config);
  const deps = createDeps({
    record,
    engine,
    listingPolicy: config.listingPolicy,
    admission: config.admission,
    searchThreads: config.searchThreads,
    compressionThreads: COMPRESSION_THREADS,
    searchCacheBytes: config.searchCacheBytes,
    importRebuildThreshold: config.rebuildThreshold,
    rateLimits: config.rateLimits,
    // When a remote engine comes back (or first answers), it gets an index if it has none.
    engineProbe: async () => {
      if (await ensureIndex(config, engine, log)) await checkIndex(config, log).logged;
    },
    log,
  });

  // Refuses to start (throws) with a weak ADMIN_PASSWORD; prints a generated one at first start.
  await deps.admin.accounts.bootstrap(config.adminUsername, config.adminPassword, (lines) => log(lines.join('\n')));

  const interrupted = deps.imports.recoverInterrupted();
  if (interrupted > 0) log(`Marked ${interrupted} import report(s) left running by a stopped process as interrupted.`);

  const started = performance.now();
  const loaded = await loadDemoDataIfEmpty(
    deps.businesses,
    config.demoSize,
    (written) => {
      if (written % 100_000 === 0) log(`  ${written} demo businesses written…`);
    },
    { buildOnly: [POPULARITY_INDEX] },
  );
  if (loaded > 0) log(`Loaded ${loaded} demo businesses in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  // The record's other indexes, left deferred by the demo load, are built on a thread of their own
  // while the search index is built from the snapshot (at low priority, in the rebuild's idle time);
  // the rebuild waits for them before it catches up with the change log, which writes to the record.
  const recordIndexes = loaded > 0 ? deferredIndexBuild(config.recordFile, log) : null;
  let indexCheck: ReturnType<typeof checkIndex> | null = null;
  try {
    if (await ensureIndex(config, engine, log, recordIndexes ? { afterSnapshot: () => void recordIndexes(), afterBulk: recordIndexes } : {})) {
      indexCheck = checkIndex(config, log);
    }
  } catch (error) {
    // A remote engine that cannot be reached does not stop the server: detail pages, contact and
    // the admin area work from the record, lists answer 503 until a probe finds the engine back.
    if (!deps.engineHealth.noteFailure(error)) throw error;
  }
  // Started by the rebuild, or now when there was none to build.
  await recordIndexes?.();
  if (isRebuildOwed(record)) {
    // A delete-all committed, but the process stopped before the index rebuild it asked for ended.
    log('The record changed without the change log (a delete-all) since the index was built: rebuilding it in a child process.');
    deps.admin.reindex.start();
  }
  if (deps.engineHealth.isAvailable()) await deps.sync.catchUp().catch((error: unknown) => {
    if (!deps.engineHealth.noteFailure(error)) throw error;
  });
  if (config.isIndexSyncOn) deps.sync.start(config.indexSyncIntervalMs);

  // From here on, as while serving: never sleep on the event loop waiting for another writer's lock.
  neverWaitForWriteLock(record);
  // Nor copy the index's write-ahead log into its file there: a thread of its own does.
  const checkpointer = engine instanceof SqliteEngine ? new IndexCheckpointer(engine, log) : null;
  checkpointer?.start();
  const app = createApp(deps, { isDevelopment: config.isDevelopment, site: await loadBuiltSite(), isProxyTrusted: config.isProxyTrusted, trustedProxies: config.trustedProxies, publicUrl: config.publicUrl, pageCacheBytes: config.pageCacheBytes, pageStaleSeconds: config.pageStaleSeconds });
  const server: Server = await listen(app, config.port, config.host);
  // Load the search threads now rather than on the first visitor's search.
  if (deps.searches instanceof SearchPool) deps.searches.start();
  if (deps.compressor instanceof CompressionThreads) deps.compressor.start();
  const progressSocket = attachImportProgressSocket(server, deps.imports, (req) => isAdminUpgrade(deps.admin.sessions, req));
  const address = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  return {
    url: `http://${host}:${address.port}`,
    deps,
    indexCheck: indexCheck?.logged ?? Promise.resolve(),
    async close() {
      await indexCheck?.stop();
      progressSocket.close();
      deps.engineHealth.stop();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await deps.sync.stop();
      await deps.searches.close();
      await deps.compressor.close();
      await checkpointer?.close();
      await engine.close();
      deferredWritesOf(record).close();
      record.close();
    },
  };
}
