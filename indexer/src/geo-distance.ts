/**
 * Geometry both engines and the where box use: great-circle distances, the box around a circle,
 * and the box and centre of a geo filter.
 */
import { isGeoRadius, type GeoBox, type GeoFilter, type GeoPoint } from './search-types.ts';

/** Mean radius of the Earth (IUGG). */
export const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LAT = (Math.PI * EARTH_RADIUS_KM) / 180;

/** Degrees as radians. */
export const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in kilometres. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLng = toRadians(lng2 - lng1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The box that contains a circle; near the poles it spans every longitude. */
export function boxAround(center: GeoPoint, radiusKm: number): GeoBox {
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const north = Math.min(90, center.lat + dLat);
  const south = Math.max(-90, center.lat - dLat);
  const cosLat = Math.cos(toRadians(Math.max(Math.abs(north), Math.abs(south))));
  const dLng = cosLat <= 1e-9 ? 180 : radiusKm / (KM_PER_DEGREE_LAT * cosLat);
  if (dLng >= 180) return { north, south, east: 180, west: -180 };
  const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
  return { north, south, east: wrap(center.lng + dLng), west: wrap(center.lng - dLng) };
}

/** The bounding box of a geo filter (a radius filter's circle box). */
export function boxOf(geo: GeoFilter): GeoBox {
  return isGeoRadius(geo) ? boxAround(geo, geo.radiusKm) : geo;
}

/** The centre of a geo filter, the default point of a distance sort. */
export function centerOf(geo: GeoFilter): GeoPoint {
  if (isGeoRadius(geo)) return { lat: geo.lat, lng: geo.lng };
  const spansAntimeridian = geo.west > geo.east;
  const east = spansAntimeridian ? geo.east + 360 : geo.east;
  const lng = (geo.west + east) / 2;
  return { lat: (geo.north + geo.south) / 2, lng: lng > 180 ? lng - 360 : lng };
}
