/**
 * "Open now" without parsing hours text at query time: at index time each business's Google
 * hours object becomes weekly intervals in local minutes (Monday 00:00 = 0, wrapping at
 * 10,080), and at query time the current local minute of the week is computed once per time
 * zone. Engine-neutral: the Meilisearch engine derives its quarter-hour slots from the same
 * intervals.
 */
import { WEEK_DAYS } from '@directory/data/business.ts';
import { rememberedByText } from './text/remembered.ts';

export const MINUTES_PER_DAY = 24 * 60;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** [opens, closes) in local minutes of the week. */
export type WeeklyInterval = readonly [number, number];

const RANGE = /^(\d{1,2})(?::(\d{2}))?\s*([ap]m)?\s*-\s*(\d{1,2})(?::(\d{2}))?\s*([ap]m)?$/;

function toMinutes(hours: number, minutes: number, meridiem: string | undefined): number | null {
  if (minutes > 59) return null;
  if (meridiem === undefined) return hours <= 24 ? hours * 60 + minutes : null;
  if (hours < 1 || hours > 12) return null;
  return ((hours % 12) + (meridiem === 'pm' ? 12 : 0)) * 60 + minutes;
}

/**
 * One day's hours text ("9AM–5PM", "11AM–3PM, 5–9:30PM", "9 AM–5 PM", "5PM–2AM", "Closed",
 * "Open 24 hours", "09:00–17:00") as [opens, closes) minutes from that day's midnight; closing
 * after midnight gives a closing time past 1,440. Null when the text cannot be read.
 */
export function parseDayHours(text: string): [number, number][] | null {
  const normalized = text
    .replace(/[\u202F\u00A0]/g, ' ')
    .replace(/[\u2013\u2014\u2012-]/g, '-')
    .trim()
    .toLowerCase();
  if (normalized === 'closed') return [];
  if (normalized === 'open 24 hours' || normalized === '24 hours') return [[0, MINUTES_PER_DAY]];
  const ranges: [number, number][] = [];
  for (const part of normalized.split(',')) {
    const match = RANGE.exec(part.trim());
    if (!match) return null;
    const [, openHour = '', openMinute = '0', openMeridiem, closeHour = '', closeMinute = '0', closeMeridiem] = match;
    // Google leaves the opening meridiem out when it equals the closing one: "5–9:30PM".
    const opens = toMinutes(Number(openHour), Number(openMinute), openMeridiem ?? closeMeridiem);
    let closes = toMinutes(Number(closeHour), Number(closeMinute), closeMeridiem);
    if (opens === null || closes === null) return null;
    if (closes <= opens) closes += MINUTES_PER_DAY;
    ranges.push([opens, closes]);
  }
  return ranges;
}

/**
 * Weekly open intervals from the JSON text of a Google hours object; null when the hours are
 * unknown or unreadable (such a business never counts as open now).
 */
export function weeklyIntervals(workingHoursJson: string | null): WeeklyInterval[] | null {
  if (workingHoursJson === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(workingHoursJson);
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const byDay = new Map(Object.entries(parsed).map(([day, value]) => [day.trim().toLowerCase(), value]));
  const intervals: WeeklyInterval[] = [];
  let knownDays = 0;
  WEEK_DAYS.forEach((day, index) => {
    const value = byDay.get(day.toLowerCase());
    if (typeof value !== 'string') return;
    const ranges = parseDayHours(value);
    if (ranges === null) return;
    knownDays += 1;
    for (const [opens, closes] of ranges) {
      const start = index * MINUTES_PER_DAY + opens;
      const end = index * MINUTES_PER_DAY + closes;
      if (end <= MINUTES_PER_WEEK) intervals.push([start, end]);
      else intervals.push([start, MINUTES_PER_WEEK], [0, end - MINUTES_PER_WEEK]);
    }
  });
  return knownDays === 0 ? null : intervals.sort((a, b) => a[0] - b[0]);
}

/** Compact column text: "540-1020 1980-2460". */
export function encodeIntervals(intervals: readonly WeeklyInterval[] | null): string | null {
  return intervals === null ? null : intervals.map(([start, end]) => `${start}-${end}`).join(' ');
}

/** `encodeIntervals(weeklyIntervals(json))`, remembered by the hours text. */
const encodedSchedule = rememberedByText((json: string) => encodeIntervals(weeklyIntervals(json)));

/**
 * The encoded opening intervals of an hours text: most businesses share a few dozen schedules,
 * and parsing each one again cost 7 s of a 1M-document rebuild.
 */
export function encodedOpenHours(workingHoursJson: string | null): string | null {
  return workingHoursJson === null ? null : encodedSchedule(workingHoursJson);
}

/** Whether `minuteOfWeek` falls in one of the encoded intervals. */
export function isOpenAt(encoded: string, minuteOfWeek: number): boolean {
  if (encoded === '') return false;
  for (const pair of encoded.split(' ')) {
    const dash = pair.indexOf('-');
    const start = Number(pair.slice(0, dash));
    if (start > minuteOfWeek) return false;
    if (minuteOfWeek < Number(pair.slice(dash + 1))) return true;
  }
  return false;
}

const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      formatter = null; // an unknown time zone name: the business's local time is unknown
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local minute of the week (Monday 00:00 = 0) at `now` in `timeZone`; null for an unknown zone. */
export function localMinuteOfWeek(now: Date, timeZone: string): number | null {
  const formatter = formatterFor(timeZone);
  if (formatter === null) return null;
  let day = -1;
  let hour = 0;
  let minute = 0;
  for (const part of formatter.formatToParts(now)) {
    if (part.type === 'weekday') day = WEEKDAY_INDEX[part.value] ?? -1;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return day < 0 ? null : day * MINUTES_PER_DAY + hour * 60 + minute;
}

/**
 * Memoises local minutes per time zone for one moment: a search evaluates "open now" for many
 * rows but only a handful of zones.
 */
export function minuteOfWeekCache(now: Date): (timeZone: string) => number | null {
  const cache = new Map<string, number | null>();
  return (timeZone) => {
    let minute = cache.get(timeZone);
    if (minute === undefined) {
      minute = localMinuteOfWeek(now, timeZone);
      cache.set(timeZone, minute);
    }
    return minute;
  };
}
