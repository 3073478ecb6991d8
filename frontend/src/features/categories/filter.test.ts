import { describe, expect, it } from 'vitest';
import type { CategoryEntry } from '@directory/backend/shared/api-types.ts';
import { averagePer, filterCategories, formatAverageRating, getCategoryTotals, letterFromQuery } from './filter.ts';

const entry = (category: string, count: number): CategoryEntry => ({
  category,
  slug: category.toLowerCase(),
  letter: category[0]!.toUpperCase(),
  count,
  countryCount: 1,
  averageRating: 4,
});

const categories = [entry('Plumber', 40), entry('Pizza restaurant', 25), entry('Café', 10), entry('Dentist', 6)];

describe('filterCategories', () => {
  it('keeps the categories whose name contains the text, in any case', () => {
    expect(filterCategories(categories, 'PIZ').map((c) => c.category)).toEqual(['Pizza restaurant']);
    expect(filterCategories(categories, 'rest').map((c) => c.category)).toEqual(['Pizza restaurant']);
  });

  it('folds accents and trims the text', () => {
    expect(filterCategories(categories, ' cafe ').map((c) => c.category)).toEqual(['Café']);
  });

  it('keeps everything for an empty text and nothing for a text no name contains', () => {
    expect(filterCategories(categories, '')).toHaveLength(4);
    expect(filterCategories(categories, 'astronaut')).toEqual([]);
  });
});

describe('getCategoryTotals', () => {
  it('counts categories and businesses and rounds the average per category', () => {
    expect(getCategoryTotals(categories)).toEqual({ categories: 4, businesses: 81, averagePerCategory: 20 });
    expect(getCategoryTotals([])).toEqual({ categories: 0, businesses: 0, averagePerCategory: 0 });
  });

  it('rounds halves up', () => {
    expect(averagePer(5, 2)).toBe(3);
    expect(averagePer(7, 0)).toBe(0);
  });
});

describe('query parsing', () => {
  it('accepts one letter A-Z as the letter, upper-cased', () => {
    expect(letterFromQuery('p')).toBe('P');
    expect(letterFromQuery('Q')).toBe('Q');
    for (const raw of [null, '', 'ab', '1', 'é', '#']) expect(letterFromQuery(raw)).toBeNull();
  });
});

describe('formatAverageRating', () => {
  it('shows one decimal, or nothing when unrated', () => {
    expect(formatAverageRating(4.25)).toBe('4.3');
    expect(formatAverageRating(4)).toBe('4.0');
    expect(formatAverageRating(null)).toBeNull();
    expect(formatAverageRating(0)).toBeNull();
  });
});
