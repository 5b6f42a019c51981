import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { PAGE_SETUP, sheetName } from '../../engine/export/excel';
import type { AppContext } from '../context';
import { contentDisposition } from '../files/send';
import { translate, type Language } from '../i18n';
import { exportName } from '../planning/export';
import type { Registry } from '../schemas';
import type { ServiceRow } from '../services/access';
import type { Row, Stored } from '../store/types';
import { referenceRiskRow } from './companyRisk';
import { linesOf, lineOfReference } from './referenceRecords';
import { riskOf } from './references';

/**
 * The factory risk export of an order taker (GET /back/bo/risk/orderTakers/{companyId}/factoryExport/generate,
 * docs/risk.md): a workbook of two sheets — its references (risks, score, its inspections of each
 * and their refused share) and its inspections — streamed row by row (exceljs' streaming writer),
 * so the server never holds the whole file.
 */
const REFERENCE_COLUMNS = ['sku', 'name', 'effectiveRisk', 'risk', 'riskOverride', 'score', 'inspections', 'accepted', 'refused', 'refusedRate'] as const;
const INSPECTION_COLUMNS = ['number', 'startDate', 'client', 'type', 'reportResult', 'clientDecision'] as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ExportInput {
  company: Row;
  references: Stored<Row>[];
  inspections: ServiceRow[];
  companyNames: Map<unknown, string>;
}

function header(sheet: ExcelJS.Worksheet, labels: string[]) {
  sheet.columns = labels.map((label) => ({ header: label, width: Math.min(40, Math.max(12, label.length + 2)) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
}

async function writeWorkbook(stream: PassThrough, registry: Registry, lang: Language, input: ExportInput) {
  const label = (key: string) => registry.locales[lang]?.[key] ?? registry.locales.en?.[key] ?? key;
  const enumLabel = (name: string, value: unknown) => (value === null || value === undefined ? '' : label(`enum.${name}.${String(value)}`));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const options = { pageSetup: { ...PAGE_SETUP, margins: { ...PAGE_SETUP.margins } }, views: [{ state: 'frozen' as const, ySplit: 1 }] };

  const references = workbook.addWorksheet(sheetName(translate(lang, 'risk.export.references')), options);
  header(references, REFERENCE_COLUMNS.map((column) => translate(lang, `risk.export.${column}`)));
  for (const record of input.references) {
    const row = referenceRiskRow(record);
    const of = input.inspections.filter((service) => linesOf(service).some((line) => lineOfReference(line, record)));
    const result = (service: ServiceRow) => (service.report as Row | undefined)?.reportResult;
    const accepted = of.filter((service) => result(service) === 'ACCEPTED').length;
    const refused = of.filter((service) => result(service) === 'REFUSED').length;
    const rate = riskOf(accepted, refused).refusedRate;
    references.addRow([row.sku, row.name, enumLabel('risk', row.effectiveRisk), enumLabel('risk', row.risk), enumLabel('risk', row.riskOverride), row.score, of.length, accepted, refused, rate === null ? null : rate / 100]).commit();
  }
  references.getColumn(REFERENCE_COLUMNS.length).numFmt = '0.0%';
  references.commit();

  const inspections = workbook.addWorksheet(sheetName(translate(lang, 'risk.export.inspections')), options);
  header(inspections, INSPECTION_COLUMNS.map((column) => translate(lang, `risk.export.${column}`)));
  for (const service of input.inspections) {
    const summary = (service.report ?? {}) as Row;
    inspections
      .addRow([String(service.number ?? ''), String(service.startDate ?? ''), input.companyNames.get(service.client) ?? '', enumLabel('serviceType', service.type), enumLabel('reportResult', summary.reportResult), enumLabel('clientDecision', summary.clientDecision)])
      .commit();
  }
  inspections.commit();
  await workbook.commit();
}

/** The workbook as a download, streamed as it is written. */
export function factoryExportResponse(c: AppContext, registry: Registry, lang: Language, input: ExportInput): Response {
  const stream = new PassThrough();
  writeWorkbook(stream, registry, lang, input).catch((error: unknown) => stream.destroy(error as Error));
  const title = `${translate(lang, 'risk.export.title')} ${String(input.company.name ?? '')}`.trim();
  return c.body(Readable.toWeb(stream) as ReadableStream, 200, { 'Content-Type': XLSX, 'Content-Disposition': contentDisposition(exportName(title)) });
}
