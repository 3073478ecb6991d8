import type {
  AroundPlace as EngineAroundPlace,
  ChosenCity as EngineChosenCity,
  FacetName,
  SearchHit,
  SearchResponse,
  UnmatchedPlace as EngineUnmatchedPlace,
} from '@directory/indexer/search-types.ts';
import { presentBusinessListItem } from '../../presenters/business.ts';
import type { AroundPlace, ChosenCity, SearchResultItem, SearchResults, UnmatchedPlace } from '../../shared/api-types.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes the text for HTML, keeping only the engine's `<mark>` tags as markup. */
export function safeHighlight(marked: string): string {
  return marked
    .split(/(<mark>|<\/mark>)/)
    .map((part) => (part === '<mark>' || part === '</mark>' ? part : part.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!)))
    .join('');
}

export function presentSearchItem(hit: SearchHit): SearchResultItem {
  return {
    ...presentBusinessListItem(hit),
    postalCode: hit.postalCode,
    latitude: hit.latitude,
    longitude: hit.longitude,
    distanceKm: hit._distanceKm,
    highlight: {
      name: safeHighlight(hit._highlight.name),
      category: hit._highlight.category === null ? null : safeHighlight(hit._highlight.category),
    },
  };
}

/** The real place without businesses a search looked around. */
export function presentAroundPlace(place: EngineAroundPlace): AroundPlace {
  return {
    text: place.text,
    name: place.name,
    lat: place.lat,
    lng: place.lng,
    radiusKm: place.radiusKm,
    hasBusinesses: place.hasBusinesses,
    ...(place.country !== undefined ? { country: place.country } : {}),
  };
}

/** The real city a region chose among several of its name ("Springfield, MO"). */
export function presentChosenCity(city: EngineChosenCity): ChosenCity {
  return { name: city.name, lat: city.lat, lng: city.lng, radiusKm: city.radiusKm };
}

/** The part written with a city that the search could not apply ("Vermont" in "Springfield, Vermont"). */
export function presentUnmatchedPlace(place: EngineUnmatchedPlace): UnmatchedPlace {
  return { text: place.text, isKnownPlace: place.isKnownPlace, city: place.city, searched: place.searched };
}

export function presentSearchResults(query: string, location: string, response: SearchResponse): SearchResults {
  const facet = (name: FacetName) => (response.facets[name] ?? []).map(({ value, label, count }) => ({ value, label, count }));
  return {
    query,
    location,
    hits: response.hits.map(presentSearchItem),
    totalCount: response.total,
    isTotalExact: response.isTotalExact,
    currentPage: response.page,
    totalPages: response.totalPages,
    perPage: response.perPage,
    facets: { category: facet('category'), country: facet('country'), city: facet('city') },
    isFacetExact: response.isFacetExact,
    ...(response.unknownPlace ? { unknownPlace: response.unknownPlace } : {}),
    processingTimeMs: response.processingTimeMs,
    ...(response.queryWords ? { queryWords: { used: response.queryWords.used, dropped: response.queryWords.dropped } } : {}),
    ...(response.correctedLocation ? { correctedLocation: { typed: response.correctedLocation.typed, used: response.correctedLocation.used } } : {}),
    ...(response.aroundPlace ? { aroundPlace: presentAroundPlace(response.aroundPlace) } : {}),
    ...(response.chosenCity ? { chosenCity: presentChosenCity(response.chosenCity) } : {}),
    ...(response.unmatchedPlace ? { unmatchedPlace: presentUnmatchedPlace(response.unmatchedPlace) } : {}),
  };
}
