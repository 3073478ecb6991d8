import { describe, expect, it } from 'vitest';
import { describeNextChange, formatTimeOfDay, hoursTextFor, isOpenAt, MAX_UNCHANGED_MS, parseDayHours, toOpeningHoursSpecification, unchangedUntil, weekDayAt } from './hours.ts';

const NNBSP = '\u202F';

const officeWeek = {
  Monday: '9AM–5PM',
  Tuesday: '9AM–5PM',
  Wednesday: '9AM–5PM',
  Thursday: '9AM–5PM',
  Friday: '9AM–5PM',
  Saturday: 'Closed',
  Sunday: 'Closed',
};

describe('parseDayHours', () => {
  it.each([
    ['9AM–5PM', [[540, 1020]]],
    ['8:30AM–6PM', [[510, 1080]]],
    ['11AM–3PM, 5–10PM', [[660, 900], [1020, 1320]]],
    ['11AM–3PM,5–9:30PM', [[660, 900], [1020, 1290]]],
    [`9${NNBSP}AM–5${NNBSP}PM`, [[540, 1020]]],
    ['9 AM - 5 PM', [[540, 1020]]],
    ['9AM-5PM', [[540, 1020]]],
    ['12PM–12AM', [[720, 1440]]],
    ['6PM–2AM', [[1080, 1560]]],
    ['10–2AM', [[1320, 1560]]],
    ['11–1PM', [[660, 780]]],
    ['09:00–17:30', [[540, 1050]]],
    ['Open 24 hours', [[0, 1440]]],
    ['Closed', []],
    ['closed', []],
  ])('reads %j', (text, expected) => {
    expect(parseDayHours(text)).toEqual(expected);
  });

  it.each(['', 'By appointment', '9AM', '13PM–5PM', '9:75AM–5PM'])('gives null for %j', (text) => {
    expect(parseDayHours(text)).toBeNull();
  });
});

describe('hoursTextFor', () => {
  it('finds a day whatever the case of its key', () => {
    expect(hoursTextFor({ monday: '9AM–5PM' }, 'Monday')).toBe('9AM–5PM');
    expect(hoursTextFor({ Tuesday: '9AM–5PM' }, 'Monday')).toBeNull();
    expect(hoursTextFor(null, 'Monday')).toBeNull();
  });
});

describe('isOpenAt', () => {
  // Wednesday 15 January 2025, 10:00 in Paris (UTC+1).
  const wednesdayMorningParis = new Date('2025-01-15T09:00:00Z');

  it('is open inside the hours of the local day', () => {
    expect(isOpenAt(officeWeek, 'Europe/Paris', wednesdayMorningParis)).toBe(true);
  });

  it('uses the business time zone, not the server one', () => {
    // 09:00 UTC is 04:00 in New York: still closed there.
    expect(isOpenAt(officeWeek, 'America/New_York', wednesdayMorningParis)).toBe(false);
    // 16:30 UTC is 17:30 in Paris (closed) but 11:30 in New York (open).
    const afternoon = new Date('2025-01-15T16:30:00Z');
    expect(isOpenAt(officeWeek, 'Europe/Paris', afternoon)).toBe(false);
    expect(isOpenAt(officeWeek, 'America/New_York', afternoon)).toBe(true);
  });

  it('closes at the closing minute', () => {
    expect(isOpenAt(officeWeek, 'UTC', new Date('2025-01-15T16:59:00Z'))).toBe(true);
    expect(isOpenAt(officeWeek, 'UTC', new Date('2025-01-15T17:00:00Z'))).toBe(false);
  });

  it('is closed on a Closed day', () => {
    expect(isOpenAt(officeWeek, 'UTC', new Date('2025-01-18T12:00:00Z'))).toBe(false);
  });

  it('counts hours that run past midnight into the next day', () => {
    const bar = { ...officeWeek, Friday: '6PM–2AM', Saturday: 'Closed' };
    expect(isOpenAt(bar, 'UTC', new Date('2025-01-17T23:30:00Z'))).toBe(true);
    expect(isOpenAt(bar, 'UTC', new Date('2025-01-18T01:30:00Z'))).toBe(true);
    expect(isOpenAt(bar, 'UTC', new Date('2025-01-18T02:30:00Z'))).toBe(false);
  });

  it('is open all day with Open 24 hours', () => {
    expect(isOpenAt({ ...officeWeek, Wednesday: 'Open 24 hours' }, 'UTC', new Date('2025-01-15T03:00:00Z'))).toBe(true);
  });

  it('gives null when today is missing, unreadable, or the time zone unknown', () => {
    expect(isOpenAt(null, 'UTC', wednesdayMorningParis)).toBeNull();
    expect(isOpenAt({ Monday: '9AM–5PM' }, 'UTC', wednesdayMorningParis)).toBeNull();
    expect(isOpenAt({ ...officeWeek, Wednesday: 'Ask us' }, 'UTC', wednesdayMorningParis)).toBeNull();
    expect(isOpenAt(officeWeek, null, wednesdayMorningParis)).toBeNull();
    expect(isOpenAt(officeWeek, 'Mars/Olympus_Mons', wednesdayMorningParis)).toBeNull();
  });
});

describe('weekDayAt', () => {
  it('gives the local weekday of the time zone', () => {
    const lateSundayUtc = new Date('2025-01-19T23:30:00Z');
    expect(weekDayAt('UTC', lateSundayUtc)).toBe('Sunday');
    expect(weekDayAt('Asia/Tokyo', lateSundayUtc)).toBe('Monday');
    expect(weekDayAt(null, lateSundayUtc)).toBe('Sunday');
  });
});

describe('toOpeningHoursSpecification', () => {
  it('groups days with the same hours and leaves closed days out', () => {
    expect(toOpeningHoursSpecification(officeWeek)).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:00' },
    ]);
  });

  it('gives one entry per interval, 24 hours as 00:00–23:59 and past midnight as an early closing', () => {
    const specs = toOpeningHoursSpecification({ Monday: '11AM–3PM, 5–10PM', Tuesday: 'Open 24 hours', Friday: '6PM–2AM' });
    expect(specs).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday'], opens: '11:00', closes: '15:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday'], opens: '17:00', closes: '22:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Tuesday'], opens: '00:00', closes: '23:59' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Friday'], opens: '18:00', closes: '02:00' },
    ]);
  });

  it('is empty without hours', () => {
    expect(toOpeningHoursSpecification(null)).toEqual([]);
  });
});

describe('formatTimeOfDay', () => {
  it.each([
    [480, '8 AM'],
    [1020, '5 PM'],
    [1050, '5:30 PM'],
    [720, '12 PM'],
    [0, 'midnight'],
    [1440, 'midnight'],
    [1560, '2 AM'],
  ])('reads %i minutes as %s', (minutes, text) => {
    expect(formatTimeOfDay(minutes)).toBe(text);
  });
});

describe('describeNextChange', () => {
  const week = { ...officeWeek, Monday: '8AM–5PM', Tuesday: '8AM–5PM', Wednesday: '8AM–5PM', Thursday: '8AM–5PM', Friday: '8AM–5PM' };

  it('says when an open business closes, in its own time zone', () => {
    // Wednesday 10:00 in Paris.
    expect(describeNextChange(week, 'Europe/Paris', new Date('2025-01-15T09:00:00Z'))).toBe('Closes at 5 PM');
  });

  it('says when a business closed this morning opens', () => {
    // 09:00 UTC is 04:00 on Wednesday in New York.
    expect(describeNextChange(week, 'America/New_York', new Date('2025-01-15T09:00:00Z'))).toBe('Opens at 8 AM');
  });

  it('looks to tomorrow after closing, and past closed days to the next open one', () => {
    // Wednesday 18:00 UTC: closed, opens Thursday.
    expect(describeNextChange(week, 'UTC', new Date('2025-01-15T18:00:00Z'))).toBe('Opens tomorrow at 8 AM');
    // Saturday noon UTC: closed Saturday and Sunday, opens Monday.
    expect(describeNextChange(week, 'UTC', new Date('2025-01-18T12:00:00Z'))).toBe('Opens Monday at 8 AM');
  });

  it('tells the next interval of a split day, and a closing after midnight', () => {
    const restaurant = { ...week, Wednesday: '11AM–3PM, 5–10PM', Friday: '6PM–2AM' };
    expect(describeNextChange(restaurant, 'UTC', new Date('2025-01-15T15:30:00Z'))).toBe('Opens at 5 PM');
    expect(describeNextChange(restaurant, 'UTC', new Date('2025-01-17T23:00:00Z'))).toBe('Closes at 2 AM');
    // Saturday 01:30 is still Friday night's opening.
    expect(describeNextChange(restaurant, 'UTC', new Date('2025-01-18T01:30:00Z'))).toBe('Closes at 2 AM');
  });

  it('says Open 24 hours on such a day', () => {
    expect(describeNextChange({ ...week, Wednesday: 'Open 24 hours' }, 'UTC', new Date('2025-01-15T03:00:00Z'))).toBe('Open 24 hours');
  });

  it('agrees with the badge: nothing when it cannot tell', () => {
    expect(describeNextChange(null, 'UTC', new Date('2025-01-15T09:00:00Z'))).toBeNull();
    expect(describeNextChange(week, null, new Date('2025-01-15T09:00:00Z'))).toBeNull();
    expect(describeNextChange({ ...week, Wednesday: 'Ask us' }, 'UTC', new Date('2025-01-15T09:00:00Z'))).toBeNull();
    const neverOpen = Object.fromEntries(Object.keys(week).map((day) => [day, 'Closed']));
    expect(describeNextChange(neverOpen, 'UTC', new Date('2025-01-15T09:00:00Z'))).toBeNull();
  });
});

describe('unchangedUntil', () => {
  // Wednesday 26 November 2025 in Paris (UTC+1).
  const paris = (time: string) => new Date(`2025-11-26T${time}+01:00`);
  const shown = (date: Date, hours: Record<string, string> | null = officeWeek, zone: string | null = 'Europe/Paris') =>
    [isOpenAt(hours, zone, date), describeNextChange(hours, zone, date), weekDayAt(zone, date)];

  it('lasts until the business closes, then until it opens, while what the page shows stays the same', () => {
    const open = paris('11:30:15');
    const until = unchangedUntil(officeWeek, 'Europe/Paris', open);
    expect(until).toBe(paris('17:00:00').getTime());
    expect(shown(new Date(until - 1))).toEqual(shown(open));
    expect(shown(new Date(until))).not.toEqual(shown(open));
    const beforeOpening = paris('07:05:00');
    expect(unchangedUntil(officeWeek, 'Europe/Paris', beforeOpening)).toBe(paris('09:00:00').getTime());
  });

  it('lasts until local midnight after closing time ("Opens tomorrow" and today\'s row change there)', () => {
    const evening = paris('19:00:00');
    expect(unchangedUntil(officeWeek, 'Europe/Paris', evening)).toBe(paris('19:00:00').getTime() + 5 * 3_600_000);
    expect(unchangedUntil(officeWeek, 'Europe/Paris', paris('22:10:00'))).toBe(new Date('2025-11-27T00:00:00+01:00').getTime());
  });

  it('ends where hours running past midnight close, the next morning', () => {
    const late = { ...officeWeek, Tuesday: '6PM–2AM', Wednesday: '6PM–2AM' };
    expect(unchangedUntil(late, 'Europe/Paris', paris('01:00:00'))).toBe(paris('02:00:00').getTime());
  });

  it('is never more than six hours; without hours or a known zone, the page changes with the UTC day only', () => {
    const early = paris('00:30:00');
    expect(unchangedUntil({ ...officeWeek, Wednesday: 'Closed' }, 'Europe/Paris', early)).toBe(early.getTime() + MAX_UNCHANGED_MS);
    // No badge without hours or a zone; today's row is then the UTC day's.
    const lateUtc = new Date('2025-11-26T21:15:30Z');
    const utcMidnight = new Date('2025-11-27T00:00:00Z').getTime();
    expect(unchangedUntil(null, null, lateUtc)).toBe(utcMidnight);
    expect(unchangedUntil(officeWeek, 'Mars/Olympus_Mons', lateUtc)).toBe(utcMidnight);
  });

  it('answers the end of the minute when what the page shows would not hold until the moment found', () => {
    // Sunday 30 March 2025, Paris: clocks go from 02:00 to 03:00. At 01:30 the next edge by the local
    // clock is 02:30 (an hour away), but an hour later it is 03:30 there, past the 03:00 closing.
    const night = { ...officeWeek, Saturday: '6PM–3AM', Sunday: '2:30AM–3AM' };
    const at = new Date('2025-03-30T01:30:00+01:00');
    const until = unchangedUntil(night, 'Europe/Paris', at);
    expect(shown(new Date(until - 1), night)).toEqual(shown(at, night));
  });
});
