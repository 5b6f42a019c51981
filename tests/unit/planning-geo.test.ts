import { describe, expect, it } from 'vitest';
import { AVERAGE_SPEED_KMH, distanceKm, durationMinutes, pointOf } from '../../server/planning/geo';

/** The attendees' straight-line distances (server/planning/geo.ts): haversine on the WGS84 mean radius. */
describe('assignment distances', () => {
  it('measures known great-circle distances', () => {
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const lyon = { latitude: 45.764, longitude: 4.8357 };
    // Paris–Lyon is about 392 km as the crow flies; Hong Kong–Shenzhen about 26 km.
    expect(distanceKm(paris, lyon)).toBeGreaterThan(388);
    expect(distanceKm(paris, lyon)).toBeLessThan(396);
    expect(distanceKm({ latitude: 22.2783, longitude: 114.1747 }, { latitude: 22.5431, longitude: 114.0579 })).toBeCloseTo(31.8, 0);
    expect(distanceKm(paris, paris)).toBe(0);
    // Antipodes: half the circumference.
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(20015.1, 0);
  });

  it('turns a distance into minutes at the assumed speed', () => {
    expect(AVERAGE_SPEED_KMH).toBe(60);
    expect(durationMinutes(90)).toBe(90);
    expect(durationMinutes(392.4)).toBe(392);
  });

  it('reads a point only when both coordinates are numbers', () => {
    expect(pointOf({ lat: 1, lon: 2 }, 'lat', 'lon')).toEqual({ latitude: 1, longitude: 2 });
    expect(pointOf({ lat: 1 }, 'lat', 'lon')).toBeUndefined();
    expect(pointOf(undefined, 'lat', 'lon')).toBeUndefined();
  });
});
