import { useEffect, useState } from 'react';
import { Link } from '../../../components/link.tsx';
import { AdSlot } from '../../../components/ad-slot.tsx';
import { BrowseCards } from '../../../components/browse-cards.tsx';
import { SearchForm } from '../../../components/search-form.tsx';
import { getApiClient } from '../../../lib/api-client.ts';
import '../not-found.css';

const BROWSE_TEXTS = {
  categories: 'Restaurants, plumbers, dentists and more.',
  countries: 'Explore listings country by country.',
  cities: 'Find what is near you, city by city.',
};

/** The operator's ad1 code once the page is interactive ('' until then, or when none is set). */
function useBannerCode(): string {
  const [code, setCode] = useState('');
  useEffect(() => {
    let isCurrent = true;
    getApiClient()
      .advertisementCodes()
      .then((codes) => {
        if (isCurrent) setCode(codes.ad1);
      })
      .catch((error: unknown) => {
        // The spec's rule for ad fetch failures: log them, keep the house banner.
        console.warn('Advertisement codes could not be loaded', error);
      });
    return () => {
      isCurrent = false;
    };
  }, []);
  return code;
}

/** The 300×250 banner: the operator's ad1 code when there is one, otherwise the directory's own banner. */
function Banner() {
  const code = useBannerCode();
  return (
    <div className="not-found-banner">
      {code.trim() !== '' ? (
        <AdSlot code={code} slot="ad1" className="not-found-ad" />
      ) : (
        <aside className="not-found-house-ad" aria-label="Advertisement">
          <span className="not-found-house-ad-tag">Business Directory</span>
          <strong>Own a local business?</strong>
          <p>Get found by customers searching for what you do, in your city.</p>
          <Link to="/contact" className="button">List your business</Link>
        </aside>
      )}
    </div>
  );
}

export function NotFoundPage() {
  return (
    <section className="container not-found" aria-labelledby="not-found-title">
      <div className="not-found-layout">
        <div className="not-found-main">
          <p className="not-found-code" aria-hidden="true">404</p>
          <h1 id="not-found-title">
            <span className="visually-hidden">404 </span>Page Not Found
          </h1>
          <p className="not-found-lead">The page you are looking for does not exist or has moved. Try a search instead:</p>
          <SearchForm label="Search the directory" />
        </div>
        <Banner />
      </div>
      <BrowseCards texts={BROWSE_TEXTS} />
      <Link className="button" to="/">
        <span aria-hidden="true">←</span> Back to Home
      </Link>
    </section>
  );
}
