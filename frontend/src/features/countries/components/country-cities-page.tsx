import { Link } from '../../../components/link.tsx';
import type { CityEntry } from '@directory/backend/shared/api-types.ts';
import { ListPageHeader } from '../../../components/list-page-header.tsx';
import { FilterToolbar } from '../../../components/list-toolbar.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState, isLoadFailure, LoadingNotice } from '../../../components/page-states.tsx';
import { Pager, type PageSlice } from '../../../components/pager.tsx';
import { ShowingRange } from '../../../components/showing-range.tsx';
import { useListData } from '../../../components/use-list-data.ts';
import { usePageHref } from '../../../components/use-page-href.ts';
import { formatNumber, formatShare, pluralize } from '../../../lib/format.ts';
import { relativeWidth } from '../filter.ts';
import '../countries.css';
import { countryCitiesCrumbs } from '../crumbs.ts';

export interface CountryCitiesData {
  country: { country: string; slug: string; countryCode: string; businessCount: number; cityCount: number };
  text: string;
  /** Businesses of the country's biggest city: the full length of the bars. */
  largest: number;
  page: PageSlice<CityEntry>;
}

/** Home › Countries › {country} › Cities. */
/** /countries/{slug}/cities: every city of one country, 12 a page, with a text filter. */
export function CountryCitiesPage() {
  const data = useListData<CountryCitiesData>((loaded) => loaded.page.page);
  const pageHref = usePageHref();
  if (isLoadFailure(data)) {
    return <LoadError title="Unable to load cities" message={data.message} to="/countries" action="Back to countries" />;
  }
  const { country, page, text, largest } = data;
  const code = country.countryCode.toLowerCase();
  return (
    <>
      <ListPageHeader
        crumbs={countryCitiesCrumbs(country)}
        title={`Cities in ${country.country}`}
        lead={`${pluralize(country.cityCount, 'city', 'cities')} with ${pluralize(country.businessCount, 'business', 'businesses')} listed.`}
      />
      <div className="container">
        <FilterToolbar label={`Search cities in ${country.country}`} placeholder="Search cities...">
          <Link to={`/countries/${country.slug}`}>Back to {country.country}</Link>
        </FilterToolbar>
        <ShowingRange range={page} noun={['city', 'cities']} />
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
        <Pager page={page.page} totalPages={page.totalPages} label="City pages" hrefFor={pageHref} />
      </div>
    </>
  );
}
