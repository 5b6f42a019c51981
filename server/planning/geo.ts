/**
 * Distances of the assignment's attendees (spec §3 Contributor attendee). No routing service is
 * reachable here: a distance is the great-circle (haversine) distance between stored
 * coordinates, and a duration that distance at an assumed average road speed. The popup says so.
 */
import { distanceMeters, type Point } from '../../domain/geo';

export type { Point };

/** Assumed average speed door to door (km/h), for the duration estimate. */
export const AVERAGE_SPEED_KMH = 60;

/** Great-circle distance in km, rounded to 0.1 km. */
export const distanceKm = (from: Point, to: Point): number => Math.round(distanceMeters(from, to) / 100) / 10;

/** Minutes to cover `km` at AVERAGE_SPEED_KMH. */
export const durationMinutes = (km: number) => Math.round((km / AVERAGE_SPEED_KMH) * 60);

/** A point from a record's two fields, when both are numbers. */
export function pointOf(record: Record<string, unknown> | undefined, latitude: string, longitude: string): Point | undefined {
  const lat = record?.[latitude];
  const lon = record?.[longitude];
  return typeof lat === 'number' && typeof lon === 'number' ? { latitude: lat, longitude: lon } : undefined;
}
