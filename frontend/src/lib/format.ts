let numberFormat: Intl.NumberFormat | undefined;

/**
 * "12,345", as en-US writes it. Whole numbers (every count the site shows) are grouped here:
 * the first Intl.NumberFormat a page builds loads ICU's number data, tens of milliseconds of a
 * phone's main thread while the page hydrates. Other numbers go through one shared formatter.
 */
export function formatNumber(value: number): string {
  if (Number.isSafeInteger(value)) return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
  numberFormat ??= new Intl.NumberFormat('en-US');
  return numberFormat.format(value);
}

/**
 * Compact counts, one style on every page (home counters, country cards): 999, 1K, 1.4K+, 15K+,
 * 1M, 1.2M+. Rounded down, never up (2,960 is not "3K"); "+" when the figure shown is below the count.
 */
export function formatCompact(value: number): string {
  if (value < 1000) return formatNumber(value);
  const [unit, suffix] = value >= 1_000_000 ? [1_000_000, 'M'] : [1000, 'K'];
  // Tenths below 10 units ("1.4K"), whole units from 10 ("15K"), in integers: no float drift.
  const step = value < 10 * unit ? unit / 10 : unit;
  const steps = Math.floor(value / step);
  const shown = (steps * step) / unit;
  return `${shown}${suffix}${steps * step < value ? '+' : ''}`;
}

/** Marketing style: 564,321 → "560,000+", 195 → "190+", 8 → "8". */
export function formatRoundedPlus(value: number): string {
  if (value < 10) return String(value);
  const magnitude = 10 ** Math.max(1, Math.floor(Math.log10(value)) - 1);
  return `${formatNumber(Math.floor(value / magnitude) * magnitude)}+`;
}

/** Share of a total as a percent with one decimal: "12.5%". */
export const formatShare = (part: number, total: number) => (total > 0 ? `${((part / total) * 100).toFixed(1)}%` : '0.0%');

export const pluralize = (count: number, one: string, many = `${one}s`) => `${formatNumber(count)} ${count === 1 ? one : many}`;

/** "Plumber" → "Plumbers", "Pharmacy" → "Pharmacies", "Car wash" → "Car washes" (the last word, English rules). */
export function pluralOfCategory(name: string): string {
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/i.test(name)) return `${name}es`;
  return `${name}s`;
}

/** A `tel:` link for a phone number as written ("+1 (555) 010-2000" → "tel:+15550102000"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** "350 m", "1.2 km", "4,939 km" from the searched point: grouped like every other number of the site. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${km < 10 ? km.toFixed(1) : formatNumber(Math.round(km))} km`;
}
