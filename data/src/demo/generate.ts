/**
 * The deterministic demo data generator. Business number `index` depends on the index only
 * (its own seeded generator), so any prefix of a bigger set equals the smaller set and the
 * same size always gives the same data.
 */
import type { BusinessInput } from '../business.ts';
import { demoAbout } from './about.ts';
import { demoFullAddress, demoPostalCode, demoStreet } from './address.ts';
import { DEMO_CATEGORIES, demoCategoryNamed } from './catalogue.ts';
import type { DemoCategory } from './catalogue.ts';
import { demoWorkingHours } from './hours.ts';
import { demoBusinessName, demoLocatedIn } from './names.ts';
import { demoPhone } from './phone.ts';
import { PLACE_ID_CAPACITY, demoPlaceId } from './place-id.ts';
import { demoCoordinates, pickPlace } from './places.ts';
import { Random, WeightedTable } from './random.ts';
import { demoReviews, reviewsLink } from './reviews.ts';
import { demoWebsite } from './website.ts';

export { DEMO_CATEGORIES };

const SPECIFIC_TYPE_SHARE = 0.35;

const CATEGORIES_BY_WEIGHT = new WeightedTable(DEMO_CATEGORIES, (category) => category.weight);

/** The specific type of a business: usually its category, sometimes a narrower sibling. */
function pickType(random: Random, category: DemoCategory): DemoCategory {
  if (category.types.length === 0 || !random.chance(SPECIFIC_TYPE_SHARE)) return category;
  return demoCategoryNamed(random.pick(category.types)) ?? category;
}

function assertIndex(index: number): void {
  if (!Number.isSafeInteger(index) || index < 0 || index >= PLACE_ID_CAPACITY) {
    throw new RangeError(`Demo business index must be an integer in [0, ${PLACE_ID_CAPACITY}), got ${index}`);
  }
}

/** Business number `index` (0-based) of the demo data set; the same index always gives the same business. */
export function demoBusinessAt(index: number): BusinessInput {
  assertIndex(index);
  const random = new Random(index);
  const category = CATEGORIES_BY_WEIGHT.pick(random);
  const type = pickType(random, category);
  const place = pickPlace(random);
  const placeId = demoPlaceId(index, random);
  const name = demoBusinessName(random, type.group, type.nouns, place.city);
  const street = demoStreet(random, place.countryCode);
  const postalCode = demoPostalCode(random, place.countryCode);
  const { latitude, longitude } = demoCoordinates(random, place);
  const phone = demoPhone(random, place.countryCode);
  const { rating, reviews } = demoReviews(random);
  const locatedIn = demoLocatedIn(random, place.city);
  const workingHours = demoWorkingHours(random, type.hours);
  const verified = random.chance(0.65);
  const about = demoAbout(random, category.group, { name, category: type.name, city: place.city });
  const url = demoWebsite(random, name);
  const isApproved = random.chance(0.85);
  return {
    placeId,
    name,
    category: category.name,
    type: type.name,
    fullAddress: demoFullAddress(street, place.city, place.country),
    street,
    city: place.city,
    postalCode,
    country: place.country,
    countryCode: place.countryCode,
    phone,
    latitude,
    longitude,
    rating,
    reviews,
    reviewsLink: reviewsLink(placeId, reviews),
    photo: null,
    logo: null,
    locatedIn,
    workingHours,
    verified,
    about,
    url,
    timeZone: place.timeZone,
    isApproved,
  };
}

/** Yields demo businesses 0 to size - 1. */
export function* generateDemoBusinesses(size: number): Generator<BusinessInput> {
  for (let index = 0; index < size; index++) yield demoBusinessAt(index);
}
