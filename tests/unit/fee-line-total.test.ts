import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { computeRecord } from '../../engine/schema/computed';
import { resolveSchema } from '../../engine/schema/resolve';
import { loadSchemaTree } from '../../scripts/generate/load';

/**
 * The fee line total of spec-2 §7.6, run with the fee schema's own `x-computed` expressions:
 * transport (toll + taxi + flight + train + bus + boat, plus fixed + fuel, or the km fee when
 * the sheet has a global km fee) + living (hotel + meal) + other + cost, rounded to 2 decimals
 * (JSONata's `$round` rounds half to even); anything not a number counts as 0.
 */
const tree = loadSchemaTree(join(fileURLToPath(new URL('../..', import.meta.url)), 'schemas'));
const schema = resolveSchema(tree.entities.fee, tree.shared);

type Row = Record<string, unknown>;
const totalOf = async (line: Row, sheet: Row = {}) => ((await computeRecord(schema, { ...sheet, feeLines: [line] })).feeLines as Row[])[0].total;

describe('fee line total (the fee schema formula)', () => {
  it.each<[string, Row, number]>([
    ['toll', { toll: 10 }, 10],
    ['taxi', { taxi: 12.5 }, 12.5],
    ['flight', { flight: 210.99 }, 210.99],
    ['train', { train: 45.3 }, 45.3],
    ['bus', { bus: 3.2 }, 3.2],
    ['boat', { boat: 18 }, 18],
    ['fixed + fuel without a global km fee (the km fee ignored)', { fixed: 30, fuel: 12.4, kmFee: 99 }, 42.4],
    ['hotel + meal', { hotel: 80, meal: 20.25 }, 100.25],
    ['other', { other: 7.1 }, 7.1],
    ['cost', { cost: 150 }, 150],
    ['everything', { toll: 1, taxi: 2, flight: 3, train: 4, bus: 5, boat: 6, fixed: 7, fuel: 8, hotel: 9, meal: 10, other: 11, cost: 12 }, 78],
    ['nothing', {}, 0],
    ['numbers as text, null and words count as 0', { toll: '10', taxi: null, hotel: 'abc', meal: true, train: [4], other: 5 }, 5],
    ['float noise rounded away', { taxi: 0.1, toll: 0.2 }, 0.3],
    ['half a cent rounded to even (down)', { hotel: 0.125 }, 0.12],
    ['half a cent rounded to even (up)', { hotel: 0.375 }, 0.38],
  ])('%s', async (_, line, total) => {
    expect(await totalOf(line)).toBe(total);
  });

  it('with a global km fee: the km fee replaces fixed + fuel', async () => {
    expect(await totalOf({ fixed: 30, fuel: 12.4, kmFee: 99, toll: 1 }, { globalKmFee: true })).toBe(100);
    expect(await totalOf({ fixed: 30, fuel: 12.4, toll: 1 }, { globalKmFee: true })).toBe(1);
    expect(await totalOf({ fixed: 30, fuel: 12.4, kmFee: 99 }, { globalKmFee: false })).toBe(42.4);
  });

  it('the sheet total is the sum of its line totals, rounded; 0 without lines', async () => {
    const sheet = await computeRecord(schema, { feeLines: [{ hotel: 80.1 }, { meal: 0.2, total: 1000 }, { train: 'x' }] });
    expect((sheet.feeLines as Row[]).map((line) => line.total)).toEqual([80.1, 0.2, 0]);
    expect(sheet.totalAmount).toBe(80.3);
    expect((await computeRecord(schema, { feeLines: [] })).totalAmount).toBe(0);
    expect((await computeRecord(schema, {})).totalAmount).toBe(0);
  });
});
