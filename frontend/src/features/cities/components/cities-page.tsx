import { Link, useLoaderData, useLocation } from 'react-router-dom';
import type { CityEntry } from '@directory/backend/shared/api-types.ts';
import { EmptyState, ErrorState, isLoadFailure, LoadingNotice, type LoadFailure } from '../../../components/page-states.tsx';
import { FilterBox, hrefWith, LetterStrip, Pager, useScrollToTopOnPageChange, type PageSlice } from '../../../components/pager.tsx';
import { formatNumber, formatShare } from '../../../lib/format.ts';
import { cityPath, type CityTotals } from '../filter.ts';
import '../cities.css';

export interface CitiesData {
  letter: string | null;
  text: string;
  totals: CityTotals;
  /** Every business in the directory: the base of each city's market share. */
  allBusinesses: number;
  page: PageSlice<CityEntry>;
}

function CityCard({ city, allBusinesses, largest }: { city: CityEntry; allBusinesses: number; largest: number }) {
  const width = largest > 0 ? Math.max(2, Math.round((city.businessCount / largest) * 100)) : 0;
  return (
    <Link className="card card-link city-card" to={cityPath(city)}>
      <div className="city-card-head">
        <h2 className="card-title">{city.city}</h2>
        <span className="badge" title={city.country}>
          {city.countryCode}
        </span>
      </div>
      <p className="city-card-country">{city.country}</p>
      <dl className="city-card-counts">
        <div>
          <dt>Businesses</dt>
          <dd>{formatNumber(city.businessCount)}</dd>
        </div>
        <div>
          <dt>Categories</dt>
          <dd>{formatNumber(city.categoryCount)}</dd>
        </div>
        <div>
          <dt>Market share</dt>
          <dd>{formatShare(city.businessCount, allBusinesses)}</dd>
        </div>
      </dl>
      <div className="share-bar" aria-hidden="true">
        <span style={{ width: `${width}%` }} />
      </div>
    </Link>
  );
}

const letterHref = (letter: string) => `/cities/${letter}`;

/** /cities and /cities/{letter}: every city, filtered by letter and text, 12 a page. */
export function CitiesPage() {
  const data = useLoaderData() as CitiesData | LoadFailure;
  const location = useLocation();
  useScrollToTopOnPageChange(isLoadFailure(data) ? 0 : data.page.page);
  if (isLoadFailure(data)) {
    return (
      <div className="container">
        <ErrorState title="Unable to load cities" message="There was an error loading the cities. Please try again later.">
          <p className="muted">{data.message}</p>
          <Link className="button" to="/cities">
            Try again
          </Link>
        </ErrorState>
      </div>
    );
  }
  const { letter, totals, page, text, allBusinesses } = data;
  const largest = page.items.reduce((max, city) => Math.max(max, city.businessCount), 0);
  return (
    <>
      <header className="browse-header">
        <div className="container">
          <h1>{letter ? `Cities beginning with ${letter}` : 'Cities Directory'}</h1>
          <p>Find local businesses city by city, all around the world.</p>
          <dl className="stat-tiles">
            <div className="stat-tile">
              <dt>Cities</dt>
              <dd>{formatNumber(totals.cities)}</dd>
            </div>
            <div className="stat-tile">
              <dt>Total Businesses</dt>
              <dd>{formatNumber(totals.businesses)}</dd>
            </div>
            <div className="stat-tile">
              <dt>Avg per City</dt>
              <dd>{formatNumber(totals.averagePerCity)}</dd>
            </div>
          </dl>
        </div>
      </header>
      <div className="container">
        <section className="browse-letters" aria-labelledby="city-letters-title">
          <h2 id="city-letters-title">Browse by Letter</h2>
          <LetterStrip label="Cities by first letter" current={letter} hrefFor={letterHref} />
        </section>
        <div className="browse-toolbar">
          <FilterBox label="Search cities or countries" placeholder="Search cities or countries..." />
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
            <p>{text ? `No city or country matches “${text}”.` : 'There are no cities under this letter yet.'}</p>
            <Link className="button button-secondary" to="/cities">
              Show all cities
            </Link>
          </EmptyState>
        ) : (
          <ul className="card-grid">
            {page.items.map((city) => (
              <li key={`${city.countryCode}-${city.slug}`}>
                <CityCard city={city} allBusinesses={allBusinesses} largest={largest} />
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
        <section className="browse-letters" aria-labelledby="city-letters-bottom-title">
          <h2 id="city-letters-bottom-title">Browse by Letter</h2>
          <LetterStrip label="Cities by first letter, or all" current={letter} hrefFor={letterHref} allHref="/cities" />
        </section>
      </div>
    </>
  );
}
