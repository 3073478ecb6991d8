import type { CategoryEntry } from '@directory/backend/shared/api-types.ts';
import { foldText } from '../../lib/fold-text.ts';

/** Categories list and category page: 12 a page (visitor spec, section 9). */
export const CATEGORY_PAGE_SIZE = 12;
export const CATEGORY_SIDEBAR_SIZE = 15;

/** `?letter=` as one upper-case letter A–Z, or null for anything else (all categories). */
export function letterFromQuery(raw: string | null): string | null {
  return raw !== null && /^[a-z]$/i.test(raw) ? raw.toUpperCase() : null;
}

/** Categories whose name contains `text`, ignoring case (and accents). */
export function filterCategories(categories: readonly CategoryEntry[], text: string): CategoryEntry[] {
  const needle = foldText(text.trim());
  if (!needle) return [...categories];
  return categories.filter((category) => foldText(category.category).includes(needle));
}

export interface CategoryTotals {
  categories: number;
  businesses: number;
  averagePerCategory: number;
}

/** The stat tiles: how many categories, how many businesses in them, businesses per category (rounded). */
export function getCategoryTotals(categories: readonly CategoryEntry[]): CategoryTotals {
  const businesses = categories.reduce((sum, category) => sum + category.count, 0);
  return { categories: categories.length, businesses, averagePerCategory: averagePer(businesses, categories.length) };
}

/** `total / count` rounded to a whole number; 0 for no items. */
export const averagePer = (total: number, count: number) => (count > 0 ? Math.round(total / count) : 0);

/** Average rating as shown on a card: "4.3", or null when nothing is rated. */
export const formatAverageRating = (rating: number | null) => (rating === null || rating <= 0 ? null : rating.toFixed(1));
