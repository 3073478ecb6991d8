import { useInstantSearch } from 'react-instantsearch';
import { getAroundPlace } from '../around-place.ts';
import { getChosenCity } from '../chosen-city.ts';
import { getFacetLabel } from '../facet-labels.ts';
import { getLocationCorrection } from '../location-correction.ts';
import { categoryNamedBy, getSearchHeading } from '../search-heading.ts';
import { everyResultField, type RawSearchResults } from '../raw-results.ts';
import { getUnknownPlace } from '../unknown-place.ts';
import { getUnmatchedPlace } from '../unmatched-place.ts';
import { useSearchRoute } from '../use-search-route.ts';

/** Every category the last search named (its facet values, with their names). */
function categoriesOf(results: RawSearchResults): { slug: string; name: string }[] {
  const categories = new Map<string, string>();
  for (const facetLabels of everyResultField(results, 'facetLabels') as { category?: Record<string, string> }[]) {
    const labels = facetLabels.category ?? {};
    for (const [slug, name] of Object.entries(labels)) categories.set(slug, name);
  }
  return [...categories].map(([slug, name]) => ({ slug, name }));
}

/**
 * The page's one heading, saying what the search is for ("Plumbers in Lyon", "Results for
 * “pizza”", "Businesses near Grenoble" around a place without businesses): rendered on the server from its results, and again as the visitor searches on.
 */
export function SearchHeading() {
  const { results } = useInstantSearch();
  const { route } = useSearchRoute();
  const query = route.q ?? '';
  const onlyCategory = !query && route.category?.length === 1 ? getFacetLabel(results, 'category', route.category[0]!) : null;
  const category = onlyCategory ?? (query ? categoryNamedBy(query, categoriesOf(results)) : null);
  // The place searched as the summary names it: the real city a region chose ("Springfield, Missouri, United States"), the city without a part
  // that could not apply ("Springfield, Vermont": "Springfield, United States"), or the one the where box was corrected to ("Lyonn" → "Lyon").
  // A place nobody knows ("Grenoble, Texas") is not named as if the results were there: the page says it knows no such place.
  const location = getUnknownPlace(results) !== null ? '' : (getChosenCity(results)?.name ?? getUnmatchedPlace(results)?.searched ?? getLocationCorrection(results)?.used ?? route.location ?? '');
  // A place without businesses ("Lyon"): the results lie around it, not in it.
  const isAroundPlace = getAroundPlace(results) !== null;
  return <h1 className="search-heading">{getSearchHeading(query, location, category, isAroundPlace)}</h1>;
}
