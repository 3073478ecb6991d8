import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import { BrowseCards } from '../../../components/browse-cards.tsx';
import { SearchForm } from '../../../components/search-form.tsx';
import '../business.css';

const BROWSE_TEXTS = {
  categories: 'Find businesses by what they do.',
  countries: 'Explore listings country by country.',
  cities: 'See what is near you, city by city.',
};

/** The heading of the screen, and the title of its page. */
export const BUSINESS_NOT_FOUND_TITLE = 'Business Not Found';

/** The Business Not Found screen: search, browse links and the way home; `detail` says why when the call failed. */
export function BusinessNotFound({ detail }: { detail?: string }) {
  return (
    <section className="container business-missing" aria-labelledby="business-missing-title">
      <div className="business-missing-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M3 21h18M5 21V8l7-5 7 5v13M9 21v-6h6v6" />
        </svg>
      </div>
      <h1 id="business-missing-title">{BUSINESS_NOT_FOUND_TITLE}</h1>
      <p className="muted business-missing-lead">
        We could not find this business. It may have closed, moved or changed its name. Search the directory or browse below.
      </p>
      {detail && <p className="muted business-missing-detail">{detail}</p>}
      <SearchForm label="Search for another business" />
      <BrowseCards texts={BROWSE_TEXTS} />
      <Link to="/" className="button">
        <span aria-hidden="true">←</span> Back to Home
      </Link>
    </section>
  );
}

/**
 * The business route's error screen: Business Not Found whether the business is missing or the
 * detail call failed (visitor spec: "shown when the detail call fails or returns no data").
 */
export function BusinessRouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <BusinessNotFound />;
  const message = isRouteErrorResponse(error) && typeof (error.data as { message?: unknown } | null)?.message === 'string' ? (error.data as { message: string }).message : 'Business not found: 500';
  return <BusinessNotFound detail={message} />;
}
