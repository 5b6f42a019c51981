/**
 * Distances between coordinates and spec §9's address match radius. Both sides use them: the
 * planning's attendee distances (server) and the company profile's "same place" warning.
 */
export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6371008.8;
/** Spec §9: two addresses whose coordinates are this close (metres) are the same place. */
export const ADDRESS_MATCH_RADIUS_M = 100;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in metres, unrounded. */
export function distanceMeters(from: Point, to: Point): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Whether two addresses' coordinates name the same place: within spec §9's 100 m (inclusive). */
export const samePlace = (a: Point, b: Point, radiusMeters = ADDRESS_MATCH_RADIUS_M): boolean => distanceMeters(a, b) <= radiusMeters;

/** A coordinate rounded to spec §9's GPS precision (4 decimals, about 11 m). */
export const gpsRounded = (degrees: number): number => Math.round(degrees * 10000) / 10000;
