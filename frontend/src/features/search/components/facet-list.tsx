import { useId, useState } from 'react';
import { useInstantSearch, useRefinementList } from 'react-instantsearch';
import { formatNumber } from '../../../lib/format.ts';
import { getFacetLabel, parseHighlighted } from '../facet-labels.ts';
import type { RawSearchResults } from '../raw-results.ts';
import type { FacetAttribute } from '../search-url.ts';
import { FACET_LIST_PARAMS } from '../widget-params.ts';
import { FilterLink } from './filter-link.tsx';

/** A facet value's name with the letters typed in its search box marked. */
function Highlighted({ html }: { html: string }) {
  return (
    <>
      {parseHighlighted(html).map((part, index) => (part.isHighlighted ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </>
  );
}

/** One facet (category, country or city): values with counts, a search inside them, and Show more. */
export function FacetList({ attribute, title }: { attribute: FacetAttribute; title: string }) {
  const id = useId();
  const [facetQuery, setFacetQuery] = useState('');
  const { results } = useInstantSearch();
  const { items, refine, createURL, searchForItems, isFromSearch, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList({ attribute, ...FACET_LIST_PARAMS });
  const hasValues = items.length > 0 || isFromSearch || facetQuery !== '';
  if (!hasValues) return null;

  const handleSearch = (value: string) => {
    setFacetQuery(value);
    searchForItems(value);
  };
  const handleSelect = (value: string) => {
    refine(value);
    if (facetQuery !== '') handleSearch('');
  };

  return (
    <section className="filter-group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="filter-title">
        {title}
      </h3>
      <input
        className="input filter-search"
        type="search"
        value={facetQuery}
        onChange={(event) => handleSearch(event.target.value)}
        placeholder={`Search ${title.toLowerCase()}…`}
        aria-label={`Search ${title.toLowerCase()} values`}
        autoComplete="off"
        maxLength={100}
      />
      {items.length === 0 ? (
        <p className="filter-empty muted">No {title.toLowerCase()} matches “{facetQuery}”.</p>
      ) : (
        <ul className="filter-list" aria-label={title}>
          {items.map((item) => (
            <li key={item.value}>
              <FilterLink url={createURL(item.value)} role="checkbox" isChecked={item.isRefined} onSelect={() => handleSelect(item.value)}>
                <span className="filter-label">
                  {isFromSearch ? <Highlighted html={item.highlighted ?? item.label} /> : getFacetLabel(results as RawSearchResults, attribute, item.value)}
                </span>
                <span className="filter-count">{formatNumber(item.count)}</span>
              </FilterLink>
            </li>
          ))}
        </ul>
      )}
      {canToggleShowMore && !isFromSearch && (
        <button type="button" className="filter-more" onClick={toggleShowMore} aria-expanded={isShowingMore}>
          {isShowingMore ? 'Show less' : `Show more ${title.toLowerCase()} values`}
        </button>
      )}
    </section>
  );
}
