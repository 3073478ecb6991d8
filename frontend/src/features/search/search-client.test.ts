import { afterEach, describe, expect, it } from 'vitest';
import type { InstantSearchResult } from '@directory/backend/shared/api-types.ts';
import { getApiClient, setApiClient, type ApiClient, type InstantSearchQuery } from '../../lib/api-client.ts';
import { searchQueries, toBackendQuery } from './search-client.ts';

describe('toBackendQuery', () => {
  it('passes a search through, without facet counts the backend does not keep ("Open now")', () => {
    expect(
      toBackendQuery({ indexName: 'businesses_rating', params: { query: 'pizza', facets: ['category', 'openNow'], facetFilters: [['openNow:true']] } }),
    ).toEqual({ indexName: 'businesses_rating', params: { query: 'pizza', facets: ['category'], facetFilters: [['openNow:true']] } });
  });

  it('keeps facet searches', () => {
    expect(toBackendQuery({ indexName: 'businesses', type: 'facet', facet: 'city', params: { facetQuery: 'ly' } })).toEqual({
      indexName: 'businesses',
      type: 'facet',
      facet: 'city',
      params: { facetQuery: 'ly' },
    });
  });

  it('answers the count query of a filter-only attribute itself', () => {
    expect(toBackendQuery({ indexName: 'businesses', params: { facets: ['openNow'], hitsPerPage: 0 } })).toBeNull();
    expect(toBackendQuery({ indexName: 'businesses', params: { facets: 'openNow', hitsPerPage: 0 } })).toBeNull();
  });
});

describe('searchQueries', () => {
  const original = getApiClient();
  afterEach(() => setApiClient(original));

  it('sends one call and returns the answers in the order asked, the skipped ones empty', async () => {
    const sent: InstantSearchQuery[][] = [];
    const answer = (query: string) => ({ index: 'businesses', query, nbHits: 3 }) as InstantSearchResult;
    setApiClient({
      ...original,
      instantSearch: async (requests) => {
        sent.push(requests);
        return { results: requests.map((request) => answer(String(request.params?.query))) };
      },
    } satisfies ApiClient);
    const { results } = await searchQueries([
      { indexName: 'businesses', params: { query: 'a', facets: ['category'] } },
      { indexName: 'businesses', params: { query: 'b', facets: ['openNow'], hitsPerPage: 0 } },
      { indexName: 'businesses', params: { query: 'c', facets: ['city'], hitsPerPage: 0 } },
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((request) => request.params?.query)).toEqual(['a', 'c']);
    expect(results.map((result) => ('nbHits' in result ? [result.query, result.nbHits] : null))).toEqual([
      ['a', 3],
      ['b', 0],
      ['c', 3],
    ]);
  });
});
