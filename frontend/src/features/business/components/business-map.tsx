import { lazy, Suspense, useEffect, useState } from 'react';

const BusinessMapClient = lazy(() => import('./business-map-client.tsx'));

export interface BusinessMapProps {
  latitude: number;
  longitude: number;
  name: string;
  address: string | null;
  directionsUrl: string;
}

/** What the server (and a browser without JavaScript) shows where the map will be. */
function MapPlaceholder({ latitude, longitude, address, directionsUrl }: BusinessMapProps) {
  return (
    <div className="business-map-placeholder">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="36" height="36" fill="currentColor">
        <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
      </svg>
      {address && <p className="business-map-placeholder-address">{address}</p>}
      <p className="muted">
        {latitude.toFixed(5)}, {longitude.toFixed(5)}
      </p>
      <a href={directionsUrl} target="_blank" rel="noopener noreferrer">Open in Google Maps</a>
    </div>
  );
}

/** The map section's body: a placeholder on the server, the Leaflet map once the page is interactive. */
export function BusinessMap(props: BusinessMapProps) {
  const [isClient, setIsClient] = useState(false);
  useEffect(() => setIsClient(true), []);
  return (
    <div className="business-map" role="region" aria-label={`Map showing the location of ${props.name}`}>
      {isClient ? (
        <Suspense fallback={<MapPlaceholder {...props} />}>
          <BusinessMapClient latitude={props.latitude} longitude={props.longitude} name={props.name} address={props.address} />
        </Suspense>
      ) : (
        <MapPlaceholder {...props} />
      )}
    </div>
  );
}
