import type { CategoryPageData } from '@directory/backend/shared/api-types.ts';
import { BusinessCardSection } from '../../../components/business-card-section.tsx';
import { ListPageHeader } from '../../../components/list-page-header.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { isLoadFailure } from '../../../components/page-states.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { TopListSidebar } from '../../../components/top-list-sidebar.tsx';
import { useListData } from '../../../components/use-list-data.ts';
import { pluralize } from '../../../lib/format.ts';
import { formatAverageRating } from '../filter.ts';
import '../categories.css';
import { categoryCrumbs } from '../crumbs.ts';

export interface CategoryData {
  category: CategoryPageData;
}

/** Home › Categories › {category}. */
/** /categories/{slug}: one category, its businesses 12 a page and its top countries. */
export function CategoryPage() {
  const data = useListData<CategoryData>((loaded) => loaded.category.currentPage);
  if (isLoadFailure(data)) {
    return <LoadError title="Error loading category" message={data.message} to="/categories" action="Back to categories" />;
  }
  const { category } = data;
  const rating = formatAverageRating(category.averageRating);
  return (
    <>
      <ListPageHeader
        crumbs={categoryCrumbs(category)}
        title={category.category}
        lead={`${pluralize(category.businessCount, 'business', 'businesses')} in ${pluralize(category.countryCount, 'country', 'countries')}`}
        tiles={[
          { label: 'Businesses', value: category.businessCount },
          { label: 'Countries', value: category.countryCount },
          {
            label: 'Average rating',
            className: 'category-rating-tile',
            value: rating ? (
              <>
                <span className="category-rating-value">{rating}</span>
                <StarRating rating={category.averageRating} size="sm" />
              </>
            ) : (
              '–'
            ),
          },
        ]}
      />
      <div className="container browse-layout">
        <TopListSidebar
          titleId="category-countries-title"
          title="Top countries"
          items={category.topCountries.map((country) => ({ name: country.country, to: `/countries/${country.slug}`, count: country.count }))}
          emptyText="No countries yet."
        />
        <BusinessCardSection
          titleId="category-businesses-title"
          title={`${category.category} businesses`}
          list={category}
          emptyTitle="No businesses found in this category."
          firstPageHref={`/categories/${category.slug}`}
          gridClassName="business-card-grid"
          pagerLabel={`${category.category} pages`}
        />
      </div>
    </>
  );
}
