import type { Statement } from 'better-sqlite3';
import { countryName } from '@directory/data/countries.ts';
import { foldText, letterOf, slugify } from '@directory/data/slug.ts';
import type { IndexDatabase } from './index-file.ts';

/** The document columns the aggregates are keyed on. */
export interface AggregateKeys {
  category: string | null;
  category_slug: string | null;
  city: string | null;
  city_slug: string | null;
  country_code: string | null;
  rating: number | null;
}

export interface AggregateStatements {
  upsertCategory: Statement;
  upsertCountry: Statement;
  upsertCity: Statement;
  upsertCategoryCountry: Statement;
  upsertCityCategory: Statement;
  categoryCount: Statement<[string], number | undefined>;
  countryCount: Statement<[string], number | undefined>;
  cityCount: Statement<[string, string], number | undefined>;
  categoryCountryCount: Statement<[string, string], number | undefined>;
  cityCategoryCount: Statement<[string, string, string], number | undefined>;
  deleteCategory: Statement<[string]>;
  deleteCountry: Statement<[string]>;
  deleteCity: Statement<[string, string]>;
  deleteCategoryCountry: Statement<[string, string]>;
  deleteCityCategory: Statement<[string, string, string]>;
  bumpCategoryCountries: Statement<[number, string]>;
  bumpCountryCategories: Statement<[number, string]>;
  bumpCountryCities: Statement<[number, string]>;
  bumpCityCategories: Statement<[number, string, string]>;
}

export function prepareAggregateStatements(db: IndexDatabase): AggregateStatements {
  const counter = (sql: string) => db.prepare(sql).pluck();
  return {
    upsertCategory: db.prepare(`INSERT INTO categories (slug, name, letter, business_count, rating_sum, rated_count)
      VALUES (@slug, @name, @letter, @delta, @ratingDelta, @ratedDelta)
      ON CONFLICT (slug) DO UPDATE SET business_count = business_count + excluded.business_count,
        rating_sum = rating_sum + excluded.rating_sum, rated_count = rated_count + excluded.rated_count`),
    upsertCountry: db.prepare(`INSERT INTO countries (code, slug, name, business_count) VALUES (@code, @slug, @name, @delta)
      ON CONFLICT (code) DO UPDATE SET business_count = business_count + excluded.business_count`),
    upsertCity: db.prepare(`INSERT INTO cities (country_code, slug, name, folded_name, letter, business_count)
      VALUES (@countryCode, @slug, @name, @foldedName, @letter, @delta)
      ON CONFLICT (country_code, slug) DO UPDATE SET business_count = business_count + excluded.business_count`),
    upsertCategoryCountry: db.prepare(`INSERT INTO category_country (category_slug, country_code, business_count)
      VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET business_count = business_count + excluded.business_count`),
    upsertCityCategory: db.prepare(`INSERT INTO city_category (country_code, city_slug, category_slug, business_count)
      VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET business_count = business_count + excluded.business_count`),
    categoryCount: counter('SELECT business_count FROM categories WHERE slug = ?') as AggregateStatements['categoryCount'],
    countryCount: counter('SELECT business_count FROM countries WHERE code = ?') as AggregateStatements['countryCount'],
    cityCount: counter('SELECT business_count FROM cities WHERE country_code = ? AND slug = ?') as AggregateStatements['cityCount'],
    categoryCountryCount: counter(
      'SELECT business_count FROM category_country WHERE category_slug = ? AND country_code = ?',
    ) as AggregateStatements['categoryCountryCount'],
    cityCategoryCount: counter(
      'SELECT business_count FROM city_category WHERE country_code = ? AND city_slug = ? AND category_slug = ?',
    ) as AggregateStatements['cityCategoryCount'],
    deleteCategory: db.prepare('DELETE FROM categories WHERE slug = ?'),
    deleteCountry: db.prepare('DELETE FROM countries WHERE code = ?'),
    deleteCity: db.prepare('DELETE FROM cities WHERE country_code = ? AND slug = ?'),
    deleteCategoryCountry: db.prepare('DELETE FROM category_country WHERE category_slug = ? AND country_code = ?'),
    deleteCityCategory: db.prepare('DELETE FROM city_category WHERE country_code = ? AND city_slug = ? AND category_slug = ?'),
    bumpCategoryCountries: db.prepare('UPDATE categories SET country_count = country_count + ? WHERE slug = ?'),
    bumpCountryCategories: db.prepare('UPDATE countries SET category_count = category_count + ? WHERE code = ?'),
    bumpCountryCities: db.prepare('UPDATE countries SET city_count = city_count + ? WHERE code = ?'),
    bumpCityCategories: db.prepare('UPDATE cities SET category_count = category_count + ? WHERE country_code = ? AND slug = ?'),
  };
}

type Transition = 'created' | 'removed' | 'kept';

/** What a ±1 did to a counter: created the row (0 → 1), removed it (1 → 0) or neither. */
function transition(countAfter: number | undefined, delta: number, remove: () => void): Transition {
  if (countAfter === undefined) return 'kept';
  if (countAfter <= 0) {
    remove();
    return 'removed';
  }
  return delta > 0 && countAfter === delta ? 'created' : 'kept';
}

function distinctDelta(change: Transition): number {
  if (change === 'created') return 1;
  if (change === 'removed') return -1;
  return 0;
}

/**
 * Adds (delta +1) or subtracts (delta -1) one document to every aggregate: business counts,
 * rating sums, and the distinct counts (cities of a country, categories of a city, ...) that
 * change only when a pair appears or disappears.
 */
export function applyAggregateDelta(s: AggregateStatements, doc: AggregateKeys, delta: 1 | -1): void {
  const { category_slug: categorySlug, country_code: countryCode, city_slug: citySlug } = doc;
  const categoryName = doc.category ?? '';
  const cityName = doc.city ?? '';

  // Parents first, so that the distinct counts below have rows to update.
  if (categorySlug) {
    const rated = doc.rating === null ? 0 : 1;
    s.upsertCategory.run({
      slug: categorySlug,
      name: categoryName,
      letter: letterOf(categoryName),
      delta,
      ratingDelta: delta * (doc.rating ?? 0),
      ratedDelta: delta * rated,
    });
  }
  if (countryCode) {
    const name = countryName(countryCode);
    s.upsertCountry.run({ code: countryCode, slug: slugify(name), name, delta });
  }
  let cityChange: Transition = 'kept';
  if (countryCode && citySlug) {
    s.upsertCity.run({ countryCode, slug: citySlug, name: cityName, foldedName: foldText(cityName), letter: letterOf(cityName), delta });
    cityChange = transition(s.cityCount.get(countryCode, citySlug), delta, () => {});
    s.bumpCountryCities.run(distinctDelta(cityChange), countryCode);
  }
  if (categorySlug && countryCode) {
    s.upsertCategoryCountry.run(categorySlug, countryCode, delta);
    const pair = transition(s.categoryCountryCount.get(categorySlug, countryCode), delta, () =>
      s.deleteCategoryCountry.run(categorySlug, countryCode),
    );
    s.bumpCategoryCountries.run(distinctDelta(pair), categorySlug);
    s.bumpCountryCategories.run(distinctDelta(pair), countryCode);
  }
  if (categorySlug && countryCode && citySlug) {
    s.upsertCityCategory.run(countryCode, citySlug, categorySlug, delta);
    const pair = transition(s.cityCategoryCount.get(countryCode, citySlug, categorySlug), delta, () =>
      s.deleteCityCategory.run(countryCode, citySlug, categorySlug),
    );
    s.bumpCityCategories.run(distinctDelta(pair), countryCode, citySlug);
  }

  // Parents that reached zero go last, after the pairs that pointed at them.
  if (cityChange === 'removed' && countryCode && citySlug) s.deleteCity.run(countryCode, citySlug);
  if (categorySlug && (s.categoryCount.get(categorySlug) ?? 0) <= 0) s.deleteCategory.run(categorySlug);
  if (countryCode && (s.countryCount.get(countryCode) ?? 0) <= 0) s.deleteCountry.run(countryCode);
}
