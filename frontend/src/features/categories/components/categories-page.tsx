import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import type { CategoryEntry } from '@directory/backend/shared/api-types.ts';
import { ListPageHeader } from '../../../components/list-page-header.tsx';
import { FilterToolbar, LetterSection } from '../../../components/list-toolbar.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState, isLoadFailure, LoadingNotice } from '../../../components/page-states.tsx';
import { hrefWith, Pager, viewFromSearch, ViewToggle, type PageSlice } from '../../../components/pager.tsx';
import { ShowingRange } from '../../../components/showing-range.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { useListData } from '../../../components/use-list-data.ts';
import { usePageHref } from '../../../components/use-page-href.ts';
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
  const data = useListData<CategoriesData>((loaded) => loaded.page.page);
  const [searchParams] = useSearchParams();
  const pageHref = usePageHref();
  if (isLoadFailure(data)) {
    return (
      <LoadError
        title="Unable to load categories"
        message="There was an error loading the categories. Please try again later."
        detail={data.message}
        to="/categories"
        action="Try again"
      />
    );
  }
  const { letter, totals, page, allBusinesses, text } = data;
  const view = viewFromSearch(searchParams);
  return (
    <>
      <ListPageHeader
        title={letter ? `Keywords beginning with ${letter}` : 'Business Categories'}
        lead="Find local businesses by what they do: pick a category to see every business listed under it."
        tiles={[
          { label: 'Total categories', value: totals.categories },
          { label: 'Total businesses', value: totals.businesses },
          { label: 'Average per category', value: totals.averagePerCategory },
        ]}
      />
      <div className="container">
        <LetterSection
          titleId="category-letters-title"
          label="Categories by first letter"
          current={letter}
          allHref={hrefWith('/categories', '', { view: view === 'list' ? 'list' : null })}
          hrefFor={(l) => hrefWith('/categories', '', { letter: l, view: view === 'list' ? 'list' : null })}
        />
        <FilterToolbar label="Search categories" placeholder="Search categories...">
          <ViewToggle view={view} />
        </FilterToolbar>
        <ShowingRange range={page} noun={['category', 'categories']} />
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
        <Pager page={page.page} totalPages={page.totalPages} label="Category pages" hrefFor={pageHref} />
      </div>
    </>
  );
}
