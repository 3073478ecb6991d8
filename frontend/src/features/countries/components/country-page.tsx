import { Link, useLoaderData, useLocation } from 'react-router-dom';
import type { CountryPageData } from '@directory/backend/shared/api-types.ts';
import { Breadcrumbs, type Crumb } from '../../../components/breadcrumbs.tsx';
import { EmptyState, ErrorState, isLoadFailure, type LoadFailure } from '../../../components/page-states.tsx';
import { hrefWith, Pager, type PageSlice } from '../../../components/pager.tsx';
import { formatNumber, pluralize } from '../../../lib/format.ts';
import { COUNTRY_TOP_CITIES } from '../filter.ts';
import '../countries.css';

export interface CountryData {
  country: CountryPageData;
  categories: PageSlice<CountryPageData['topCategories'][number]>;
}

/** Home › Countries › {country}. */
export const countryCrumbs = (country: { country: string; slug: string }): Crumb[] => [
  { label: 'Home', path: '/' },
  { label: 'Countries', path: '/countries' },
  { label: country.country, path: `/countries/${country.slug}` },
];

/** /countries/{slug}: a country's counts, its top 20 cities and its categories 20 a page. */
export function CountryPage() {
  const data = useLoaderData() as CountryData | LoadFailure;
  const location = useLocation();
  if (isLoadFailure(data)) {
    return (
      <div className="container">
        <ErrorState title="Error loading country" message={data.message}>
          <Link className="button" to="/countries">
            Back to countries
          </Link>
        </ErrorState>
      </div>
    );
  }
  const { country, categories } = data;
  const code = country.countryCode.toLowerCase();
  return (
    <>
      <header className="browse-header">
        <div className="container">
          <Breadcrumbs items={countryCrumbs(country)} />
          <h1>
            {country.country} <span className="country-code">{country.countryCode}</span>
          </h1>
          <p>
            {pluralize(country.businessCount, 'business', 'businesses')} in {pluralize(country.cityCount, 'city', 'cities')} and{' '}
            {pluralize(country.categoryCount, 'category', 'categories')}.
          </p>
          <dl className="stat-tiles">
            <div className="stat-tile">
              <dt>Businesses</dt>
              <dd>{formatNumber(country.businessCount)}</dd>
            </div>
            <div className="stat-tile">
              <dt>Cities</dt>
              <dd>{formatNumber(country.cityCount)}</dd>
            </div>
            <div className="stat-tile">
              <dt>Categories</dt>
              <dd>{formatNumber(country.categoryCount)}</dd>
            </div>
          </dl>
        </div>
      </header>
      <div className="container">
        <section className="section" aria-labelledby="country-cities-title">
          <div className="section-header">
            <h2 id="country-cities-title" className="browse-section-title">
              Top cities in {country.country}
            </h2>
            {country.cityCount > COUNTRY_TOP_CITIES && (
              <Link className="button button-secondary" to={`/countries/${country.slug}/cities`}>
                View All {formatNumber(country.cityCount)} Cities
              </Link>
            )}
          </div>
          {country.topCities.length === 0 ? (
            <EmptyState title="No cities found" />
          ) : (
            <ol className="chip-grid">
              {country.topCities.map((city) => (
                <li key={city.slug}>
                  <Link className="chip" to={`/cities/${code}/${city.slug}`}>
                    <span className="chip-name">{city.city}</span>
                    <span className="chip-count">{formatNumber(city.count)}</span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="country-categories-title">
          <h2 id="country-categories-title" className="browse-section-title">
            Popular categories in {country.country}
          </h2>
          {categories.total > 0 && (
            <p className="browse-summary">
              Showing <strong>{formatNumber(categories.first)}</strong> to <strong>{formatNumber(categories.last)}</strong> of{' '}
              <strong>{formatNumber(categories.total)}</strong> categories
            </p>
          )}
          {categories.items.length === 0 ? (
            <EmptyState title="No categories found" />
          ) : (
            <ol className="chip-grid">
              {categories.items.map((category) => (
                <li key={category.slug}>
                  <Link className="chip" to={`/categories/${category.slug}`}>
                    <span className="chip-name">{category.category}</span>
                    <span className="chip-count">{formatNumber(category.count)}</span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
          <Pager
            page={categories.page}
            totalPages={categories.totalPages}
            label="Category pages"
            hrefFor={(n) => hrefWith(location.pathname, location.search, { page: n })}
          />
        </section>
      </div>
    </>
  );
}
