import { useLoaderData } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import type { CountryPageData } from '@directory/backend/shared/api-types.ts';
import { ListPageHeader } from '../../../components/list-page-header.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState, isLoadFailure, type LoadFailure } from '../../../components/page-states.tsx';
import { Pager, type PageSlice } from '../../../components/pager.tsx';
import { ShowingRangeText } from '../../../components/showing-range.tsx';
import { usePageHref } from '../../../components/use-page-href.ts';
import { formatNumber, pluralize } from '../../../lib/format.ts';
import { COUNTRY_TOP_CITIES } from '../filter.ts';
import '../countries.css';
import { countryCrumbs } from '../crumbs.ts';

export interface CountryData {
  country: CountryPageData;
  categories: PageSlice<CountryPageData['topCategories'][number]>;
}

/** Home › Countries › {country}. */
/** /countries/{slug}: a country's counts, its top 20 cities and its categories 20 a page. */
export function CountryPage() {
  const data = useLoaderData() as CountryData | LoadFailure;
  const pageHref = usePageHref();
  if (isLoadFailure(data)) {
    return <LoadError title="Error loading country" message={data.message} to="/countries" action="Back to countries" />;
  }
  const { country, categories } = data;
  const code = country.countryCode.toLowerCase();
  return (
    <>
      <ListPageHeader
        crumbs={countryCrumbs(country)}
        title={
          <>
            {country.country} <span className="country-code">{country.countryCode}</span>
          </>
        }
        lead={`${pluralize(country.businessCount, 'business', 'businesses')} in ${pluralize(country.cityCount, 'city', 'cities')} and ${pluralize(country.categoryCount, 'category', 'categories')}.`}
        tiles={[
          { label: 'Businesses', value: country.businessCount },
          { label: 'Cities', value: country.cityCount },
          { label: 'Categories', value: country.categoryCount },
        ]}
      />
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
              <ShowingRangeText range={categories} noun={['category', 'categories']} />
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
          <Pager page={categories.page} totalPages={categories.totalPages} label="Category pages" hrefFor={pageHref} />
        </section>
      </div>
    </>
  );
}
