import { lazy, Suspense, useEffect, useRef, useState } from 'react';

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

/** How far below the screen the map starts loading, so it is usually ready when scrolled to. */
const LOAD_MARGIN = '300px';

/**
 * The map section's body: a placeholder on the server (and without JavaScript: the address and a
 * link to the map), the Leaflet map once the section comes near the screen. Leaflet is most of
 * the page's JavaScript: a visitor who reads the top of the page never downloads it, and it
 * never competes with the page's first paint.
 */
export function BusinessMap(props: BusinessMapProps) {
  const [isWanted, setIsWanted] = useState(false);
  const section = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = section.current;
    if (!element || isWanted) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setIsWanted(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsWanted(true);
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isWanted]);
  return (
    <div ref={section} className="business-map" role="region" aria-label={`Map showing the location of ${props.name}`}>
      {isWanted ? (
        <Suspense fallback={<MapPlaceholder {...props} />}>
          <BusinessMapClient latitude={props.latitude} longitude={props.longitude} name={props.name} address={props.address} />
        </Suspense>
      ) : (
        <MapPlaceholder {...props} />
      )}
    </div>
  );
}
