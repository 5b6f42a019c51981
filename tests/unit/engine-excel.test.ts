import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildWorkbook, PAGE_SETUP, sheetName } from '../../engine/export/excel';
import { tableFromRecords } from '../../engine/export/fromGrid';
import type { ColumnSpec } from '../../engine/grid/columns';

const t = ((key: string, options?: { defaultValue?: string }) => options?.defaultValue ?? key) as unknown as TFunction;
const ctx = { t, locale: 'en-GB', lookupLabel: () => undefined };

const column = (field: string, schema: Record<string, unknown>, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({
  field, title: `thing.${field}`, hidden: false, schema, kind: 'text', badge: false, ...extra,
});

describe('Excel export', () => {
  const table = tableFromRecords(
    [
      { name: 'First', amount: 12.5, currency: 'EUR', when: '2026-03-01' },
      { name: 'Second', amount: 3, currency: 'USD' },
    ],
    [
      { spec: column('name', { type: 'string' }), width: 200 },
      { spec: column('amount', { type: 'number', decimals: 2 }, { kind: 'number', currencyField: 'currency' }) },
      { spec: column('when', { type: 'string', format: 'date' }, { kind: 'date' }) },
    ],
    ctx,
    'Things: all',
  );

  it('takes headers, displayed texts and numbers from the grid columns', () => {
    expect(table.columns.map((c) => c.header)).toEqual(['Name', 'Amount', 'When']);
    expect(table.rows).toEqual([
      ['First', 12.5, '1 Mar 2026'],
      ['Second', 3, null],
    ]);
    expect(table.numberFormats?.[1][1]).toBe('#,##0.00 "USD"');
  });

  it('sets up an A4 landscape page, one page wide, with the spec margins and a bold header', async () => {
    const workbook = buildWorkbook(ExcelJS, table);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Things  all');
    expect(sheet.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    expect(sheet.pageSetup.margins).toMatchObject({ left: 0.7, right: 0.7, top: 0.75, bottom: 0.75 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getCell('A1').value).toBe('Name');
    expect(sheet.getCell('B2').value).toBe(12.5);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00 "EUR"');
    expect(sheet.rowCount).toBe(3);
    // Written and read back, the page setup survives.
    const buffer = await workbook.xlsx.writeBuffer();
    const reread = new ExcelJS.Workbook();
    await reread.xlsx.load(buffer as ArrayBuffer);
    expect(reread.worksheets[0].pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToWidth: 1, fitToHeight: 0 });
    expect(PAGE_SETUP.margins.top).toBe(0.75);
  });

  it('makes valid sheet names', () => {
    expect(sheetName('a/b?c*d[e]')).toBe('a b c d e');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName('')).toBe('Sheet1');
  });
});
