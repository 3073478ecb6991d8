import type { CityPageData } from '@directory/backend/shared/api-types.ts';
import { BusinessCardSection } from '../../../components/business-card-section.tsx';
import { ListPageHeader } from '../../../components/list-page-header.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { isLoadFailure } from '../../../components/page-states.tsx';
import { TopListSidebar } from '../../../components/top-list-sidebar.tsx';
import { useListData } from '../../../components/use-list-data.ts';
import { pluralize } from '../../../lib/format.ts';
import { cityPath } from '../filter.ts';
import '../cities.css';
import { cityCrumbs } from '../crumbs.ts';

export interface CityData {
  city: CityPageData;
}

/** Home › Cities › {country} › {city}; the country step goes by its code (the country page answers it). */
/** /cities/{countryCode}/{citySlug}: one city, its businesses 12 a page and its top categories. */
export function CityPage() {
  const data = useListData<CityData>((loaded) => loaded.city.currentPage);
  if (isLoadFailure(data)) {
    return <LoadError title="Error loading city" message={data.message} to="/cities" action="Back to cities" />;
  }
  const { city } = data;
  return (
    <>
      <ListPageHeader
        crumbs={cityCrumbs(city)}
        title={`Businesses in ${city.city}`}
        lead={`${pluralize(city.businessCount, 'business', 'businesses')} in ${pluralize(city.categoryCount, 'category', 'categories')}, ${city.city}, ${city.country}.`}
        tiles={[
          { label: 'Total businesses', value: city.businessCount },
          { label: 'Categories', value: city.categoryCount },
          { label: 'Country', value: city.country, className: 'city-country-tile' },
        ]}
      />
      <div className="container browse-layout">
        <TopListSidebar
          titleId="city-categories-title"
          title="Top categories"
          items={city.topCategories.map((category) => ({ name: category.category, to: `/categories/${category.slug}`, count: category.count }))}
          emptyText="No categories yet."
        />
        <BusinessCardSection
          titleId="city-businesses-title"
          title={`Businesses in ${city.city}`}
          list={city}
          emptyTitle="No businesses found in this city."
          firstPageHref={cityPath(city)}
          gridClassName="city-business-grid"
          pagerLabel={`Businesses in ${city.city}, pages`}
        />
      </div>
    </>
  );
}
