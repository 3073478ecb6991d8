import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BusinessInput } from '@directory/data/business.ts';
import { deferredWritesOf, neverWaitForWriteLock } from '@directory/data/record-lock.ts';
import { openRecord } from '@directory/data/record.ts';
import { SqliteEngine } from '@directory/indexer/sqlite/sqlite-engine.ts';
import type { ListingPolicy } from '@directory/indexer/record-source.ts';
import { rebuildIndex } from '@directory/indexer/sync.ts';
import { PROJECT_ROOT } from '@directory/indexer/config.ts';
import { createApp, createDeps, type AppOptions, type SiteBundle } from '../app.ts';
import type { AdmissionOptions } from '../middleware/admission.ts';
import type { ServerEntry } from '../ssr/page-renderer.ts';
import type { AppDeps } from '../routes/deps.ts';
import { loadBuiltSite } from '../server.ts';
import { saveBusinesses } from '../services/business-writer.ts';
import { CONTACT_MESSAGES_RULE, SEARCH_BURST_RULE } from '../services/rate-limits.ts';

/**
 * Tests share a loaded machine, where a first render can take seconds: without bounds of its
 * own, a test app sheds nothing (overload.test.ts tests shedding with bounds it drives).
 */
const TEST_ADMISSION: AdmissionOptions = { concurrency: 1, maxQueued: 10_000, maxWaitMs: 600_000 };

/**
 * Every test request comes from 127.0.0.1: a file of search tests would trip the search burst
 * limit on a fast machine and not on a slow one. Tests of that limit pass the production rules.
 */
const TEST_RATE_LIMITS: NonNullable<AppOptions['rateLimits']> = { contact: CONTACT_MESSAGES_RULE, search: { ...SEARCH_BURST_RULE, points: 0 } };

export interface TestApp {
  deps: AppDeps;
  /** Fetches a path of the running app. Redirects are not followed, so tests see them. */
  get(path: string): Promise<Response>;
  post(path: string, body: unknown): Promise<Response>;
  close(): Promise<void>;
}

/** The site rendered from the frontend's sources (no build needed): pages without browser assets. */
async function sourceSite(): Promise<SiteBundle> {
  const entry = (await import('@directory/frontend/src/app/entry-server.tsx')) as ServerEntry;
  return { entry, templateFile: join(PROJECT_ROOT, 'frontend', 'index.html') };
}

/**
 * The real Koa app on a temporary SQLite record and index, listening on a free port of
 * 127.0.0.1, with `businesses` saved and indexed; with `withPages`, it serves the
 * server-rendered pages too; `listingPolicy` (default 'all') decides which businesses are public;
 * `admission` replaces the admission queue's bounds (and, in tests, its clock and scheduler).
 * `isProxyTrusted` (default true, as behind the proxy of a deployment) believes X-Forwarded-*;
 * `rateLimits` replaces the per-address limits (default: the production contact limit, no search limit).
 */
export async function startTestApp(
  businesses: BusinessInput[] = [],
  options: {
    withPages?: boolean;
    /** PAGE_STALE_SECONDS of the app: how long a kept index page outlives an index change (0 by default). */
    pageStaleSeconds?: number;
    withBuiltSite?: boolean;
    listingPolicy?: ListingPolicy;
    admission?: AdmissionOptions;
    isProxyTrusted?: boolean;
    /** TRUST_PROXY's number of proxies in front (default 1). */
    trustedProxies?: number;
    /** PUBLIC_URL of the app (default: none, each request's own origin). */
    publicUrl?: string;
    /** Search worker threads (default 0: searches run in the test's thread). */
    searchThreads?: number;
    /** Compression threads (default 0: answers are compressed on libuv's pool). */
    compressionThreads?: number;
    /** IMPORT_REBUILD_THRESHOLD of the app (rows written by one file above which an import rebuilds the index). */
    importRebuildThreshold?: number;
    rateLimits?: AppOptions['rateLimits'];
  } = {},
): Promise<TestApp & { url: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'directory-test-'));
  const recordFile = join(dir, 'directory.sqlite');
  const record = openRecord(recordFile);
  const engine = new SqliteEngine(join(dir, 'index'));
  const listingPolicy = options.listingPolicy ?? 'all';
  const deps = createDeps({
    record,
    engine,
    listingPolicy,
    admission: options.admission ?? TEST_ADMISSION,
    searchThreads: options.searchThreads ?? 0,
    compressionThreads: options.compressionThreads ?? 0,
    ...(options.importRebuildThreshold === undefined ? {} : { importRebuildThreshold: options.importRebuildThreshold }),
    rateLimits: options.rateLimits ?? TEST_RATE_LIMITS,
  });
  saveBusinesses(deps.businesses, businesses);
  await rebuildIndex(recordFile, engine, listingPolicy);
  // From here on, as while serving: never sleep on the event loop waiting for another writer's lock.
  neverWaitForWriteLock(record);
  const site = options.withBuiltSite ? await loadBuiltSite() : options.withPages ? await sourceSite() : undefined;
  const server: Server = await new Promise((resolve) => {
    const app = createApp(deps, { ...(site ? { site } : {}), isProxyTrusted: options.isProxyTrusted ?? true, trustedProxies: options.trustedProxies ?? 1, ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}), pageStaleSeconds: options.pageStaleSeconds ?? 0 });
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    deps,
    get: (path) => fetch(base + path, { redirect: 'manual' }),
    post: (path, body) =>
      fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.admin.reindex.whenIdle();
      await deps.sync.stop();
      await deps.searches.close();
      await deps.compressor.close();
      await engine.close();
      deferredWritesOf(record).close();
      record.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
