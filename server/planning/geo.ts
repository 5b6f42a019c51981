/**
 * Distances of the assignment's attendees (spec §3 Contributor attendee). No routing service is
 * reachable here: a distance is the great-circle (haversine) distance between stored
 * coordinates, and a duration that distance at an assumed average road speed. The popup says so.
 */
export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371.0088;
/** Assumed average speed door to door (km/h), for the duration estimate. */
export const AVERAGE_SPEED_KMH = 60;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km, rounded to 0.1 km. */
export function distanceKm(from: Point, to: Point): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a))) * 10) / 10;
}

/** Minutes to cover `km` at AVERAGE_SPEED_KMH. */
export const durationMinutes = (km: number) => Math.round((km / AVERAGE_SPEED_KMH) * 60);

/** A point from a record's two fields, when both are numbers. */
export function pointOf(record: Record<string, unknown> | undefined, latitude: string, longitude: string): Point | undefined {
  const lat = record?.[latitude];
  const lon = record?.[longitude];
  return typeof lat === 'number' && typeof lon === 'number' ? { latitude: lat, longitude: lon } : undefined;
}
