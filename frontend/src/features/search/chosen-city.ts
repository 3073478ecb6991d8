/**
 * When a region written with a city chose one real city among several of its name ("Springfield,
 * MO"), the search answer names it with its region (`chosenCity` beside the Algolia shape of the
 * main result): "Springfield, Missouri, United States".
 */
import type { ChosenCity } from '@directory/backend/shared/api-types.ts';
import { mainResultField, type RawSearchResults } from './raw-results.ts';

/** The real city the last search chose, when its main answer has one. */
export function getChosenCity(results: RawSearchResults | null | undefined): ChosenCity | null {
  const city = mainResultField(results, 'chosenCity') as ChosenCity | undefined;
  return city && typeof city.name === 'string' && typeof city.radiusKm === 'number' ? city : null;
}
