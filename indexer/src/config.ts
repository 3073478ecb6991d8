import { resolve } from 'node:path';
import { z } from 'zod';

/** Where the project lives: the default home of the data directory. */
export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');

export const indexerEnvSchema = z.object({
  DATA_DIR: z.string().min(1).default(resolve(PROJECT_ROOT, '.data')),
  SEARCH_ENGINE: z.enum(['sqlite', 'meilisearch']).default('sqlite'),
  MEILI_URL: z.url().optional(),
  MEILI_KEY: z.string().optional(),
  // Every request to Meilisearch gives up after this long: a hung engine must not hold visitors' requests.
  MEILI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  PUBLIC_LISTING: z.enum(['all', 'approved']).default('all'),
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
