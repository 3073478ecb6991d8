import { Link, useLoaderData, useLocation } from 'react-router-dom';
import type { CityEntry } from '@directory/backend/shared/api-types.ts';
import { Breadcrumbs, type Crumb } from '../../../components/breadcrumbs.tsx';
import { EmptyState, ErrorState, isLoadFailure, LoadingNotice, type LoadFailure } from '../../../components/page-states.tsx';
import { FilterBox, hrefWith, Pager, useScrollToTopOnPageChange, type PageSlice } from '../../../components/pager.tsx';
import { formatNumber, formatShare, pluralize } from '../../../lib/format.ts';
import { relativeWidth } from '../filter.ts';
import '../countries.css';

export interface CountryCitiesData {
  country: { country: string; slug: string; countryCode: string; businessCount: number; cityCount: number };
  text: string;
  /** Businesses of the country's biggest city: the full length of the bars. */
  largest: number;
  page: PageSlice<CityEntry>;
}

/** Home › Countries › {country} › Cities. */
export const countryCitiesCrumbs = (country: { country: string; slug: string }): Crumb[] => [
  { label: 'Home', path: '/' },
  { label: 'Countries', path: '/countries' },
  { label: country.country, path: `/countries/${country.slug}` },
  { label: 'Cities', path: `/countries/${country.slug}/cities` },
];

/** /countries/{slug}/cities: every city of one country, 12 a page, with a text filter. */
export function CountryCitiesPage() {
  const data = useLoaderData() as CountryCitiesData | LoadFailure;
  const location = useLocation();
  useScrollToTopOnPageChange(isLoadFailure(data) ? 0 : data.page.page);
  if (isLoadFailure(data)) {
    return (
      <div className="container">
        <ErrorState title="Unable to load cities" message={data.message}>
          <Link className="button" to="/countries">
            Back to countries
          </Link>
        </ErrorState>
      </div>
    );
  }
  const { country, page, text, largest } = data;
  const code = country.countryCode.toLowerCase();
  return (
    <>
      <header className="browse-header">
        <div className="container">
          <Breadcrumbs items={countryCitiesCrumbs(country)} />
          <h1>Cities in {country.country}</h1>
          <p>
            {pluralize(country.cityCount, 'city', 'cities')} with {pluralize(country.businessCount, 'business', 'businesses')} listed.
          </p>
        </div>
      </header>
      <div className="container">
        <div className="browse-toolbar">
          <FilterBox label={`Search cities in ${country.country}`} placeholder="Search cities..." />
          <Link to={`/countries/${country.slug}`}>Back to {country.country}</Link>
        </div>
        <p className="browse-summary" aria-live="polite">
          {page.total > 0 && (
            <>
              Showing <strong>{formatNumber(page.first)}</strong> to <strong>{formatNumber(page.last)}</strong> of{' '}
              <strong>{formatNumber(page.total)}</strong> cities
            </>
          )}
        </p>
        <LoadingNotice text="Loading cities..." />
        {page.items.length === 0 ? (
          <EmptyState title="No cities found">
            {text && <p>No city name contains “{text}”.</p>}
          </EmptyState>
        ) : (
          <ul className="card-grid">
            {page.items.map((city) => (
              <li key={city.slug}>
                <Link className="card card-link" to={`/cities/${code}/${city.slug}`}>
                  <h2 className="card-title">{city.city}</h2>
                  <p className="card-facts">
                    <span>
                      <strong>{formatNumber(city.businessCount)}</strong> {city.businessCount === 1 ? 'business' : 'businesses'}
                    </span>
                    <span>
                      <strong>{formatNumber(city.categoryCount)}</strong> {city.categoryCount === 1 ? 'category' : 'categories'}
                    </span>
                    <span>
                      <strong>{formatShare(city.businessCount, country.businessCount)}</strong> of {country.country}
                    </span>
                  </p>
                  <div className="share-bar" aria-hidden="true">
                    <span style={{ width: `${relativeWidth(city.businessCount, largest)}%` }} />
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pager
          page={page.page}
          totalPages={page.totalPages}
          label="City pages"
          hrefFor={(n) => hrefWith(location.pathname, location.search, { page: n })}
        />
      </div>
    </>
  );
}
