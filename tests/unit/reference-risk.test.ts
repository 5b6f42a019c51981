import { describe, expect, it } from 'vitest';
import { effectiveRisk, referenceRisk, type Inspection } from '../../domain/referenceRisk';

/**
 * A reference's risk and score (docs/risk.md "A reference's risk and score"), on cases computed
 * by hand at 2026-01-01: badness = min(1, 0.8 × refused + (10 c + 3 M + m) / 50), weight halved
 * every 12 months, score = round(100 × Σ w·b / (Σ w + 1)); HIGH from 30, MODERATE from 10.
 */
const NOW = new Date('2026-01-01T00:00:00Z');
const at = (date: string, result: string, critical = 0, major = 0, minor = 0): Inspection => ({ date, result, critical, major, minor });
const times = (n: number, inspection: Inspection) => Array.from({ length: n }, () => inspection);

const CASES: { name: string; inspections: Inspection[]; risk: string; score: number }[] = [
  { name: 'no inspection: NA, 0', inspections: [], risk: 'NA', score: 0 },
  { name: 'inspections without a verdict (PENDING, NA) do not count', inspections: [at('2025-12-01', 'PENDING', 3), at('2025-12-01', 'NA')], risk: 'NA', score: 0 },
  { name: 'all accepted, recent, clean: 0 / (3 + 1)', inspections: times(3, at('2026-01-01', 'ACCEPTED')), risk: 'LOW', score: 0 },
  { name: 'one recent refusal with two criticals: min(1, 0.8 + 20/50) / (1 + 1) = 50', inspections: [at('2026-01-01', 'REFUSED', 2)], risk: 'HIGH', score: 50 },
  { name: 'one recent refusal among three accepted: 0.8 / (4 + 1) = 16', inspections: [at('2026-01-01', 'REFUSED'), ...times(3, at('2026-01-01', 'ACCEPTED'))], risk: 'MODERATE', score: 16 },
  { name: 'the same refusal two years old weighs 1/4: 0.2 / (3.25 + 1) = 4.7', inspections: [at('2024-01-01', 'REFUSED'), ...times(3, at('2026-01-01', 'ACCEPTED'))], risk: 'LOW', score: 5 },
  { name: 'two refusals three years old, nothing newer: 2 × 0.8/8 / (2/8 + 1) = 16', inspections: times(2, at('2023-01-01', 'REFUSED')), risk: 'MODERATE', score: 16 },
  { name: 'two refusals four years old fade further: 0.1 / (1/8 + 1) = 8.9', inspections: times(2, at('2022-01-01', 'REFUSED')), risk: 'LOW', score: 9 },
  { name: 'accepted with 1 critical, 2 major, 4 minor: (10 + 6 + 4)/50 / 2 = 20', inspections: [at('2026-01-01', 'ACCEPTED', 1, 2, 4)], risk: 'MODERATE', score: 20 },
  { name: 'accepted with two minor defects: 0.04 / 2 = 2', inspections: [at('2026-01-01', 'ACCEPTED', 0, 0, 2)], risk: 'LOW', score: 2 },
  { name: '4 refused in 10, recent: 3.2 / 11 = 29.1, just under HIGH', inspections: [...times(4, at('2025-12-31', 'REFUSED')), ...times(6, at('2025-12-31', 'ACCEPTED'))], risk: 'MODERATE', score: 29 },
  { name: '5 refused in 10, recent: 4 / 11 = 36.4', inspections: [...times(5, at('2026-01-01', 'REFUSED')), ...times(5, at('2026-01-01', 'ACCEPTED'))], risk: 'HIGH', score: 36 },
  { name: 'an inspection to come weighs as today: 0.8 / 2 = 40', inspections: [at('2026-06-01', 'REFUSED')], risk: 'HIGH', score: 40 },
  { name: 'criticals cap at badness 1: refused with 9 criticals = 1 / 2 = 50', inspections: [at('2026-01-01', 'REFUSED', 9, 9, 9)], risk: 'HIGH', score: 50 },
];

describe('referenceRisk', () => {
  for (const { name, inspections, risk, score } of CASES) {
    it(name, () => {
      const figures = referenceRisk(inspections, NOW);
      expect({ risk: figures.risk, score: figures.score }).toEqual({ risk, score });
    });
  }

  it('counts the inspections with a verdict, their defects and the newest day', () => {
    const figures = referenceRisk([at('2025-03-01', 'REFUSED', 1, 2, 3), at('2025-06-01', 'ACCEPTED', 0, 1), at('2025-09-01', 'PENDING', 5)], NOW);
    expect(figures).toMatchObject({ inspections: 2, accepted: 1, refused: 1, critical: 1, major: 3, minor: 3, lastInspection: '2025-06-01' });
  });

  it('keeps the score within 0–100 and never lowers it for a newer refusal', () => {
    const older = referenceRisk([at('2025-01-01', 'REFUSED'), at('2025-12-01', 'ACCEPTED')], NOW).score;
    const newer = referenceRisk([at('2025-12-01', 'REFUSED'), at('2025-01-01', 'ACCEPTED')], NOW).score;
    expect(newer).toBeGreaterThan(older);
    expect(referenceRisk(times(50, at('2026-01-01', 'REFUSED', 50)), NOW).score).toBeLessThanOrEqual(100);
  });
});

describe('effectiveRisk', () => {
  it("takes the manager's override when there is one", () => {
    expect(effectiveRisk('LOW', 'HIGH')).toBe('HIGH');
    expect(effectiveRisk('HIGH', undefined)).toBe('HIGH');
    expect(effectiveRisk('MODERATE', null)).toBe('MODERATE');
    expect(effectiveRisk(undefined, undefined)).toBe('NA');
  });
});
