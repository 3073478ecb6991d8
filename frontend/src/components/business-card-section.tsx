import { Link } from './link.tsx';
import type { BusinessListItem } from '@directory/backend/shared/api-types.ts';
import { BusinessCard } from './business-card.tsx';
import { EmptyState, LoadingNotice } from './page-states.tsx';
import { Pager } from './pager.tsx';
import { ShowingRangeText } from './showing-range.tsx';
import { usePageHref } from './use-page-href.ts';

/** One page of a place's businesses, as the category and city pages receive it. */
export interface BusinessPage {
  businesses: BusinessListItem[];
  businessCount: number;
  currentPage: number;
  totalPages: number;
  limit: number;
}

export interface BusinessCardSectionProps {
  titleId: string;
  title: string;
  list: BusinessPage;
  /** Shown when the page has no business. */
  emptyTitle: string;
  /** The list's first page, offered when a later page comes up empty. */
  firstPageHref: string;
  /** Added after "card-grid". */
  gridClassName: string;
  pagerLabel: string;
}

/** The businesses of a category or city page: "Showing 1 - 12 of 40 businesses", the cards and the pager. */
export function BusinessCardSection({ titleId, title, list, emptyTitle, firstPageHref, gridClassName, pagerLabel }: BusinessCardSectionProps) {
  const pageHref = usePageHref();
  const first = (list.currentPage - 1) * list.limit + 1;
  const last = first + list.businesses.length - 1;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="browse-section-title">
        {title}
      </h2>
      <p className="browse-summary">
        <ShowingRangeText range={{ first, last, total: list.businessCount }} noun={['business', 'businesses']} separator=" - " />
      </p>
      <LoadingNotice text="Loading businesses..." />
      {list.businesses.length === 0 ? (
        <EmptyState title={emptyTitle}>
          {list.currentPage > 1 && (
            <Link className="button button-secondary" to={firstPageHref}>
              Go to page 1
            </Link>
          )}
        </EmptyState>
      ) : (
        <ul className={`card-grid ${gridClassName}`}>
          {list.businesses.map((business) => (
            <li key={business.id}>
              <BusinessCard business={business} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={list.currentPage} totalPages={list.totalPages} label={pagerLabel} hrefFor={pageHref} />
    </section>
  );
}
