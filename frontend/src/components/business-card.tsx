import type { ReactNode } from 'react';
import { Link } from './link.tsx';
import type { BusinessListItem } from '@directory/backend/shared/api-types.ts';
import { formatNumber, telHref } from '../lib/format.ts';
import { Photo } from './photo.tsx';
import { StarRating } from './star-rating.tsx';
import { TemporarilyClosedBadge } from './temporarily-closed-badge.tsx';
import './business-card.css';

function StorefrontIcon() {
  return (
    <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M4 4h16l1.5 5a3 3 0 0 1-2.5 3.46V20a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-7.54A3 3 0 0 1 2.5 9L4 4zm2 8.6V19h4v-4h4v4h4v-6.4a3 3 0 0 1-2-1.1 3 3 0 0 1-4 .5 3 3 0 0 1-4-.5 3 3 0 0 1-2 1.1zM5.5 6l-1 3.3a1 1 0 0 0 2 .2V9h2v.5a1 1 0 0 0 2 0V9h2v.5a1 1 0 0 0 2 0V9h2v.5a1 1 0 0 0 2-.2L18.5 6h-13z"
      />
    </svg>
  );
}

/** A business's category as a badge: a link to the category page when it has one. */
export function CategoryBadge({ category, slug, className = 'badge' }: { category: string; slug: string | null; className?: string }) {
  return slug ? (
    <Link className={className} to={`/categories/${slug}`}>
      {category}
    </Link>
  ) : (
    <span className={className}>{category}</span>
  );
}

export interface BusinessCardFrameProps {
  /** Added after "card business-card" ("search-card"). */
  className?: string;
  slug: string;
  photo: string | null;
  /** What stands in for a missing photo. */
  fallback: ReactNode;
  /** The name inside the link to the business page. */
  name: ReactNode;
  /** The category badge, if any. */
  category: ReactNode;
  /** Marked temporarily closed: a badge under the name says so. */
  isTemporarilyClosed: boolean;
  rating: number | null;
  reviews: number;
  /** The address line; none when null. */
  address: string | null;
  phone: string | null;
  /** Lines between the address and the phone. */
  children?: ReactNode;
}

/** The card body the business lists and the search results share: photo, name, a temporary closure, category, stars, reviews, address, phone. */
export function BusinessCardFrame({ className, slug, photo, fallback, name, category, isTemporarilyClosed, rating, reviews, address, phone, children }: BusinessCardFrameProps) {
  return (
    <article className={className ? `card business-card ${className}` : 'card business-card'}>
      <div className="business-card-photo">
        <Photo src={photo} fallback={fallback} alt="" loading="lazy" decoding="async" />
      </div>
      <div className="business-card-body">
        <h3 className="business-card-name">
          <Link to={`/business/${slug}`}>{name}</Link>
        </h3>
        {isTemporarilyClosed && <TemporarilyClosedBadge />}
        {category}
        <p className="business-card-rating">
          <StarRating rating={rating} size="sm" />
          {/* The spec's '0.0' for no rating reads as the worst one: said in words, as on the business page. */}
          {rating === null ? (
            <span className="muted">No rating yet{reviews > 0 && ` · ${formatNumber(reviews)} ${reviews === 1 ? 'review' : 'reviews'}`}</span>
          ) : (
            <>
              <span className="business-card-rating-value">{rating.toFixed(1)}</span>
              <span className="muted">
                ({formatNumber(reviews)} {reviews === 1 ? 'review' : 'reviews'})
              </span>
            </>
          )}
        </p>
        {address !== null && (
          <p className="business-card-line">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M12 2a7 7 0 0 1 7 7c0 5-7 13-7 13S5 14 5 9a7 7 0 0 1 7-7zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" />
            </svg>
            <span>{address}</span>
          </p>
        )}
        {children}
        {phone && (
          <p className="business-card-line">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M6.6 10.8a15.2 15.2 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.23z"
              />
            </svg>
            <a href={telHref(phone)}>{phone}</a>
          </p>
        )}
      </div>
    </article>
  );
}

/** A business on the category and city pages: photo, name, category, stars, reviews, address, phone. */
export function BusinessCard({ business }: { business: BusinessListItem }) {
  return (
    <BusinessCardFrame
      slug={business.slug}
      photo={business.photo}
      fallback={
        <span className="business-card-fallback">
          <StorefrontIcon />
        </span>
      }
      name={business.name}
      category={business.category && <CategoryBadge category={business.category} slug={business.categorySlug} className="badge business-card-category" />}
      isTemporarilyClosed={business.status === 'temporarily_closed'}
      rating={business.rating}
      reviews={business.reviews}
      address={business.address || null}
      phone={business.phone}
    />
  );
}
