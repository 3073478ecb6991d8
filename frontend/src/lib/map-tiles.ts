/**
 * The map tile server of every map on the site. OpenStreetMap's standard tiles by default;
 * a deployment with its own tile server (or a provider with a key in the URL) sets
 * VITE_MAP_TILE_URL and VITE_MAP_TILE_ATTRIBUTION when building (`npm run build`).
 */
export const TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL || 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

export const TILE_ATTRIBUTION: string =
  import.meta.env.VITE_MAP_TILE_ATTRIBUTION ||
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const SUBDOMAINS = ['a', 'b', 'c'];

/** The address of one tile of TILE_URL (its `{s}` spread over three servers, `{r}` for standard resolution). */
export function tileUrl(x: number, y: number, z: number): string {
  return TILE_URL.replace('{s}', SUBDOMAINS[Math.abs(x + y) % SUBDOMAINS.length]!)
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{r}', '');
}
