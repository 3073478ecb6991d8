/**
 * Figures of the admin screens, worded the way operators read them: Turkish, one way
 * everywhere (12.480 işletme, 4,5, %74,6), on the server and in the browser alike.
 */

const LOCALE = 'tr-TR';
const countFormat = new Intl.NumberFormat(LOCALE);
const oneDecimalFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 12480 → "12.480". */
export const formatCount = (value: number) => countFormat.format(value);

/** 4.56 → "4,6" (ratings, sizes, seconds). */
export const formatDecimal = (value: number) => oneDecimalFormat.format(value);

/** 1536 → "1,5 KB", 5_242_880 → "5,0 MB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${formatDecimal(value)} ${units[unit]}`;
}

/** 93784 s → "1g 2sa 3dk" (days, hours, minutes; seconds under a minute). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} sn`;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return [days ? `${days} g` : '', hours ? `${hours} sa` : '', `${minutes} dk`].filter(Boolean).join(' ');
}

/** A 0..1 share as "%12,5". */
export const formatPercent = (share: number) => percentFormat.format(share);

/** An ISO time in the operator's locale, the same on server and client (UTC, 24 h). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
}

/** "2025-03-07" */
export const formatDate = (iso: string) => (Number.isNaN(new Date(iso).getTime()) ? iso : new Date(iso).toISOString().slice(0, 10));
