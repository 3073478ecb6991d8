import { Link } from '../../../components/link.tsx';
import type { CityEntry } from '@directory/backend/shared/api-types.ts';
import { ListPageHeader } from '../../../components/list-page-header.tsx';
import { FilterToolbar, LetterSection } from '../../../components/list-toolbar.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState, isLoadFailure, LoadingNotice } from '../../../components/page-states.tsx';
import { Pager, type PageSlice } from '../../../components/pager.tsx';
import { ShowingRange } from '../../../components/showing-range.tsx';
import { useListData } from '../../../components/use-list-data.ts';
import { usePageHref } from '../../../components/use-page-href.ts';
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
  const data = useListData<CitiesData>((loaded) => loaded.page.page);
  const pageHref = usePageHref();
  if (isLoadFailure(data)) {
    return (
      <LoadError
        title="Unable to load cities"
        message="There was an error loading the cities. Please try again later."
        detail={data.message}
        to="/cities"
        action="Try again"
      />
    );
  }
  const { letter, totals, page, text, allBusinesses } = data;
  const largest = page.items.reduce((max, city) => Math.max(max, city.businessCount), 0);
  return (
    <>
      <ListPageHeader
        title={letter ? `Cities beginning with ${letter}` : 'Cities Directory'}
        lead="Find local businesses city by city, all around the world."
        tiles={[
          { label: 'Cities', value: totals.cities },
          { label: 'Total Businesses', value: totals.businesses },
          { label: 'Avg per City', value: totals.averagePerCity },
        ]}
      />
      <div className="container">
        <LetterSection titleId="city-letters-title" label="Cities by first letter" current={letter} hrefFor={letterHref} />
        <FilterToolbar label="Search cities or countries" placeholder="Search cities or countries..." />
        <ShowingRange range={page} noun={['city', 'cities']} />
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
        <Pager page={page.page} totalPages={page.totalPages} label="City pages" hrefFor={pageHref} />
        <LetterSection titleId="city-letters-bottom-title" label="Cities by first letter, or all" current={letter} hrefFor={letterHref} allHref="/cities" />
      </div>
    </>
  );
}
