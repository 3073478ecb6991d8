/** Pure text and data the business page derives from a BusinessDetail: About, amenities, meta, JSON-LD. */
import type { BusinessDetail } from '@directory/backend/shared/api-types.ts';
import { toOpeningHoursSpecification } from './hours.ts';
import { formatNumber } from '../../lib/format.ts';
import { absoluteUrl } from '../../lib/page-meta.ts';

export const MAX_AMENITIES = 8;

/** Up to 8 amenity names whose value is true, in the order of their groups. */
export function getAmenities(about: BusinessDetail['about']): string[] {
  if (!about || typeof about === 'string') return [];
  const names: string[] = [];
  for (const group of Object.values(about)) {
    for (const [name, value] of Object.entries(group)) {
      if (value === true && names.length < MAX_AMENITIES) names.push(name);
    }
  }
  return names;
}

/** The city: the record's city, or the second-to-last part of the comma-separated full address. */
export function getCityName(business: Pick<BusinessDetail, 'city' | 'fullAddress'>): string | null {
  if (business.city) return business.city;
  const parts = (business.fullAddress ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return parts.length >= 2 ? parts[parts.length - 2]! : null;
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

// Words that keep their capital inside a sentence ("a French restaurant", not "a french restaurant").
const PROPER_ADJECTIVES = new Set(
  ('African American Asian Brazilian British Caribbean Chinese Cuban English Ethiopian European French German Greek Indian Indonesian Irish Italian ' +
    'Japanese Korean Lebanese Malaysian Mediterranean Mexican Middle Moroccan Nepalese Pakistani Persian Peruvian Polish Portuguese Russian ' +
    'Scandinavian Spanish Swiss Thai Turkish Vietnamese').split(' '),
);

/** "Plumber" → "plumber"; "French restaurant" and "BBQ grill" unchanged. */
export function inSentence(kind: string): string {
  const firstWord = kind.split(/[\s-]/)[0] ?? '';
  const keepsCapital = PROPER_ADJECTIVES.has(firstWord) || /^[A-Z]{2,}$/.test(firstWord);
  return keepsCapital ? kind : kind.charAt(0).toLowerCase() + kind.slice(1);
}

/** The About text: the record's own text, or a sentence built from name, type, city, country and phone. */
export function getAboutText(business: Pick<BusinessDetail, 'about' | 'name' | 'type' | 'category' | 'city' | 'fullAddress' | 'country' | 'phone'>): string {
  if (typeof business.about === 'string' && business.about.trim() !== '') return business.about.trim();
  const kind = inSentence(business.type ?? business.category ?? 'local business');
  const place = [getCityName(business), business.country].filter(Boolean).join(', ');
  const where = place ? ` located in ${place}` : '';
  const call = business.phone ? ` Call ${business.phone} for more information or to contact them directly.` : '';
  return `${business.name} is ${withArticle(kind)}${where}.${call}`;
}

/** The meta description: name, type, city, country code, a temporary closure, rating and reviews. */
export function getMetaDescription(business: BusinessDetail): string {
  const kind = business.type ?? business.category ?? 'Business';
  const place = [getCityName(business), business.countryCode].filter(Boolean).join(', ');
  const rating = business.rating !== null && business.reviews > 0 ? ` Rated ${business.rating.toFixed(1)}/5 from ${formatNumber(business.reviews)} reviews.` : '';
  const closure = business.status === 'temporarily_closed' ? ' Temporarily closed.' : '';
  return `${business.name} - ${kind}${place ? ` in ${place}` : ''}.${closure}${rating} Opening hours, phone number, address and directions.`;
}

/** Google Maps search for the place, by name and place id. */
export function getDirectionsUrl(business: Pick<BusinessDetail, 'name' | 'placeId'>): string {
  const params = new URLSearchParams({ api: '1', query: business.name });
  if (business.placeId) params.set('query_place_id', business.placeId);
  return `https://www.google.com/maps/search/?${params.toString()}`;
}

/**
 * schema.org LocalBusiness for the page's JSON-LD. A temporarily closed business has no
 * openingHoursSpecification: its usual hours would say it is open on those days, and schema.org
 * has no status to qualify them with (specialOpeningHoursSpecification needs the closure's dates,
 * which an export does not give); the description says it is closed.
 */
export function buildLocalBusinessJsonLd(business: BusinessDetail, origin: string): object {
  const url = `${origin}/business/${business.slug}`;
  const isTemporarilyClosed = business.status === 'temporarily_closed';
  const specification = isTemporarilyClosed ? [] : toOpeningHoursSpecification(business.workingHours);
  const image = business.photo ? absoluteUrl(business.photo, origin) : null;
  const logo = business.logo ? absoluteUrl(business.logo, origin) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': url,
    name: business.name,
    url,
    ...(image ? { image } : {}),
    ...(logo ? { logo } : {}),
    ...(business.phone ? { telephone: business.phone } : {}),
    description: isTemporarilyClosed ? `Temporarily closed. ${getAboutText(business)}` : getAboutText(business),
    address: {
      '@type': 'PostalAddress',
      ...(business.street ? { streetAddress: business.street } : business.fullAddress ? { streetAddress: business.fullAddress } : {}),
      ...(getCityName(business) ? { addressLocality: getCityName(business) } : {}),
      ...(business.postalCode ? { postalCode: business.postalCode } : {}),
      ...(business.countryCode ? { addressCountry: business.countryCode } : {}),
    },
    ...(business.latitude !== null && business.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: business.latitude, longitude: business.longitude } }
      : {}),
    ...(business.rating !== null && business.reviews > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: business.rating, reviewCount: business.reviews, bestRating: 5, worstRating: 1 } }
      : {}),
    ...(specification.length > 0 ? { openingHoursSpecification: specification } : {}),
  };
}

/** schema.org BreadcrumbList: Home, category (when known), business. */
export function buildBreadcrumbJsonLd(business: BusinessDetail, origin: string): object {
  const items = [
    { name: 'Home', path: '/' },
    ...(business.category && business.categorySlug ? [{ name: business.category, path: `/categories/${business.categorySlug}` }] : []),
    { name: business.name, path: `/business/${business.slug}` },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: origin + item.path })),
  };
}
