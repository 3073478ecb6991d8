import { useEffect, useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import { AdSlot } from '../../../components/ad-slot.tsx';
import { Photo } from '../../../components/photo.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { TemporarilyClosedBadge } from '../../../components/temporarily-closed-badge.tsx';
import { formatNumber, pluralize, telHref } from '../../../lib/format.ts';
import { getAboutText, getAmenities, getCityName, getDirectionsUrl } from '../business-content.ts';
import { describeNextChange, isOpenAt, weekDayAt } from '../hours.ts';
import { getInvalidCoordinatesWarning, hasValidCoordinates } from '../map-config.ts';
import type { BusinessPageData } from '../route.tsx';
import { BusinessMap } from './business-map.tsx';
import { NearbyBusinessesSection } from './nearby-businesses.tsx';
import { hasOpeningHours, OpeningHours } from './opening-hours.tsx';
import { ShareButton } from './share-button.tsx';
import '../business.css';

const MINUTE_MS = 60_000;

/** "Now", starting from the server's render time so the first paint matches, then the browser's clock. */
function useNow(serverNow: number): Date {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return new Date(now);
}

function PinIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
      <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="m5 12 5 5L20 7" />
    </svg>
  );
}

export function BusinessPage() {
  const { business, ads, now: serverNow } = useLoaderData() as BusinessPageData;
  const now = useNow(serverNow);
  const isTemporarilyClosed = business.status === 'temporarily_closed';
  // A temporarily closed business is neither open nor closed by its hours: those are its usual ones.
  const isOpen = isTemporarilyClosed ? null : isOpenAt(business.workingHours, business.timeZone, now);
  const nextChange = isOpen === null ? null : describeNextChange(business.workingHours, business.timeZone, now);
  const today = weekDayAt(business.timeZone, now);
  const kind = business.type ?? business.category ?? 'Business';
  const city = getCityName(business);
  const countryCode = business.countryCode?.toLowerCase() ?? null;
  const amenities = getAmenities(business.about);
  const directionsUrl = getDirectionsUrl(business);
  const hasMap = hasValidCoordinates(business.latitude, business.longitude);
  const coordinatesWarning = getInvalidCoordinatesWarning(business.name, business.latitude, business.longitude);
  useEffect(() => {
    // Visitor spec §4: invalid coordinates skip the map and log a warning (for developers only).
    if (import.meta.env.DEV && coordinatesWarning) console.warn(coordinatesWarning);
  }, [coordinatesWarning]);
  const phoneHref = business.phone ? telHref(business.phone) : null;

  return (
    <article className="business-page">
      <div className="container">
        <nav aria-label="Breadcrumb" className="business-breadcrumb">
          <ol>
            <li><Link to="/">Home</Link></li>
            {business.category && business.categorySlug && (
              <li><Link to={`/categories/${business.categorySlug}`}>{business.category}</Link></li>
            )}
            <li aria-current="page">{business.name}</li>
          </ol>
        </nav>

        <header className="business-header">
          <div className="business-photo">
            <Photo
              src={business.photo}
              alt={`Photo of ${business.name}`}
              width="480"
              height="320"
              fallback={
                <div className="business-photo-fallback" aria-hidden="true">
                  <span>{kind.charAt(0).toUpperCase()}</span>
                  <small>{kind}</small>
                </div>
              }
            />
          </div>
          <div className="business-heading">
            <div className="business-badges">
              {isTemporarilyClosed && <TemporarilyClosedBadge />}
              {isOpen === true && <span className="status-badge status-open">Open</span>}
              {isOpen === false && <span className="status-badge status-closed">Closed</span>}
              {nextChange && <span className="status-next-change">{nextChange}</span>}
              {business.verified && (
                <span className="status-badge status-verified">
                  <CheckIcon /> Verified
                </span>
              )}
            </div>
            <h1 className="business-name">{business.name}</h1>
            <div className="business-rating">
              <StarRating rating={business.rating} />
              {business.rating === null ? (
                <>
                  <span className="business-rating-value">No rating yet</span>
                  {/* "(0 reviews)" beside "No rating yet" says the same thing twice. */}
                  {business.reviews > 0 && <span className="muted">· {pluralize(business.reviews, 'review')}</span>}
                </>
              ) : (
                <>
                  <span className="business-rating-value">{business.rating.toFixed(1)}</span>
                  <span className="muted">({pluralize(business.reviews, 'review')})</span>
                </>
              )}
            </div>
            {business.categorySlug ? (
              <Link to={`/categories/${business.categorySlug}`} className="badge business-category">{business.category ?? kind}</Link>
            ) : (
              <span className="badge business-category">{kind}</span>
            )}
            <p className="business-address">
              <PinIcon />
              <span>
                {business.fullAddress ?? 'Address not available'}
                {(city || countryCode) && (
                  <span className="business-place-links">
                    More in{' '}
                    {city && business.citySlug && countryCode && (
                      <>
                        <Link to={`/cities/${countryCode}/${business.citySlug}`}>{city}</Link>
                        <span aria-hidden="true"> · </span>
                      </>
                    )}
                    {business.countrySlug && <Link to={`/countries/${business.countrySlug}`}>{business.country ?? business.countryCode}</Link>}
                  </span>
                )}
              </span>
            </p>
            <div className="business-actions">
              {phoneHref && (
                <a className="button" href={phoneHref}>
                  <PhoneIcon /> Call Now
                </a>
              )}
              <a className="button button-secondary" href={directionsUrl} target="_blank" rel="noopener noreferrer">
                <PinIcon /> Get Directions<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              <ShareButton />
            </div>
          </div>
        </header>

        <div className="business-layout">
          <div className="business-main">
            <AdSlot code={ads.ad1} slot="ad1" />

            {amenities.length > 0 && (
              <section className="card business-section" aria-labelledby="features-title">
                <h2 id="features-title">Features and amenities</h2>
                <ul className="amenity-list">
                  {amenities.map((amenity) => (
                    <li key={amenity}>
                      <CheckIcon />
                      {amenity}
                    </li>
                  ))}
                </ul>
              </section>
            )}

            <section className="card business-section" aria-labelledby="about-title">
              <h2 id="about-title">About</h2>
              <p className="business-about">{getAboutText(business)}</p>
            </section>

            <AdSlot code={ads.ad2} slot="ad2" />

            <section className="card business-section" aria-labelledby="location-title">
              <h2 id="location-title">Location</h2>
              {hasMap ? (
                <BusinessMap
                  latitude={business.latitude!}
                  longitude={business.longitude!}
                  name={business.name}
                  address={business.fullAddress}
                  directionsUrl={directionsUrl}
                />
              ) : (
                <p className="business-no-location">Location not available</p>
              )}
            </section>

          </div>

          <aside className="business-side" aria-label="Hours and contact">
            <section className="card business-section" aria-labelledby="hours-title">
              <h2 id="hours-title">Opening hours</h2>
              {isTemporarilyClosed && (
                <p className="business-hours-note">
                  {hasOpeningHours(business.workingHours) ? 'Usual hours; the business is temporarily closed.' : 'The business is temporarily closed.'}
                </p>
              )}
              <OpeningHours hours={business.workingHours} today={today} />
            </section>

            <AdSlot code={ads.ad3} slot="ad3" />

            <section className="card business-section" aria-labelledby="contact-title">
              <h2 id="contact-title">Contact info</h2>
              <dl className="business-facts">
                {business.phone && phoneHref && (
                  <div>
                    <dt>Phone</dt>
                    <dd><a href={phoneHref}>{business.phone}</a></dd>
                  </div>
                )}
                <div>
                  <dt>Address</dt>
                  <dd>{business.fullAddress ?? 'Not available'}</dd>
                </div>
                {business.url && (
                  <div>
                    <dt>Website</dt>
                    <dd>
                      <a href={business.url} target="_blank" rel="noopener noreferrer nofollow" className="business-website">
                        {business.url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')}
                      </a>
                    </dd>
                  </div>
                )}
              </dl>
            </section>

            <AdSlot code={ads.ad4} slot="ad4" />

            <section className="card business-section" aria-labelledby="details-title">
              <h2 id="details-title">Business details</h2>
              <dl className="business-facts">
                <div>
                  <dt>Category</dt>
                  <dd>{business.category ?? kind}</dd>
                </div>
                <div>
                  <dt>Status</dt>
                  <dd>
                    {isTemporarilyClosed ? (
                      <span className="business-temporarily-closed">Temporarily closed</span>
                    ) : (
                      <span className="business-operational">OPERATIONAL</span>
                    )}
                  </dd>
                </div>
                <div>
                  <dt>Total reviews</dt>
                  <dd>{formatNumber(business.reviews)}</dd>
                </div>
              </dl>
            </section>
          </aside>
        </div>

        <NearbyBusinessesSection slug={business.slug} category={business.category ?? business.type} />

        <p className="business-back">
          <Link to="/" className="button button-secondary">
            <span aria-hidden="true">←</span> Back to Home
          </Link>
        </p>
      </div>
    </article>
  );
}
