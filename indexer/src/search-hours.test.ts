import { describe, expect, it } from 'vitest';
import { encodeIntervals, encodedOpenHours, isOpenAt, parseDayHours, weeklyIntervals } from './search-hours.ts';

const WEEKDAYS_9_TO_5 = JSON.stringify({
  Monday: '9AM–5PM',
  Tuesday: '9AM–5PM',
  Wednesday: '9AM–5PM',
  Thursday: '9AM–5PM',
  Friday: '9AM–5PM',
  Saturday: 'Closed',
  Sunday: 'Closed',
});

describe('encodedOpenHours', () => {
  it('encodes Monday to Friday 9 to 5 as minutes of the week', () => {
    expect(encodedOpenHours(WEEKDAYS_9_TO_5)).toBe('540-1020 1980-2460 3420-3900 4860-5340 6300-6780');
  });

  it('answers the same for the same schedule, read twice', () => {
    expect(encodedOpenHours(WEEKDAYS_9_TO_5)).toBe(encodedOpenHours(WEEKDAYS_9_TO_5));
  });

  it('is null for unknown or unreadable hours, which never count as open', () => {
    expect(encodedOpenHours(null)).toBeNull();
    expect(encodedOpenHours('{not json')).toBeNull();
    expect(encodedOpenHours(JSON.stringify({ Monday: 'ask us' }))).toBeNull();
  });

  it('finds Tuesday 10:00 open and Saturday 10:00 closed', () => {
    const encoded = encodedOpenHours(WEEKDAYS_9_TO_5)!;
    expect(isOpenAt(encoded, 1 * 1440 + 600)).toBe(true);
    expect(isOpenAt(encoded, 5 * 1440 + 600)).toBe(false);
  });
});

describe('hours text to weekly intervals', () => {
  it.each([
    ['9AM–5PM', [[540, 1020]]],
    ['11AM–3PM,5–9:30PM', [[660, 900], [1020, 1290]]],
    ['9\u202FAM–5\u202FPM', [[540, 1020]]],
    ['6PM–2AM', [[1080, 1560]]],
    ['12–2PM', [[720, 840]]],
    ['Open 24 hours', [[0, 1440]]],
    ['Closed', []],
    ['09:00-17:30', [[540, 1050]]],
    ['whenever', null],
  ])('reads %s', (text, expected) => {
    expect(parseDayHours(text)).toEqual(expected);
  });

  it('wraps Sunday night into Monday morning', () => {
    const intervals = weeklyIntervals(JSON.stringify({ Sunday: '10PM–2AM', Monday: 'Closed' }));
    expect(intervals).toEqual([[0, 120], [8640 + 1320, 10080]]);
    const encoded = encodeIntervals(intervals)!;
    expect(isOpenAt(encoded, 60)).toBe(true); // Monday 01:00
    expect(isOpenAt(encoded, 180)).toBe(false);
  });
});
