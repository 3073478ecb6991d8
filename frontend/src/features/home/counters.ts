/** Number formats and animation steps of the home page counters and featured cards. */
import { formatCompact } from '../../lib/format.ts';

export const COUNTER_DURATION_MS = 2000;
export const COUNTER_STEPS = 50;
export const FEATURED_NAME_LENGTH = 15;

const oneDecimalDown = (value: number) => (Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, '');

/** Businesses: "1.2M+" above one million, otherwise the compact style ("4.9k", "850"). */
export function formatBusinessCounter(value: number): string {
  return value > 1_000_000 ? `${oneDecimalDown(value / 1_000_000)}M+` : formatCompact(value);
}

/** Cities: "1.9K+", "15K+" above one thousand, the number itself below. */
export function formatCityCounter(value: number): string {
  if (value <= 1000) return String(value);
  return value < 10_000 ? `${oneDecimalDown(value / 1000)}K+` : `${Math.floor(value / 1000)}K+`;
}

/** Countries: the compact style (counts above 999 with k). */
export const formatCountryCounter = (value: number) => formatCompact(value);

/** The value shown after `step` steps of the count-up (0 before the first, `target` after the last). */
export const counterValueAt = (target: number, step: number, steps = COUNTER_STEPS) => Math.round((target * Math.min(step, steps)) / steps);

/** A featured card's name: at most 15 characters, then an ellipsis. */
export function truncateName(name: string, length = FEATURED_NAME_LENGTH): string {
  return name.length > length ? `${name.slice(0, length).trimEnd()}…` : name;
}

/** A featured card's review count: "99+" above 99. */
export const formatReviewCount = (count: number) => (count > 99 ? '99+' : String(count));
