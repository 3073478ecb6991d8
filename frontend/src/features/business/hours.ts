/**
 * Opening hours in the Google export shape ({"Monday": "9AM–5PM", "Sunday": "Closed"}) as
 * minute intervals, the open-now check in the business's own time zone, and the schema.org
 * OpeningHoursSpecification. Pure functions: the page and its JSON-LD both read from here.
 */
import { rememberedByText } from '@directory/indexer/text/remembered.ts';

export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export const MINUTES_PER_DAY = 24 * 60;

/** [opens, closes) in minutes from that day's midnight; closes past 1,440 runs into the next day. */
export type Interval = readonly [number, number];

type Meridiem = 'am' | 'pm';

const RANGE = /^(\d{1,2})(?::(\d{2}))?\s*([ap]m)?\s*-\s*(\d{1,2})(?::(\d{2}))?\s*([ap]m)?$/;

function toMinutes(hours: number, minutes: number, meridiem: Meridiem | undefined): number | null {
  if (minutes > 59) return null;
  if (meridiem === undefined) return hours <= 24 ? hours * 60 + minutes : null;
  if (hours < 1 || hours > 12) return null;
  return ((hours % 12) + (meridiem === 'pm' ? 12 : 0)) * 60 + minutes;
}

const flip = (meridiem: Meridiem): Meridiem => (meridiem === 'am' ? 'pm' : 'am');

/**
 * One day's hours text as intervals: [] for "Closed", null when the text cannot be read.
 * Accepts "9AM–5PM", "8:30AM–6PM", "11AM–3PM, 5–10PM", "9 AM–5 PM" (narrow no-break space),
 * "Open 24 hours", "12PM–12AM", "6PM–2AM" and 24-hour "09:00–17:00"; en-dash or hyphen.
 * A page reads its business's hours several times (the badge, the next change, the table, the
 * JSON-LD, the page cache's expiry), and most businesses share a few texts ("9AM–5PM", "Closed"):
 * the intervals are kept by text, shared by every reader (hence read-only).
 */
export const parseDayHours: (text: string) => readonly Interval[] | null = rememberedByText(readDayHours, 5000);

function readDayHours(text: string): Interval[] | null {
  const normalized = text
    .replace(/[\u202F\u00A0]/g, ' ')
    .replace(/[\u2012\u2013\u2014\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  if (normalized === '') return null;
  if (normalized === 'closed') return [];
  if (normalized === 'open 24 hours' || normalized === '24 hours' || normalized === 'open 24/7') return [[0, MINUTES_PER_DAY]];
  const intervals: Interval[] = [];
  for (const part of normalized.split(',')) {
    const match = RANGE.exec(part.trim());
    if (!match) return null;
    const [, openHour = '', openMinute = '0', openText, closeHour = '', closeMinute = '0', closeText] = match;
    const closeMeridiem = closeText as Meridiem | undefined;
    let openMeridiem = openText as Meridiem | undefined;
    if (openMeridiem === undefined && closeMeridiem !== undefined) {
      // Google leaves the opening AM/PM out when it equals the closing one ("5–10PM"); when that
      // reading would open after closing on the same half-day ("11–1PM"), the other half is meant.
      openMeridiem = closeMeridiem;
      const sameHalf = toMinutes(Number(openHour), Number(openMinute), openMeridiem);
      const closes = toMinutes(Number(closeHour), Number(closeMinute), closeMeridiem);
      if (sameHalf !== null && closes !== null && sameHalf >= closes && !(closeMeridiem === 'am' && closes === 0)) {
        openMeridiem = flip(closeMeridiem);
      }
    }
    const opens = toMinutes(Number(openHour), Number(openMinute), openMeridiem);
    let closes = toMinutes(Number(closeHour), Number(closeMinute), closeMeridiem);
    if (opens === null || closes === null) return null;
    if (closes <= opens) closes += MINUTES_PER_DAY;
    intervals.push([opens, closes]);
  }
  return intervals;
}

/** The hours text of a day, whatever the case of the day names in the record. */
export function hoursTextFor(hours: Record<string, string> | null, day: WeekDay): string | null {
  if (!hours) return null;
  const direct = hours[day];
  if (direct !== undefined) return direct;
  const key = Object.keys(hours).find((name) => name.trim().toLowerCase() === day.toLowerCase());
  return key === undefined ? null : (hours[key] ?? null);
}

// Building an Intl.DateTimeFormat costs far more than formatting with one: keep one per time zone
// (null remembers an unknown one). Time zones come from imported data, so the memo is capped.
const formatterFor = rememberedByText((timeZone: string): Intl.DateTimeFormat | null => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return null;
  }
}, 1000);

type LocalTime = { day: WeekDay; minute: number };

function formattedLocalTime(timeZone: string, date: Date): LocalTime | null {
  const formatter = formatterFor(timeZone);
  if (formatter === null) return null;
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  const day = WEEK_DAYS.find((name) => name === part('weekday'));
  const hour = Number(part('hour')) % 24;
  const minute = Number(part('minute'));
  if (!day || Number.isNaN(hour) || Number.isNaN(minute)) return null;
  return { day, minute: hour * 60 + minute };
}

// A page asks the local time of its business several times, at this minute and at the minute
// before its display next changes (`unchangedUntil`), and every time zone's clock moves on only
// with the UTC minute (offsets are whole minutes): answers are kept by UTC minute and zone. Keyed
// by the minute, not dropped when another minute is asked, which made every page format anew.
const localTimes = new Map<string, LocalTime | null>();
const MAX_LOCAL_TIMES = 4000;

/** The weekday and minute of the day at `date` in `timeZone`; null for an unknown time zone. */
export function localTime(timeZone: string, date: Date): LocalTime | null {
  const key = `${Math.floor(date.getTime() / 60_000)} ${timeZone}`;
  let local = localTimes.get(key);
  if (local === undefined) {
    local = formattedLocalTime(timeZone, date);
    if (localTimes.size >= MAX_LOCAL_TIMES) localTimes.clear();
    localTimes.set(key, local);
  }
  return local;
}

const previousDay = (day: WeekDay): WeekDay => WEEK_DAYS[(WEEK_DAYS.indexOf(day) + 6) % 7]!;

/**
 * Whether the business is open at `date` in its own time zone: true or false from today's
 * hours (and yesterday's hours that run past midnight); null when today's hours are missing or
 * unreadable, or the time zone is unknown (then no badge is shown).
 */
export function isOpenAt(hours: Record<string, string> | null, timeZone: string | null, date: Date): boolean | null {
  if (!hours || !timeZone) return null;
  const now = localTime(timeZone, date);
  if (!now) return null;
  const todayText = hoursTextFor(hours, now.day);
  const today = todayText === null ? null : parseDayHours(todayText);
  if (today === null) return null;
  if (today.some(([opens, closes]) => now.minute >= opens && now.minute < closes)) return true;
  const yesterdayText = hoursTextFor(hours, previousDay(now.day));
  const yesterday = yesterdayText === null ? null : parseDayHours(yesterdayText);
  return (yesterday ?? []).some(([, closes]) => closes > MINUTES_PER_DAY && now.minute + MINUTES_PER_DAY < closes);
}

/** The weekday at `date` in `timeZone` (the UTC weekday when the zone is unknown). */
export function weekDayAt(timeZone: string | null, date: Date): WeekDay {
  const local = localTime(timeZone ?? 'UTC', date) ?? localTime('UTC', date);
  return local?.day ?? 'Monday';
}

const clock = (minutes: number) => {
  const ofDay = minutes % MINUTES_PER_DAY;
  return `${String(Math.floor(ofDay / 60)).padStart(2, '0')}:${String(ofDay % 60).padStart(2, '0')}`;
};

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: WeekDay[];
  opens: string;
  closes: string;
}

/**
 * schema.org OpeningHoursSpecification entries: one per interval, days with the same interval
 * grouped; "Open 24 hours" is 00:00–23:59; closed and unreadable days are left out.
 */
export function toOpeningHoursSpecification(hours: Record<string, string> | null): OpeningHoursSpecification[] {
  const byInterval = new Map<string, OpeningHoursSpecification>();
  for (const day of WEEK_DAYS) {
    const text = hoursTextFor(hours, day);
    const intervals = text === null ? null : parseDayHours(text);
    for (const [opens, closes] of intervals ?? []) {
      const isAllDay = opens === 0 && closes === MINUTES_PER_DAY;
      const spec = { opens: clock(opens), closes: isAllDay ? '23:59' : clock(closes) };
      const key = `${spec.opens}-${spec.closes}`;
      const entry = byInterval.get(key);
      if (entry) entry.dayOfWeek.push(day);
      else byInterval.set(key, { '@type': 'OpeningHoursSpecification', dayOfWeek: [day], ...spec });
    }
  }
  return [...byInterval.values()];
}

/** A time of day as a visitor reads it: "8 AM", "5:30 PM", "midnight". */
export function formatTimeOfDay(minutes: number): string {
  const ofDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  if (ofDay === 0) return 'midnight';
  const hour = Math.floor(ofDay / 60);
  const minute = ofDay % 60;
  const shown = hour % 12 === 0 ? 12 : hour % 12;
  return `${shown}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hour < 12 ? 'AM' : 'PM'}`;
}

const dayHours = (hours: Record<string, string>, day: WeekDay): readonly Interval[] | null => {
  const text = hoursTextFor(hours, day);
  return text === null ? null : parseDayHours(text);
};

const nextDay = (day: WeekDay, ahead: number): WeekDay => WEEK_DAYS[(WEEK_DAYS.indexOf(day) + ahead) % 7]!;

/**
 * Why the badge says Open or Closed, in the business's own time zone: "Closes at 5 PM" while
 * open, "Opens at 8 AM" (today), "Opens tomorrow at 9 AM" or "Opens Monday at 9 AM" while
 * closed, "Open 24 hours" when it never closes today. null when it cannot be told (the badge's
 * own rule: hours or time zone missing or unreadable), or nothing opens within a week.
 */
export function describeNextChange(hours: Record<string, string> | null, timeZone: string | null, date: Date): string | null {
  if (!hours || !timeZone) return null;
  const now = localTime(timeZone, date);
  if (!now) return null;
  const today = dayHours(hours, now.day);
  if (today === null) return null;
  const yesterday = dayHours(hours, previousDay(now.day)) ?? [];
  // Open now: today's interval, or yesterday's running past midnight (its times shifted a day back).
  const current =
    today.find(([opens, closes]) => now.minute >= opens && now.minute < closes) ??
    yesterday.map(([opens, closes]): Interval => [opens - MINUTES_PER_DAY, closes - MINUTES_PER_DAY]).find(([, closes]) => now.minute < closes);
  if (current) {
    const [opens, closes] = current;
    if (opens <= 0 && closes >= MINUTES_PER_DAY) return 'Open 24 hours';
    return `Closes at ${formatTimeOfDay(closes)}`;
  }
  const laterToday = today.filter(([opens]) => opens > now.minute).sort((a, b) => a[0] - b[0])[0];
  if (laterToday) return `Opens at ${formatTimeOfDay(laterToday[0])}`;
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const day = nextDay(now.day, ahead);
    const intervals = dayHours(hours, day);
    if (intervals === null) return null;
    const first = [...intervals].sort((a, b) => a[0] - b[0])[0];
    if (first) return `Opens ${ahead === 1 ? 'tomorrow' : day} at ${formatTimeOfDay(first[0])}`;
  }
  return null;
}

/** What a business page shows of the time: the badge, its next opening or closing, and today's row of the hours. */
function shownAt(hours: Record<string, string> | null, timeZone: string | null, date: Date): string {
  const isOpen = isOpenAt(hours, timeZone, date);
  return `${isOpen}|${isOpen === null ? '' : describeNextChange(hours, timeZone, date)}|${weekDayAt(timeZone, date)}`;
}

/** The longest a business page is trusted to show the time as rendered, whatever its hours say. */
export const MAX_UNCHANGED_MS = 6 * 60 * 60_000;

/**
 * Until when (epoch ms, exclusive) a business page shows the time as it does at `date` (the Open
 * badge, the next opening or closing, today's row): its next opening or closing in its own time
 * zone, or its next midnight there, at most {@link MAX_UNCHANGED_MS} ahead, at least the end of
 * `date`'s minute. The answer is checked: what the page shows in its last minute must be what it
 * shows at `date`, else the end of the minute is answered (a clock change in between, say).
 */
export function unchangedUntil(hours: Record<string, string> | null, timeZone: string | null, date: Date): number {
  const minuteStart = Math.floor(date.getTime() / 60_000) * 60_000;
  const endOfMinute = minuteStart + 60_000;
  const local = localTime(timeZone ?? 'UTC', date) ?? localTime('UTC', date);
  if (local === null) return endOfMinute;
  // Minutes of the local day at which what is shown may change: midnight, and each edge of today's
  // intervals and of yesterday's that run past midnight.
  const edges = [MINUTES_PER_DAY];
  if (hours && timeZone) {
    for (const [opens, closes] of dayHours(hours, local.day) ?? []) edges.push(opens, closes);
    for (const [, closes] of dayHours(hours, previousDay(local.day)) ?? []) edges.push(closes - MINUTES_PER_DAY);
  }
  const next = Math.min(...edges.filter((minute) => minute > local.minute));
  const until = Math.min(minuteStart + (next - local.minute) * 60_000, date.getTime() + MAX_UNCHANGED_MS);
  if (until <= endOfMinute) return endOfMinute;
  return shownAt(hours, timeZone, new Date(until - 60_000)) === shownAt(hours, timeZone, date) ? until : endOfMinute;
}
