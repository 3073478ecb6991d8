import { formatNumber } from '../../lib/format.ts';

export interface MapScope {
  /** Results of this page with a location: the map's pins. */
  located: number;
  /** Results on this page. */
  onPage: number;
  /** Results of the whole search, every page. */
  total: number;
  /** The circle the search kept its results in, when a region chose a city among its namesakes ("Springfield, MO"). */
  area?: { name: string; radiusKm: number };
}

/**
 * What the results map shows, worded so it is not read as the search's total: the map holds
 * only this page's results that have a location ("Map of the 19 results on this page that have a
 * location" under "478 businesses"), all of them only when the search fits on one page; a city chosen
 * among its namesakes adds the area: "Map of the 1 result, within 40 km of Springfield, Missouri, United States".
 */
export function describeMapScope({ located, onPage, total, area }: MapScope): string {
  if (located === 0) return 'No result on this page has a location';
  return area ? `${describeMapPins(located, onPage, total)}, within ${formatNumber(area.radiusKm)} km of ${area.name}` : describeMapPins(located, onPage, total);
}

function describeMapPins(located: number, onPage: number, total: number): string {
  const results = `${formatNumber(located)} ${located === 1 ? 'result' : 'results'}`;
  const onThisPage = onPage < total ? ' on this page' : '';
  if (located < onPage) return `Map of the ${results}${onThisPage} that ${located === 1 ? 'has' : 'have'} a location`;
  if (onThisPage) return `Map of the ${results}${onThisPage}`;
  return located === 1 ? 'Map of the 1 result' : `Map of all ${results}`;
}
