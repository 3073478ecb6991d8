import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_ADMISSION } from './middleware/admission.ts';
import { passwordProblem } from './services/password.ts';
import { CONTACT_MESSAGES_RULE, SEARCH_BURST_RULE, type RateLimitRule } from './services/rate-limits.ts';
import { indexerEnvSchema, parseEnvironment, toIndexerConfig, type IndexerConfig } from '@directory/indexer/config.ts';

/**
 * The site's public address ("https://directory.example"): a scheme, a host and a port if any,
 * nothing after them (the site is served from the root of its host). Read as its origin.
 */
const publicUrlSchema = z
  .string()
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), 'must be an http:// or https:// address, e.g. https://directory.example')
  .refine((text) => {
    // Not an address at all: the check above says so.
    if (!URL.canParse(text)) return true;
    const url = new URL(text);
    return url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  }, 'must be the site\'s origin alone (https://directory.example), with no path, query, fragment or credentials')
  .transform((text) => new URL(text).origin);

const backendEnvSchema = indexerEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  DEMO_SIZE: z.coerce.number().int().min(0).max(5_000_000).default(5000),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  // An empty value (as compose files pass an unset variable) means "not set".
  ADMIN_PASSWORD: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(12, 'must be at least 12 characters').optional()),
  // `true` is one proxy; a number says how many stand in front (a CDN, then nginx: 2).
  TRUST_PROXY: z
    .string()
    .regex(/^(?:true|false|[1-9])$/, 'must be false, true (one proxy) or how many proxies stand in front, 1 to 9')
    .default('false')
    .transform((value) => (value === 'false' ? 0 : value === 'true' ? 1 : Number(value))),
  // An empty value (as compose files pass an unset variable) means "not set".
  PUBLIC_URL: z.preprocess((value) => (value === '' ? undefined : value), publicUrlSchema.optional()),
  INDEX_SYNC: z.enum(['on', 'off']).default('on'),
  INDEX_SYNC_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(250),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  ADMISSION_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(DEFAULT_ADMISSION.concurrency),
  ADMISSION_MAX_QUEUE: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_ADMISSION.maxQueued),
  ADMISSION_MAX_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(DEFAULT_ADMISSION.maxWaitMs),
  SEARCH_THREADS: z.coerce.number().int().min(0).max(64).default(availableParallelism()),
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(96),
  PAGE_STALE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  SEARCH_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(CONTACT_MESSAGES_RULE.points),
  // 0 turns the search burst limit off (benchmarks send every call from one address).
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(SEARCH_BURST_RULE.points),
}).refine(
  (env) => env.ADMIN_PASSWORD === undefined || passwordProblem(env.ADMIN_PASSWORD, env.ADMIN_USERNAME) !== 'must not be the same as the username',
  { path: ['ADMIN_PASSWORD'], message: 'must not be the same as ADMIN_USERNAME' },
);

export interface BackendConfig extends IndexerConfig {
  port: number;
  host: string;
  isDevelopment: boolean;
  demoSize: number;
  adminUsername: string;
  adminPassword: string | undefined;
  /** Whether X-Forwarded-Proto/-For/-Host from a reverse proxy are believed (`app.proxy`). */
  isProxyTrusted: boolean;
  /** How many reverse proxies stand in front (TRUST_PROXY), each appending to X-Forwarded-For; 0 when not behind one. */
  trustedProxies: number;
  /**
   * The origin every absolute URL of the site is written with (canonical links, og:url, JSON-LD,
   * robots.txt, sitemaps), whatever Host a request names; undefined: the request's own origin.
   */
  publicUrl: string | undefined;
  /** Whether the server applies the change log itself (off when `npm run indexer -- --watch` does). */
  isIndexSyncOn: boolean;
  indexSyncIntervalMs: number;
  /** Where `npm run backup` writes copies of the record (default DATA_DIR/backups). */
  backupDir: string;
  /** How many backups `npm run backup` keeps. */
  backupKeep: number;
  /** The bounded queue in front of searches, lists and pages (503 + Retry-After beyond it). */
  admission: { concurrency: number; maxQueued: number; maxWaitMs: number };
  /** Worker threads answering searches of the embedded engine (0: the server's own thread). */
  searchThreads: number;
  /** Memory for rendered pages: business pages, the home page and the directory's lists (0: every page rendered per request). */
  pageCacheBytes: number;
  /** How long a kept index page or sitemap file is served after the index changed under it (PAGE_STALE_SECONDS). */
  pageStaleSeconds: number;
  /** Memory for search answers kept per index generation; 0 runs every search. */
  searchCacheBytes: number;
  /** Contact messages per address per 15 minutes, search calls per address per 10 s (0: no search limit). */
  rateLimits: { contact: RateLimitRule; search: RateLimitRule };
}

/** Parses and checks every variable the server reads; `env` defaults to the process environment. */
export function loadBackendConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const parsed = parseEnvironment(backendEnvSchema, env);
  const indexer = toIndexerConfig(parsed);
  return {
    ...indexer,
    port: parsed.PORT,
    host: parsed.HOST,
    isDevelopment: parsed.NODE_ENV === 'development',
    demoSize: parsed.DEMO_SIZE,
    adminUsername: parsed.ADMIN_USERNAME,
    adminPassword: parsed.ADMIN_PASSWORD,
    isProxyTrusted: parsed.TRUST_PROXY > 0,
    trustedProxies: parsed.TRUST_PROXY,
    publicUrl: parsed.PUBLIC_URL,
    isIndexSyncOn: parsed.INDEX_SYNC === 'on',
    indexSyncIntervalMs: parsed.INDEX_SYNC_INTERVAL_MS,
    backupDir: resolve(parsed.BACKUP_DIR ?? join(indexer.dataDir, 'backups')),
    backupKeep: parsed.BACKUP_KEEP,
    admission: {
      concurrency: parsed.ADMISSION_CONCURRENCY,
      maxQueued: parsed.ADMISSION_MAX_QUEUE,
      maxWaitMs: parsed.ADMISSION_MAX_WAIT_MS,
    },
    searchThreads: parsed.SEARCH_THREADS,
    pageCacheBytes: parsed.PAGE_CACHE_MB * 1024 * 1024,
    pageStaleSeconds: parsed.PAGE_STALE_SECONDS,
    searchCacheBytes: parsed.SEARCH_CACHE_MB * 1024 * 1024,
    rateLimits: {
      contact: { ...CONTACT_MESSAGES_RULE, points: parsed.CONTACT_RATE_LIMIT },
      search: { ...SEARCH_BURST_RULE, points: parsed.SEARCH_RATE_LIMIT },
    },
  };
}

/**
 * The environment of an indexer child process (a rebuild started from the admin area): this
 * process's own, with the data directory, engine and listing policy the server runs with.
 */
export function indexerProcessEnv(settings: {
  dataDir: string;
  engine: 'sqlite' | 'meilisearch';
  listingPolicy: 'all' | 'approved';
}): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: settings.dataDir, SEARCH_ENGINE: settings.engine, PUBLIC_LISTING: settings.listingPolicy };
}
