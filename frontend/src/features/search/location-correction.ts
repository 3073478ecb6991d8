/**
 * When the where box was read with a typo corrected ("Londn" → "London"), the search answer says
 * which place it searched (`correctedLocation` beside the Algolia shape of the main result).
 */
import type { LocationCorrection } from '@directory/backend/shared/api-types.ts';
import { mainResultField, type RawSearchResults } from './raw-results.ts';

/** The corrected location of the last search, when its main answer has one. */
export function getLocationCorrection(results: RawSearchResults | null | undefined): LocationCorrection | null {
  const correction = mainResultField(results, 'correctedLocation') as LocationCorrection | undefined;
  return correction && typeof correction.typed === 'string' && typeof correction.used === 'string' ? correction : null;
}
