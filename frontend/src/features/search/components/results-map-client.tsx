/**
 * The Leaflet map of the search results. Client-only: loaded with React.lazy after hydration, so
 * Leaflet (which touches `window` when imported) and its CSS reach only browsers on /search.
 * Nearby results are grouped into numbered clusters (supercluster) that split as you zoom in.
 * A search around a place without businesses also marks that place, its name and its radius; a
 * search of a city a region chose among its namesakes ("Springfield, MO") marks that city and the
 * circle it searched, framed whole so the visitor sees which Springfield.
 */
import { divIcon, DomEvent, latLng, latLngBounds, type LatLngLiteral } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Circle, MapContainer, Marker, Popup, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { Link } from '../../../components/link.tsx';
import Supercluster from 'supercluster';
import { TILE_ATTRIBUTION, TILE_URL } from '../../../lib/map-tiles.ts';
import 'leaflet/dist/leaflet.css';

const MAX_FIT_ZOOM = 14;
const CLUSTER_RADIUS_PX = 56;
// Leaflet's tiles are 256 px: measuring the radius on that grid makes it screen pixels.
const TILE_EXTENT = 256;

export interface MapPoint {
  id: string;
  name: string;
  slug: string;
  rating: number | null;
  lat: number;
  lng: number;
}

/**
 * The place a search looked around ("Lyon, France": `around`, a place without businesses) or kept
 * its city's businesses near ("Springfield, Missouri, United States": `chosen` among namesakes), and how far.
 */
export interface SearchedPlace {
  kind: 'around' | 'chosen';
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
}

export interface ResultsMapClientProps {
  points: MapPoint[];
  /** Set when the search looked around a place or near a chosen city: marked, and framed with the results (a chosen city's circle whole). */
  place: SearchedPlace | null;
  isRefinedWithMap: boolean;
  onSearchArea: (bounds: { northEast: LatLngLiteral; southWest: LatLngLiteral }) => void;
  onClearArea: () => void;
}

const PIN_ICON = divIcon({
  className: 'results-map-pin',
  html: '<svg viewBox="0 0 32 44" width="28" height="38" aria-hidden="true"><path d="M16 0C7.2 0 0 7.2 0 16c0 12 16 28 16 28s16-16 16-28C32 7.2 24.8 0 16 0z" fill="#1d4ed8"/><circle cx="16" cy="16" r="6.5" fill="#fff"/></svg>',
  iconSize: [28, 38],
  iconAnchor: [14, 38],
  popupAnchor: [0, -34],
});

const PLACE_ICON = divIcon({
  className: 'results-map-place',
  html: '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true"><circle cx="12" cy="12" r="10" fill="#fff" stroke="#b91c1c" stroke-width="3"/><circle cx="12" cy="12" r="4.5" fill="#b91c1c"/></svg>',
  iconSize: [26, 26],
  iconAnchor: [13, 13],
});

// The label of a chosen city's area stands on the circle's top edge: a marker of no size.
const EDGE_ICON = divIcon({ className: 'results-map-edge', html: '', iconSize: [0, 0] });
/** Kilometres per degree of latitude (Leaflet's Earth radius). */
const KM_PER_DEGREE = 111.2;

/**
 * The place searched around: a target with its name, and the circle the search looked in. A city
 * chosen among namesakes: the circle, named on its top edge, clear of the pins inside it.
 */
function PlaceMarker({ place }: { place: SearchedPlace }) {
  const isChosen = place.kind === 'chosen';
  const labelAt: [number, number] = isChosen ? [place.lat + place.radiusKm / KM_PER_DEGREE, place.lng] : [place.lat, place.lng];
  return (
    <>
      <Circle
        center={[place.lat, place.lng]}
        radius={place.radiusKm * 1000}
        interactive={false}
        // Leaflet reads a path's class when it creates it; react-leaflet's pathOptions only restyle it.
        className="results-map-radius"
        pathOptions={{ color: '#b91c1c', weight: 1.5, dashArray: '6 6', fillColor: '#b91c1c', fillOpacity: 0.04 }}
      />
      <Marker
        position={labelAt}
        icon={isChosen ? EDGE_ICON : PLACE_ICON}
        title={`${place.name}: ${isChosen ? 'the area searched' : 'the place searched around'}`}
        interactive={false}
        keyboard={false}
        zIndexOffset={isChosen ? 0 : 1000}
      >
        <Tooltip permanent direction="top" offset={isChosen ? [0, -4] : [0, -14]} className="results-map-place-label">
          {place.name}
        </Tooltip>
      </Marker>
    </>
  );
}

function clusterIcon(count: number) {
  const size = count < 10 ? 36 : count < 100 ? 42 : 50;
  return divIcon({
    className: 'results-map-cluster',
    html: `<span>${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

type PointProperties = { point: MapPoint };

/** The markers and clusters of the visible part of the map, recomputed as it moves. */
function ClusteredMarkers({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const [view, setView] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  useMapEvents({ moveend: () => setView({ bounds: map.getBounds(), zoom: map.getZoom() }) });
  const index = useMemo(() => {
    const clusters = new Supercluster<PointProperties>({ radius: CLUSTER_RADIUS_PX, extent: TILE_EXTENT, maxZoom: 17 });
    clusters.load(points.map((point) => ({ type: 'Feature', properties: { point }, geometry: { type: 'Point', coordinates: [point.lng, point.lat] } })));
    return clusters;
  }, [points]);
  const { bounds, zoom } = view;
  const features = index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], Math.round(zoom));
  return (
    <>
      {features.map((feature) => {
        const [lng = 0, lat = 0] = feature.geometry.coordinates;
        if ('cluster' in feature.properties && feature.properties.cluster) {
          const clusterId = feature.properties.cluster_id;
          const count = feature.properties.point_count;
          return (
            <Marker
              key={`cluster-${clusterId}`}
              position={[lat, lng]}
              icon={clusterIcon(count)}
              title={`${count} businesses here: zoom in`}
              alt={`${count} businesses`}
              eventHandlers={{ click: () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), 18)) }}
            />
          );
        }
        const { point } = feature.properties as PointProperties;
        return (
          <Marker key={point.id} position={[point.lat, point.lng]} icon={PIN_ICON} title={point.name} alt={point.name}>
            <Popup>
              <Link to={`/business/${point.slug}`}>
                <strong>{point.name}</strong>
              </Link>
              {point.rating !== null && <div>★ {point.rating.toFixed(1)}</div>}
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}

interface FitProps {
  points: MapPoint[];
  place: SearchedPlace | null;
  isRefinedWithMap: boolean;
  onFit: () => void;
}

/**
 * Frames the results (and the place searched around, or the whole circle of a chosen city) whenever
 * they change, unless the visitor chose the area themselves.
 */
function FitToPoints({ points, place, isRefinedWithMap, onFit }: FitProps) {
  const map = useMap();
  // Only a new set of results reframes the map (the points array itself is rebuilt on every render).
  const key = [...points.map((point) => `${point.id}@${point.lat},${point.lng}`), place ? `place@${place.lat},${place.lng}` : ''].join(';');
  const latest = useRef({ points, place, onFit });
  latest.current = { points, place, onFit };
  useEffect(() => {
    const current = latest.current;
    const corners = [...current.points, ...(current.place ? placeCorners(current.place) : [])].map((point): [number, number] => [point.lat, point.lng]);
    if (isRefinedWithMap || corners.length === 0) return;
    current.onFit();
    // More room above: a pin and the place's label stand about 40 px over their point.
    map.fitBounds(latLngBounds(corners), { paddingTopLeft: [32, 56], paddingBottomRight: [32, 32], maxZoom: MAX_FIT_ZOOM, animate: false });
  }, [key, isRefinedWithMap, map]);
  return null;
}

/**
 * The points a searched place is framed by: a chosen city's whole circle (the area its businesses lie
 * in), but only the centre of a place searched around (its 250 km would zoom out past the results).
 */
function placeCorners(place: SearchedPlace): LatLngLiteral[] {
  if (place.kind === 'around') return [place];
  const bounds = latLng(place.lat, place.lng).toBounds(place.radiusKm * 2000);
  return [bounds.getNorthWest(), bounds.getSouthEast()];
}

/** Tells moves the visitor made (drag, zoom) from the map framing the results. */
function MoveWatcher({ isFitting, onMovedByVisitor }: { isFitting: { current: boolean }; onMovedByVisitor: () => void }) {
  useMapEvents({
    moveend: () => {
      if (isFitting.current) isFitting.current = false;
      else onMovedByVisitor();
    },
  });
  return null;
}

interface AreaButtonsProps {
  hasMoved: boolean;
  isRefinedWithMap: boolean;
  onSearchArea: ResultsMapClientProps['onSearchArea'];
  onClearArea: () => void;
}

/** "Search this area" once the visitor moved the map; "Clear map area" while the results are limited to one. */
function AreaButtons({ hasMoved, isRefinedWithMap, onSearchArea, onClearArea }: AreaButtonsProps) {
  const map = useMap();
  const box = useRef<HTMLDivElement>(null);
  // The buttons sit on the map: their clicks must not also drag or click the map.
  useEffect(() => {
    if (box.current) DomEvent.disableClickPropagation(box.current);
  }, []);
  const handleSearchArea = () => {
    const bounds = map.getBounds();
    onSearchArea({ northEast: bounds.getNorthEast(), southWest: bounds.getSouthWest() });
  };
  return (
    <div className="results-map-actions" ref={box}>
      {hasMoved && (
        <button type="button" className="button results-map-button" onClick={handleSearchArea}>
          Search this area
        </button>
      )}
      {isRefinedWithMap && !hasMoved && (
        <button type="button" className="button button-secondary results-map-button" onClick={onClearArea}>
          Clear map area
        </button>
      )}
    </div>
  );
}

export default function ResultsMapClient({ points, place, isRefinedWithMap, onSearchArea, onClearArea }: ResultsMapClientProps) {
  const [hasMoved, setHasMoved] = useState(false);
  const isFitting = useRef(false);
  const first = place ?? points[0];
  const handleSearchArea: ResultsMapClientProps['onSearchArea'] = (bounds) => {
    setHasMoved(false);
    onSearchArea(bounds);
  };
  return (
    <MapContainer center={first ? [first.lat, first.lng] : [20, 0]} zoom={first ? 12 : 2} scrollWheelZoom={false} className="results-map-canvas">
      <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
      {/* The watchers subscribe to map moves first, so they see the framing the next child does. */}
      <MoveWatcher isFitting={isFitting} onMovedByVisitor={() => setHasMoved(true)} />
      {place && <PlaceMarker place={place} />}
      <ClusteredMarkers points={points} />
      <FitToPoints points={points} place={place} isRefinedWithMap={isRefinedWithMap} onFit={() => (isFitting.current = true)} />
      <AreaButtons hasMoved={hasMoved} isRefinedWithMap={isRefinedWithMap} onSearchArea={handleSearchArea} onClearArea={onClearArea} />
    </MapContainer>
  );
}
