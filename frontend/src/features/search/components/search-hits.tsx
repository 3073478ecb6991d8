import type { Hit } from 'instantsearch.js';
import { Highlight, useHits } from 'react-instantsearch';
import type { InstantSearchHit } from '@directory/backend/shared/api-types.ts';
import { BusinessCardFrame } from '../../../components/business-card.tsx';
import { formatDistance } from '../../../lib/format.ts';
import '../../../components/business-card.css';

export type SearchHit = Hit<InstantSearchHit>;

/** A result: the business card of the category pages, with the words that matched highlighted. */
function ResultCard({ hit }: { hit: SearchHit }) {
  const place = [hit.city, hit.country].filter(Boolean).join(', ');
  // The line shows when there is an address or a place, and reads the address first.
  const address = hit.address || place ? (hit.address ?? place) : null;
  return (
    <BusinessCardFrame
      className="search-card"
      slug={hit.slug}
      photo={hit.photo}
      fallback={
        <span className="business-card-fallback search-card-initial" aria-hidden="true">
          {hit.name.trim().charAt(0).toUpperCase()}
        </span>
      }
      name={<Highlight hit={hit} attribute="name" />}
      category={
        hit.category && (
          <span className="badge business-card-category">
            <Highlight hit={hit} attribute="category" />
          </span>
        )
      }
      isTemporarilyClosed={hit.status === 'temporarily_closed'}
      rating={hit.rating}
      reviews={hit.reviews}
      address={address}
      phone={hit.phone}
    >
      {hit.distanceKm !== null && hit.distanceKm !== undefined && <p className="search-card-distance">{formatDistance(hit.distanceKm)} away</p>}
    </BusinessCardFrame>
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
