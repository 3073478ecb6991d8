import type { NearbyBusinesses as NearbyData } from '@directory/backend/shared/api-types.ts';
import { Link } from '../../../components/link.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { formatDistance, pluralOfCategory } from '../../../lib/format.ts';
import { inSentence } from '../business-content.ts';

/**
 * The businesses near this one, nearest first, as compact cards linking to their pages: of its
 * category ("Other plumbers nearby"), or of any when none of its own is near ("Nearby businesses",
 * each card then saying its category). Nothing when none is near.
 */
export function NearbyBusinesses({ nearby, category }: { nearby: NearbyData; category: string | null }) {
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
                {business.photo ? <img src={business.photo} alt="" loading="lazy" width="56" height="56" /> : business.name.charAt(0).toUpperCase()}
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
