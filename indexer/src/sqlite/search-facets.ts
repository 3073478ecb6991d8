/**
 * Facets of a search on the embedded engine: counted over the candidates by the columns' ids
 * (labels read for the values answered only), or read from the aggregate tables when nothing
 * narrows the search, and facet search over either. Bounded by the candidates (at most
 * CANDIDATE_LIMIT counted) and the values asked for.
 */
import type { Statement } from 'better-sqlite3';
import { countryName } from '@directory/data/countries.ts';
import { letterOf, slugify } from '@directory/data/slug.ts';
import { byCountThenLabel, labelMatches } from '../facet-values.ts';
import { FACET_NAMES, cityKey, type FacetName, type FacetValue, type SearchRequest } from '../search-types.ts';
import { NONE, type DocColumns } from './doc-columns.ts';
import type { IndexDatabase } from './index-file.ts';
import type { Candidate } from './search-candidates.ts';

/** More than there are ISO country codes. */
const COUNTRY_ROWS = 1000;

/** The names a facet value's label is read from. */
export interface FacetLabelNames {
  category: Statement<[string], string | undefined>;
  city: Statement<[string, string], string | undefined>;
}

/** The facets of the searches on one index. */
export class Facets {
  private readonly topFacet: Record<FacetName, Statement<[number], FacetValue>>;
  private readonly facetByLetter: Record<'category' | 'city', Statement<[string], FacetValue>>;
  /** Facet labels read so far, by facet and value; forgotten when the index changes. */
  private readonly labels = new Map<string, string>();

  constructor(
    db: IndexDatabase,
    private readonly names: FacetLabelNames,
  ) {
    const categoryColumns = 'slug AS value, name AS label, business_count AS count FROM categories';
    const countryColumns = 'code AS value, name AS label, business_count AS count FROM countries';
    const cityColumns = "country_code || ':' || slug AS value, name AS label, business_count AS count FROM cities";
    const byCount = 'ORDER BY business_count DESC, name';
    this.topFacet = {
      category: db.prepare(`SELECT ${categoryColumns} ${byCount} LIMIT ?`),
      country: db.prepare(`SELECT ${countryColumns} ${byCount} LIMIT ?`),
      city: db.prepare(`SELECT ${cityColumns} ${byCount} LIMIT ?`),
    };
    this.facetByLetter = {
      category: db.prepare(`SELECT ${categoryColumns} WHERE letter = ? ${byCount}`),
      city: db.prepare(`SELECT ${cityColumns} WHERE letter = ? ${byCount}`),
    };
  }

  /** The most frequent values of a facet, from the aggregate tables. */
  top(facet: FacetName, limit: number): FacetValue[] {
    return this.topFacet[facet].all(limit);
  }

  /** Forgets the labels read (the index changed). */
  forget(): void {
    this.labels.clear();
  }

  /**
   * Facet counts over the candidates, most frequent first: the first `limit` values (and values
   * tied with the last), every value for the facet searched in (labels are read only for those).
   */
  count(columns: DocColumns, candidates: Candidate[], facets: Set<FacetName>, limit: number, searched: FacetName | undefined): Record<FacetName, FacetValue[]> {
    const { ids, strings } = columns;
    // Counted by the columns' ids (a city by its country's and its own): no text per candidate.
    const cities = strings.city.size;
    const counts: Record<FacetName, Map<number, number>> = { category: new Map(), country: new Map(), city: new Map() };
    const countsCategory = facets.has('category');
    const countsCountry = facets.has('country');
    const countsCity = facets.has('city');
    for (const { row } of candidates) {
      const { pos } = row;
      if (countsCategory) bumpId(counts.category, ids.category[pos]!);
      const country = ids.country[pos]!;
      if (country === NONE) continue;
      if (countsCountry) bumpId(counts.country, country);
      const city = ids.city[pos]!;
      if (countsCity && city !== NONE) bumpId(counts.city, country * cities + city);
    }
    const valueOf: Record<FacetName, (id: number) => string> = {
      category: (id) => strings.category.valueOf(id) ?? '',
      country: (id) => strings.country.valueOf(id) ?? '',
      city: (id) => {
        const code = strings.country.valueOf(Math.floor(id / cities));
        const slug = strings.city.valueOf(id % cities);
        return code && slug ? cityKey(code, slug) : '';
      },
    };
    const result: Record<FacetName, FacetValue[]> = { category: [], country: [], city: [] };
    for (const facet of FACET_NAMES) {
      if (!facets.has(facet)) continue;
      // A missing or empty text counts for no value. Counts in first-seen order, then by count (a stable sort).
      let entries = [...counts[facet]].flatMap(([id, count]): [string, number][] => {
        const value = id === NONE ? '' : valueOf[facet](id);
        return value === '' ? [] : [[value, count]];
      });
      entries.sort((a, b) => b[1] - a[1]);
      if (facet !== searched && entries.length > limit) {
        const lowest = entries[limit - 1]![1];
        entries = entries.filter(([, count]) => count >= lowest);
      }
      result[facet] = entries.map(([value, count]) => ({ value, label: this.labelOf(facet, value), count })).sort(byCountThenLabel);
    }
    return result;
  }

  /** A facet value's label: a country's name, or the category's or city's, read once until the index changes. */
  private labelOf(facet: FacetName, value: string): string {
    if (facet === 'country') return countryName(value);
    const key = `${facet}\n${value}`;
    let label = this.labels.get(key);
    if (label === undefined) {
      if (facet === 'category') label = this.names.category.get(value) ?? value;
      else {
        const [code = '', slug = ''] = value.split(':');
        label = this.names.city.get(code, slug) ?? slug;
      }
      this.labels.set(key, label);
    }
    return label;
  }

  /** Facet search with no query and no filters: the aggregates of the values' first letter. */
  searchAggregates(facet: FacetName, query: string, limit: number): FacetValue[] {
    const folded = slugify(query);
    if (folded === '') return this.topFacet[facet].all(limit);
    // Countries are a few hundred rows; categories and cities are narrowed by their letter index.
    const rows = facet === 'country' ? this.topFacet.country.all(COUNTRY_ROWS) : this.facetByLetter[facet].all(letterOf(folded));
    return rows.filter((row) => labelMatches(row.label, query)).slice(0, limit);
  }
}

export function requestedFacets(request: SearchRequest): Set<FacetName> {
  const requested = new Set(request.facets ?? []);
  if (request.facetSearch) requested.add(request.facetSearch.facet);
  return requested;
}


function bumpId(counts: Map<number, number>, id: number): void {
  counts.set(id, (counts.get(id) ?? 0) + 1);
}

