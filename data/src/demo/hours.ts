/**
 * Opening hours in the Google export shape ({"Monday": "9AM–5PM", ...}). Each hours profile
 * has a few typical weeks; their texts are formatted once at load, in the compact style
 * ("11AM–3PM, 5–10PM") and in the newer style with a narrow no-break space ("9 AM–5 PM").
 */
import { WEEK_DAYS } from '../business.ts';
import type { HoursProfile } from './catalogue.ts';
import type { Random } from './random.ts';

const EN_DASH = '\u2013';
const NARROW_NO_BREAK_SPACE = '\u202F';
const CLOSED = 'Closed';
const OPEN_ALL_DAY = 'Open 24 hours';

/** One day: "closed", "24h" or ranges like "11-15,17:30-22" (hours past 24 run into the night). */
type DaySpec = string;
type WeekSpec = readonly DaySpec[];

/** The same hours Monday to Friday, then Saturday, then Sunday. */
function week(weekdays: DaySpec, saturday: DaySpec, sunday: DaySpec): WeekSpec {
  return [weekdays, weekdays, weekdays, weekdays, weekdays, saturday, sunday];
}

const PROFILES: Record<HoursProfile, readonly WeekSpec[]> = {
  restaurant: [
    week('11-15,17-22', '11-23', '11-22'),
    ['closed', '11:30-14:30,18-22', '11:30-14:30,18-22', '11:30-14:30,18-22', '11:30-14:30,18-23', '12-23', '12-21'],
    week('11-22', '11-23', '12-21'),
    week('12-14:30,19-23', '12-15,19-23:30', '12-15'),
    week('11:30-21:30', '11:30-22:30', 'closed'),
    ['17-22', '17-22', '17-22', '17-22', '17-23', '12-23', '12-21'],
    week('10-22', '10-22', '10-22'),
  ],
  cafe: [
    week('7-18', '8-18', '8-16'),
    week('6:30-17', '7-17', '8-14'),
    week('8-19', '9-19', 'closed'),
    week('7:30-16', '8-16', '9-15'),
    week('7-20', '7-20', '8-20'),
    ['closed', '8-17', '8-17', '8-17', '8-17', '8-18', '9-17'],
  ],
  night: [
    ['closed', '17-24', '17-24', '17-25', '17-26', '14-26', '14-23'],
    week('16-24', '12-25', '12-23'),
    ['closed', 'closed', '18-25', '18-25', '18-27', '18-27', 'closed'],
    ['closed', 'closed', 'closed', '22-27', '23-29', '23-29', 'closed'],
    week('11-23', '11-24', '12-22:30'),
  ],
  office: [
    week('9-17', 'closed', 'closed'),
    week('8:30-17:30', 'closed', 'closed'),
    week('9-18', '9-12', 'closed'),
    week('8-16:30', 'closed', 'closed'),
    week('9-12:30,14-18', 'closed', 'closed'),
    ['9-17', '9-17', '9-17', '9-17', '9-16', 'closed', 'closed'],
  ],
  clinic: [
    week('8-18', '9-13', 'closed'),
    week('8-17', 'closed', 'closed'),
    week('8:30-12:30,14-19', '8:30-12:30', 'closed'),
    week('7:30-19:30', '8-14', 'closed'),
    ['9-17', '9-17', '9-19', '9-17', '9-15', 'closed', 'closed'],
  ],
  shop: [
    week('9-19', '9-18', 'closed'),
    week('10-20', '10-20', '11-17'),
    week('9:30-18:30', '9:30-17', 'closed'),
    week('9-12:30,14:30-19', '9-12:30,14:30-19', 'closed'),
    week('10-21', '10-21', '10-19'),
    ['closed', '10-18', '10-18', '10-18', '10-18', '10-17', 'closed'],
  ],
  long: [
    week('7-22', '7-22', '8-21'),
    week('8-21', '8-21', '9-18'),
    week('6-24', '6-24', '6-24'),
    week('24h', '24h', '24h'),
    week('7-23', '7-23', 'closed'),
  ],
  always: [week('24h', '24h', '24h')],
  garage: [
    week('8-18', '8-13', 'closed'),
    week('7:30-17:30', 'closed', 'closed'),
    week('8-17', '9-14', 'closed'),
    week('7-19', '8-17', 'closed'),
  ],
  trade: [
    week('8-17', 'closed', 'closed'),
    week('7-18', '8-12', 'closed'),
    week('7:30-16:30', 'closed', 'closed'),
    week('8-18', '9-15', 'closed'),
    week('24h', '24h', '24h'),
  ],
  bank: [
    week('9-16', 'closed', 'closed'),
    week('9:30-16:30', '9:30-12:30', 'closed'),
    ['9-17', '9-17', '9-17', '9-17', '9-18', '9-13', 'closed'],
    week('8:30-12:30,13:30-16:30', 'closed', 'closed'),
  ],
  school: [
    week('8-16', 'closed', 'closed'),
    week('7:30-17:30', 'closed', 'closed'),
    week('8:30-15:30', 'closed', 'closed'),
  ],
  gym: [
    week('6-22', '8-20', '8-18'),
    week('5-23', '7-21', '7-21'),
    week('24h', '24h', '24h'),
    week('6:30-21:30', '8-16', '9-14'),
    week('7-9,17-21', '9-12', '9-12'),
  ],
  attraction: [
    ['closed', '10-18', '10-18', '10-18', '10-21', '10-18', '10-18'],
    week('9-17', '9-17', '9-17'),
    week('10-17', '10-18', '10-18'),
    week('12-23', '10-24', '10-23'),
  ],
  park: [
    week('24h', '24h', '24h'),
    week('6-22', '6-22', '6-22'),
    week('7-21', '7-21', '7-21'),
    week('8-20', '8-20', '8-20'),
  ],
  worship: [
    week('9-17', '9-17', '7-13'),
    week('closed', '10-12', '8-13'),
    week('5-22', '5-22', '5-22'),
    week('7-19', '7-19', '7-19'),
  ],
};

/** Minutes since midnight from "9", "8:30" or "25" (1AM the next day). */
function parseTime(text: string): number {
  const [hours = '', minutes = '0'] = text.split(':');
  const value = Number(hours) * 60 + Number(minutes);
  if (!Number.isInteger(value) || value < 0 || value > 48 * 60) throw new RangeError(`Invalid time ${text}`);
  return value;
}

interface ClockTime {
  readonly text: string;
  readonly meridiem: 'AM' | 'PM';
}

function clockTime(minutes: number): ClockTime {
  const ofDay = minutes % (24 * 60);
  const hours = Math.floor(ofDay / 60);
  const minute = ofDay % 60;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const text = minute === 0 ? String(hour12) : `${hour12}:${String(minute).padStart(2, '0')}`;
  return { text, meridiem: hours < 12 ? 'AM' : 'PM' };
}

/** "9AM–5PM", "5–10PM" (the opening meridiem is left out when it is the same), spaced: "9 AM–5 PM". */
function formatRange(opens: number, closes: number, spaced: boolean): string {
  const start = clockTime(opens);
  const end = clockTime(closes);
  const gap = spaced ? NARROW_NO_BREAK_SPACE : '';
  const startText = start.meridiem === end.meridiem ? start.text : `${start.text}${gap}${start.meridiem}`;
  return `${startText}${EN_DASH}${end.text}${gap}${end.meridiem}`;
}

function formatDay(spec: DaySpec, spaced: boolean): string {
  if (spec === 'closed') return CLOSED;
  if (spec === '24h') return OPEN_ALL_DAY;
  return spec
    .split(',')
    .map((range) => {
      const [opens = '', closes = ''] = range.split('-');
      return formatRange(parseTime(opens), parseTime(closes), spaced);
    })
    .join(', ');
}

interface FormattedWeeks {
  readonly compact: readonly (readonly string[])[];
  readonly spaced: readonly (readonly string[])[];
}

function formatProfile(weeks: readonly WeekSpec[]): FormattedWeeks {
  return {
    compact: weeks.map((days) => days.map((day) => formatDay(day, false))),
    spaced: weeks.map((days) => days.map((day) => formatDay(day, true))),
  };
}

const FORMATTED = new Map<HoursProfile, FormattedWeeks>(
  (Object.keys(PROFILES) as HoursProfile[]).map((profile) => [profile, formatProfile(PROFILES[profile])]),
);

/** One day's text in any of the accepted shapes: "Closed", "Open 24 hours", "9AM–5PM", "11AM–3PM, 5–10PM", "9 AM–5 PM". */
export const HOURS_TEXT_PATTERN =
  /^(?:Closed|Open 24 hours|(?:1[0-2]|[1-9])(?::[0-5]\d)?(?:\u202F?[AP]M)?–(?:1[0-2]|[1-9])(?::[0-5]\d)?\u202F?[AP]M(?:, (?:1[0-2]|[1-9])(?::[0-5]\d)?(?:\u202F?[AP]M)?–(?:1[0-2]|[1-9])(?::[0-5]\d)?\u202F?[AP]M)*)$/;

/** Opening hours for a business of this profile: ~10% missing, ~1% in the narrow-space style. */
export function demoWorkingHours(random: Random, profile: HoursProfile): Record<string, string> | null {
  const missing = random.chance(0.1);
  const spaced = random.chance(0.01);
  const formatted = FORMATTED.get(profile);
  if (missing || !formatted) return null;
  const texts = random.pick(spaced ? formatted.spaced : formatted.compact);
  const hours: Record<string, string> = {};
  WEEK_DAYS.forEach((day, i) => {
    hours[day] = texts[i] ?? CLOSED;
  });
  return hours;
}
