import { describe, expect, it } from 'vitest';
import { matchCategories } from './category-matches.ts';

const entry = (category: string, count: number) => ({ category, count });
// Biggest first, as GET /api/admin/category-counts answers.
const CATEGORIES = [
  entry('Restaurant', 900), entry('Café', 400), entry('Internet cafe', 30), entry('Kafe', 20), entry('Cafeteria', 12),
  entry('Kırtasiye', 9), entry('İş Merkezi', 7), entry('  ', 3), entry('Pizza restaurant', 2),
];
const names = (text: string, limit?: number) => matchCategories(CATEGORIES, text, limit).shown.map((match) => match.category);

describe('matchCategories', () => {
  it('finds a part of the name whatever its case and accents, Turkish letters included', () => {
    expect(names('kafe')).toEqual(['Kafe']);
    expect(names('CAFÉ')).toEqual(['Café', 'Cafeteria', 'Internet cafe']);
    expect(names('kirtas')).toEqual(['Kırtasiye']);
    expect(names('is merk')).toEqual(['İş Merkezi']);
    expect(names('taur')).toEqual(['Restaurant', 'Pizza restaurant']);
  });

  it('ranks names starting with the text, then a word starting with it, then the rest; biggest first within each', () => {
    expect(names('rest')).toEqual(['Restaurant', 'Pizza restaurant']);
    expect(names('caf')).toEqual(['Café', 'Cafeteria', 'Internet cafe']);
    expect(names('af')).toEqual(['Café', 'Internet cafe', 'Kafe', 'Cafeteria']);
  });

  it('lists every non-blank category for no text, at most `limit`, and counts them all', () => {
    expect(matchCategories(CATEGORIES, '  ')).toEqual({ shown: CATEGORIES.filter((c) => c.category.trim() !== ''), total: 8 });
    expect(matchCategories(CATEGORIES, '', 3)).toEqual({ shown: CATEGORIES.slice(0, 3), total: 8 });
    expect(matchCategories(CATEGORIES, 'plumber')).toEqual({ shown: [], total: 0 });
  });
});
