import { describe, expect, it } from 'vitest';
import { pluralOfCategory } from '../../lib/format.ts';
import { categoryNamedBy, getSearchHeading } from './search-heading.ts';

const CATEGORIES = [
  { slug: 'plumber', name: 'Plumber' },
  { slug: 'pharmacy', name: 'Pharmacy' },
  { slug: 'car-wash', name: 'Car wash' },
  { slug: 'hair-salon', name: 'Hair salon' },
];

describe('search heading', () => {
  it('makes the plural of a category name by its last word', () => {
    expect(['Plumber', 'Pharmacy', 'Car wash', 'Bus', 'Toy store', 'Subway'].map(pluralOfCategory)).toEqual([
      'Plumbers', 'Pharmacies', 'Car washes', 'Buses', 'Toy stores', 'Subways',
    ]);
  });

  it('finds the category words name whole, singular or plural, in any case', () => {
    expect(categoryNamedBy('plumbers', CATEGORIES)).toBe('Plumber');
    expect(categoryNamedBy(' PHARMACIES ', CATEGORIES)).toBe('Pharmacy');
    expect(categoryNamedBy('Hair Salon', CATEGORIES)).toBe('Hair salon');
    expect(categoryNamedBy('plumb', CATEGORIES)).toBeNull();
    expect(categoryNamedBy('car', CATEGORIES)).toBeNull();
    expect(categoryNamedBy('', CATEGORIES)).toBeNull();
  });

  it('says what the search is for', () => {
    expect(getSearchHeading('plumbers', 'lyon', 'Plumber')).toBe('Plumbers in Lyon');
    expect(getSearchHeading('pizza', 'new york', null)).toBe('Results for “pizza” in New York');
    expect(getSearchHeading('pizza', '', null)).toBe('Results for “pizza”');
    expect(getSearchHeading('', 'saint-étienne', null)).toBe('Businesses in Saint-Étienne');
    expect(getSearchHeading('', '75002', null)).toBe('Businesses in 75002');
    expect(getSearchHeading(' ', ' ', null)).toBe('Find a business');
  });

  it('says the results lie near a place that holds no business, not in it', () => {
    expect(getSearchHeading('', 'lyon', null, true)).toBe('Businesses near Lyon');
    expect(getSearchHeading('restaurant', 'reykjavik', null, true)).toBe('Results for “restaurant” near Reykjavik');
    expect(getSearchHeading('plumbers', 'grenoble', 'Plumber', true)).toBe('Plumbers near Grenoble');
    expect(getSearchHeading('pizza', '', null, true)).toBe('Results for “pizza”');
  });
});
