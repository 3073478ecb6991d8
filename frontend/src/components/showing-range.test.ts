import { describe, expect, it } from 'vitest';
import { describeRange } from './showing-range.tsx';

const cities = ['city', 'cities'] as const;

describe('describeRange', () => {
  it('reads "13 to 24 of 40 cities" for a full page', () => {
    expect(describeRange({ first: 13, last: 24, total: 40 }, cities)).toEqual({ shown: '13 to 24', total: '40', noun: 'cities' });
  });

  it('names one city in the singular, without a range', () => {
    expect(describeRange({ first: 1, last: 1, total: 1 }, cities)).toEqual({ shown: '1', total: '1', noun: 'city' });
  });

  it('shows one number for a last page holding one item', () => {
    expect(describeRange({ first: 25, last: 25, total: 25 }, cities)).toEqual({ shown: '25', total: '25', noun: 'cities' });
  });

  it('joins the ends the way each list writes them, with thousands separators', () => {
    expect(describeRange({ first: 1981, last: 2000, total: 12345 }, ['business', 'businesses'], '-')?.shown).toBe('1,981-2,000');
    expect(describeRange({ first: 1, last: 12, total: 40 }, ['business', 'businesses'], ' - ')?.shown).toBe('1 - 12');
  });

  it('describes nothing for an empty list', () => {
    expect(describeRange({ first: 0, last: 0, total: 0 }, cities)).toBeNull();
  });
});
