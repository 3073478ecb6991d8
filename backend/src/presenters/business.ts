import { parseAbout, parseWorkingHours, cityOf, countryOf, type BusinessRowWithClosure } from '@directory/data/business-row.ts';
import { slugify } from '@directory/data/slug.ts';
import { countrySlug } from '@directory/data/countries.ts';
import type { BusinessSummary } from '@directory/indexer/document.ts';
import type { BusinessDetail, BusinessListItem, BusinessStatus, FeaturedBusiness, NearbyBusinesses } from '../shared/api-types.ts';
import type { NearbyEntry } from '../services/directory-service.ts';

/** A business's status from its closure mark (the record's row or its search document). */
export function presentStatus(isTemporarilyClosed: boolean): BusinessStatus {
  return isTemporarilyClosed ? 'temporarily_closed' : 'operational';
}

export function presentBusinessDetail(row: BusinessRowWithClosure): BusinessDetail {
  const category = row.category ?? row.type;
  const city = cityOf(row);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    category: row.category,
    categorySlug: category ? slugify(category) : null,
    rating: row.rating,
    reviews: row.reviews,
    reviewsLink: row.reviews_link,
    fullAddress: row.full_address,
    street: row.street,
    city,
    citySlug: city ? slugify(city) : null,
    postalCode: row.postal_code,
    country: countryOf(row),
    countryCode: row.country_code,
    countrySlug: row.country_code ? countrySlug(row.country_code) : null,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    photo: row.photo,
    logo: row.logo,
    locatedIn: row.located_in,
    placeId: row.place_id,
    verified: row.verified === 1,
    isApproved: row.is_approved === 1,
    about: parseAbout(row.about),
    workingHours: parseWorkingHours(row.working_hours),
    timeZone: row.time_zone,
    url: row.url,
    status: presentStatus(row.closure_status === 'temporarily_closed'),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentBusinessListItem(doc: BusinessSummary): BusinessListItem {
  return {
    id: doc.id,
    slug: doc.slug,
    name: doc.name,
    category: doc.category,
    categorySlug: doc.categorySlug,
    city: doc.city,
    citySlug: doc.citySlug,
    country: doc.country,
    rating: doc.rating,
    reviews: doc.reviews,
    phone: doc.phone,
    address: doc.address,
    isApproved: doc.isApproved,
    createdAt: doc.createdAt,
    placeId: doc.placeId,
    countryCode: doc.countryCode,
    url: doc.url,
    photo: doc.photo,
    status: presentStatus(doc.isTemporarilyClosed),
  };
}

export function presentFeaturedBusiness(doc: BusinessSummary): FeaturedBusiness {
  return {
    id: doc.id,
    slug: doc.slug,
    name: doc.name,
    type: doc.type,
    image_url: doc.photo,
    rating: doc.rating,
    review_count: doc.reviews,
    full_address: doc.address,
    phone: doc.phone,
    category: doc.category,
    categorySlug: doc.categorySlug,
    city: doc.city,
    countryCode: doc.countryCode,
  };
}

/** The "Nearby" cards of a business page, nearest first. */
export function presentNearbyBusinesses(isSameCategory: boolean, entries: readonly NearbyEntry[]): NearbyBusinesses {
  return {
    isSameCategory,
    businesses: entries.map(({ row, distanceKm }) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      category: row.category ?? row.type,
      city: cityOf(row),
      rating: row.rating,
      reviews: row.reviews,
      photo: row.photo,
      distanceKm: Math.round(distanceKm * 1000) / 1000,
    })),
  };
}
