import { Link } from '../../../components/link.tsx';
import type { BusinessListItem, PagedBusinesses } from '@directory/backend/shared/api-types.ts';
import { CategoryBadge } from '../../../components/business-card.tsx';
import { ShowingRangeText } from '../../../components/showing-range.tsx';
import { ListPageHeader } from '../../../components/list-page-header.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState, isLoadFailure, LoadingNotice } from '../../../components/page-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { useListData } from '../../../components/use-list-data.ts';
import { usePageHref } from '../../../components/use-page-href.ts';
import { formatNumber, telHref } from '../../../lib/format.ts';
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
          {business.category && <CategoryBadge category={business.category} slug={business.categorySlug} />}
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
            <a href={telHref(business.phone)}>{business.phone}</a>
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
  const data = useListData<BusinessesData>((loaded) => loaded.page);
  const pageHref = usePageHref();
  if (isLoadFailure(data)) {
    return (
      <LoadError
        title="Error Loading Businesses"
        message="The business list could not be loaded. Please try again later."
        detail={data.message}
        to="/businesses"
        action="Try again"
      />
    );
  }
  const { page, result } = data;
  const pages = reachablePages(result.totalPages);
  const { first, last } = showingRange(page, BUSINESS_PAGE_SIZE, result.businesses.length);
  return (
    <>
      <ListPageHeader title="All Businesses" lead="Browse every business in the directory, with ratings, reviews and contact details." />
      <div className="container">
        <div className="browse-toolbar">
          <p className="browse-summary">
            <ShowingRangeText range={{ first, last, total: result.totalCount }} noun={['business', 'businesses']} separator="-" />
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
          hrefFor={pageHref}
        />
      </div>
    </>
  );
}
