import { describe, expect, it } from 'vitest';
import { AROUND_RADIUS_KM, CHOSEN_CITY_RADIUS_KM, resolveLocation, type LocationLookup } from '../search-location.ts';
import { compactPostalCode, looksLikePostalCode, postalCodeSpellings } from './postal-code.ts';
import { PlaceIndex } from './place-index.ts';
import { placeKey } from './place-key.ts';
import { worldCitiesNamed, type WorldCity } from './world-cities.ts';

const places = new PlaceIndex({
  countries: [
    { code: 'US', name: 'United States', businessCount: 900 },
    { code: 'GE', name: 'Georgia', businessCount: 40 },
    { code: 'CA', name: 'Canada', businessCount: 300 },
    { code: 'DE', name: 'Germany', businessCount: 500 },
    { code: 'UA', name: 'Ukraine', businessCount: 80 },
  ],
  cities: [
    { countryCode: 'US', slug: 'atlanta', name: 'Atlanta', businessCount: 50 },
    { countryCode: 'US', slug: 'springfield', name: 'Springfield', businessCount: 12 },
    { countryCode: 'GE', slug: 'tbilisi', name: 'Tbilisi', businessCount: 30 },
    { countryCode: 'CA', slug: 'london', name: 'London', businessCount: 20 },
    { countryCode: 'US', slug: 'los-angeles', name: 'Los Angeles', businessCount: 90 },
    { countryCode: 'DE', slug: 'koln', name: 'Köln', businessCount: 70 },
    { countryCode: 'UA', slug: 'kharkiv', name: 'Kharkiv', businessCount: 60 },
  ],
});
const resolve = (location: string) => resolveLocation(location, { places: () => places });

describe('place keys', () => {
  it('fold case, accents, punctuation and the abbreviations of place names', () => {
    expect(placeKey('St.-Étienne')).toBe('saint etienne');
    expect(placeKey('Mt. Vernon')).toBe('mount vernon');
    expect(placeKey('SÃO  PAULO')).toBe('sao paulo');
    expect(placeKey('東京')).toBe('東京');
  });
});

describe('where box resolution', () => {
  it('reads a country by its name in any language, never a withdrawn code', async () => {
    expect(await resolve('Germany')).toEqual([{ kind: 'country', countryCodes: ['DE'] }]);
    expect(await resolve('Vereinigte Staaten')).toEqual([{ kind: 'country', countryCodes: ['US'] }]);
    expect(await resolve('Georgia')).toEqual([{ kind: 'country', countryCodes: ['GE'] }]);
  });

  it('reads a two-letter part as a code, alone or after a city', async () => {
    expect(await resolve('CA')).toEqual([{ kind: 'country', countryCodes: ['CA'] }]);
    expect(await resolve('Los Angeles, CA')).toEqual([{ kind: 'city', cities: [{ countryCode: 'US', citySlug: 'los-angeles' }] }]);
    expect(await resolve('London, CA')).toEqual([{ kind: 'city', cities: [{ countryCode: 'CA', citySlug: 'london' }] }]);
    expect(await resolve('Atlanta, Georgia')).toEqual([{ kind: 'city', cities: [{ countryCode: 'US', citySlug: 'atlanta' }] }]);
    expect(await resolve('Atlanta, GA')).toEqual([{ kind: 'city', cities: [{ countryCode: 'US', citySlug: 'atlanta' }] }]);
  });

  it('never reads a short word as the start of a longer name', async () => {
    const [part] = await resolve('Uk');
    expect(part).toEqual({ kind: 'country', countryCodes: ['GB'] });
    expect(places.completions('kh')).toEqual([]);
    expect(places.completions('khar').map((completion) => completion.key)).toEqual(['kharkiv']);
  });

  it('completes the start of one name to that place, flagged like a typo', async () => {
    expect(await resolve('Atla')).toEqual([
      { kind: 'city', cities: [{ countryCode: 'US', citySlug: 'atlanta' }], correction: { typed: 'Atla', used: 'Atlanta' } },
    ]);
    expect(await resolve('Los An')).toEqual([
      { kind: 'city', cities: [{ countryCode: 'US', citySlug: 'los-angeles' }], correction: { typed: 'Los An', used: 'Los Angeles' } },
    ]);
    expect(await resolve('Deutschl')).toEqual([{ kind: 'country', countryCodes: ['DE'], correction: { typed: 'Deutschl', used: 'Germany' } }]);
  });

  it('answers the start of several names with those of them the index holds', async () => {
    // United States, United Kingdom, United Arab Emirates…: only the places with businesses are offered.
    expect(await resolve('Uni')).toEqual([{ kind: 'unknown', text: 'Uni', suggestions: ['United States'] }]);
    // A word of two letters alone is never read as a start.
    expect(await resolve('Lo')).toEqual([{ kind: 'unknown', text: 'Lo', suggestions: [] }]);
  });

  it('corrects one typo from five letters, not below', async () => {
    expect(await resolve('Kharkov')).toEqual([
      { kind: 'city', cities: [{ countryCode: 'UA', citySlug: 'kharkiv' }], correction: { typed: 'Kharkov', used: 'Kharkiv' } },
    ]);
    expect((await resolve('Kolm'))[0]).toMatchObject({ kind: 'unknown' });
    expect(places.readWithTypo('Atlnta')?.key).toBe('atlanta');
    expect(places.readWithTypo('Atl')).toBeNull();
  });

  it('suggests the nearest names for a place nobody knows', async () => {
    expect(await resolve('Atlanttaa')).toEqual([{ kind: 'unknown', text: 'Atlanttaa', suggestions: ['Atlanta, United States'] }]);
  });
});

describe('a city the index files several real cities of the name under', () => {
  /** The real city of the catalogue named so in a region of the United States. */
  const real = (name: string, region: string) => worldCitiesNamed(placeKey(name)).find((city) => city.countryCode === 'US' && city.region === region)!;
  const circle = (city: WorldCity) => ({ lat: city.lat, lng: city.lng, radiusKm: CHOSEN_CITY_RADIUS_KM });

  it('is kept near the real city a region written with it chooses, and named with that region', async () => {
    const missouri = real('Springfield', 'Missouri');
    expect(await resolve('Springfield, MO')).toEqual([
      {
        kind: 'city',
        cities: [{ countryCode: 'US', citySlug: 'springfield', near: [circle(missouri)] }],
        chosen: { name: 'Springfield, Missouri, United States', ...circle(missouri) },
      },
    ]);
    const oregon = real('Springfield', 'Oregon');
    expect(await resolve('Springfield, Oregon')).toEqual([
      { kind: 'city', cities: [{ countryCode: 'US', citySlug: 'springfield', near: [circle(oregon)] }], chosen: { name: 'Springfield, Oregon, United States', ...circle(oregon) } },
    ]);
  });

  it('is the whole city, exactly as the index holds it, when nothing chooses among its namesakes or it has none', async () => {
    const whole = [{ kind: 'city', cities: [{ countryCode: 'US', citySlug: 'springfield' }] }];
    expect(await resolve('Springfield')).toEqual(whole);
    expect(await resolve('Springfield, USA')).toEqual(whole);
    // The catalogue has one Atlanta in the United States: the region adds nothing to the city.
    expect(await resolve('Atlanta, GA')).toEqual([{ kind: 'city', cities: [{ countryCode: 'US', citySlug: 'atlanta' }] }]);
  });

  it('is the whole city, and names the part it could not apply, when that part holds none of its namesakes or names no place', async () => {
    const springfield = { countryCode: 'US', citySlug: 'springfield' };
    const unmatched = (text: string, isKnownPlace: boolean) => ({ text, isKnownPlace, city: 'Springfield', searched: 'Springfield, United States' });
    // The catalogue's Springfields lie in Massachusetts, Missouri, Illinois, Ohio and Oregon.
    expect(await resolve('Springfield, Vermont')).toEqual([{ kind: 'city', cities: [springfield], unmatched: unmatched('Vermont', true) }]);
    expect(await resolve('Springfield, VT, USA')).toEqual([{ kind: 'city', cities: [springfield], unmatched: unmatched('VT', true) }]);
    // "CA" is Canada and California: the index has no Springfield in the first, the catalogue none in the second.
    expect(await resolve('Springfield, CA')).toEqual([{ kind: 'city', cities: [springfield], unmatched: unmatched('CA', true) }]);
    // A real city the index has no business in is a place too.
    expect(await resolve('Springfield, Dallas')).toEqual([{ kind: 'city', cities: [springfield], unmatched: unmatched('Dallas', true) }]);
    expect(await resolve('Springfield, Narnia')).toEqual([{ kind: 'city', cities: [springfield], unmatched: unmatched('Narnia', false) }]);
    // A region that chose one still chooses it; the answer names it as the place searched.
    const missouri = real('Springfield', 'Missouri');
    expect(await resolve('Springfield, MO, Narnia')).toEqual([
      {
        kind: 'city',
        cities: [{ ...springfield, near: [circle(missouri)] }],
        chosen: { name: 'Springfield, Missouri, United States', ...circle(missouri) },
        unmatched: { ...unmatched('Narnia', false), searched: 'Springfield, Missouri, United States' },
      },
    ]);
    // Every part applied: nothing to say.
    expect(await resolve('London, Ontario')).toEqual([{ kind: 'city', cities: [{ countryCode: 'CA', citySlug: 'london' }] }]);
    expect(await resolve('Springfield, 65806')).toEqual([{ kind: 'city', cities: [springfield] }, { kind: 'postal', postalCode: '65806', words: ['65806'] }]);
  });
});

describe('a real place the index has no business in', () => {
  /** The place a where box is looked around at, asserting it resolves to that alone. */
  async function around(location: string, lookup: LocationLookup = { places: () => places }) {
    const parts = await resolveLocation(location, lookup);
    expect(parts.map((part) => part.kind), location).toEqual(['around']);
    return parts[0]!.kind === 'around' ? parts[0]!.place : null;
  }

  it('is looked around at its own coordinates, named with its country', async () => {
    const lyon = await around('Lyon');
    expect(lyon).toMatchObject({ text: 'Lyon', name: 'Lyon, France', radiusKm: AROUND_RADIUS_KM });
    expect(lyon!.lat).toBeCloseTo(45.76, 1);
    expect(lyon!.lng).toBeCloseTo(4.84, 1);
    // Written otherwise, or by another of its names.
    expect((await around('saint-étienne'))?.name).toBe('Saint-Etienne, France');
    expect((await around('Bombay'))?.name).toBe('Mumbai, India');
  });

  it('is the most populous of the places a name is shared by, and says which', async () => {
    expect((await around('Valencia'))?.name).toBe('Valencia, Venezuela');
    // Portland is also a parish of Jamaica, a region the index holds no city of: the city comes first.
    expect((await around('Portland'))?.name).toBe('Portland, Oregon, United States');
  });

  it('is the one in the country or region written with it', async () => {
    expect((await around('Valencia, Spain'))?.name).toBe('Valencia, Spain');
    expect((await around('Valencia, ES'))?.name).toBe('Valencia, Spain');
    expect(await around('Portland, ME')).toMatchObject({ text: 'Portland, ME', name: 'Portland, Maine, United States' });
    // The index holds a London in Canada only: the one of Kentucky is looked around.
    expect((await around('London, Kentucky'))?.name).toBe('London, United States');
    // Neither the index (here) nor the table of real cities holds a Paris in Texas: the real one is offered.
    expect(await resolve('Paris, Texas')).toEqual([{ kind: 'unknown', text: 'Paris, Texas', suggestions: ['Paris, France'] }]);
  });

  it('is looked around all the same when written with a part that cannot apply, and names that part', async () => {
    /** The place looked around and the part left out, asserting the where box resolves to that alone. */
    async function aroundLeaving(location: string) {
      const parts = await resolveLocation(location, { places: () => places });
      expect(parts.map((part) => part.kind), location).toEqual(['around']);
      return parts[0]!.kind === 'around' ? { name: parts[0]!.place.name, unmatched: parts[0]!.unmatched } : null;
    }
    const unmatched = (text: string, isKnownPlace: boolean, city: string, searched: string) => ({ text, isKnownPlace, city, searched });
    // A part naming no place, beside a city without businesses, and beside the country it lies in.
    for (const location of ['Grenoble, Narnia', 'Grenoble, France, Narnia']) {
      expect(await aroundLeaving(location), location).toEqual({ name: 'Grenoble, France', unmatched: unmatched('Narnia', false, 'Grenoble', 'Grenoble, France') });
    }
    // Vermont holds none of the real Salems, and the index has none: around the most populous of its country's.
    const massachusetts = 'Salem, Massachusetts, United States';
    expect(await aroundLeaving('Salem, Vermont')).toEqual({ name: massachusetts, unmatched: unmatched('Vermont', true, 'Salem', massachusetts) });
    expect(await aroundLeaving('Salem, VT, USA')).toEqual({ name: massachusetts, unmatched: unmatched('VT', true, 'Salem', massachusetts) });
    // The one lying in an area written with it comes first, the area it does not lie in named.
    const oregon = 'Salem, Oregon, United States';
    expect(await aroundLeaving('Salem, Vermont, Oregon')).toEqual({ name: oregon, unmatched: unmatched('Vermont', true, 'Salem', oregon) });
    // Portland is also a region of Jamaica; London a city of the index, in Canada only.
    expect(await aroundLeaving('Portland, Vermont')).toEqual({ name: 'Portland, Oregon, United States', unmatched: unmatched('Vermont', true, 'Portland', 'Portland, Oregon, United States') });
    expect(await aroundLeaving('London, Vermont')).toEqual({ name: 'London, United States', unmatched: unmatched('Vermont', true, 'London', 'London, United States') });
    // Read with a typo: both said.
    expect(await resolve('Lyonn, Narnia')).toEqual([
      expect.objectContaining({ correction: { typed: 'Lyonn, Narnia', used: 'Lyon, Narnia' }, unmatched: unmatched('Narnia', false, 'Lyon', 'Lyon, France') }),
    ]);
    // Every part applied, or a postal code written with it: nothing left out.
    for (const location of ['Grenoble', 'Grenoble, France', 'Salem, Oregon', 'Portland, ME', 'Grenoble, 38000']) {
      expect((await aroundLeaving(location))?.unmatched, location).toBeUndefined();
    }
    // A city no real one of which lies in the area's country is not looked around in another: the real ones are offered.
    expect(await resolve('Grenoble, Texas')).toEqual([{ kind: 'unknown', text: 'Grenoble, Texas', suggestions: ['Grenoble, France'] }]);
    expect(await resolve('Burlington, Texas')).toEqual([expect.objectContaining({ kind: 'around', place: expect.objectContaining({ name: 'Burlington, Vermont, United States' }) })]);
    // Several namesakes, none in the area's country: the most populous first, as many as a suggestion list holds.
    const valencias = await resolve('Valencia, Texas');
    expect(valencias).toEqual([{ kind: 'unknown', text: 'Valencia, Texas', suggestions: expect.arrayContaining(['Valencia, Venezuela', 'Valencia, Spain']) }]);
    expect(valencias[0]!.kind === 'unknown' && valencias[0]!.suggestions[0]).toBe('Valencia, Venezuela');
    // A part naming no real city still says so.
    expect(await resolve('Narnia, Texas')).toEqual([expect.objectContaining({ kind: 'unknown', text: 'Narnia' })]);
  });

  it('comes before the start of a longer name the index holds, unless it is three letters or fewer', async () => {
    const american = new PlaceIndex({
      countries: [{ code: 'US', name: 'United States', businessCount: 30 }],
      cities: [
        { countryCode: 'US', slug: 'lyons', name: 'Lyons', businessCount: 10 },
        { countryCode: 'US', slug: 'san-francisco', name: 'San Francisco', businessCount: 10 },
        { countryCode: 'US', slug: 'san-jose', name: 'San Jose', businessCount: 10 },
      ],
    });
    const lookup = { places: () => american };
    expect((await around('Lyon', lookup))?.name).toBe('Lyon, France');
    // San (Mali) is also the start of San Francisco and San Jose: the visitor is typing one of those.
    expect(await resolveLocation('San', lookup)).toEqual([{ kind: 'unknown', text: 'San', suggestions: ['San Francisco, United States', 'San Jose, United States'] }]);
    // A place of the index is never looked around, nor is a name no place has.
    expect(await resolveLocation('Lyons', lookup)).toEqual([{ kind: 'city', cities: [{ countryCode: 'US', citySlug: 'lyons' }] }]);
    expect(await resolveLocation('Qwxzv', lookup)).toEqual([{ kind: 'unknown', text: 'Qwxzv', suggestions: [] }]);
  });
});

describe('a real place typed with a typo', () => {
  it('is looked around when one typo from a real city, and the answer says which', async () => {
    const [lyon] = await resolve('Lyonn');
    expect(lyon).toMatchObject({ kind: 'around', place: { text: 'Lyonn', name: 'Lyon, France' }, correction: { typed: 'Lyonn', used: 'Lyon, France' } });
    expect(await resolve('Lyonn, France')).toEqual([
      expect.objectContaining({ kind: 'around', place: expect.objectContaining({ name: 'Lyon, France' }), correction: { typed: 'Lyonn, France', used: 'Lyon, France' } }),
    ]);
    expect((await resolve('Marseile'))[0]).toMatchObject({ place: { name: 'Marseille, France' } });
  });

  it('prefers a place of the index one typo away', async () => {
    expect(await resolve('Atlana')).toEqual([{ kind: 'city', cities: [{ countryCode: 'US', citySlug: 'atlanta' }], correction: { typed: 'Atlana', used: 'Atlanta' } }]);
  });

  it('is offered, not searched, two typos away', async () => {
    const [part] = await resolve('Barzelonaa');
    expect(part).toEqual({ kind: 'unknown', text: 'Barzelonaa', suggestions: ['Barcelona, Spain', 'Barcelona, Venezuela'] });
  });

  it('never jumps from a short text, a name no place has, or the start of names the index holds', async () => {
    // A code is the country it stands for, never a city of it (Vaduz for LI, a country without businesses here).
    expect(await resolve('Li')).toEqual([{ kind: 'country', countryCodes: ['LI'] }]);
    expect(await resolve('Lio')).toEqual([{ kind: 'unknown', text: 'Lio', suggestions: [] }]);
    // Bonn is one typo away, but four letters are too few to correct.
    expect((await resolve('Bonm'))[0]!.kind).toBe('unknown');
    expect((await resolve('Qwxzvy'))[0]).toEqual({ kind: 'unknown', text: 'Qwxzvy', suggestions: [] });
    const spanish = new PlaceIndex({
      countries: [{ code: 'US', name: 'United States', businessCount: 20 }],
      cities: [
        { countryCode: 'US', slug: 'santa-cruz', name: 'Santa Cruz', businessCount: 10 },
        { countryCode: 'US', slug: 'santa-fe', name: 'Santa Fe', businessCount: 10 },
      ],
    });
    // "Santa" is one typo from Sanaa (Yemen) and from Salta (Argentina): the visitor is typing Santa Cruz or Santa Fe.
    expect(await resolveLocation('Santa', { places: () => spanish })).toEqual([
      { kind: 'unknown', text: 'Santa', suggestions: ['Santa Cruz, United States', 'Santa Fe, United States', 'Sanaa, Yemen'] },
    ]);
  });
});

describe('a country the index has no business in', () => {
  it('is looked around at its most populous city, the answer naming the country', async () => {
    const [iceland] = await resolve('Iceland');
    expect(iceland).toMatchObject({ kind: 'around', place: { text: 'Iceland', name: 'Reykjavík, Iceland', country: 'Iceland', radiusKm: AROUND_RADIUS_KM } });
    expect(iceland).not.toHaveProperty('correction');
    expect((await resolve('Icelnd'))[0]).toMatchObject({ kind: 'around', place: { country: 'Iceland' }, correction: { typed: 'Icelnd', used: 'Iceland' } });
  });

  it('is a country like any other when the index has businesses there', async () => {
    expect(await resolve('Ukraine')).toEqual([{ kind: 'country', countryCodes: ['UA'] }]);
  });
});

describe('postal codes', () => {
  it('are compared without spaces and hyphens, in every one-separator spelling', () => {
    expect(compactPostalCode('sw1a 1aa')).toBe('SW1A1AA');
    expect(looksLikePostalCode('01-234')).toBe(true);
    expect(looksLikePostalCode('Lyon')).toBe(false);
    expect(postalCodeSpellings('SW1A1AA')).toEqual(expect.arrayContaining(['SW1A1AA', 'SW1A 1AA', 'SW1A-1AA']));
    expect(postalCodeSpellings('01234')).toEqual(expect.arrayContaining(['01-234', '012 34']));
  });
});
