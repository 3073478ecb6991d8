/**
 * The relevance set: every judged query of every `*.queries.ts` file beside this one, run over
 * the relevance world on the sqlite engine, and on Meilisearch wherever one is reachable (as the
 * engine contract suite: MEILI_URL, or a container), with the expected businesses computed by SQL
 * from the record. Asserts each query's recall (and nDCG when its answer is ordered), and prints
 * the figures by point of the search issue, per engine.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgedAnswer, JudgedQuery } from './judged.ts';
import { ndcgAt, recallAt } from './metrics.ts';
import { testEngines } from '../testing/test-engines.ts';
import { buildRelevanceWorld, type RelevanceWorld } from './world.ts';

const DEFAULT_PER_PAGE = 20;
const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here).filter((file) => file.endsWith('.queries.ts')).sort();
const sets = await Promise.all(files.map(async (file) => (await import(pathToFileURL(join(here, file)).href)) as { queries: JudgedQuery[] }));
const queries = sets.flatMap((set) => set.queries);

interface Figure {
  query: JudgedQuery;
  recall: number;
  ndcg: number | null;
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

    beforeAll(async () => {
      world = await buildRelevanceWorld((dir) => factory.create(dir));
      exercised.push(factory.name);
    });

    afterAll(async () => {
      printTable(factory.name, figures);
      await world?.dispose();
    });

    it('holds at least 100 judged queries with unique ids', () => {
      expect(queries.length).toBeGreaterThanOrEqual(100);
      expect(new Set(queries.map((query) => query.id)).size).toBe(queries.length);
    });

    it.each(queries.map((query) => [query.id, query] as const))('%s', async (_id, query) => {
      const answer: JudgedAnswer = query.expected(world.record);
      // A judged query whose answer is empty tests nothing: the world must hold what it asks for.
      expect(answer.relevant.length).toBeGreaterThan(0);
      const perPage = query.request.perPage ?? DEFAULT_PER_PAGE;
      const response = await world.engine.search({ ...query.request, page: 1, perPage });
      const hits = response.hits.map((hit) => hit.id);
      const recall = recallAt(hits, answer.relevant, perPage);
      const ndcg = answer.isOrdered ? ndcgAt(hits, answer.relevant, perPage) : null;
      figures.push({ query, recall, ndcg });
      expect(recall, `recall of ${query.id}`).toBeGreaterThanOrEqual(query.minRecall);
      if (ndcg !== null && query.minNdcg !== undefined) expect(ndcg, `nDCG of ${query.id}`).toBeGreaterThanOrEqual(query.minNdcg);
      if (query.droppedWords) expect(response.queryWords?.dropped).toEqual(query.droppedWords);
    });
  });
}

function printTable(engine: string, figures: Figure[]): void {
  const byPoint = new Map<string, Figure[]>();
  for (const figure of figures) byPoint.set(figure.query.point, [...(byPoint.get(figure.query.point) ?? []), figure]);
  const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);
  const format = (value: number | null) => (value === null ? '—' : value.toFixed(3));
  const lines = ['| point | queries | mean recall | mean nDCG (ordered) |', '|---|---|---|---|'];
  for (const [point, group] of [...byPoint].sort((a, b) => a[0].localeCompare(b[0]))) {
    const ndcgs = group.flatMap((figure) => (figure.ndcg === null ? [] : [figure.ndcg]));
    lines.push(`| ${point} | ${group.length} | ${format(mean(group.map((figure) => figure.recall)))} | ${format(mean(ndcgs))} |`);
  }
  const ndcgs = figures.flatMap((figure) => (figure.ndcg === null ? [] : [figure.ndcg]));
  lines.push(`| all | ${figures.length} | ${format(mean(figures.map((figure) => figure.recall)))} | ${format(mean(ndcgs))} |`);
  console.log(`\nRelevance set, ${engine} engine\n${lines.join('\n')}\n`);
}
