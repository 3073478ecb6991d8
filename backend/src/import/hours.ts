/**
 * Opening hours from every form the scraping tools write, normalised to the record's one form:
 * an object of English day name to Google day text ({"Monday": "11AM–3PM, 5–9:30PM",
 * "Sunday": "Closed"}), which the detail page and the index's open-now filter both read.
 * Hours that cannot be read (another interface language, free text) are kept as text.
 */
import { WEEK_DAYS, type WeekDay } from '@directory/data/business.ts';
import { parseDayHours } from '@directory/indexer/search-hours.ts';
import { cleanText, parseJsonCell } from './clean.ts';

export interface HoursResult {
  hours: Record<string, string> | null;
  /** False when hours were present but kept as text because they could not be read. */
  isReadable: boolean;
}

const EN_DASH = '\u2013';
const NO_HOURS: HoursResult = { hours: null, isReadable: true };

const DAY_BY_NAME = new Map<string, WeekDay>(
  WEEK_DAYS.flatMap((day) => [
    [day.toLowerCase(), day],
    [day.slice(0, 3).toLowerCase(), day],
  ]),
);

/** "monday", "Mon" → "Monday"; null for a name that is not an English day. */
export function dayName(raw: string): WeekDay | null {
  return DAY_BY_NAME.get(raw.trim().toLowerCase().replace(/\.$/, '')) ?? null;
}

/**
 * One day's text in Google's compact form ("11 am–11 pm" → "11AM–11PM", "9 AM to 5 PM" →
 * "9AM–5PM", "closed" → "Closed"); null when it cannot be read as hours.
 */
export function normalizeDayText(raw: string): string | null {
  // Files repeat a few dozen day texts over and over: each is normalised once.
  let normalized = normalizedDays.get(raw);
  if (normalized === undefined) {
    normalized = normalizeDayTextOnce(raw);
    if (normalizedDays.size < 50_000) normalizedDays.set(raw, normalized);
  }
  return normalized;
}

const normalizedDays = new Map<string, string | null>();

function normalizeDayTextOnce(raw: string): string | null {
  let text = raw
    .replace(/[\u202F\u00A0\u2009\u2007]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const lower = text.toLowerCase();
  if (lower === 'closed') return 'Closed';
  if (lower === 'open 24 hours' || lower === '24 hours' || lower === 'open 24/7' || lower === '24/7') return 'Open 24 hours';
  text = text
    .replace(/\s+to\s+/gi, EN_DASH)
    .replace(/\s*[-\u2012\u2013\u2014\u2212]\s*/g, EN_DASH)
    .replace(/\s*\b([ap])\.?m\.?(?=$|[\s,–;])/gi, (_match, letter: string) => `${letter.toUpperCase()}M`)
    .replace(/\s*[,;]\s*/g, ', ');
  return parseDayHours(text) === null ? null : text;
}

/** Hours as a list of day texts ("11AM–3PM", "5–10PM") joined into one day text. */
function joinDayParts(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((part) => typeof part === 'string')) return value.join(', ');
  return null;
}

/** Normalises day → text pairs; unreadable when a day or its text cannot be read. */
function fromPairs(pairs: readonly (readonly [string, unknown])[]): HoursResult {
  const hours: Record<string, string> = {};
  const asText: Record<string, string> = {};
  let isReadable = pairs.length > 0;
  for (const [rawDay, rawValue] of pairs) {
    const text = joinDayParts(rawValue) ?? JSON.stringify(rawValue);
    asText[rawDay] = text;
    const day = dayName(rawDay);
    const dayText = normalizeDayText(text);
    if (day === null || dayText === null) isReadable = false;
    else hours[day] = hours[day] ? `${hours[day]}, ${dayText}` : dayText;
  }
  if (pairs.length === 0) return NO_HOURS;
  return isReadable ? { hours, isReadable } : { hours: asText, isReadable: false };
}

const DAY_IN_TEXT = new RegExp(`\\b(${WEEK_DAYS.join('|')})\\b\\s*:?`, 'gi');

/** "Sunday:Closed|Monday:1-7PM" or "Monday: 9AM–5PM; Tuesday: …" as day → text pairs. */
function pairsFromDayText(text: string): [string, string][] {
  const matches = [...text.matchAll(DAY_IN_TEXT)];
  return matches.map((match, index) => {
    const start = (match.index ?? 0) + match[0].length;
    const end = matches[index + 1]?.index ?? text.length;
    return [match[1]!, text.slice(start, end).replace(/^[\s|;,]+|[\s|;,]+$/g, '')];
  });
}

/**
 * Reads one hours cell: Outscraper JSON ({"Monday": "9AM-5PM"} or lists), gosom JSON lists
 * ({"Friday": ["11 am–11 pm"]}), Apify arrays ([{"day": "Monday", "hours": "9 AM to 5 PM"}]),
 * day-named text ("Monday: 9AM–5PM | Tuesday: …"), or one day text for the whole week.
 */
export function parseHoursCell(raw: string | null): HoursResult {
  const text = cleanText(raw);
  if (text === null) return NO_HOURS;
  const json = parseJsonCell(text);
  if (Array.isArray(json)) return parseHoursList(json);
  if (json !== null && typeof json === 'object') return fromPairs(Object.entries(json));
  const pairs = pairsFromDayText(text);
  if (pairs.length > 0) return fromPairs(pairs);
  const everyDay = normalizeDayText(text);
  if (everyDay !== null) return { hours: Object.fromEntries(WEEK_DAYS.map((day) => [day, everyDay])), isReadable: true };
  return { hours: { Hours: text }, isReadable: false };
}

/** Apify's `openingHours`: a list of {day, hours}, whole or rebuilt from flattened columns. */
export function parseHoursList(list: readonly unknown[]): HoursResult {
  const pairs: [string, unknown][] = [];
  for (const item of list) {
    if (item === null || typeof item !== 'object') return { hours: { Hours: JSON.stringify(list) }, isReadable: false };
    const { day, hours } = item as { day?: unknown; hours?: unknown };
    if (typeof day !== 'string') return { hours: { Hours: JSON.stringify(list) }, isReadable: false };
    pairs.push([day, hours ?? '']);
  }
  return fromPairs(pairs);
}
