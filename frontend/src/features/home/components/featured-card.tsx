import { Link } from '../../../components/link.tsx';
import type { FeaturedBusiness } from '@directory/backend/shared/api-types.ts';
import { Photo } from '../../../components/photo.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { Tooltip } from '../../../components/tooltip.tsx';
import { formatReviewCount, truncateName } from '../counters.ts';

/** A featured business: photo or initial, short name, stars, review count, category and city. */
export function FeaturedCard({ business }: { business: FeaturedBusiness }) {
  const shortName = truncateName(business.name);
  const kind = business.category ?? business.type;
  const isCut = shortName !== business.name;
  const card = (describedBy: { 'aria-describedby'?: string }) => (
    <Link to={`/business/${business.slug}`} className="featured-card-link" {...describedBy}>
      <div className={`featured-card-media featured-tone-${business.name.charCodeAt(0) % 4}`}>
        <Photo
          src={business.image_url}
          alt=""
          loading="lazy"
          width="320"
          height="180"
          fallback={<span className="featured-card-initial" aria-hidden="true">{business.name.trim().charAt(0).toUpperCase()}</span>}
        />
      </div>
      <div className="featured-card-body">
        <h3 className="featured-card-name">
          {/* The full name for screen readers and link lists; the card shows the spec's 15 characters. */}
          <span className="visually-hidden">{business.name}</span>
          <span aria-hidden="true">{shortName}</span>
        </h3>
        <div className="featured-card-rating">
          <StarRating rating={business.rating} size="sm" />
          <span className="featured-card-score">{business.rating === null ? 'New' : business.rating.toFixed(1)}</span>
          <span className="muted">({formatReviewCount(business.review_count)})</span>
        </div>
        <p className="featured-card-meta">
          {kind && <span className="badge">{kind}</span>}
          {business.city && (
            <span className="featured-card-city">
              <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14" fill="currentColor"><path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" /></svg>
              {business.city}
            </span>
          )}
        </p>
      </div>
    </Link>
  );
  return (
    <li className="featured-card">
      {isCut ? (
        // The name is cut at 15 characters: the whole name shows in a tooltip on hover and focus.
        <Tooltip content={business.name} className="featured-card-tooltip">
          {(describedBy) => card(describedBy)}
        </Tooltip>
      ) : (
        card({})
      )}
    </li>
  );
}
