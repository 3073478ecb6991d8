import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import type { CountryEntry } from '@directory/backend/shared/api-types.ts';
import { ListPageHeader } from '../../../components/list-page-header.tsx';
import { FilterToolbar } from '../../../components/list-toolbar.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState, isLoadFailure, LoadingNotice } from '../../../components/page-states.tsx';
import { Pager, viewFromSearch, ViewToggle, type PageSlice } from '../../../components/pager.tsx';
import { ShowingRange } from '../../../components/showing-range.tsx';
import { useListData } from '../../../components/use-list-data.ts';
import { usePageHref } from '../../../components/use-page-href.ts';
import { formatCompact, formatShare } from '../../../lib/format.ts';
import { relativeWidth, type CountryTotals } from '../filter.ts';
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
            <dd>{formatCompact(country.businessCount)}</dd>
          </div>
          <div>
            <dt>Cities</dt>
            <dd>{formatCompact(country.cityCount)}</dd>
          </div>
          <div>
            <dt>Categories</dt>
            <dd>{formatCompact(country.categoryCount)}</dd>
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
  const data = useListData<CountriesData>((loaded) => loaded.page.page);
  const [searchParams] = useSearchParams();
  const pageHref = usePageHref();
  if (isLoadFailure(data)) {
    return (
      <LoadError
        title="Unable to load countries"
        message="There was an error loading the countries. Please try again later."
        detail={data.message}
        to="/countries"
        action="Try again"
      />
    );
  }
  const { totals, page, text } = data;
  const view = viewFromSearch(searchParams);
  const largest = page.items.reduce((max, country) => Math.max(max, country.businessCount), 0);
  return (
    <>
      <ListPageHeader
        title="Browse by Country"
        lead="Local businesses around the world, country by country."
        tiles={[
          { label: 'Countries', value: totals.countries },
          { label: 'Total businesses', value: totals.businesses },
          { label: 'Cities', value: totals.cities },
        ]}
      />
      <div className="container">
        <FilterToolbar label="Search countries" placeholder="Search countries...">
          <ViewToggle view={view} />
        </FilterToolbar>
        <ShowingRange range={page} noun={['country', 'countries']} />
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
        <Pager page={page.page} totalPages={page.totalPages} label="Country pages" hrefFor={pageHref} />
      </div>
    </>
  );
}
