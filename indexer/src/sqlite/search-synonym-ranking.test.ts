import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { rebuildIndex } from '../sync.ts';
import { createTempIndex, type TempIndex } from '../testing/temp-index.ts';

/**
 * What the typed words say outranks what only a synonym of them says. "medical centre" is a
 * synonym of "hospital" (indexer/synonyms.json): a Hospital is what it names; a GP's "Medical
 * Centre" holds the typed words; an Animal hospital, or a vet named "… Animal Hospital", holds only
 * the synonym, inside a longer name. The vets here are the most reviewed, so popularity alone
 * would put them first within a tier.
 */
describe('sqlite search: typed words before synonyms within the sub-type and name tiers', () => {
  let temp: TempIndex;

  beforeAll(async () => {
    temp = createTempIndex('search-synonym-ranking');
    const business = (name: string, category: string, reviews: number) =>
      insertBusiness(temp.record, buildBusiness({ name, category, type: category, reviews, rating: 4.5 }));
    business('Lyon City Hospital', 'Hospital', 100);
    business('Southside Medical Centre', 'General practitioner', 200);
    business('Lakeside Animal Hospital', 'Animal hospital', 300);
    business('Whiskers Animal Hospital', 'Veterinarian', 900);
    business('Parkside Animal Hospital', 'Veterinarian', 800);
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
  });

  afterAll(() => temp.dispose());

  const categoriesFor = async (query: string) =>
    (await temp.engine.search({ query, page: 1, perPage: 20 })).hits.map((hit) => hit.category);

  it('ranks a name holding the typed words above a category or name holding only their synonym', async () => {
    expect(await categoriesFor('medical centre')).toEqual(['Hospital', 'General practitioner', 'Animal hospital', 'Veterinarian', 'Veterinarian']);
  });

  it('keeps a category or name holding the typed word above a name holding its synonym', async () => {
    expect(await categoriesFor('hospital')).toEqual(['Hospital', 'Animal hospital', 'Veterinarian', 'Veterinarian', 'General practitioner']);
  });
});
