import type { Hit } from 'instantsearch.js';
import { Highlight, useHits } from 'react-instantsearch';
import { Link } from 'react-router-dom';
import type { InstantSearchHit } from '@directory/backend/shared/api-types.ts';
import { formatRating } from '../../../components/business-card.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { formatNumber } from '../../../lib/format.ts';
import '../../../components/business-card.css';

export type SearchHit = Hit<InstantSearchHit>;

/** "1.2 km" / "350 m" from the searched point. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

/** A result: the business card of the category pages, with the words that matched highlighted. */
function ResultCard({ hit }: { hit: SearchHit }) {
  const place = [hit.city, hit.country].filter(Boolean).join(', ');
  return (
    <article className="card business-card search-card">
      <div className="business-card-photo">
        {hit.photo ? (
          <img src={hit.photo} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" />
        ) : (
          <span className="business-card-fallback search-card-initial" aria-hidden="true">
            {hit.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
      </div>
      <div className="business-card-body">
        <h3 className="business-card-name">
          <Link to={`/business/${hit.slug}`}>
            <Highlight hit={hit} attribute="name" />
          </Link>
        </h3>
        {hit.category && (
          <span className="badge business-card-category">
            <Highlight hit={hit} attribute="category" />
          </span>
        )}
        <p className="business-card-rating">
          <StarRating rating={hit.rating} size="sm" />
          <span className="business-card-rating-value">{formatRating(hit.rating)}</span>
          <span className="muted">
            ({formatNumber(hit.reviews)} {hit.reviews === 1 ? 'review' : 'reviews'})
          </span>
        </p>
        {(hit.address || place) && (
          <p className="business-card-line">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M12 2a7 7 0 0 1 7 7c0 5-7 13-7 13S5 14 5 9a7 7 0 0 1 7-7zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" />
            </svg>
            <span>{hit.address ?? place}</span>
          </p>
        )}
        {hit.distanceKm !== null && hit.distanceKm !== undefined && <p className="search-card-distance">{formatDistance(hit.distanceKm)} away</p>}
        {hit.phone && (
          <p className="business-card-line">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M6.6 10.8a15.2 15.2 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.23z"
              />
            </svg>
            <a href={`tel:${hit.phone.replace(/[^\d+]/g, '')}`}>{hit.phone}</a>
          </p>
        )}
      </div>
    </article>
  );
}

/** The current page of results. */
export function SearchHits() {
  const { items } = useHits<InstantSearchHit>();
  if (items.length === 0) return null;
  return (
    <ul className="search-hits" aria-label="Businesses found">
      {items.map((hit) => (
        <li key={hit.objectID}>
          <ResultCard hit={hit} />
        </li>
      ))}
    </ul>
  );
}
