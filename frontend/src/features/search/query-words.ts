/**
 * When no business matched every word, the search dropped words from the end and says which it
 * kept (`queryWords` beside the Algolia shape of the main result).
 */
import type { QueryWordsUsed } from '@directory/backend/shared/api-types.ts';

/** The part of a search answer this reads: every raw result of the last search. */
export interface ResultsWithQueryWords {
  _rawResults?: readonly object[];
}

/** The words the main query was answered with, when it had to drop some; null when it used them all. */
export function getQueryWordsUsed(results: ResultsWithQueryWords | null | undefined): QueryWordsUsed | null {
  const main = results?._rawResults?.[0] as { queryWords?: QueryWordsUsed } | undefined;
  return main?.queryWords && main.queryWords.dropped.length > 0 ? main.queryWords : null;
}
