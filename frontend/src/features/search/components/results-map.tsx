import { lazy, Suspense, useEffect, useState } from 'react';
import type { Hit } from 'instantsearch.js';
import { useGeoSearch, useInstantSearch } from 'react-instantsearch';
import type { InstantSearchHit } from '@directory/backend/shared/api-types.ts';
import { getAroundPlace } from '../around-place.ts';
import { getChosenCity } from '../chosen-city.ts';
import { describeMapScope } from '../map-caption.ts';
import type { MapPoint, SearchedPlace } from './results-map-client.tsx';

const ResultsMapClient = lazy(() => import('./results-map-client.tsx'));

type GeoSearchHit = Hit<InstantSearchHit & { _geoloc: { lat: number; lng: number } }>;

/** What the server (and a browser without JavaScript) shows where the map will be; once hydrated, with a button that shows it. */
function MapPlaceholder({ caption, onShow }: { caption: string; onShow?: () => void }) {
  return (
    <div className="results-map-placeholder">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="32" height="32" fill="currentColor">
        <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
      </svg>
      <p>{caption}</p>
      {onShow && (
        <button type="button" className="button results-map-show" onClick={onShow}>
          Show map
        </button>
      )}
    </div>
  );
}

/**
 * The map of the results on this page. Leaflet is a third of what the page would download, so it
 * loads when the visitor asks for the map (or at once when the URL searches a map area); the
 * placeholder keeps the map's box, so nothing below it moves when it comes. Whether the visitor
 * asked is kept by the search page (`isWanted`): this part unmounts while a search finds nothing.
 */
export function ResultsMap({ isWanted, onShow }: { isWanted: boolean; onShow: () => void }) {
  const { items, refine, clearMapRefinement, isRefinedWithMap } = useGeoSearch<GeoSearchHit>();
  const { results } = useInstantSearch();
  const around = getAroundPlace(results);
  const chosen = getChosenCity(results);
  const [isClient, setIsClient] = useState(false);
  useEffect(() => setIsClient(true), []);
  const isAreaSearch = isRefinedWithMap();
  if (items.length === 0 && !isAreaSearch) return null;
  const points: MapPoint[] = items.map((hit) => ({
    id: hit.objectID,
    name: hit.name,
    slug: hit.slug,
    rating: hit.rating,
    lat: hit._geoloc.lat,
    lng: hit._geoloc.lng,
  }));
  const place: SearchedPlace | null = around
    ? { kind: 'around', name: around.name, lat: around.lat, lng: around.lng, radiusKm: around.radiusKm }
    : chosen
      ? { kind: 'chosen', name: chosen.name, lat: chosen.lat, lng: chosen.lng, radiusKm: chosen.radiusKm }
      : null;
  const isShown = isClient && (isWanted || isAreaSearch);
  const caption = describeMapScope({ located: points.length, onPage: results.hits.length, total: results.nbHits, ...(chosen ? { area: chosen } : {}) });
  return (
    <div className="results-map" role="region" aria-label="Map of the results">
      {isShown ? (
        <Suspense fallback={<MapPlaceholder caption={caption} />}>
          <ResultsMapClient points={points} place={place} isRefinedWithMap={isAreaSearch} onSearchArea={refine} onClearArea={clearMapRefinement} />
        </Suspense>
      ) : (
        <MapPlaceholder caption={caption} {...(isClient ? { onShow } : {})} />
      )}
    </div>
  );
}
