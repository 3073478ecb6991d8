/** Settings of `npm run bench`: arguments and environment, checked with zod before anything runs. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';

const envSchema = z.object({
  BENCH_DIR: z.string().min(1).default(join(tmpdir(), 'directory-bench')),
  /** A record to copy instead of generating the demo data (a 1M generation takes minutes). */
  BENCH_RECORD: z.string().min(1).optional(),
});

const argsSchema = z.object({
  serve: z.boolean().default(false),
  index: z.boolean().default(false),
  pages: z.boolean().default(false),
  'skip-demo-load': z.boolean().default(false),
  size: z.coerce.number().int().min(1000).max(5_000_000).default(1_000_000),
  duration: z.coerce.number().int().min(1).max(60).default(10),
  connections: z.coerce.number().int().min(1).max(500).default(50),
  only: z.string().optional(),
  import: z.boolean().default(false),
  'import-rows': z.coerce.number().int().min(100).max(2_000_000).default(200_000),
  'import-rounds': z.coerce.number().int().min(1).max(9).default(3),
  'reindex-runs': z.coerce.number().int().min(1).max(9).default(3),
});

/** The sections of `npm run bench`, each behind its flag; no flag runs them all. */
export const SECTION_NAMES = ['import', 'serve', 'index', 'pages'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

export interface BenchConfig {
  /** The sections asked for by flag (empty: every section). */
  sections: SectionName[];
  /** The index section leaves out the first start with DEMO_SIZE (minutes at 1M). */
  isDemoLoadSkipped: boolean;
  size: number;
  durationSeconds: number;
  connections: number;
  /** Run only the rows whose name contains this text. */
  only: string | undefined;
  benchDir: string;
  sourceRecord: string | undefined;
  /** Rows of the import section's sample files. */
  importRows: number;
  /** Alternated rounds of the import section (baseline, import, re-import), of which the medians are reported. */
  importRounds: number;
  /** Runs of `npm run reindex` in the index section, of which the median is reported. */
  reindexRuns: number;
}

export function loadBenchConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      serve: { type: 'boolean' },
      index: { type: 'boolean' },
      pages: { type: 'boolean' },
      'skip-demo-load': { type: 'boolean' },
      size: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      import: { type: 'boolean' },
      'import-rows': { type: 'string' },
      'import-rounds': { type: 'string' },
      'reindex-runs': { type: 'string' },
    },
  });
  const args = argsSchema.safeParse(values);
  const vars = envSchema.safeParse(env);
  const problems = [...(args.success ? [] : args.error.issues), ...(vars.success ? [] : vars.error.issues)];
  if (!args.success || !vars.success) {
    throw new Error(`Bad bench settings: ${problems.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  return {
    sections: SECTION_NAMES.filter((name) => args.data[name]),
    isDemoLoadSkipped: args.data['skip-demo-load'],
    size: args.data.size,
    durationSeconds: args.data.duration,
    connections: args.data.connections,
    only: args.data.only,
    benchDir: vars.data.BENCH_DIR,
    sourceRecord: vars.data.BENCH_RECORD,
    importRows: args.data['import-rows'],
    importRounds: args.data['import-rounds'],
    reindexRuns: args.data['reindex-runs'],
  };
}
