import ExcelJS from 'exceljs';
import { buildWorkbook } from '../../engine/export/workbook';
import type { Caller } from '../context';
import { translate, type Language } from '../i18n';
import type { Registry } from '../schemas';
import type { Reader } from '../store/types';
import { companiesById, entriesOf, placeOf, visibleAssignments, type Period, type PlanningCriteria } from './query';

/**
 * The planning export (spec §7.7 GET /back/bo/inter/spa/planning/export/): one row per
 * contributor-day of the period the caller sees, in the caller's language, as an .xlsx file
 * laid out like every export of the product (engine/export/excel.ts: A4 landscape, one page wide).
 */
const COLUMNS = ['date', 'contributor', 'role', 'service', 'type', 'client', 'site', 'country', 'city'] as const;
export type PlanningRow = Record<(typeof COLUMNS)[number], string>;

/** The export's rows, one per contributor-day, as objects (GET /back/bo/pln/planning/rows: the browser writes the file). */
export async function planningRows(db: Reader, registry: Registry, caller: Caller, period: Period, criteria: PlanningCriteria, lang: Language): Promise<PlanningRow[]> {
  const cells = await planningCells(db, registry, caller, period, criteria, lang);
  return cells.map((row) => Object.fromEntries(COLUMNS.map((column, index) => [column, row[index]])) as PlanningRow);
}

export async function planningWorkbook(db: Reader, registry: Registry, caller: Caller, period: Period, criteria: PlanningCriteria, lang: Language): Promise<Buffer> {
  const rows = await planningCells(db, registry, caller, period, criteria, lang);
  const title = translate(lang, 'planning.export.title');
  const workbook = buildWorkbook(ExcelJS, {
    title,
    columns: COLUMNS.map((column) => ({ header: translate(lang, `planning.export.${column}`) })),
    rows,
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function planningCells(db: Reader, registry: Registry, caller: Caller, period: Period, criteria: PlanningCriteria, lang: Language): Promise<string[][]> {
  const set = await visibleAssignments(db, caller, period, criteria);
  const services = [...set.services.values()];
  const companies = await companiesById(db, services.flatMap((service) => [service.client, service.supplier, service.factory]));
  const label = (key: string) => registry.locales[lang]?.[key] ?? registry.locales.en?.[key] ?? key;
  const name = (id: unknown) => (typeof id === 'number' ? (companies.get(id)?.name ?? '') : '');
  return entriesOf(set, period, criteria.contributors).map((entry) => {
    const service = set.services.get(entry.serviceId)!;
    const place = placeOf(service, companies);
    const site = [service.supplier, service.factory].filter((id, index, all) => id !== undefined && all.indexOf(id) === index).map(name).join(' / ');
    return [
      entry.date,
      entry.fullName,
      label(`enum.typePlanning.${entry.typePlanning}`),
      String(service.number ?? ''),
      service.type ? label(`enum.serviceType.${String(service.type)}`) : '',
      name(service.client),
      site,
      place.country ?? '',
      place.city ?? '',
    ];
  });
}

/** `YYYYMMDD_HHmmss_<title>.xlsx`, the spec's export name, in UTC. */
export function exportName(title: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
  return `${stamp}_${title}.xlsx`;
}
