/**
 * The "about" field: mostly Google-style amenity groups that fit the kind of business
 * ({"Service options": {"Dine-in": true}, "Accessibility": {...}}), sometimes a short
 * description, sometimes nothing.
 */
import type { AboutGroups, AboutValue } from '../business.ts';
import type { CategoryGroup } from './catalogue.ts';
import type { Random } from './random.ts';

type Section = readonly [title: string, options: readonly string[]];

const ACCESSIBILITY: Section = [
  'Accessibility',
  ['Wheelchair accessible entrance', 'Wheelchair accessible parking lot', 'Wheelchair accessible restroom', 'Wheelchair accessible seating'],
];
const PAYMENTS: Section = ['Payments', ['Credit cards', 'Debit cards', 'NFC mobile payments', 'Checks']];
const PARKING: Section = ['Parking', ['Free parking lot', 'Free street parking', 'Paid parking lot', 'Paid street parking']];
const APPOINTMENTS: Section = ['Service options', ['Online appointments', 'Onsite services', 'Language assistance']];
const PLANNING: Section = ['Planning', ['Appointment required', 'Appointments recommended']];
const FROM_THE_BUSINESS: Section = ['From the business', ['Small business', 'Identifies as women-owned', 'Family-owned']];
const RESTROOM: Section = ['Amenities', ['Restroom', 'Wi-Fi', 'Gender-neutral restroom']];
const CROWD: Section = ['Crowd', ['Family-friendly', 'LGBTQ+ friendly', 'Transgender safespace', 'Groups', 'Tourists']];
const CHILDREN: Section = ['Children', ['Good for kids', 'Changing table']];

const SECTIONS: Record<CategoryGroup, readonly Section[]> = {
  food: [
    ['Service options', ['Dine-in', 'Takeout', 'Delivery', 'Outdoor seating', 'Curbside pickup', 'No-contact delivery', 'Drive-through']],
    ACCESSIBILITY,
    ['Offerings', ['Vegetarian options', 'Vegan options', 'Healthy options', 'Alcohol', 'Beer', 'Wine', 'Coffee', 'Small plates', 'Halal food']],
    ['Dining options', ['Breakfast', 'Brunch', 'Lunch', 'Dinner', 'Dessert', 'Seating', 'Table service']],
    ['Amenities', ['Restroom', 'Wi-Fi', 'High chairs']],
    ['Atmosphere', ['Casual', 'Cozy', 'Trendy', 'Romantic']],
    ['Planning', ['Accepts reservations', 'Reservations required']],
    PAYMENTS,
    ['Children', ['Good for kids', "Kids' menu"]],
    PARKING,
  ],
  cafe: [
    ['Service options', ['Dine-in', 'Takeout', 'Delivery', 'Outdoor seating']],
    ACCESSIBILITY,
    ['Offerings', ['Coffee', 'Vegetarian options', 'Vegan options', 'Organic dishes', 'Quick bite']],
    ['Dining options', ['Breakfast', 'Brunch', 'Lunch', 'Dessert', 'Seating']],
    ['Amenities', ['Restroom', 'Wi-Fi', 'Free Wi-Fi']],
    ['Atmosphere', ['Casual', 'Cozy', 'Trendy']],
    ['Popular for', ['Solo dining', 'Good for working on laptop']],
    PAYMENTS,
  ],
  nightlife: [
    ['Service options', ['Dine-in', 'Takeout', 'Outdoor seating']],
    ['Highlights', ['Live music', 'Sports', 'Great cocktails', 'Great beer selection', 'Fireplace']],
    ACCESSIBILITY,
    ['Offerings', ['Alcohol', 'Beer', 'Cocktails', 'Happy hour drinks', 'Wine', 'Late-night food', 'Spirits']],
    ['Amenities', ['Restroom', 'Bar onsite', 'Wi-Fi']],
    ['Atmosphere', ['Casual', 'Cozy', 'Trendy', 'Historic']],
    CROWD,
    PAYMENTS,
  ],
  health: [APPOINTMENTS, ACCESSIBILITY, RESTROOM, ['Planning', ['Appointment required', 'Accepts new patients']], PAYMENTS, PARKING],
  beauty: [APPOINTMENTS, ACCESSIBILITY, RESTROOM, CROWD, PLANNING, PAYMENTS, FROM_THE_BUSINESS],
  home: [
    ['Service options', ['Onsite services', 'Online estimates', 'Online appointments', 'Language assistance']],
    ACCESSIBILITY,
    FROM_THE_BUSINESS,
    PAYMENTS,
  ],
  auto: [
    ['Service options', ['Onsite services', 'Online appointments', 'Mobile services']],
    ACCESSIBILITY,
    ['Amenities', ['Restroom', 'Waiting area', 'Wi-Fi']],
    PAYMENTS,
    PARKING,
  ],
  retail: [
    ['Service options', ['In-store shopping', 'In-store pickup', 'Curbside pickup', 'Delivery', 'Same-day delivery']],
    ACCESSIBILITY,
    ['Amenities', ['Restroom']],
    CROWD,
    PAYMENTS,
    PARKING,
    FROM_THE_BUSINESS,
  ],
  pets: [
    ['Service options', ['Online appointments', 'Onsite services', 'Delivery', 'In-store shopping']],
    ACCESSIBILITY,
    PAYMENTS,
    PARKING,
    ['Pets', ['Dogs allowed']],
  ],
  professional: [APPOINTMENTS, ACCESSIBILITY, PLANNING, PAYMENTS, PARKING, FROM_THE_BUSINESS],
  finance: [
    ['Service options', ['Online appointments', 'Drive-through']],
    ACCESSIBILITY,
    ['Amenities', ['ATM', 'Restroom']],
    PLANNING,
    PARKING,
  ],
  education: [ACCESSIBILITY, ['Amenities', ['Restroom', 'Wi-Fi']], CHILDREN, PARKING],
  leisure: [
    ['Service options', ['Onsite services', 'Online appointments']],
    ACCESSIBILITY,
    ['Amenities', ['Restroom', 'Wi-Fi', 'Showers', 'Lockers']],
    CHILDREN,
    CROWD,
    PAYMENTS,
    PARKING,
  ],
  lodging: [
    ['Amenities', ['Free Wi-Fi', 'Free breakfast', 'Pool', 'Fitness center', 'Restaurant', 'Bar', 'Air-conditioned', 'Laundry service', 'Spa']],
    ACCESSIBILITY,
    ['Pets', ['Pet-friendly']],
    ['Parking', ['Free parking', 'Paid parking', 'Valet parking']],
    PAYMENTS,
  ],
  worship: [ACCESSIBILITY, ['Amenities', ['Restroom']], CROWD, PARKING],
  community: [ACCESSIBILITY, ['Amenities', ['Restroom']], CHILDREN, PARKING],
};

/** Each option is listed with this probability, and is then true with TRUE_SHARE. */
const OPTION_SHARE = 0.55;
const TRUE_SHARE = 0.82;

function amenityGroups(random: Random, group: CategoryGroup): AboutGroups {
  const about: AboutGroups = {};
  for (const [title, options] of SECTIONS[group]) {
    if (!random.chance(0.65)) continue;
    const values: Record<string, boolean> = {};
    let count = 0;
    for (const option of options) {
      const roll = random.next();
      if (roll >= OPTION_SHARE) continue;
      values[option] = roll < OPTION_SHARE * TRUE_SHARE;
      count++;
    }
    if (count > 0) about[title] = values;
  }
  if (Object.keys(about).length === 0) {
    const [title, options] = random.pick(SECTIONS[group]);
    about[title] = { [random.pick(options)]: true };
  }
  return about;
}

/** "Bed & breakfast" → "bed & breakfast"; acronyms ("ATM", "HVAC contractor") stay as they are. */
function lowerCategory(category: string): string {
  return /^[A-Z][a-z]/.test(category) ? category.charAt(0).toLowerCase() + category.slice(1) : category;
}

/** "a" or "an" before a category name. */
function article(word: string): string {
  if (/^(?:uni|use|eu)/i.test(word)) return 'a';
  if (/^[A-Z]{2}/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

const SECOND_SENTENCES = [
  'Walk-ins welcome.',
  'Friendly service and fair prices.',
  'Family-owned and proud to serve the neighbourhood.',
  'Ask about our seasonal offers.',
  'Call ahead for availability.',
  'Rated highly by locals and visitors alike.',
  'Our team speaks several languages.',
  'Easy to reach by public transport.',
] as const;

interface TextParts {
  readonly name: string;
  readonly category: string;
  readonly city: string;
}

const TEXT_TEMPLATES: readonly ((random: Random, parts: TextParts) => string)[] = [
  (random, { name, category, city }) => {
    const kind = lowerCategory(category);
    return `${name} is ${article(kind)} ${kind} in ${city}. ${random.pick(SECOND_SENTENCES)}`;
  },
  (random, { category, city }) => `Family-run ${lowerCategory(category)} serving ${city} since ${random.between(1950, 2022)}.`,
  (random, { category, city }) => `Your local ${lowerCategory(category)} in ${city}. ${random.pick(SECOND_SENTENCES)}`,
  (_random, { name, city }) => `Welcome to ${name}, in the heart of ${city}.`,
  (random, { name }) => `${name}: ${random.pick(SECOND_SENTENCES)}`,
];

/** About data: ~70% amenity groups, ~15% a short description, ~15% null. */
export function demoAbout(random: Random, group: CategoryGroup, parts: TextParts): AboutValue | null {
  const roll = random.next();
  if (roll < 0.7) return amenityGroups(random, group);
  if (roll < 0.85) return random.pick(TEXT_TEMPLATES)(random, parts);
  return null;
}
