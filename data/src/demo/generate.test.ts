import cityTimezones from 'city-timezones';
import { describe, expect, it } from 'vitest';
import { WEEK_DAYS } from '../business.ts';
import type { BusinessInput } from '../business.ts';
import { countryName } from '../countries.ts';
import { demoCategoryNamed } from './catalogue.ts';
import { DEMO_CATEGORIES, demoBusinessAt, generateDemoBusinesses } from './generate.ts';
import { HOURS_TEXT_PATTERN } from './hours.ts';
import { permuteIndex } from './place-id.ts';

function generate(size: number): BusinessInput[] {
  return [...generateDemoBusinesses(size)];
}

function share(items: readonly BusinessInput[], test: (item: BusinessInput) => boolean): number {
  return items.filter(test).length / items.length;
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = '';
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

const sample = generate(20_000);

describe('determinism', () => {
  it('gives the same data for the same size', () => {
    expect(generate(500)).toEqual(generate(500));
  });

  it('makes a smaller set a prefix of a bigger one', () => {
    expect(generate(200)).toEqual(generate(1000).slice(0, 200));
  });

  it('depends on the index only', () => {
    expect(demoBusinessAt(12_345)).toEqual(sample[12_345]);
  });

  it('rejects indexes it cannot give a unique place id', () => {
    expect(() => demoBusinessAt(-1)).toThrow(RangeError);
    expect(() => demoBusinessAt(1.5)).toThrow(RangeError);
    expect(() => demoBusinessAt(36 ** 6)).toThrow(RangeError);
  });
});

describe('place ids', () => {
  it('look like Google place ids', () => {
    for (const item of sample.slice(0, 2000)) expect(item.placeId).toMatch(/^ChIJ[A-Za-z0-9_-]{23}$/);
  });

  it('are unique over 50,000 items', () => {
    const ids = new Set([...generateDemoBusinesses(50_000)].map((item) => item.placeId));
    expect(ids.size).toBe(50_000);
  });

  it('come from a permutation of the index', () => {
    const seen = new Set<number>();
    for (let index = 0; index < 100_000; index++) seen.add(permuteIndex(index));
    seen.add(permuteIndex(10_000_000));
    expect(seen.size).toBe(100_001);
  });
});

describe('every item', () => {
  it('has a non-empty name and a catalogue category and type', () => {
    for (const item of sample) {
      expect(item.name.trim()).not.toBe('');
      expect(demoCategoryNamed(item.category ?? '')).toBeDefined();
      expect(demoCategoryNamed(item.type ?? '')).toBeDefined();
    }
  });

  it('has a consistent country', () => {
    for (const item of sample) {
      expect(item.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(item.country).toBe(countryName(item.countryCode ?? ''));
    }
  });

  it('has the city as the second-to-last part of the full address', () => {
    for (const item of sample) {
      const parts = (item.fullAddress ?? '').split(', ');
      expect(parts.at(-2)).toBe(item.city);
      expect(parts[0]).toBe(item.street);
      expect(parts.at(-1)).toBe(item.country);
    }
  });

  it('has opening hours in the Google export shape', () => {
    for (const item of sample) {
      if (item.workingHours === null) continue;
      expect(Object.keys(item.workingHours)).toEqual([...WEEK_DAYS]);
      for (const text of Object.values(item.workingHours)) expect(text).toMatch(HOURS_TEXT_PATTERN);
    }
  });

  it('has a plausible rating and review count', () => {
    for (const item of sample) {
      if (item.rating !== null) {
        expect(item.rating).toBeGreaterThanOrEqual(1);
        expect(item.rating).toBeLessThanOrEqual(5);
        expect(Math.round(item.rating * 10) / 10).toBe(item.rating);
      }
      expect(Number.isInteger(item.reviews)).toBe(true);
      expect(item.reviews).toBeGreaterThanOrEqual(0);
      expect(item.reviewsLink !== null).toBe(item.reviews > 0);
    }
  });

  it('has coordinates within range', () => {
    for (const item of sample) {
      if (item.latitude !== null) expect(Math.abs(item.latitude)).toBeLessThanOrEqual(90);
      if (item.longitude !== null) expect(Math.abs(item.longitude)).toBeLessThanOrEqual(180);
    }
  });

  it('links only to the reserved .example domain', () => {
    for (const item of sample) {
      if (item.url !== null) expect(item.url).toMatch(/^https:\/\/www\.[a-z0-9]+(?:-[a-z0-9]+)*\.example\/$/);
    }
  });

  it('has a valid IANA time zone', () => {
    const zones = new Set(sample.map((item) => item.timeZone ?? ''));
    for (const timeZone of zones) expect(() => new Intl.DateTimeFormat('en', { timeZone })).not.toThrow();
  });
});

describe('distribution over 20,000 items', () => {
  it('leaves about 5% without coordinates', () => {
    const missing = share(sample, (item) => item.latitude === null && item.longitude === null);
    expect(missing).toBeGreaterThan(0.03);
    expect(missing).toBeLessThan(0.08);
  });

  it('gives most businesses a phone number', () => {
    const withPhone = share(sample, (item) => item.phone !== null);
    expect(withPhone).toBeGreaterThan(0.8);
    expect(withPhone).toBeLessThan(0.95);
  });

  it('covers many categories and countries', () => {
    expect(new Set(sample.map((item) => item.category)).size).toBeGreaterThanOrEqual(150);
    expect(new Set(sample.map((item) => item.countryCode)).size).toBeGreaterThanOrEqual(60);
  });

  it('puts the most businesses in a big city', () => {
    const top = mostCommon(sample.map((item) => `${item.city}|${item.countryCode}`));
    const [city, countryCode] = top.split('|');
    const populations = cityTimezones.cityMapping
      .filter((entry) => entry.city === city && entry.iso2 === countryCode)
      .map((entry) => entry.pop);
    expect(Math.max(0, ...populations)).toBeGreaterThanOrEqual(1_000_000);
  });

  it('makes common categories much more frequent than rare ones', () => {
    const restaurants = share(sample, (item) => item.category === 'Restaurant');
    const chimneySweeps = share(sample, (item) => item.category === 'Chimney sweep');
    expect(restaurants).toBeGreaterThan(20 * chimneySweeps);
  });

  it('mixes amenity groups, descriptions and missing about data', () => {
    const groups = share(sample, (item) => typeof item.about === 'object' && item.about !== null);
    const texts = share(sample, (item) => typeof item.about === 'string');
    expect(groups).toBeGreaterThan(0.6);
    expect(texts).toBeGreaterThan(0.1);
    expect(share(sample, (item) => item.about === null)).toBeGreaterThan(0.1);
  });
});

describe('DEMO_CATEGORIES', () => {
  it('has at least 300 unique names', () => {
    const names = new Set(DEMO_CATEGORIES.map((category) => category.name));
    expect(names.size).toBe(DEMO_CATEGORIES.length);
    expect(names.size).toBeGreaterThanOrEqual(300);
  });

  it('includes accented names and only known specific types', () => {
    expect(DEMO_CATEGORIES.map((category) => category.name)).toEqual(expect.arrayContaining(['Café', 'Crêperie']));
    for (const category of DEMO_CATEGORIES) {
      for (const type of category.types) expect(demoCategoryNamed(type)).toBeDefined();
    }
  });
});
