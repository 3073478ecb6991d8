/**
 * What an export will hold, in the dialog's words: every business, or only those of the chosen
 * categories, country code and creation dates. The business list's name search is not an export
 * filter (the export call has none), so the dialog says so rather than leave it silently out.
 */
import type { DateRange } from '@directory/backend/shared/export-types.ts';
import type { ExportChoice } from './export-query.ts';

export const RANGE_LABELS: Record<DateRange, string> = {
  all: 'Tüm zamanlar',
  today: 'Bugün',
  yesterday: 'Dün',
  last24hours: 'Son 24 saat',
  last7days: 'Son 7 gün',
  thisweek: 'Bu hafta',
  thismonth: 'Bu ay',
  custom: 'Özel aralık',
};

/** Categories named in full before the rest are counted. */
const NAMED_CATEGORIES = 3;

export type ExportScope = Pick<ExportChoice, 'countryCode' | 'categories' | 'dateRange' | 'startDate' | 'endDate'>;

const andList = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} ve ${items[items.length - 1]}` : (items[0] ?? ''));

/** A date input's value (YYYY-MM-DD) as the admin screens write dates: 01.03.2026. */
const dayText = (value: string) => value.split('-').reverse().join('.');

function categoriesText(categories: readonly string[]): string {
  const names = categories.map((name) => `"${name}"`);
  if (names.length === 1) return `kategori ${names[0]}`;
  const rest = names.length - NAMED_CATEGORIES;
  return rest > 0
    ? `${names.length} kategori (${names.slice(0, NAMED_CATEGORIES).join(', ')} ve ${rest} kategori daha)`
    : `${names.length} kategori (${andList(names)})`;
}

function datesText(scope: ExportScope): string {
  if (scope.dateRange !== 'custom') return `eklenme: ${RANGE_LABELS[scope.dateRange].toLocaleLowerCase('tr')}`;
  return scope.startDate && scope.endDate ? `eklenme: ${dayText(scope.startDate)}–${dayText(scope.endDate)}` : 'eklenme: özel aralık (iki tarih de seçilmeli)';
}

/** The businesses an export of these choices writes: "Tüm işletmeler ..." or "Yalnızca eşleşen işletmeler: kategori "Lawyer"; ülke kodu TR." */
export function exportScopeText(scope: ExportScope): string {
  const parts = [
    ...(scope.categories.length > 0 ? [categoriesText(scope.categories)] : []),
    ...(scope.countryCode && scope.countryCode !== 'all' ? [`ülke kodu ${scope.countryCode}`] : []),
    ...(scope.dateRange !== 'all' ? [datesText(scope)] : []),
  ];
  return parts.length === 0 ? 'Tüm işletmeler (onaylı ve onay bekleyen).' : `Yalnızca eşleşen işletmeler: ${parts.join('; ')}.`;
}

/** What the dialog says while the list is narrowed by a name search, or null without one. */
export function nameSearchNotice(filter: string): string | null {
  return filter.trim() === '' ? null : `Ad araması ("${filter.trim()}") dışa aktarmaya uygulanmaz: dosyada adı aramayla eşleşmeyen işletmeler de olur.`;
}

/** The categories the dialog starts from: the business list's own category, when it shows one ('all' is none). */
export const categoriesOfList = (listCategory: string): string[] => (listCategory === 'all' || listCategory === '' ? [] : [listCategory]);
