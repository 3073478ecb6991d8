import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { createTempIndex, type TempIndex } from '../testing/temp-index.ts';
import { rebuildIndex } from '../sync.ts';
import { openIndexDatabase, type IndexDatabase } from './index-file.ts';
import { buildSearchWorld } from './search-test-world.ts';

/**
 * The aggregates as SQL groups them over docs: what a rebuild computed before it counted them
 * from its columns, and the definition the tables must keep.
 */
const GROUPED = {
  categories: `SELECT category_slug AS slug, min(category) AS name, letter_of(min(category)) AS letter, count(*) AS business_count,
      total(rating) AS rating_sum, count(rating) AS rated_count
    FROM docs WHERE category_slug IS NOT NULL GROUP BY category_slug ORDER BY 1`,
  countries: `SELECT country_code AS code, slugify(country_name(country_code)) AS slug, country_name(country_code) AS name, count(*) AS business_count
    FROM docs WHERE country_code IS NOT NULL GROUP BY country_code ORDER BY 1`,
  cities: `SELECT country_code, city_slug AS slug, min(city) AS name, fold_text(min(city)) AS folded_name, letter_of(min(city)) AS letter, count(*) AS business_count
    FROM docs WHERE country_code IS NOT NULL AND city_slug IS NOT NULL GROUP BY country_code, city_slug ORDER BY 1, 2`,
  category_country: `SELECT category_slug, country_code, count(*) AS business_count
    FROM docs WHERE category_slug IS NOT NULL AND country_code IS NOT NULL GROUP BY category_slug, country_code ORDER BY 1, 2`,
  city_category: `SELECT country_code, city_slug, category_slug, count(*) AS business_count
    FROM docs WHERE country_code IS NOT NULL AND city_slug IS NOT NULL AND category_slug IS NOT NULL
    GROUP BY country_code, city_slug, category_slug ORDER BY 1, 2, 3`,
};

/** The same columns as the rebuild wrote them. */
const WRITTEN = {
  categories: 'SELECT slug, name, letter, business_count, rating_sum, rated_count FROM categories ORDER BY 1',
  countries: 'SELECT code, slug, name, business_count FROM countries ORDER BY 1',
  cities: 'SELECT country_code, slug, name, folded_name, letter, business_count FROM cities ORDER BY 1, 2',
  category_country: 'SELECT category_slug, country_code, business_count FROM category_country ORDER BY 1, 2',
  city_category: 'SELECT country_code, city_slug, category_slug, business_count FROM city_category ORDER BY 1, 2, 3',
};

describe('the aggregates a rebuild writes', () => {
  let temp: TempIndex;
  let index: IndexDatabase | null = null;

  beforeEach(() => {
    temp = createTempIndex('bulk-aggregates');
    for (const business of buildSearchWorld()) insertBusiness(temp.record, business);
    // One slug under several spellings (the least in UTF-8 byte order names it: 'CAFÉ' < 'Café' < 'café'),
    // a city likewise, an emoji (4 UTF-8 bytes, a surrogate pair in JavaScript) against a character of
    // the U+E000–U+FFFF range, and businesses missing a rating, a city, a country or a category.
    const odd = [
      buildBusiness({ name: 'Café Un', category: 'café', city: 'Łódź', country: 'Poland', countryCode: 'PL', rating: null }),
      buildBusiness({ name: 'Café Deux', category: 'CAFÉ', city: 'łódź', country: 'Poland', countryCode: 'PL', rating: 3.7 }),
      buildBusiness({ name: 'Café Trois', category: 'Café', city: 'ŁÓDŹ', country: 'Poland', countryCode: 'PL', rating: 4.1 }),
      buildBusiness({ name: 'Emoji Shop', category: 'Shop', city: 'Tromsø 😀', country: 'Norway', countryCode: 'NO' }),
      buildBusiness({ name: 'Wide Shop', category: 'Shop', city: 'Tromsø ～', country: 'Norway', countryCode: 'NO' }),
      buildBusiness({ name: 'Nowhere', category: 'Bakery', city: null, fullAddress: null, country: null, countryCode: null }),
      buildBusiness({ name: 'No Kind', category: null, type: null, city: 'Oslo', country: 'Norway', countryCode: 'NO', rating: null }),
    ];
    for (const business of odd) insertBusiness(temp.record, business);
  });

  afterEach(async () => {
    index?.close();
    await temp.dispose();
  });

  it('equal SQL grouping docs, table by table', async () => {
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    index = openIndexDatabase(temp.engine.livePath()!, { readonly: true });
    for (const table of Object.keys(GROUPED) as (keyof typeof GROUPED)[]) {
      const grouped = index.prepare(GROUPED[table]).all();
      expect(grouped.length, table).toBeGreaterThan(2);
      expect(index.prepare(WRITTEN[table]).all(), table).toEqual(grouped);
    }
    expect(index.prepare("SELECT name FROM categories WHERE slug = 'cafe'").pluck().get()).toBe('CAFÉ');
    // JavaScript's `<` would pick the emoji (its first UTF-16 unit, 0xD83D, is below 0xFF5E).
    expect(index.prepare("SELECT name FROM cities WHERE slug = 'tromso'").pluck().get()).toBe('Tromsø ～');
    // The distinct counts beside them, from the tables.
    expect(index.prepare("SELECT city_count, category_count FROM countries WHERE code = 'NO'").get()).toEqual({ city_count: 2, category_count: 1 });
  });
});
