import { describe, expect, it } from 'vitest';
import { MergeRefused, mergeLines, splitLine } from '../../engine/lines/selectionRules';

/** The lines grid's merge and split actions (engine/lines/selectionRules.ts), on rows shaped like billing lines. */
const link = { sum: ['unit', 'serviceFees', 'otherFees'], union: ['services', 'purchaseOrderLines'], same: ['currency'] };
const unlink = { by: 'services', share: ['unit', 'serviceFees', 'otherFees'] };

const a = { lineId: 1, version: 3, services: [10, 11], purchaseOrderLines: [7], currency: 'EUR', unit: 1.1, unitPrice: 300, serviceFees: 0.1, otherFees: 5, invoiceNumber: 'INV-1' };
const b = { lineId: 2, version: 1, services: [11, 12], purchaseOrderLines: [8, 7], currency: 'EUR', unit: 2.2, unitPrice: 999, serviceFees: 0.2, otherFees: 0, invoiceNumber: 'INV-2' };

describe('mergeLines', () => {
  it('keeps the first line’s other fields, adds the sums to 2 decimals and joins the arrays without duplicates, in order', () => {
    expect(mergeLines([a, b], link, 'lineId')).toEqual({
      services: [10, 11, 12], purchaseOrderLines: [7, 8], currency: 'EUR', unit: 3.3, unitPrice: 300, serviceFees: 0.3, otherFees: 5, invoiceNumber: 'INV-1',
    });
  });

  it('gives a new line: no id, no version', () => {
    const merged = mergeLines([a, b], link, 'lineId');
    expect(merged).not.toHaveProperty('lineId');
    expect(merged).not.toHaveProperty('version');
  });

  it('counts a missing or non-numeric sum field as 0 and a missing array as empty', () => {
    const merged = mergeLines([{ ...a, otherFees: undefined, purchaseOrderLines: undefined }, { ...b, otherFees: 'x' }], link, 'lineId');
    expect(merged.otherFees).toBe(0);
    expect(merged.purchaseOrderLines).toEqual([8, 7]);
  });

  it('refuses lines that differ in a `same` field, naming it', () => {
    const refusal = (() => {
      try {
        mergeLines([a, { ...b, currency: 'USD' }], link, 'lineId');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(MergeRefused);
    expect(refusal).toMatchObject({ field: 'currency', key: 'engine.lines.notSame' });
  });

  it('merges a single line into a copy of it without identity; no line at all is a programming error', () => {
    const { lineId: _id, version: _version, ...fields } = a;
    expect(mergeLines([a], link, 'lineId')).toEqual(fields);
    expect(() => mergeLines([], link, 'lineId')).toThrow(RangeError);
  });
});

describe('splitLine', () => {
  it('gives one line per item, the first keeping the id and version, the shares adding up exactly', () => {
    const line = { ...a, services: [10, 11, 12], unit: 1, serviceFees: 100, otherFees: 0.01 };
    const parts = splitLine(line, unlink, 'lineId');
    expect(parts.map((part) => part.services)).toEqual([[10], [11], [12]]);
    expect(parts.map((part) => [part.lineId, part.version])).toEqual([[1, 3], [undefined, undefined], [undefined, undefined]]);
    expect(parts.map((part) => part.unit)).toEqual([0.33, 0.33, 0.34]);
    expect(parts.map((part) => part.serviceFees)).toEqual([33.33, 33.33, 33.34]);
    expect(parts.map((part) => part.otherFees)).toEqual([0, 0, 0.01]);
    expect(parts.every((part) => part.unitPrice === 300 && part.invoiceNumber === 'INV-1' && part.purchaseOrderLines === a.purchaseOrderLines)).toBe(true);
    expect(parts.slice(1).every((part) => !('lineId' in part) && !('version' in part))).toBe(true);
  });

  it('returns a line of one item (or none) as it is', () => {
    const single = { ...a, services: [10] };
    expect(splitLine(single, unlink, 'lineId')).toEqual([single]);
    expect(splitLine({ ...a, services: undefined }, unlink, 'lineId')).toHaveLength(1);
  });

  it('split then merge gives back the totals', () => {
    const parts = splitLine({ ...a, services: [1, 2, 3, 4, 5, 6, 7], serviceFees: 10 }, unlink, 'lineId');
    const merged = mergeLines(parts, link, 'lineId');
    expect([merged.serviceFees, merged.unit, merged.otherFees, merged.services]).toEqual([10, 1.1, 5, [1, 2, 3, 4, 5, 6, 7]]);
  });
});
