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

/**
 * Why a business with coordinates gets no map: "Invalid coordinates for … (91, 200): the map is
 * skipped". null when the coordinates are fine, or simply missing (a normal case, not a warning).
 */
export function getInvalidCoordinatesWarning(name: string, latitude: number | null, longitude: number | null): string | null {
  if (latitude === null || longitude === null || hasValidCoordinates(latitude, longitude)) return null;
  return `Invalid coordinates for ${name} (${latitude}, ${longitude}): the map is skipped`;
}
