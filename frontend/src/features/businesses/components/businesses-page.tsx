import { Link, useLoaderData, useLocation } from 'react-router-dom';
import type { BusinessListItem, PagedBusinesses } from '@directory/backend/shared/api-types.ts';
import { EmptyState, ErrorState, isLoadFailure, LoadingNotice, type LoadFailure } from '../../../components/page-states.tsx';
import { hrefWith, Pager, useScrollToTopOnPageChange } from '../../../components/pager.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { BUSINESS_MAX_PAGE, BUSINESS_PAGE_SIZE, reachablePages, showingRange } from '../paging.ts';
import '../businesses.css';

export interface BusinessesData {
  page: number;
  result: PagedBusinesses;
}

const place = (business: BusinessListItem) => [business.city, business.country].filter(Boolean).join(', ');

function BusinessListCard({ business }: { business: BusinessListItem }) {
  const where = place(business);
  return (
    <article className="card business-row">
      <div className="business-row-main">
        <h2 className="business-row-name">
          <Link to={`/business/${business.slug}`}>{business.name}</Link>
        </h2>
        <div className="business-row-meta">
          {business.category &&
            (business.categorySlug ? (
              <Link className="badge" to={`/categories/${business.categorySlug}`}>
                {business.category}
              </Link>
            ) : (
              <span className="badge">{business.category}</span>
            ))}
          {where && <span className="business-row-place">{where}</span>}
        </div>
        <p className="business-row-rating">
          {business.rating !== null && business.rating > 0 && (
            <>
              <StarRating rating={business.rating} size="sm" />
              <strong>{business.rating.toFixed(1)}</strong>
            </>
          )}
          <span className="muted">
            {formatNumber(business.reviews)} {business.reviews === 1 ? 'review' : 'reviews'}
          </span>
        </p>
        {business.phone && (
          <p className="business-row-phone">
            <a href={`tel:${business.phone.replace(/[^\d+]/g, '')}`}>{business.phone}</a>
          </p>
        )}
      </div>
      <Link className="button business-row-action" to={`/business/${business.slug}`} aria-label={`View Details: ${business.name}`}>
        View Details
      </Link>
    </article>
  );
}

/** /businesses: every listed business, 20 a page, page in `?page=` (1 to 100). */
export function BusinessesPage() {
  const data = useLoaderData() as BusinessesData | LoadFailure;
  const location = useLocation();
  useScrollToTopOnPageChange(isLoadFailure(data) ? 0 : data.page);
  if (isLoadFailure(data)) {
    return (
      <div className="container">
        <ErrorState title="Error Loading Businesses" message="The business list could not be loaded. Please try again later.">
          <p className="muted">{data.message}</p>
          <Link className="button" to="/businesses">
            Try again
          </Link>
        </ErrorState>
      </div>
    );
  }
  const { page, result } = data;
  const pages = reachablePages(result.totalPages);
  const { first, last } = showingRange(page, BUSINESS_PAGE_SIZE, result.businesses.length);
  return (
    <>
      <header className="browse-header">
        <div className="container">
          <h1>All Businesses</h1>
          <p>Browse every business in the directory, with ratings, reviews and contact details.</p>
        </div>
      </header>
      <div className="container">
        <div className="browse-toolbar">
          <p className="browse-summary">
            {result.businesses.length > 0 && (
              <>
                Showing{' '}
                <strong>
                  {formatNumber(first)}-{formatNumber(last)}
                </strong>{' '}
                of <strong>{formatNumber(result.totalCount)}</strong> businesses
              </>
            )}
          </p>
          <p className="browse-summary">
            Page {formatNumber(Math.min(page, Math.max(pages, 1)))} of {formatNumber(Math.max(pages, 1))}
          </p>
        </div>
        <LoadingNotice text="Loading businesses..." />
        {result.businesses.length === 0 ? (
          <EmptyState title="No businesses found">
            <p>{page > 1 ? 'This page is past the end of the list.' : 'No businesses are listed yet.'}</p>
            {page > 1 && (
              <Link className="button" to="/businesses">
                Go to page 1
              </Link>
            )}
          </EmptyState>
        ) : (
          <ul className="business-rows">
            {result.businesses.map((business) => (
              <li key={business.id}>
                <BusinessListCard business={business} />
              </li>
            ))}
          </ul>
        )}
        <Pager
          page={page}
          totalPages={pages}
          maxPage={BUSINESS_MAX_PAGE}
          window="edges"
          label="Business list pages"
          hrefFor={(n) => hrefWith(location.pathname, location.search, { page: n })}
        />
      </div>
    </>
  );
}
