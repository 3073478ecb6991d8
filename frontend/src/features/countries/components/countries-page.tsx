import { Link, useLoaderData, useLocation, useSearchParams } from 'react-router-dom';
import type { CountryEntry } from '@directory/backend/shared/api-types.ts';
import { EmptyState, ErrorState, isLoadFailure, LoadingNotice, type LoadFailure } from '../../../components/page-states.tsx';
import { FilterBox, hrefWith, Pager, useScrollToTopOnPageChange, viewFromSearch, ViewToggle, type PageSlice } from '../../../components/pager.tsx';
import { formatNumber, formatShare } from '../../../lib/format.ts';
import { formatCountK, relativeWidth, type CountryTotals } from '../filter.ts';
import '../countries.css';

export interface CountriesData {
  text: string;
  totals: CountryTotals;
  page: PageSlice<CountryEntry>;
}

function CountryCard({ country, totalBusinesses, largest }: { country: CountryEntry; totalBusinesses: number; largest: number }) {
  const share = formatShare(country.businessCount, totalBusinesses);
  return (
    <Link className="card card-link country-card" to={`/countries/${country.slug}`}>
      <div className="card-row">
        <div className="country-card-head">
          <h2 className="card-title">{country.country}</h2>
          <span className="badge">{country.countryCode}</span>
        </div>
        <dl className="country-card-counts">
          <div>
            <dt>Businesses</dt>
            <dd>{formatCountK(country.businessCount)}</dd>
          </div>
          <div>
            <dt>Cities</dt>
            <dd>{formatCountK(country.cityCount)}</dd>
          </div>
          <div>
            <dt>Categories</dt>
            <dd>{formatCountK(country.categoryCount)}</dd>
          </div>
        </dl>
        <p className="country-card-share">
          <strong>{share}</strong> market share
        </p>
      </div>
      <div className="share-bar" aria-hidden="true">
        <span style={{ width: `${relativeWidth(country.businessCount, largest)}%` }} />
      </div>
    </Link>
  );
}

/** /countries: every country with its counts and share of the directory, 12 a page. */
export function CountriesPage() {
  const data = useLoaderData() as CountriesData | LoadFailure;
  const location = useLocation();
  const [searchParams] = useSearchParams();
  useScrollToTopOnPageChange(isLoadFailure(data) ? 0 : data.page.page);
  if (isLoadFailure(data)) {
    return (
      <div className="container">
        <ErrorState title="Unable to load countries" message="There was an error loading the countries. Please try again later.">
          <p className="muted">{data.message}</p>
          <Link className="button" to="/countries">
            Try again
          </Link>
        </ErrorState>
      </div>
    );
  }
  const { totals, page, text } = data;
  const view = viewFromSearch(searchParams);
  const largest = page.items.reduce((max, country) => Math.max(max, country.businessCount), 0);
  return (
    <>
      <header className="browse-header">
        <div className="container">
          <h1>Browse by Country</h1>
          <p>Local businesses around the world, country by country.</p>
          <dl className="stat-tiles">
            <div className="stat-tile">
              <dt>Countries</dt>
              <dd>{formatNumber(totals.countries)}</dd>
            </div>
            <div className="stat-tile">
              <dt>Total businesses</dt>
              <dd>{formatNumber(totals.businesses)}</dd>
            </div>
            <div className="stat-tile">
              <dt>Cities</dt>
              <dd>{formatNumber(totals.cities)}</dd>
            </div>
          </dl>
        </div>
      </header>
      <div className="container">
        <div className="browse-toolbar">
          <FilterBox label="Search countries" placeholder="Search countries..." />
          <ViewToggle view={view} />
        </div>
        <p className="browse-summary" aria-live="polite">
          {page.total > 0 && (
            <>
              Showing <strong>{formatNumber(page.first)}</strong> to <strong>{formatNumber(page.last)}</strong> of{' '}
              <strong>{formatNumber(page.total)}</strong> countries
            </>
          )}
        </p>
        <LoadingNotice text="Loading countries..." />
        {page.items.length === 0 ? (
          <EmptyState title="No countries found">
            <p>{text ? `No country matches “${text}”.` : 'No countries are listed yet.'}</p>
            {text && (
              <Link className="button button-secondary" to="/countries">
                Show all countries
              </Link>
            )}
          </EmptyState>
        ) : (
          <ul className={view === 'list' ? 'card-grid is-list' : 'card-grid'}>
            {page.items.map((country) => (
              <li key={country.slug}>
                <CountryCard country={country} totalBusinesses={totals.businesses} largest={largest} />
              </li>
            ))}
          </ul>
        )}
        <Pager
          page={page.page}
          totalPages={page.totalPages}
          label="Country pages"
          hrefFor={(n) => hrefWith(location.pathname, location.search, { page: n })}
        />
      </div>
    </>
  );
}
