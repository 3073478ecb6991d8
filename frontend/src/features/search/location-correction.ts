/**
 * When the where box was read with a typo corrected ("Londn" → "London"), the search answer says
 * which place it searched (`correctedLocation` beside the Algolia shape of the main result).
 */
import type { LocationCorrection } from '@directory/backend/shared/api-types.ts';
import type { ResultsWithQueryWords } from './query-words.ts';

/** The corrected location of the last search, when its main answer has one. */
export function getLocationCorrection(results: ResultsWithQueryWords | null | undefined): LocationCorrection | null {
  const main = results?._rawResults?.[0] as { correctedLocation?: LocationCorrection } | undefined;
  const correction = main?.correctedLocation;
  return correction && typeof correction.typed === 'string' && typeof correction.used === 'string' ? correction : null;
}
