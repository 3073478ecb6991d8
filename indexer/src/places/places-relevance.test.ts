import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBusinessColumns } from '@directory/data/business-row.ts';
import { demoBusinessAt } from '@directory/data/demo/generate.ts';
import { businessSlug } from '@directory/data/slug.ts';
import { placeFixtures } from '../relevance/places.fixtures.ts';
import { queries } from '../relevance/places.queries.ts';
import { rebuildIndex } from '../sync.ts';
import { createTempIndex, type TempIndex } from '../testing/temp-index.ts';

/**
 * The place queries of the relevance set, judged on the embedded engine in the relevance world
 * (the demo generator's first businesses plus the place fixtures). The shared harness
 * (relevance.test.ts) runs them with every other point; this runs the place ones on their own.
 */
const WORLD_SIZE = 4000;
const DEFAULT_PER_PAGE = 20;

/** Share of the relevant ids (at most a page of them) found on the page. */
function recall(hits: number[], relevant: number[], k: number): number {
  if (relevant.length === 0) return 1;
  const wanted = new Set(relevant);
  return Math.min(1, hits.slice(0, k).filter((id) => wanted.has(id)).length / Math.min(relevant.length, k));
}

/** nDCG@k with graded gains from the expected order. */
function ndcg(hits: number[], relevant: number[], k: number): number {
  if (relevant.length === 0) return 1;
  const gain = new Map(relevant.map((id, index) => [id, (relevant.length - index) / relevant.length]));
  const dcg = (ids: number[]) => ids.slice(0, k).reduce((total, id, index) => total + (gain.get(id) ?? 0) / Math.log2(index + 2), 0);
  return dcg(hits) / dcg(relevant);
}

describe('judged place queries (sqlite engine)', () => {
  let world: TempIndex;

  beforeAll(async () => {
    world = createTempIndex('places-relevance');
    const businesses = [...Array.from({ length: WORLD_SIZE }, (_, index) => demoBusinessAt(index)), ...placeFixtures];
    const names = Object.keys(toBusinessColumns(businesses[0]!));
    const insert = world.record.prepare(`INSERT INTO businesses (slug, ${names.join(', ')}) VALUES (@slug, ${names.map((name) => `@${name}`).join(', ')})`);
    world.record.transaction(() => {
      for (const business of businesses) insert.run({ ...toBusinessColumns(business), slug: businessSlug(business.name, business.placeId ?? business.name) });
    })();
    await rebuildIndex(world.recordFile, world.engine, 'all');
  }, 120_000);

  afterAll(() => world.dispose());

  it('has at least 35 queries with unique ids, covering place, postal and distance', () => {
    expect(queries.length).toBeGreaterThanOrEqual(35);
    expect(new Set(queries.map((query) => query.id)).size).toBe(queries.length);
    expect(new Set(queries.map((query) => query.point))).toEqual(new Set(['place', 'postal', 'distance']));
  });

  it.each(queries.map((query) => [query.id, query] as const))('%s', async (_id, query) => {
    const perPage = query.request.perPage ?? DEFAULT_PER_PAGE;
    const answer = query.expected(world.record);
    // A query whose answer is empty in the world judges nothing.
    expect(answer.relevant.length).toBeGreaterThan(0);
    const response = await world.engine.search({ ...query.request, page: 1, perPage });
    const hits = response.hits.map((hit) => hit.id);
    expect(recall(hits, answer.relevant, perPage)).toBeGreaterThanOrEqual(query.minRecall);
    if (answer.isOrdered && query.minNdcg !== undefined) expect(ndcg(hits, answer.relevant, perPage)).toBeGreaterThanOrEqual(query.minNdcg);
  });
});
