import { useLoaderData } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import type { FeaturedBusiness, HomepageData } from '@directory/backend/shared/api-types.ts';
import { SearchForm } from '../../../components/search-form.tsx';
import { formatCompact, formatNumber, formatRoundedPlus } from '../../../lib/format.ts';
import { AnimatedCounter } from './animated-counter.tsx';
import { FeaturedCard } from './featured-card.tsx';
import '../home.css';

export interface HomeData {
  homepage: HomepageData;
  featured: FeaturedBusiness[];
}

export const HOME_LIST_SIZE = 12;

function Icon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={path} />
    </svg>
  );
}

const MAP_ICON = 'M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2zm0 0v14m6-12v14';
const SEARCH_ICON = 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-3.5-3.5';
const SHIELD_ICON = 'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3zm-3.5 9 2.5 2.5 4.5-5';

export function HomePage() {
  const { homepage, featured } = useLoaderData() as HomeData;
  const { totals } = homepage;
  const categories = homepage.popularSearches.slice(0, HOME_LIST_SIZE);
  const cities = homepage.topCities.slice(0, HOME_LIST_SIZE);
  const countries = homepage.topCountries.slice(0, HOME_LIST_SIZE);

  return (
    <>
      <section className="hero home-hero" aria-labelledby="home-title">
        <div className="container home-hero-inner">
          <p className="home-eyebrow">The worldwide local business directory</p>
          <h1 id="home-title">Find trusted local businesses anywhere in the world</h1>
          <p className="home-lead">
            Search {formatRoundedPlus(totals.businesses)} businesses in {formatRoundedPlus(totals.cities)} cities and{' '}
            {formatRoundedPlus(totals.countries)} countries, with ratings, opening hours, phone numbers and directions.
          </p>
          <SearchForm
            variant="hero"
            label="Search the directory"
            isWhatRequired={false}
          />
          <dl className="home-counters">
            <AnimatedCounter value={totals.businesses} format={formatCompact} label="Businesses" />
            <AnimatedCounter value={totals.countries} format={formatCompact} label="Countries" />
            <AnimatedCounter value={totals.cities} format={formatCompact} label="Cities" />
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="featured-title">
        <div className="container">
          <div className="section-header">
            <div>
              <h2 id="featured-title">Featured Businesses</h2>
              <p className="muted home-section-lead">Highly rated places that visitors look up most.</p>
            </div>
            <Link to="/businesses" className="button button-secondary">View All Businesses <span aria-hidden="true">→</span></Link>
          </div>
          {featured.length > 0 ? (
            <ul className="featured-grid">
              {featured.slice(0, HOME_LIST_SIZE).map((business) => (
                <FeaturedCard key={business.id} business={business} />
              ))}
            </ul>
          ) : (
            <p className="muted">No featured businesses yet.</p>
          )}
        </div>
      </section>

      <section className="home-band section" aria-labelledby="categories-title">
        <div className="container">
          <div className="section-header">
            <h2 id="categories-title">Popular Categories</h2>
            <Link to="/categories">All {formatNumber(totals.categories)} categories <span aria-hidden="true">→</span></Link>
          </div>
          <ul className="home-chip-grid">
            {categories.map((entry) => (
              <li key={entry.slug}>
                <Link to={`/categories/${entry.slug}`} className="home-tile">
                  <span className="home-tile-initial" aria-hidden="true">{entry.category.charAt(0).toUpperCase()}</span>
                  <span className="home-tile-text">
                    <span className="home-tile-name">{entry.category}</span>
                    <span className="home-tile-count">{formatNumber(entry.count)} businesses</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="container home-places">
        <section className="section" aria-labelledby="cities-title">
          <div className="section-header">
            <h2 id="cities-title">Top Cities</h2>
            <Link to="/cities">All cities <span aria-hidden="true">→</span></Link>
          </div>
          <ul className="home-place-list">
            {cities.map((entry) => (
              <li key={`${entry.countryCode}-${entry.slug}`}>
                <Link to={`/cities/${entry.countryCode.toLowerCase()}/${entry.slug}`} className="home-place">
                  <span className="home-place-name">{entry.city}</span>
                  <span className="home-place-code">{entry.countryCode}</span>
                  <span className="home-place-count">{formatNumber(entry.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section className="section" aria-labelledby="countries-title">
          <div className="section-header">
            <h2 id="countries-title">Countries</h2>
            <Link to="/countries">All countries <span aria-hidden="true">→</span></Link>
          </div>
          <ul className="home-place-list">
            {countries.map((entry) => (
              <li key={entry.slug}>
                <Link to={`/countries/${entry.slug}`} className="home-place">
                  <span className="home-place-name">{entry.country}</span>
                  <span className="home-place-code">{entry.countryCode}</span>
                  <span className="home-place-count">{formatNumber(entry.businessCount)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section className="home-why section" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title" className="home-why-title">Why choose us</h2>
          <p className="home-why-lead">
            {formatRoundedPlus(totals.businesses)} listings, {formatRoundedPlus(totals.categories)} categories and{' '}
            {formatRoundedPlus(totals.countries)} countries in one place, kept up to date.
          </p>
          <ul className="home-why-grid">
            <li className="home-why-card">
              <span className="home-why-icon"><Icon path={MAP_ICON} /></span>
              <h3>Interactive maps</h3>
              <p>See exactly where each business is on a map and get directions in one click.</p>
            </li>
            <li className="home-why-card">
              <span className="home-why-icon"><Icon path={SEARCH_ICON} /></span>
              <h3>Advanced search</h3>
              <p>Search by what you need and where you are, then narrow down by category, city, rating or open now.</p>
            </li>
            <li className="home-why-card">
              <span className="home-why-icon"><Icon path={SHIELD_ICON} /></span>
              <h3>Verified information</h3>
              <p>Addresses, phone numbers, ratings and opening hours, with verified businesses clearly marked.</p>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
