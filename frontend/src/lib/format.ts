// One formatter for every number: `toLocaleString('en-US')` builds a new one on each call (about
// half a millisecond each on a phone; the search page formats dozens of facet counts as it hydrates).
const NUMBER_FORMAT = new Intl.NumberFormat('en-US');

/** "12,345" */
export const formatNumber = (value: number) => NUMBER_FORMAT.format(value);

/** Counter style of the home page: 999, 1.2k, 15K+, 1.2M+. */
export function formatCompact(value: number): string {
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (value >= 1000) return `${(value / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return String(value);
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
