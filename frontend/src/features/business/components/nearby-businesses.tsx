import { useEffect, useRef, useState } from 'react';
import type { NearbyBusinesses as NearbyData } from '@directory/backend/shared/api-types.ts';
import { Link } from '../../../components/link.tsx';
import { Photo } from '../../../components/photo.tsx';
import { getApiClient } from '../../../lib/api-client.ts';
import { StarRating } from '../../../components/star-rating.tsx';
import { formatDistance, pluralOfCategory } from '../../../lib/format.ts';
import { inSentence } from '../business-content.ts';

/** How far below the screen the section starts loading, so it is there when the visitor scrolls to it. */
const LOAD_MARGIN = '600px';

/**
 * The businesses near this one, read in the browser once the end of the page comes near the
 * screen: the server renders the page without them (they cost a business page two thirds more
 * CPU at 1M, 1.27 → 1.89 ms), and a failed read shows nothing. Placed after the page's columns, so
 * nothing the visitor reads moves when they appear.
 */
export function NearbyBusinessesSection({ slug, category }: { slug: string; category: string | null }) {
  const marker = useRef<HTMLDivElement>(null);
  const [nearby, setNearby] = useState<{ slug: string; data: NearbyData } | null>(null);
  useEffect(() => {
    const element = marker.current;
    if (!element) return undefined;
    let isCurrent = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        getApiClient()
          .nearby(slug)
          .then((data) => isCurrent && setNearby({ slug, data }))
          .catch((error: unknown) => console.warn('Nearby businesses could not be loaded', error));
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => {
      isCurrent = false;
      observer.disconnect();
    };
  }, [slug]);
  return <div ref={marker} className="business-nearby">{nearby?.slug === slug && <NearbyBusinesses nearby={nearby.data} category={category} />}</div>;
}

/**
 * The businesses near this one, nearest first, as compact cards linking to their pages: of its
 * category ("Other plumbers nearby"), or of any when none of its own is near ("Nearby businesses",
 * each card then saying its category). Nothing when none is near.
 */
function NearbyBusinesses({ nearby, category }: { nearby: NearbyData; category: string | null }) {
  if (nearby.businesses.length === 0) return null;
  const isOwnCategory = nearby.isSameCategory && category !== null;
  const title = isOwnCategory ? `Other ${inSentence(pluralOfCategory(category))} nearby` : 'Nearby businesses';
  return (
    <section className="card business-section" aria-labelledby="nearby-title">
      <h2 id="nearby-title">{title}</h2>
      <ul className="nearby-list">
        {nearby.businesses.map((business) => (
          <li key={business.id}>
            <Link to={`/business/${business.slug}`} className="nearby-card">
              <span className="nearby-thumb" aria-hidden="true">
                <Photo src={business.photo} alt="" loading="lazy" width="56" height="56" fallback={business.name.charAt(0).toUpperCase()} />
              </span>
              <span className="nearby-text">
                <h3 className="nearby-name">{business.name}</h3>
                <span className="nearby-meta">{[isOwnCategory ? null : business.category, business.city].filter(Boolean).join(' · ')}</span>
                <span className="nearby-rating">
                  <StarRating rating={business.rating} size="sm" />
                  {business.rating === null ? <span className="muted">No rating yet</span> : <span>{business.rating.toFixed(1)}</span>}
                </span>
              </span>
              <span className="nearby-distance">
                {formatDistance(business.distanceKm)}
                <span className="visually-hidden"> away</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
