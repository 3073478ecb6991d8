/**
 * The relevance set's baseline, `baseline.json`: each judged query's figures on the embedded
 * engine as last recorded. It is committed as a reviewed expectation, not generated output: a
 * change that lowers any query's figure fails the set, naming the query and both figures; one
 * that raises it passes and says the baseline can be raised. {@link RECORD_COMMAND} rewrites it
 * (only the queries that ran; ids no longer judged are dropped), and its diff is what a reviewer reads.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One query's figures on page 1; `ndcg` only when its answer is ordered, `precision` only for a category query. */
export interface Figures {
  recall: number;
  ndcg?: number;
  precision?: number;
}

export type Baseline = Record<string, Figures>;

export const BASELINE_FILE = join(dirname(fileURLToPath(import.meta.url)), 'baseline.json');

/** Set to 1 to record the figures measured instead of comparing them. */
export const RECORD_VARIABLE = 'UPDATE_RELEVANCE_BASELINE';
export const RECORD_COMMAND = `${RECORD_VARIABLE}=1 npx vitest run indexer/src/relevance`;

const COMMENT =
  'The relevance set\'s figures per judged query on the embedded engine (relevance.test.ts): a reviewed expectation, committed. ' +
  `The set fails when a query falls below its figure here. After a change that raises figures (or adds queries), record them with \`${RECORD_COMMAND}\` and review the diff.`;

/** Four decimals: enough to see any change of a page of 50, and no float noise between runs. */
export function rounded(figures: Figures): Figures {
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return {
    recall: round(figures.recall),
    ...(figures.ndcg === undefined ? {} : { ndcg: round(figures.ndcg) }),
    ...(figures.precision === undefined ? {} : { precision: round(figures.precision) }),
  };
}

export function readBaseline(): Baseline {
  return (JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as { queries: Baseline }).queries;
}

/** Writes one line per query, sorted by id, so a re-recording diffs line by line. */
export function writeBaseline(baseline: Baseline): void {
  const lines = Object.keys(baseline)
    .sort()
    .map((id) => `    ${JSON.stringify(id)}: ${JSON.stringify(rounded(baseline[id]!))}`);
  writeFileSync(BASELINE_FILE, `{\n  "$comment": ${JSON.stringify(COMMENT)},\n  "queries": {\n${lines.join(',\n')}\n  }\n}\n`);
}

export interface Comparison {
  /** Figures below the recorded ones, or not recorded at all: each fails the query. */
  failures: string[];
  /** Figures above the recorded ones: the baseline can be raised. */
  rises: string[];
}

/** The measured figures of query `id` against the recorded ones (`undefined`: the query has no entry). */
export function compareFigures(id: string, recorded: Figures | undefined, measured: Figures): Comparison {
  if (recorded === undefined) return { failures: [`${id} has no baseline entry: record it with ${RECORD_COMMAND}`], rises: [] };
  const failures: string[] = [];
  const rises: string[] = [];
  const now = rounded(measured);
  for (const name of ['recall', 'ndcg', 'precision'] as const) {
    const before = recorded[name];
    const after = now[name];
    if (before === undefined && after === undefined) continue;
    if (before === undefined || after === undefined) {
      failures.push(`${id}: ${name} is ${after === undefined ? 'no longer measured' : 'measured but not recorded'}; record it with ${RECORD_COMMAND}`);
    } else if (after < before) {
      failures.push(`${id}: ${name} fell from ${before} to ${after}`);
    } else if (after > before) {
      rises.push(`${id}: ${name} rose from ${before} to ${after}`);
    }
  }
  return { failures, rises };
}
