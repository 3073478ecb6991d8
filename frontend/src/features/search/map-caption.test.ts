import { describe, expect, it } from 'vitest';
import { describeMapScope } from './map-caption.ts';

describe('describeMapScope', () => {
  it('says the map holds only this page when the search has more pages', () => {
    expect(describeMapScope({ located: 19, onPage: 20, total: 478 })).toBe('Map of the 19 results on this page that have a location');
    expect(describeMapScope({ located: 20, onPage: 20, total: 478 })).toBe('Map of the 20 results on this page');
    expect(describeMapScope({ located: 1, onPage: 20, total: 1_250 })).toBe('Map of the 1 result on this page that has a location');
  });

  it('says "all" only when every result of the search is on the map', () => {
    expect(describeMapScope({ located: 7, onPage: 7, total: 7 })).toBe('Map of all 7 results');
    expect(describeMapScope({ located: 1, onPage: 1, total: 1 })).toBe('Map of the 1 result');
    expect(describeMapScope({ located: 5, onPage: 7, total: 7 })).toBe('Map of the 5 results that have a location');
  });

  it('names the area a region chose among namesakes', () => {
    const area = { name: 'Springfield, Missouri, United States', radiusKm: 40 };
    expect(describeMapScope({ located: 1, onPage: 1, total: 1, area })).toBe('Map of the 1 result, within 40 km of Springfield, Missouri, United States');
    expect(describeMapScope({ located: 19, onPage: 20, total: 45, area })).toBe('Map of the 19 results on this page that have a location, within 40 km of Springfield, Missouri, United States');
    expect(describeMapScope({ located: 0, onPage: 20, total: 45, area })).toBe('No result on this page has a location');
  });

  it('says so when no result of the page has a location', () => {
    expect(describeMapScope({ located: 0, onPage: 20, total: 40 })).toBe('No result on this page has a location');
  });
});
