import { resolve } from 'node:path';
import { z } from 'zod';

/** Where the project lives: the default home of the data directory. */
export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Change-log entries (or rows one imported file writes) above which the search index is rebuilt
 * in the background rather than caught up change by change (IMPORT_REBUILD_THRESHOLD): at
 * 1,000,000 businesses a rebuild takes about a minute, while the server's sync applies a change in
 * 1–4 ms on at most half its event loop (50,000 changes: 2 minutes or more), and a rebuild also
 * leaves the index compact.
 */
export const REBUILD_THRESHOLD = 50_000;

export const indexerEnvSchema = z.object({
  DATA_DIR: z.string().min(1).default(resolve(PROJECT_ROOT, '.data')),
  SEARCH_ENGINE: z.enum(['sqlite', 'meilisearch']).default('sqlite'),
  MEILI_URL: z.url().optional(),
  MEILI_KEY: z.string().optional(),
  // Every request to Meilisearch gives up after this long: a hung engine must not hold visitors' requests.
  MEILI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  PUBLIC_LISTING: z.enum(['all', 'approved']).default('all'),
  // Rows written by one imported file, or change-log entries waiting for a sync (the server's or
  // `npm run indexer`'s), above which the search index is rebuilt rather than caught up from the change log.
  IMPORT_REBUILD_THRESHOLD: z.coerce.number().int().min(1).max(100_000_000).default(REBUILD_THRESHOLD),
  // Test-only (fault tests): the step at which the process stops itself (see fault-point.ts).
  FAULT_PAUSE_AT: z.string().min(1).optional(),
});

export type IndexerEnv = z.infer<typeof indexerEnvSchema>;

export interface IndexerConfig {
  dataDir: string;
  recordFile: string;
  indexDir: string;
  engine: 'sqlite' | 'meilisearch';
  meiliUrl: string | undefined;
  meiliKey: string | undefined;
  /** How long one Meilisearch request may take before it fails as unreachable (MEILI_TIMEOUT_MS). */
  meiliTimeoutMs: number;
  listingPolicy: 'all' | 'approved';
  /** Pending change-log entries above which a sync has the index rebuilt instead (IMPORT_REBUILD_THRESHOLD). */
  rebuildThreshold: number;
  /** Test-only: the fault point this process stops at (FAULT_PAUSE_AT); undefined outside fault tests. */
  faultPauseAt: string | undefined;
}

/** Derives the indexer's settings from parsed variables. */
export function toIndexerConfig(env: IndexerEnv): IndexerConfig {
  const dataDir = resolve(env.DATA_DIR);
  return {
    dataDir,
    recordFile: resolve(dataDir, 'directory.sqlite'),
    indexDir: resolve(dataDir, 'index'),
    engine: env.SEARCH_ENGINE,
    meiliUrl: env.MEILI_URL,
    meiliKey: env.MEILI_KEY,
    meiliTimeoutMs: env.MEILI_TIMEOUT_MS,
    listingPolicy: env.PUBLIC_LISTING,
    rebuildThreshold: env.IMPORT_REBUILD_THRESHOLD,
    faultPauseAt: env.FAULT_PAUSE_AT,
  };
}

/**
 * Parses `schema` against the environment; on failure prints every bad variable with its
 * reason and exits, so a misconfigured server never half-starts.
 */
export function parseEnvironment<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  console.error(`Invalid configuration:\n${lines.join('\n')}`);
  process.exit(1);
}

/** The indexer's configuration from the process environment. */
export function loadIndexerConfig(): IndexerConfig {
  return toIndexerConfig(parseEnvironment(indexerEnvSchema));
}
