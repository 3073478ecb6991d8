/**
 * Business names built from word lists, with naming habits that fit each category group:
 * "Luigi's Trattoria", "Northside Plumbing Co.", "Bright Smile Dental Clinic", "Café Lumière",
 * "Lyon Auto Repair".
 */
import type { CategoryGroup } from './catalogue.ts';
import type { Random } from './random.ts';

const GIVEN_NAMES = [
  'Luigi', 'Maria', 'Ahmed', 'Sofia', 'Kenji', 'Priya', 'Carlos', 'Anna', 'Marco', 'Fatima',
  'Mei', 'Olga', 'Pierre', 'Hans', 'Aisha', 'Diego', 'Lucia', 'Raj', 'Omar', 'Elena',
  'Tom', 'Sam', 'Rosa', 'Nina', 'Jack', 'Leila', 'Yuki', 'Mateo', 'Chloé', 'Zoë',
  'José', 'Renée', 'François', 'Jürgen', 'Søren', 'Ana', 'Ivan', 'Kofi', 'Amara', 'Ming',
  'Hiro', 'Sven', 'Ingrid', 'Paolo', 'Giulia', 'Nikos', 'Dimitri', 'Fiona', 'Liam', 'Ava',
  'Noah', 'Mia', 'Leo', 'Emma', 'Ravi', 'Anil', 'Sakura', 'Jin', 'Tariq', 'Nadia',
] as const;

const SURNAMES = [
  'Miller', 'Smith', 'Khan', 'Rossi', 'Müller', 'García', 'Silva', 'Nguyen', 'Kim', 'Patel',
  'Novak', 'Johansson', 'Dubois', 'Tanaka', 'Okafor', 'Kowalski', 'Cohen', "O'Brien", 'Walsh', 'Fischer',
  'Costa', 'Moreau', 'Andersen', 'Petrov', 'Haddad', 'Mensah', 'Reyes', 'Lopez', 'Singh', 'Wong',
  'Lee', 'Bianchi', 'Ferrari', 'Martin', 'Bernard', 'Jansen', 'Schmidt', 'Weber', 'Hoffmann', 'Byrne',
  'Murphy', 'Taylor', 'Brown', 'Wilson', 'Clarke', 'Hughes', 'Evans', 'Sato', 'Suzuki', 'Yamamoto',
  'Chen', 'Wang', 'Park', 'Choi', 'Ali', 'Hassan', 'Kaya', 'Yılmaz', 'Öztürk', 'Santos',
] as const;

const ADJECTIVES = [
  'Golden', 'Silver', 'Blue', 'Green', 'Red', 'Little', 'Old', 'Royal', 'Grand', 'Urban',
  'Happy', 'Lucky', 'Rustic', 'Sunny', 'Wild', 'Black', 'White', 'Hidden', 'Humble', 'Jolly',
] as const;

const EMBLEMS = [
  'Spoon', 'Fork', 'Olive', 'Lemon', 'Oak', 'Maple', 'Harbour', 'Bridge', 'Lantern', 'Anchor',
  'Garden', 'Star', 'Moon', 'Sun', 'Fox', 'Owl', 'Bear', 'Lion', 'Crown', 'Pine',
  'Willow', 'River', 'Stone', 'Cedar', 'Swan', 'Stag', 'Rose', 'Bell', 'Hare', 'Kettle',
] as const;

const FOREIGN_WORDS = [
  'Lumière', 'Bellevue', 'Soleil', 'Amélie', 'Central', 'Roma', 'Milano', 'Napoli', 'Luna', 'Sol',
  'Aroma', 'Dolce Vita', 'Bonjour', 'Paris', 'Étoile', 'Azul', 'Mandarin', 'Sakura', 'Olé', 'Montmartre',
] as const;

const AREAS = [
  'Northside', 'Southside', 'Eastside', 'Westside', 'Riverside', 'Lakeside', 'Hillside', 'Downtown',
  'Uptown', 'Central', 'Old Town', 'Harbourside', 'Parkside', 'Midtown', 'Metro', 'Valley', 'Bayview', 'Citywide',
] as const;

const QUALITY_WORDS = [
  'Pro', 'Expert', 'Premier', 'Reliable', 'Trusted', 'First Choice', 'Allied', 'United', 'Ace', 'A1',
  'Precision', 'Quality', 'Elite', 'Prime', 'Advanced', 'Total', 'Complete', 'Smart', 'Rapid', 'Superior',
] as const;

const CARE_WORDS = [
  'Bright Smile', 'Gentle', 'Family', 'Healthy', 'Care First', 'Wellness', 'Vital', 'Harmony', 'Evergreen',
  'Sunrise', 'Clear View', 'Lifeline', 'Pure Health', 'Kind Hands', 'Better Living', 'Fresh Start',
] as const;

const BEAUTY_WORDS = [
  'Glow', 'Bella', 'Luxe', 'Velvet', 'Chic', 'Shine', 'Pure', 'Allure', 'Belle', 'Style',
  'Mane', 'Sleek', 'Blush', 'Éclat', 'Silk', 'Golden Hour', 'Muse', 'Rouge',
] as const;

const PET_WORDS = [
  'Happy Paws', 'Wagging Tails', 'Furry Friends', 'Pawsome', 'Whiskers', 'Four Paws', 'Good Boy', 'Purrfect',
] as const;

const FINANCE_WORDS = [
  'First National', 'Citizens', 'Commonwealth', 'Heritage', 'Pioneer', 'Union', 'Capital', 'Frontier',
  'Cornerstone', 'Summit', 'Liberty', 'Harbor', 'Keystone', 'Landmark',
] as const;

const EDUCATION_WORDS = [
  'Little Acorns', 'Bright Futures', 'Rainbow', 'Sunshine', 'Stepping Stones', 'Discovery', 'Horizon',
  'Lincoln', 'Riverside', 'St. Mary’s', 'St. John’s', 'Oakwood', 'Greenfield', 'Hillcrest',
] as const;

const WORSHIP_WORDS = ['Central', 'Unity', 'Hope', 'Harmony', 'Peace', 'New Life', 'Light', 'Community'] as const;

const LODGING_WORDS = [
  'Harbour View', 'Park Lane', 'Bellevue', 'Riverside', 'Seaview', 'Old Mill', 'Station', 'Royal',
  'Palace', 'Garden', 'Plaza', 'Majestic', 'Continental', 'Meridian',
] as const;

interface NameParts {
  readonly noun: string;
  readonly city: string;
}

type Template = (random: Random, parts: NameParts) => string;

const possessive: Template = (random, { noun }) => `${random.pick(GIVEN_NAMES)}'s ${noun}`;
const emblem: Template = (random, { noun }) => `${random.pick(ADJECTIVES)} ${random.pick(EMBLEMS)} ${noun}`;
const theEmblem: Template = (random, { noun }) => `The ${random.pick(EMBLEMS)} ${noun}`;
const cityNamed: Template = (_random, { noun, city }) => `${city} ${noun}`;
const areaNamed: Template = (random, { noun }) => `${random.pick(AREAS)} ${noun}`;
const surnameNamed: Template = (random, { noun }) => `${random.pick(SURNAMES)} ${noun}`;
const qualityNamed: Template = (random, { noun }) => `${random.pick(QUALITY_WORDS)} ${noun}`;

const TEMPLATES: Record<CategoryGroup, readonly Template[]> = {
  food: [
    possessive,
    emblem,
    cityNamed,
    (random, { noun }) => `${noun} ${random.pick(GIVEN_NAMES)}`,
    (random, { noun }) => `${noun} ${random.pick(FOREIGN_WORDS)}`,
    theEmblem,
  ],
  cafe: [
    (random, { noun }) => `${noun} ${random.pick(FOREIGN_WORDS)}`,
    emblem,
    possessive,
    cityNamed,
    theEmblem,
  ],
  nightlife: [
    (random) => `The ${random.pick(ADJECTIVES)} ${random.pick(EMBLEMS)}`,
    (random) => `The ${random.pick(EMBLEMS)} & ${random.pick(EMBLEMS)}`,
    possessive,
    cityNamed,
    theEmblem,
  ],
  health: [
    (random, { noun }) => `${random.pick(CARE_WORDS)} ${noun}`,
    areaNamed,
    (random, { noun }) => `Dr. ${random.pick(SURNAMES)} ${noun}`,
    cityNamed,
  ],
  beauty: [
    (random, { noun }) => `${random.pick(BEAUTY_WORDS)} ${noun}`,
    possessive,
    (random, { noun }) => `${noun} by ${random.pick(GIVEN_NAMES)}`,
    cityNamed,
  ],
  home: [
    (random, { noun }) => `${random.pick(AREAS)} ${noun} Co.`,
    surnameNamed,
    (random, { noun }) => `${random.pick(SURNAMES)} & Sons ${noun}`,
    qualityNamed,
    cityNamed,
  ],
  auto: [cityNamed, surnameNamed, qualityNamed, areaNamed, (random, { noun }) => `${random.pick(GIVEN_NAMES)}'s ${noun}`],
  retail: [possessive, cityNamed, (random, { noun }) => `The ${random.pick(ADJECTIVES)} ${noun}`, emblem, surnameNamed],
  pets: [(random, { noun }) => `${random.pick(PET_WORDS)} ${noun}`, cityNamed, areaNamed],
  professional: [
    (random, { noun }) => `${random.pick(SURNAMES)} & ${random.pick(SURNAMES)} ${noun}`,
    surnameNamed,
    cityNamed,
    qualityNamed,
    (random, { noun }) => `${random.pick(SURNAMES)} ${noun} Group`,
  ],
  finance: [cityNamed, (random, { noun }) => `${random.pick(FINANCE_WORDS)} ${noun}`],
  education: [cityNamed, (random, { noun }) => `${random.pick(EDUCATION_WORDS)} ${noun}`, areaNamed],
  leisure: [cityNamed, areaNamed, (random, { noun }) => `${random.pick(ADJECTIVES)} ${noun}`, (random, { noun }) => `${random.pick(EMBLEMS)} ${noun}`],
  lodging: [
    (random, { noun }) => `${noun} ${random.pick(FOREIGN_WORDS)}`,
    cityNamed,
    (random, { noun }) => `${random.pick(LODGING_WORDS)} ${noun}`,
    (random, { noun, city }) => `${noun} ${city}`,
  ],
  worship: [cityNamed, areaNamed, (random, { noun }) => `${random.pick(WORSHIP_WORDS)} ${noun}`],
  community: [cityNamed, areaNamed],
};

/** ATMs are named after their bank: "Heritage Bank ATM". */
function atmName(random: Random, city: string): string {
  const bank = random.chance(0.5) ? `${city} Savings Bank` : `${random.pick(FINANCE_WORDS)} Bank`;
  return `${bank} ATM`;
}

/** A believable name for a business of this group, built around one of its nouns. */
export function demoBusinessName(random: Random, group: CategoryGroup, nouns: readonly string[], city: string): string {
  const noun = random.pick(nouns);
  const template = random.pick(TEMPLATES[group]);
  if (noun === 'ATM') return atmName(random, city);
  return template(random, { noun, city });
}

const CENTRE_TEMPLATES: readonly ((random: Random, city: string) => string)[] = [
  () => 'Westfield Centre',
  (_random, city) => `${city} Shopping Centre`,
  (_random, city) => `Mall of ${city}`,
  (_random, city) => `${city} Central Station`,
  (random) => `${random.pick(AREAS)} Plaza`,
  (random) => `${random.pick(ADJECTIVES)} Galleria`,
  (_random, city) => `${city} International Airport`,
  (_random, city) => `${city} Market Hall`,
  (random) => `${random.pick(AREAS)} Retail Park`,
];

/** The mall or centre a business is located in (~3%), or null. */
export function demoLocatedIn(random: Random, city: string): string | null {
  if (!random.chance(0.03)) return null;
  return random.pick(CENTRE_TEMPLATES)(random, city);
}
