/**
 * The relevance set: every judged query of every `*.queries.ts` file beside this one, run over
 * the relevance world on the sqlite engine, and on Meilisearch wherever one is reachable (as the
 * engine contract suite: MEILI_URL, or a container), with the expected businesses computed by SQL
 * from the record. Asserts each query's recall (and nDCG when its answer is ordered) against its
 * floor, and on the embedded engine those and the page-1 precision of category queries against
 * `baseline.json`, and prints the figures by point of the search issue, per engine.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareFigures, readBaseline, RECORD_COMMAND, RECORD_VARIABLE, writeBaseline, type Figures } from './baseline.ts';
import type { JudgedAnswer, JudgedQuery } from './judged.ts';
import { ndcgAt, precisionAt, recallAt } from './metrics.ts';
import { categoriesOf } from './record-sql.ts';
import { testEngines } from '../testing/test-engines.ts';
import { buildRelevanceWorld, type RelevanceWorld } from './world.ts';

const DEFAULT_PER_PAGE = 20;
const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here).filter((file) => file.endsWith('.queries.ts')).sort();
const sets = await Promise.all(files.map(async (file) => (await import(pathToFileURL(join(here, file)).href)) as { queries: JudgedQuery[] }));
const queries = sets.flatMap((set) => set.queries);

/**
 * The engine `baseline.json` records. Meilisearch keeps only the floors of the queries
 * (`minRecall`, `minNdcg`): it ranks by its own rules, so its page 1 differs from the embedded
 * engine's without being worse, and the project's machines cannot run it to record or review
 * figures of its own.
 */
const BASELINE_ENGINE = 'sqlite';
const isRecording = process.env[RECORD_VARIABLE] === '1';

interface Figure {
  query: JudgedQuery;
  figures: Figures;
}

const { factories, summary, stop } = await testEngines('relevance');
const exercised: string[] = [];
afterAll(async () => {
  await stop();
  console.log(`relevance set ${summary(exercised)}`);
});

for (const factory of factories) {
  describe.runIf(factory.isAvailable)(`relevance set (${factory.name} engine)`, () => {
    let world: RelevanceWorld;
    const figures: Figure[] = [];
    const isBaselined = factory.name === BASELINE_ENGINE;
    const baseline = readBaseline();
    const rises: string[] = [];

    beforeAll(async () => {
      world = await buildRelevanceWorld((dir) => factory.create(dir));
      exercised.push(factory.name);
    });

    afterAll(async () => {
      printTable(factory.name, figures);
      if (isBaselined && isRecording) recordBaseline(baseline, figures);
      else if (rises.length > 0) console.log(`Above the baseline (it can be raised: ${RECORD_COMMAND}):\n${rises.join('\n')}\n`);
      await world?.dispose();
    });

    it('holds at least 100 judged queries with unique ids', () => {
      expect(queries.length).toBeGreaterThanOrEqual(100);
      expect(new Set(queries.map((query) => query.id)).size).toBe(queries.length);
    });

    it.runIf(isBaselined && !isRecording)('holds no baseline entry for a query the set no longer has', () => {
      const ids = new Set(queries.map((query) => query.id));
      const stale = Object.keys(baseline).filter((id) => !ids.has(id));
      expect(stale, `baseline entries of no judged query (re-record: ${RECORD_COMMAND})`).toEqual([]);
    });

    it.each(queries.map((query) => [query.id, query] as const))('%s', async (_id, query) => {
      const answer: JudgedAnswer = query.expected(world.record);
      // A judged query whose answer is empty tests nothing: the world must hold what it asks for.
      expect(answer.relevant.length).toBeGreaterThan(0);
      const perPage = query.request.perPage ?? DEFAULT_PER_PAGE;
      const response = await world.engine.search({ ...query.request, page: 1, perPage });
      const hits = response.hits.map((hit) => hit.id);
      const measured: Figures = {
        recall: recallAt(hits, answer.relevant, perPage),
        ...(answer.isOrdered ? { ndcg: ndcgAt(hits, answer.relevant, perPage) } : {}),
        ...(query.categories ? { precision: precisionAt(categoriesOf(world.record, hits), query.categories, perPage) } : {}),
      };
      figures.push({ query, figures: measured });
      // The baseline first: a figure below it says more (both figures) than one below the floor.
      if (isBaselined && !isRecording) {
        const comparison = compareFigures(query.id, baseline[query.id], measured);
        rises.push(...comparison.rises);
        expect(comparison.failures, 'below the baseline (baseline.json)').toEqual([]);
      }
      expect(measured.recall, `recall of ${query.id}`).toBeGreaterThanOrEqual(query.minRecall);
      if (measured.ndcg !== undefined && query.minNdcg !== undefined) expect(measured.ndcg, `nDCG of ${query.id}`).toBeGreaterThanOrEqual(query.minNdcg);
      if (query.droppedWords) expect(response.queryWords?.dropped).toEqual(query.droppedWords);
    });
  });
}

/** Rewrites `baseline.json` with the figures of the queries that ran, keeping the others' and dropping ids no longer judged. */
function recordBaseline(baseline: Record<string, Figures>, figures: Figure[]): void {
  const ids = new Set(queries.map((query) => query.id));
  const kept = Object.entries(baseline).filter(([id]) => ids.has(id));
  writeBaseline({ ...Object.fromEntries(kept), ...Object.fromEntries(figures.map((figure) => [figure.query.id, figure.figures])) });
  console.log(`Recorded the figures of ${figures.length} queries in baseline.json: review its diff before committing.`);
}

function printTable(engine: string, figures: Figure[]): void {
  const byPoint = new Map<string, Figure[]>();
  for (const figure of figures) byPoint.set(figure.query.point, [...(byPoint.get(figure.query.point) ?? []), figure]);
  const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);
  const format = (value: number | null) => (value === null ? '—' : value.toFixed(3));
  const row = (label: string, group: Figure[]) => {
    const means = (['recall', 'ndcg', 'precision'] as const).map((name) => format(mean(group.flatMap((figure) => figure.figures[name] ?? []))));
    return `| ${label} | ${group.length} | ${means.join(' | ')} |`;
  };
  const lines = ['| point | queries | mean recall | mean nDCG (ordered) | mean page-1 precision (category) |', '|---|---|---|---|---|'];
  for (const [point, group] of [...byPoint].sort((a, b) => a[0].localeCompare(b[0]))) lines.push(row(point, group));
  lines.push(row('all', figures));
  console.log(`\nRelevance set, ${engine} engine\n${lines.join('\n')}\n`);
}
