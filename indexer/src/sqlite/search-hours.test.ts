import { describe, expect, it } from 'vitest';
import { encodedOpenHours, isOpenAt } from './search-hours.ts';

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
