import { Link, useLoaderData, useLocation, useSearchParams } from 'react-router-dom';
import type { CategoryEntry } from '@directory/backend/shared/api-types.ts';
import { EmptyState, ErrorState, isLoadFailure, LoadingNotice, type LoadFailure } from '../../../components/page-states.tsx';
import {
  FilterBox,
  hrefWith,
  LetterStrip,
  Pager,
  useScrollToTopOnPageChange,
  viewFromSearch,
  ViewToggle,
  type PageSlice,
} from '../../../components/pager.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { formatNumber, formatShare, pluralize } from '../../../lib/format.ts';
import { formatAverageRating, type CategoryTotals } from '../filter.ts';
import '../categories.css';

export interface CategoriesData {
  letter: string | null;
  text: string;
  totals: CategoryTotals;
  /** Every business in the directory: the base of each category's share. */
  allBusinesses: number;
  page: PageSlice<CategoryEntry>;
}

function CategoryCard({ category, allBusinesses }: { category: CategoryEntry; allBusinesses: number }) {
  const rating = formatAverageRating(category.averageRating);
  return (
    <Link className="card card-link category-card" to={`/categories/${category.slug}`}>
      <div className="card-row">
        <div>
          <h2 className="card-title">{category.category}</h2>
          <p className="category-card-count">
            <strong>{formatNumber(category.count)}</strong> {category.count === 1 ? 'business' : 'businesses'}
            <span className="muted"> · {pluralize(category.countryCount, 'country', 'countries')}</span>
          </p>
        </div>
        <div className="card-facts">
          <span>
            <strong>{formatShare(category.count, allBusinesses)}</strong> of all businesses
          </span>
          <span className="category-card-rating">
            {rating ? (
              <>
                <StarRating rating={category.averageRating} size="sm" />
                <strong>{rating}</strong>
                <span className="visually-hidden"> average rating</span>
              </>
            ) : (
              'No ratings yet'
            )}
          </span>
        </div>
      </div>
    </Link>
  );
}

/** /categories and /categories?letter=X: every category, filtered by letter and text, 12 a page. */
export function CategoriesPage() {
  const data = useLoaderData() as CategoriesData | LoadFailure;
  const location = useLocation();
  const [searchParams] = useSearchParams();
  useScrollToTopOnPageChange(isLoadFailure(data) ? 0 : data.page.page);
  if (isLoadFailure(data)) {
    return (
      <div className="container">
        <ErrorState title="Unable to load categories" message="There was an error loading the categories. Please try again later.">
          <p className="muted">{data.message}</p>
          <Link className="button" to="/categories">
            Try again
          </Link>
        </ErrorState>
      </div>
    );
  }
  const { letter, totals, page, allBusinesses, text } = data;
  const view = viewFromSearch(searchParams);
  const keep = (changes: Record<string, string | number | null>) => hrefWith(location.pathname, location.search, changes);
  return (
    <>
      <header className="browse-header">
        <div className="container">
          <h1>{letter ? `Keywords beginning with ${letter}` : 'Business Categories'}</h1>
          <p>Find local businesses by what they do: pick a category to see every business listed under it.</p>
          <dl className="stat-tiles">
            <div className="stat-tile">
              <dt>Total categories</dt>
              <dd>{formatNumber(totals.categories)}</dd>
            </div>
            <div className="stat-tile">
              <dt>Total businesses</dt>
              <dd>{formatNumber(totals.businesses)}</dd>
            </div>
            <div className="stat-tile">
              <dt>Average per category</dt>
              <dd>{formatNumber(totals.averagePerCategory)}</dd>
            </div>
          </dl>
        </div>
      </header>
      <div className="container">
        <section className="browse-letters" aria-labelledby="category-letters-title">
          <h2 id="category-letters-title">Browse by Letter</h2>
          <LetterStrip
            label="Categories by first letter"
            current={letter}
            allHref={hrefWith('/categories', '', { view: view === 'list' ? 'list' : null })}
            hrefFor={(l) => hrefWith('/categories', '', { letter: l, view: view === 'list' ? 'list' : null })}
          />
        </section>
        <div className="browse-toolbar">
          <FilterBox label="Search categories" placeholder="Search categories..." />
          <ViewToggle view={view} />
        </div>
        <p className="browse-summary" aria-live="polite">
          {page.total > 0 ? (
            <>
              Showing <strong>{formatNumber(page.first)}</strong> to <strong>{formatNumber(page.last)}</strong> of{' '}
              <strong>{formatNumber(page.total)}</strong> categories
            </>
          ) : null}
        </p>
        <LoadingNotice text="Loading categories..." />
        {page.items.length === 0 ? (
          <EmptyState title="No categories found">
            <p>{text ? `No category name contains “${text}”.` : 'There are no categories under this letter yet.'}</p>
            <Link className="button button-secondary" to="/categories">
              Show all categories
            </Link>
          </EmptyState>
        ) : (
          <ul className={view === 'list' ? 'card-grid is-list' : 'card-grid'}>
            {page.items.map((category) => (
              <li key={category.slug}>
                <CategoryCard category={category} allBusinesses={allBusinesses} />
              </li>
            ))}
          </ul>
        )}
        <Pager page={page.page} totalPages={page.totalPages} label="Category pages" hrefFor={(n) => keep({ page: n })} />
      </div>
    </>
  );
}
