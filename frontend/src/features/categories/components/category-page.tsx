import { Link, useLoaderData, useLocation } from 'react-router-dom';
import type { CategoryPageData } from '@directory/backend/shared/api-types.ts';
import { Breadcrumbs, type Crumb } from '../../../components/breadcrumbs.tsx';
import { BusinessCard } from '../../../components/business-card.tsx';
import { EmptyState, ErrorState, isLoadFailure, LoadingNotice, type LoadFailure } from '../../../components/page-states.tsx';
import { hrefWith, Pager, useScrollToTopOnPageChange } from '../../../components/pager.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { formatNumber, pluralize } from '../../../lib/format.ts';
import { formatAverageRating } from '../filter.ts';
import '../categories.css';

export interface CategoryData {
  category: CategoryPageData;
}

/** Home › Categories › {category}. */
export const categoryCrumbs = (category: { category: string; slug: string }): Crumb[] => [
  { label: 'Home', path: '/' },
  { label: 'Categories', path: '/categories' },
  { label: category.category, path: `/categories/${category.slug}` },
];

/** /categories/{slug}: one category, its businesses 12 a page and its top countries. */
export function CategoryPage() {
  const data = useLoaderData() as CategoryData | LoadFailure;
  const location = useLocation();
  useScrollToTopOnPageChange(isLoadFailure(data) ? 0 : data.category.currentPage);
  if (isLoadFailure(data)) {
    return (
      <div className="container">
        <ErrorState title="Error loading category" message={data.message}>
          <Link className="button" to="/categories">
            Back to categories
          </Link>
        </ErrorState>
      </div>
    );
  }
  const { category } = data;
  const first = (category.currentPage - 1) * category.limit + 1;
  const last = first + category.businesses.length - 1;
  const rating = formatAverageRating(category.averageRating);
  return (
    <>
      <header className="browse-header">
        <div className="container">
          <Breadcrumbs items={categoryCrumbs(category)} />
          <h1>{category.category}</h1>
          <p>
            {pluralize(category.businessCount, 'business', 'businesses')} in {pluralize(category.countryCount, 'country', 'countries')}
          </p>
          <dl className="stat-tiles">
            <div className="stat-tile">
              <dt>Businesses</dt>
              <dd>{formatNumber(category.businessCount)}</dd>
            </div>
            <div className="stat-tile">
              <dt>Countries</dt>
              <dd>{formatNumber(category.countryCount)}</dd>
            </div>
            <div className="stat-tile">
              <dt>Average rating</dt>
              <dd className="category-rating-tile">
                {rating ? (
                  <>
                    <span className="category-rating-value">{rating}</span>
                    <StarRating rating={category.averageRating} size="sm" />
                  </>
                ) : (
                  '–'
                )}
              </dd>
            </div>
          </dl>
        </div>
      </header>
      <div className="container browse-layout">
        <aside className="card browse-sidebar" aria-labelledby="category-countries-title">
          <h2 id="category-countries-title">Top countries</h2>
          {category.topCountries.length ? (
            <ol>
              {category.topCountries.map((country) => (
                <li key={country.slug}>
                  <Link to={`/countries/${country.slug}`}>
                    <span>{country.country}</span>
                    <span className="count">{formatNumber(country.count)}</span>
                  </Link>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">No countries yet.</p>
          )}
        </aside>
        <section aria-labelledby="category-businesses-title">
          <h2 id="category-businesses-title" className="browse-section-title">
            {category.category} businesses
          </h2>
          <p className="browse-summary">
            {category.businesses.length > 0 && (
              <>
                Showing{' '}
                <strong>
                  {formatNumber(first)} - {formatNumber(last)}
                </strong>{' '}
                of <strong>{formatNumber(category.businessCount)}</strong> businesses
              </>
            )}
          </p>
          <LoadingNotice text="Loading businesses..." />
          {category.businesses.length === 0 ? (
            <EmptyState title="No businesses found in this category.">
              {category.currentPage > 1 && (
                <Link className="button button-secondary" to={`/categories/${category.slug}`}>
                  Go to page 1
                </Link>
              )}
            </EmptyState>
          ) : (
            <ul className="card-grid business-card-grid">
              {category.businesses.map((business) => (
                <li key={business.id}>
                  <BusinessCard business={business} />
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={category.currentPage}
            totalPages={category.totalPages}
            label={`${category.category} pages`}
            hrefFor={(n) => hrefWith(location.pathname, location.search, { page: n })}
          />
        </section>
      </div>
    </>
  );
}
