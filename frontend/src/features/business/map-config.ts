/** Map constants of the business page. */

export const MAP_ZOOM = 15;

/** True when both coordinates exist and are real latitude/longitude numbers. */
export function hasValidCoordinates(latitude: number | null, longitude: number | null): boolean {
  return (
    latitude !== null &&
    longitude !== null &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}
