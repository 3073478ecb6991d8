import { Link, useLoaderData, useLocation } from 'react-router-dom';
import type { CityPageData } from '@directory/backend/shared/api-types.ts';
import { Breadcrumbs, type Crumb } from '../../../components/breadcrumbs.tsx';
import { BusinessCard } from '../../../components/business-card.tsx';
import { EmptyState, ErrorState, isLoadFailure, LoadingNotice, type LoadFailure } from '../../../components/page-states.tsx';
import { hrefWith, Pager, useScrollToTopOnPageChange } from '../../../components/pager.tsx';
import { formatNumber, pluralize } from '../../../lib/format.ts';
import { cityPath } from '../filter.ts';
import '../cities.css';

export interface CityData {
  city: CityPageData;
}

/** Home › Cities › {country} › {city}; the country step goes by its code (the country page answers it). */
export const cityCrumbs = (city: { city: string; slug: string; country: string; countryCode: string }): Crumb[] => [
  { label: 'Home', path: '/' },
  { label: 'Cities', path: '/cities' },
  { label: city.country, path: `/countries/${city.countryCode.toLowerCase()}` },
  { label: city.city, path: cityPath(city) },
];

/** /cities/{countryCode}/{citySlug}: one city, its businesses 12 a page and its top categories. */
export function CityPage() {
  const data = useLoaderData() as CityData | LoadFailure;
  const location = useLocation();
  useScrollToTopOnPageChange(isLoadFailure(data) ? 0 : data.city.currentPage);
  if (isLoadFailure(data)) {
    return (
      <div className="container">
        <ErrorState title="Error loading city" message={data.message}>
          <Link className="button" to="/cities">
            Back to cities
          </Link>
        </ErrorState>
      </div>
    );
  }
  const { city } = data;
  const first = (city.currentPage - 1) * city.limit + 1;
  const last = first + city.businesses.length - 1;
  return (
    <>
      <header className="browse-header">
        <div className="container">
          <Breadcrumbs items={cityCrumbs(city)} />
          <h1>Businesses in {city.city}</h1>
          <p>
            {pluralize(city.businessCount, 'business', 'businesses')} in {pluralize(city.categoryCount, 'category', 'categories')},{' '}
            {city.city}, {city.country}.
          </p>
          <dl className="stat-tiles">
            <div className="stat-tile">
              <dt>Total businesses</dt>
              <dd>{formatNumber(city.businessCount)}</dd>
            </div>
            <div className="stat-tile">
              <dt>Categories</dt>
              <dd>{formatNumber(city.categoryCount)}</dd>
            </div>
            <div className="stat-tile">
              <dt>Country</dt>
              <dd className="city-country-tile">{city.country}</dd>
            </div>
          </dl>
        </div>
      </header>
      <div className="container browse-layout">
        <aside className="card browse-sidebar" aria-labelledby="city-categories-title">
          <h2 id="city-categories-title">Top categories</h2>
          {city.topCategories.length ? (
            <ol>
              {city.topCategories.map((category) => (
                <li key={category.slug}>
                  <Link to={`/categories/${category.slug}`}>
                    <span>{category.category}</span>
                    <span className="count">{formatNumber(category.count)}</span>
                  </Link>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">No categories yet.</p>
          )}
        </aside>
        <section aria-labelledby="city-businesses-title">
          <h2 id="city-businesses-title" className="browse-section-title">
            Businesses in {city.city}
          </h2>
          <p className="browse-summary">
            {city.businesses.length > 0 && (
              <>
                Showing{' '}
                <strong>
                  {formatNumber(first)} - {formatNumber(last)}
                </strong>{' '}
                of <strong>{formatNumber(city.businessCount)}</strong> businesses
              </>
            )}
          </p>
          <LoadingNotice text="Loading businesses..." />
          {city.businesses.length === 0 ? (
            <EmptyState title="No businesses found in this city.">
              {city.currentPage > 1 && (
                <Link className="button button-secondary" to={cityPath(city)}>
                  Go to page 1
                </Link>
              )}
            </EmptyState>
          ) : (
            <ul className="card-grid city-business-grid">
              {city.businesses.map((business) => (
                <li key={business.id}>
                  <BusinessCard business={business} />
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={city.currentPage}
            totalPages={city.totalPages}
            label={`Businesses in ${city.city}, pages`}
            hrefFor={(n) => hrefWith(location.pathname, location.search, { page: n })}
          />
        </section>
      </div>
    </>
  );
}
