/**
 * Street addresses and postal codes in the habits of the country: "12 Market Street",
 * "8 Rue de la Gare", "Bahnhofstraße 14", "Via Roma 3", "SW1A 1AA", "H2X 1Y4", "1012 AB".
 * No part ever contains ", " so the city stays the second-to-last part of the full address.
 */
import type { Random } from './random.ts';

type StreetStyle = 'en' | 'fr' | 'de' | 'nl' | 'it' | 'es' | 'pt';

const STYLE_BY_COUNTRY: Readonly<Record<string, StreetStyle>> = {
  FR: 'fr', BE: 'fr', LU: 'fr', MC: 'fr', RE: 'fr', GP: 'fr', MQ: 'fr', GF: 'fr', NC: 'fr', PF: 'fr',
  SN: 'fr', CI: 'fr', ML: 'fr', BF: 'fr', NE: 'fr', TG: 'fr', BJ: 'fr', GA: 'fr', CG: 'fr', CD: 'fr',
  CM: 'fr', MG: 'fr', HT: 'fr', MA: 'fr', DZ: 'fr', TN: 'fr',
  DE: 'de', AT: 'de', LI: 'de',
  NL: 'nl', SR: 'nl', CW: 'nl', AW: 'nl',
  IT: 'it', SM: 'it', VA: 'it',
  ES: 'es', MX: 'es', AR: 'es', CO: 'es', CL: 'es', PE: 'es', VE: 'es', EC: 'es', BO: 'es', PY: 'es',
  UY: 'es', CR: 'es', PA: 'es', GT: 'es', HN: 'es', SV: 'es', NI: 'es', DO: 'es', CU: 'es', PR: 'es', GQ: 'es',
  PT: 'pt', BR: 'pt', AO: 'pt', MZ: 'pt', CV: 'pt', GW: 'pt', ST: 'pt', TL: 'pt',
};

const EN_NAMES = [
  'Market', 'Oak', 'Church', 'High', 'Station', 'King', 'Queen', 'Mill', 'Park', 'Lake',
  'Maple', 'Elm', 'Cedar', 'River', 'Bridge', 'Victoria', 'George', 'Harbour', 'Hill', 'Garden',
  'Main', 'Spring', 'Union', 'Water', 'North', 'South', 'Castle', 'School', 'Forest', 'Meadow',
  'Sunset', 'Lincoln', 'Washington', 'Franklin', 'Willow', 'Chestnut', 'Pine', 'Orchard', 'Beacon', 'Cross',
] as const;
const EN_SUFFIXES = ['Street', 'Street', 'Street', 'Avenue', 'Road', 'Road', 'Lane', 'Boulevard', 'Drive', 'Way', 'Place', 'Square'] as const;

const FR_STREETS = [
  'Rue de la Gare', 'Rue de la République', 'Rue du Marché', 'Rue Victor Hugo', 'Avenue Jean Jaurès',
  'Boulevard Saint-Michel', 'Rue des Écoles', 'Place de l’Église', 'Rue Nationale', 'Avenue de la Liberté',
  'Rue Pasteur', 'Rue du Moulin', 'Avenue Foch', 'Rue des Lilas', 'Quai des Fleurs', 'Rue Émile Zola',
] as const;

const DE_STREETS = [
  'Hauptstraße', 'Bahnhofstraße', 'Schulstraße', 'Gartenstraße', 'Kirchstraße', 'Dorfstraße', 'Bergstraße',
  'Lindenstraße', 'Goethestraße', 'Schillerstraße', 'Marktplatz', 'Mühlenweg', 'Ringstraße', 'Am Rathaus',
] as const;

const NL_STREETS = [
  'Kerkstraat', 'Dorpsstraat', 'Stationsweg', 'Molenstraat', 'Schoolstraat', 'Marktplein', 'Nieuwstraat',
  'Julianalaan', 'Wilhelminastraat', 'Prinsengracht', 'Beatrixlaan', 'Hoofdweg',
] as const;

const IT_STREETS = [
  'Via Roma', 'Via Garibaldi', 'Via Mazzini', 'Corso Italia', 'Via Dante', 'Piazza del Duomo',
  'Via Cavour', 'Via Verdi', 'Corso Vittorio Emanuele', 'Via della Repubblica', 'Via San Francesco',
] as const;

const ES_STREETS = [
  'Calle Mayor', 'Avenida Juárez', 'Calle Real', 'Avenida de la Constitución', 'Calle del Sol',
  'Paseo de la Reforma', 'Calle San Martín', 'Avenida Libertador', 'Calle Bolívar', 'Plaza Mayor',
  'Calle de Alcalá', 'Avenida Hidalgo', 'Calle Morelos', 'Avenida Colón',
] as const;

const PT_STREETS = [
  'Rua das Flores', 'Avenida Paulista', 'Rua Augusta', 'Rua da Liberdade', 'Avenida Brasil',
  'Rua São João', 'Rua Direita', 'Avenida da República', 'Rua do Comércio', 'Praça da Sé',
  'Rua Sete de Setembro', 'Avenida Atlântica',
] as const;

const NAMED_STREETS: Readonly<Record<Exclude<StreetStyle, 'en'>, readonly string[]>> = {
  fr: FR_STREETS,
  de: DE_STREETS,
  nl: NL_STREETS,
  it: IT_STREETS,
  es: ES_STREETS,
  pt: PT_STREETS,
};

/** House numbers: small in most places, up to a few thousand on long American-style roads. */
function houseNumber(random: Random, style: StreetStyle): number {
  if (style !== 'en' && style !== 'pt') return random.between(1, 180);
  return random.chance(0.7) ? random.between(1, 120) : random.between(121, 2400);
}

function streetStyle(random: Random, countryCode: string): StreetStyle {
  if (countryCode === 'CH') return random.chance(0.6) ? 'de' : 'fr';
  return STYLE_BY_COUNTRY[countryCode] ?? 'en';
}

/** A street line for the country: number first in English and French, after the name elsewhere. */
export function demoStreet(random: Random, countryCode: string): string {
  const style = streetStyle(random, countryCode);
  const number = houseNumber(random, style);
  if (style === 'en') return `${number} ${random.pick(EN_NAMES)} ${random.pick(EN_SUFFIXES)}`;
  const name = random.pick(NAMED_STREETS[style]);
  return style === 'fr' ? `${number} ${name}` : `${name} ${number}`;
}

/** Postal-code patterns: '9' a digit, 'N' a digit 1–9, 'A' a letter, 'C' a Canadian letter, anything else literal. */
const POSTAL_PATTERNS: Readonly<Record<string, readonly string[]>> = {
  US: ['N9999'], FR: ['N9999'], DE: ['N9999'], IT: ['N9999'], ES: ['N9999'], MX: ['N9999'],
  CA: ['C9C 9C9'],
  AU: ['N999'], NL: ['N999 AA'], BE: ['N999'], CH: ['N999'], AT: ['N999'], DK: ['N999'], NO: ['N999'],
  NZ: ['N999'], ZA: ['N999'], PH: ['N999'], HU: ['N999'], BG: ['N999'], GE: ['N999'], AM: ['N999'],
  JP: ['N99-9999'], BR: ['N9999-999'], PL: ['N9-999'], PT: ['N999-999'],
  SE: ['N99 99'], CZ: ['N99 99'], SK: ['N99 99'], GR: ['N99 99'],
  IN: ['N99999'], CN: ['N99999'], RU: ['N99999'], SG: ['N99999'], KZ: ['N99999'], BY: ['N99999'],
  VN: ['N99999'], CO: ['N99999'], RO: ['N99999'], NG: ['N99999'], EC: ['N99999'],
  KR: ['N9999'], TR: ['N9999'], ID: ['N9999'], TH: ['N9999'], MY: ['N9999'], PK: ['N9999'],
  IR: ['N999999999'], AR: ['A9999AAA'], IE: ['A99 A9A9'],
  GB: ['AA9 9AA', 'AA99 9AA', 'A9 9AA', 'A99 9AA', 'A9A 9AA', 'AA9A 9AA'],
};

/** Places that do not use postal codes. */
const NO_POSTAL_CODES = new Set(['HK', 'MO', 'AE', 'QA', 'AG', 'BS', 'BZ', 'FJ', 'KI', 'TV', 'VU', 'SB']);

const POSTAL_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const CANADIAN_LETTERS = 'ABCEGHJKLMNPRSTVXY';

function fillPattern(random: Random, pattern: string): string {
  let out = '';
  for (const symbol of pattern) {
    if (symbol === '9') out += String(random.int(10));
    else if (symbol === 'N') out += String(random.between(1, 9));
    else if (symbol === 'A') out += POSTAL_LETTERS.charAt(random.int(POSTAL_LETTERS.length));
    else if (symbol === 'C') out += CANADIAN_LETTERS.charAt(random.int(CANADIAN_LETTERS.length));
    else out += symbol;
  }
  return out;
}

/** A plausible postal code for the country, or null (~3%, and always where none are used). */
export function demoPostalCode(random: Random, countryCode: string): string | null {
  const missing = random.chance(0.03);
  const pattern = random.pick(POSTAL_PATTERNS[countryCode] ?? ['N9999']);
  if (missing || NO_POSTAL_CODES.has(countryCode)) return null;
  return fillPattern(random, pattern);
}

/** "street, city, country": the city is always the second-to-last part. */
export function demoFullAddress(street: string, city: string, country: string): string {
  return `${street}, ${city}, ${country}`;
}

