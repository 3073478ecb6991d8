/**
 * The Leaflet map of a business. Client-only: loaded with React.lazy after hydration, so
 * Leaflet (which touches `window` when imported) and its CSS reach only this page's browsers.
 */
import { divIcon, type LeafletEvent, type Marker as LeafletMarker } from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { TILE_ATTRIBUTION, TILE_URL } from '../../../lib/map-tiles.ts';
import { MAP_ZOOM } from '../map-config.ts';

export interface BusinessMapClientProps {
  latitude: number;
  longitude: number;
  name: string;
  address: string | null;
}

// An inline SVG pin: no marker image files to resolve, so no broken image without a bundler path.
const PIN_ICON = divIcon({
  className: 'business-map-pin',
  html: '<svg viewBox="0 0 32 44" width="32" height="44" aria-hidden="true"><path d="M16 0C7.2 0 0 7.2 0 16c0 12 16 28 16 28s16-16 16-28C32 7.2 24.8 0 16 0z" fill="#1d4ed8"/><circle cx="16" cy="16" r="6.5" fill="#fff"/></svg>',
  iconSize: [32, 44],
  iconAnchor: [16, 44],
  popupAnchor: [0, -40],
});

const openPopupOnAdd = { add: (event: LeafletEvent) => (event.target as LeafletMarker).openPopup() };

export default function BusinessMapClient({ latitude, longitude, name, address }: BusinessMapClientProps) {
  return (
    <MapContainer center={[latitude, longitude]} zoom={MAP_ZOOM} scrollWheelZoom={false} className="business-map-canvas">
      <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
      <Marker position={[latitude, longitude]} icon={PIN_ICON} eventHandlers={openPopupOnAdd} title={name} alt={name}>
        <Popup autoPan={false}>
          <strong>{name}</strong>
          {address && <br />}
          {address}
        </Popup>
      </Marker>
    </MapContainer>
  );
}
