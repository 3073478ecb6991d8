/**
 * Businesses the place queries of the relevance set need beyond the demo record (a city the
 * generator never picks, a postal code written a particular way). The relevance world adds them.
 */
import type { BusinessInput } from '@directory/data/business.ts';

export const placeFixtures: BusinessInput[] = [];
