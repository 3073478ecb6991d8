/**
 * The map of a business: pigeon-maps (a React map of plain tile images, ~9 KB gzipped against
 * Leaflet's ~45 KB), so the business page with its map stays within the 150 KB JavaScript budget.
 * Client-only: loaded with React.lazy when the section comes near the screen.
 */
import { useState } from 'react';
import { Map, Marker, Overlay, ZoomControl } from 'pigeon-maps';
import { TILE_ATTRIBUTION, tileUrl } from '../../../lib/map-tiles.ts';
import { MAP_ZOOM } from '../map-config.ts';

export interface BusinessMapClientProps {
  latitude: number;
  longitude: number;
  name: string;
  address: string | null;
}

const PIN_WIDTH = 32;

export default function BusinessMapClient({ latitude, longitude, name, address }: BusinessMapClientProps) {
  const anchor: [number, number] = [latitude, longitude];
  // The popup of name and address is open from the start (visitor spec §4); the pin toggles it.
  const [isPopupOpen, setIsPopupOpen] = useState(true);
  return (
    <div className="business-map-canvas">
      <Map
        defaultCenter={anchor}
        defaultZoom={MAP_ZOOM}
        provider={tileUrl}
        // The attribution is the build's own setting (map-tiles.ts), HTML by design.
        attribution={<span dangerouslySetInnerHTML={{ __html: TILE_ATTRIBUTION }} />}
        attributionPrefix={false}
        // The page scrolls past the map: zooming needs Ctrl (or ⌘) with the wheel, moving it two fingers on a phone.
        metaWheelZoom
        twoFingerDrag
      >
        <ZoomControl />
        <Marker anchor={anchor} width={PIN_WIDTH} color="#1d4ed8" onClick={() => setIsPopupOpen((open) => !open)} />
        {isPopupOpen && (
          <Overlay anchor={anchor} offset={[0, 0]}>
            <div className="business-map-popup">
              <strong>{name}</strong>
              {address && <br />}
              {address}
            </div>
          </Overlay>
        )}
      </Map>
    </div>
  );
}
