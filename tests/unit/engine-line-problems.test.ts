import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { cellCount, lineErrors } from '../../engine/record/lines/lineErrors';
import type { JsonSchema } from '../../engine/schema/resolve';

/** A lines grid keeps what it cannot hold as typed, says why on the cell, and counts it so Save waits. */
const t = ((key: string, values?: Record<string, unknown>) => (values && 'n' in values ? `${values.n} / ${values.max}` : key)) as unknown as TFunction;
const line: JsonSchema = {
  type: 'object',
  properties: {
    amount: { type: 'number', decimals: 2, minimum: 0 },
    pieces: { type: 'integer', minimum: 0 },
    city: { type: 'string', maxLength: 5 },
  },
};

describe('lines grid: typed values it cannot hold', () => {
  it('counts every refused cell: a number cell holding text, a fraction of pieces, a text too long, a bound', () => {
    const count = (lines: Record<string, unknown>[]) => cellCount(lineErrors(line, lines, 'lines', [], t, 'fr'));
    expect(count([{ amount: 12.5, pieces: 3, city: 'Paris' }])).toBe(0);
    expect(count([{ amount: -1 }])).toBe(1);
    expect(count([{ amount: '1.234', pieces: 12.7, city: 'Marseille' }, { amount: '12 50' }])).toBe(4);
  });

  it('says on each cell why, in the screen locale', () => {
    const errors = lineErrors(line, [{ amount: '1.234', pieces: '12,7', city: 'Marseille' }, { amount: '12 50' }], 'lines', [], t, 'fr');
    expect(errors).toEqual({
      0: { amount: 'engine.number.ambiguous', pieces: 'engine.number.fraction', city: 'validation.tooLong (9 / 5)' },
      1: { amount: 'engine.number.unreadable' },
    });
  });
});
