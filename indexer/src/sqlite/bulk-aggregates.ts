/**
 * The aggregate tables of a full rebuild (categories, countries, cities, category_country,
 * city_category), counted from the columns the rebuild has just filled (doc-columns.ts) instead
 * of grouped in SQL: five GROUP BYs over a copy of `docs` took 6–10 s at 1,000,000 businesses, on
 * the rebuild's critical path, where one pass over the columns' ids takes a fraction of a second.
 * The rules are the ones those statements had, and incremental changes keep (aggregate-delta.ts):
 * - a category counts the documents with its slug; a country those with its code; a city those
 *   with its country code and slug; the pairs and triples those with every key of theirs;
 * - a category or city is named by the least of its documents' names in SQLite's text order
 *   (UTF-8 bytes, as its `min()`);
 * - a category's rating is the total and the count of its documents' known ratings, summed as
 *   SQLite's `total()` sums (Kahan–Babuška–Neumaier), so the figures equal to the last bit.
 * The counts of distinct countries, cities and categories beside them follow in SQL
 * ({@link AGGREGATE_COUNTS_SQL}), from these tables.
 */
import { countryName } from '@directory/data/countries.ts';
import { foldText, letterOf, slugify } from '@directory/data/slug.ts';
import { compareUtf8 } from '@directory/data/text-order.ts';
import { roundingLoss } from '../rounding-loss.ts';
import { NONE, type DocColumns } from './doc-columns.ts';
import type { IndexDatabase } from './index-file.ts';

/** The aggregates' indexes, and the counts of distinct values that read the tables written here. */
export const AGGREGATE_COUNTS_SQL = `
CREATE INDEX category_country_by_country ON category_country (country_code, business_count);
CREATE INDEX categories_letter ON categories (letter);
-- A letter's or a country's cities, biggest first: a city page reads 12 of them, not all.
CREATE INDEX cities_letter ON cities (letter, business_count DESC, name);
CREATE INDEX cities_country ON cities (country_code, business_count DESC, name);
CREATE INDEX cities_slug ON cities (slug);
CREATE INDEX cities_by_count ON cities (business_count DESC, name);
CREATE INDEX categories_by_count ON categories (business_count DESC, name);
UPDATE categories SET country_count =
  (SELECT count(*) FROM category_country WHERE category_country.category_slug = categories.slug);
UPDATE countries SET
  city_count = (SELECT count(*) FROM cities WHERE cities.country_code = countries.code),
  category_count = (SELECT count(*) FROM category_country WHERE category_country.country_code = countries.code);
UPDATE cities SET category_count = (SELECT count(*) FROM city_category
  WHERE city_category.country_code = cities.country_code AND city_category.city_slug = cities.slug);
`;

/** For each value's id, its rank in SQLite's text order (the UTF-8 bytes compared). */
function byteOrderRanks(values: readonly string[]): Int32Array {
  const order = Int32Array.from(values.keys()).sort((a, b) => compareUtf8(values[a]!, values[b]!));
  const ranks = new Int32Array(values.length);
  order.forEach((id, rank) => (ranks[id] = rank));
  return ranks;
}

/** The id of the lesser name in `ranks`' order, a missing one never chosen. */
const lesser = (ranks: Int32Array, current: number, candidate: number) =>
  candidate === NONE || (current !== NONE && ranks[current]! <= ranks[candidate]!) ? current : candidate;

/** Adds one to the count under `key`. */
const bump = (counts: Map<number, number>, key: number) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** Writes the five aggregate tables (empty before) from the columns of every document of the file. */
export function writeAggregates(db: IndexDatabase, columns: DocColumns): void {
  const { present, ids, strings } = columns;
  const rating = columns.numbers.rating;
  const categoryCount = strings.category.size;
  const countryCount = strings.country.size;
  const cityCount = strings.city.size;
  const categoryRanks = byteOrderRanks(strings.categoryName.all());
  const cityRanks = byteOrderRanks(strings.cityName.all());

  const categories = {
    count: new Int32Array(categoryCount),
    rated: new Int32Array(categoryCount),
    ratingSum: new Float64Array(categoryCount),
    /** The rounding errors of `ratingSum`, added at the end. */
    ratingError: new Float64Array(categoryCount),
    name: new Int32Array(categoryCount).fill(NONE),
  };
  const countries = new Int32Array(countryCount);
  // Keys: a city is country × cityCount + city; a category in a country category × countryCount + country; a category in a city its city's key × categoryCount + category.
  const cities = new Map<number, { count: number; name: number }>();
  const categoryCountry = new Map<number, number>();
  const cityCategory = new Map<number, number>();
  for (let pos = 0; pos < present.length; pos += 1) {
    if (present[pos] !== 1) continue;
    const category = ids.category[pos]!;
    const country = ids.country[pos]!;
    const city = ids.city[pos]!;
    if (category !== NONE) {
      categories.count[category]! += 1;
      categories.name[category] = lesser(categoryRanks, categories.name[category]!, ids.categoryName[pos]!);
      if (!Number.isNaN(rating[pos])) {
        categories.rated[category]! += 1;
        const sum = categories.ratingSum[category]!;
        const value = rating[pos]!;
        categories.ratingError[category]! += roundingLoss(sum, value);
        categories.ratingSum[category] = sum + value;
      }
    }
    if (country === NONE) continue;
    countries[country]! += 1;
    if (category !== NONE) bump(categoryCountry, category * countryCount + country);
    if (city === NONE) continue;
    const cityKey = country * cityCount + city;
    const entry = cities.get(cityKey);
    if (entry === undefined) cities.set(cityKey, { count: 1, name: ids.cityName[pos]! });
    else {
      entry.count += 1;
      entry.name = lesser(cityRanks, entry.name, ids.cityName[pos]!);
    }
    if (category !== NONE) bump(cityCategory, cityKey * categoryCount + category);
  }

  const text = (column: 'category' | 'categoryName' | 'country' | 'city' | 'cityName', id: number) => strings[column].valueOf(id);
  const insertCategory = db.prepare('INSERT INTO categories (slug, name, letter, business_count, rating_sum, rated_count) VALUES (?, ?, ?, ?, ?, ?)');
  for (let category = 0; category < categoryCount; category += 1) {
    if (categories.count[category] === 0) continue;
    const name = text('categoryName', categories.name[category]!);
    insertCategory.run(text('category', category), name, letterOf(name ?? ''), categories.count[category], categories.ratingSum[category]! + categories.ratingError[category]!, categories.rated[category]);
  }
  const insertCountry = db.prepare('INSERT INTO countries (code, slug, name, business_count) VALUES (?, ?, ?, ?)');
  countries.forEach((count, country) => {
    if (count === 0) return;
    const name = countryName(text('country', country)!);
    insertCountry.run(text('country', country), slugify(name), name, count);
  });
  const insertCity = db.prepare('INSERT INTO cities (country_code, slug, name, folded_name, letter, business_count) VALUES (?, ?, ?, ?, ?, ?)');
  for (const [key, { count, name: nameId }] of cities) {
    const name = text('cityName', nameId);
    insertCity.run(text('country', Math.floor(key / cityCount)), text('city', key % cityCount), name, foldText(name ?? ''), letterOf(name ?? ''), count);
  }
  const insertCategoryCountry = db.prepare('INSERT INTO category_country (category_slug, country_code, business_count) VALUES (?, ?, ?)');
  for (const [key, count] of categoryCountry) insertCategoryCountry.run(text('category', Math.floor(key / countryCount)), text('country', key % countryCount), count);
  const insertCityCategory = db.prepare('INSERT INTO city_category (country_code, city_slug, category_slug, business_count) VALUES (?, ?, ?, ?)');
  for (const [key, count] of cityCategory) {
    const cityKey = Math.floor(key / categoryCount);
    insertCityCategory.run(text('country', Math.floor(cityKey / cityCount)), text('city', cityKey % cityCount), text('category', key % categoryCount), count);
  }
  db.exec(AGGREGATE_COUNTS_SQL);
}
