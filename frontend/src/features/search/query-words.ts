/**
 * When no business matched every word, the search dropped words from the end and says which it
 * kept (`queryWords` beside the Algolia shape of the main result).
 */
import type { QueryWordsUsed } from '@directory/backend/shared/api-types.ts';
import { mainResultField, type RawSearchResults } from './raw-results.ts';

/** The words the main query was answered with, when it had to drop some; null when it used them all. */
export function getQueryWordsUsed(results: RawSearchResults | null | undefined): QueryWordsUsed | null {
  const words = mainResultField(results, 'queryWords') as QueryWordsUsed | undefined;
  return words && words.dropped.length > 0 ? words : null;
}
