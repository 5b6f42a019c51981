import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { choiceDefaults, chosenPanel, withoutChoices } from '../../engine/charts/choices';
import { initialFilters, rangePairs } from '../../engine/charts/filters';
import { sortedRows, tableColumns } from '../../engine/charts/tableCells';
import type { ChoiceConfig, PanelConfig } from '../../engine/config';
import { panelTable } from '../../engine/export/panelTable';
import { buildWorkbook, PROGRESS_EVERY } from '../../engine/export/workbook';

const labels: Record<string, string> = { 'k.group': 'Group', 'k.services': 'Services', 'k.rate': 'Pass rate', 'k.level': 'Level', 'enum.serviceLevel.URGENT': 'Urgent' };
const t = ((key: string, options?: { defaultValue?: string }) => labels[key] ?? options?.defaultValue ?? key) as unknown as TFunction;

describe('export panel table', () => {
  const columns = tableColumns(
    [
      { field: 'label', label: 'k.group', width: 220 },
      { field: 'figures.services', label: 'k.services', format: 'integer' },
      { field: 'figures.resultRate', label: 'k.rate', format: 'share' },
      { field: 'serviceLevel', label: 'k.level', enum: 'serviceLevel' },
    ],
    t,
  );
  const rows = [
    { label: 'Acme', serviceLevel: 'URGENT', figures: { services: 12, resultRate: 0.75 } },
    { label: 'Bolt', serviceLevel: null, figures: { services: 0, resultRate: null } },
  ];
  const table = panelTable('KPI', columns, rows, t);

  it('reads dotted fields, keeps numbers as numbers, writes enum labels and leaves missing values empty', () => {
    expect(table.columns).toEqual([{ header: 'Group', width: 220 }, { header: 'Services' }, { header: 'Pass rate' }, { header: 'Level' }]);
    expect(table.rows).toEqual([
      ['Acme', 12, 0.75, 'Urgent'],
      ['Bolt', 0, null, null],
    ]);
    expect(table.columnFormats).toEqual([undefined, '#,##0', '0.0%', undefined]);
  });

  it('gives each column its number format in the workbook, the header excepted', async () => {
    const workbook = buildWorkbook(ExcelJS, table);
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell('C2').numFmt).toBe('0.0%');
    expect(sheet.getCell('B2').numFmt).toBe('#,##0');
    expect(sheet.getCell('C1').numFmt).toBe('General');
    const again = new ExcelJS.Workbook();
    await again.xlsx.load((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    expect(again.worksheets[0].getCell('C2').value).toBe(0.75);
  });

  it('reports the rows put in the sheet every PROGRESS_EVERY rows, and sizes columns of 100,000 rows', { timeout: 30_000 }, () => {
    const many = { title: 'Many', columns: [{ header: 'n' }, { header: 'text' }], rows: Array.from({ length: 100_000 }, (_, index) => [index, index === 5 ? 'x'.repeat(30) : 'a']) };
    const seen: number[] = [];
    const workbook = buildWorkbook(ExcelJS, many, (done) => seen.push(done));
    expect(seen).toHaveLength(100_000 / PROGRESS_EVERY);
    expect(seen.at(-1)).toBe(100_000);
    expect(workbook.worksheets[0].rowCount).toBe(100_001);
    expect(workbook.worksheets[0].getColumn(2).width).toBe(32);
  });

  it('sorts by a dotted field', () => {
    expect(sortedRows(rows, 'figures.services', false).map((row) => row.label)).toEqual(['Bolt', 'Acme']);
  });
});

describe('panels page choices and periods', () => {
  const measure: ChoiceConfig = {
    name: 'measure',
    title: 'k.measure',
    default: 'services',
    options: [
      { value: 'services', label: 'k.services', set: { series: [{ name: 'figures.services', label: 'k.services' }], valueFormat: 'integer' } },
      { value: 'resultRate', label: 'k.rate', set: { series: [{ name: 'figures.resultRate', label: 'k.rate' }], valueFormat: 'share' } },
    ],
  };
  const chart: PanelConfig = { kind: 'chart', choice: 'measure', url: '/x', series: [{ name: 'a', label: 'a' }] };

  it('starts with each choice default, keeps choices out of the calls, and makes the panels naming them', () => {
    expect(choiceDefaults([measure])).toEqual({ measure: 'services' });
    expect(withoutChoices({ measure: 'resultRate', groupBy: ['type'] }, [measure])).toEqual({ groupBy: ['type'] });
    expect(chosenPanel(chart, [measure], { measure: 'resultRate' })).toMatchObject({ series: [{ name: 'figures.resultRate' }], valueFormat: 'share', url: '/x' });
    // An unknown value takes the first option; a panel naming no choice stays as it is.
    expect(chosenPanel(chart, [measure], { measure: 'gone' }).valueFormat).toBe('integer');
    const table: PanelConfig = { kind: 'dataTable', url: '/x' };
    expect(chosenPanel(table, [measure], { measure: 'resultRate' })).toBe(table);
  });

  it("fills a form's range of other names (a date onOrAfter another) with the form's default range", () => {
    const search = { type: 'object', 'x-defaultRange': 'currentMonth', properties: { startDate: {}, endDate: { onOrAfter: 'startDate' }, unit: { default: 'month' } } };
    expect(rangePairs(search.properties)).toEqual([['startDate', 'endDate']]);
    const filters = initialFilters(search);
    expect(Object.keys(filters).sort()).toEqual(['endDate', 'startDate', 'unit']);
    expect(filters.startDate).toMatch(/^\d{4}-\d{2}-01$/);
  });
});
