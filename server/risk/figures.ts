import type { Language } from '../i18n';
import { DEFECTS, DEFECT_FAMILIES, nameIn } from '../reports/library';
import type { Registry } from '../schemas';
import type { ServiceRow } from '../services/access';
import type { Reader, Row, Stored } from '../store/types';
import { SEVERITIES } from '../../domain/report';

/**
 * The figures of a company's inspections (docs/risk.md): pass rate per month, results and
 * decisions, defects by category, top defects and the defect synthesis. Pure sums over the
 * services (their report summary `service.report`) and their reports' defect lines.
 */
export const TOP_DEFECTS = 10;

/** accepted / (accepted + refused), in percent with one decimal; null without a verdict. */
export const passRate = (accepted: number, refused: number): number | null => (accepted + refused ? Math.round((accepted / (accepted + refused)) * 1000) / 10 : null);

const summary = (service: ServiceRow) => (service.report ?? {}) as { reportResult?: string; clientDecision?: string };
const zeroes = (values: unknown): Record<string, number> => Object.fromEntries(((values as string[] | undefined) ?? []).map((value) => [value, 0]));
const enumValues = (registry: Registry, name: string) => registry.enums[name]?.enum;

/** Longest period whose empty months are listed too (five years). */
const MAX_FILLED_MONTHS = 60;

/** The months from `fromDate` to `toDate` (`YYYY-MM`), none when either is missing or the period is too long. */
export function monthsBetween(fromDate?: string, toDate?: string): string[] {
  if (!fromDate || !toDate) return [];
  const months: string[] = [];
  let [year, month] = [Number(fromDate.slice(0, 4)), Number(fromDate.slice(5, 7))];
  const last = toDate.slice(0, 7);
  while (months.length <= MAX_FILLED_MONTHS) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    if (current > last) return months;
    months.push(current);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return [];
}

/** Per month: inspections, accepted, refused and the pass rate; every month of the period when it is given (a chart's time axis). */
export function monthlyPassRate(services: ServiceRow[], period: string[] = []) {
  const months = new Map<string, { month: string; inspections: number; accepted: number; refused: number }>();
  for (const month of period) months.set(month, { month, inspections: 0, accepted: 0, refused: 0 });
  for (const service of services) {
    const month = String(service.startDate).slice(0, 7);
    const row = months.get(month) ?? { month, inspections: 0, accepted: 0, refused: 0 };
    row.inspections++;
    if (summary(service).reportResult === 'ACCEPTED') row.accepted++;
    if (summary(service).reportResult === 'REFUSED') row.refused++;
    months.set(month, row);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month)).map((row) => ({ ...row, rate: passRate(row.accepted, row.refused) }));
}

/** How many services per value of their summary's `field`, every value of the enum present. */
function countBy(registry: Registry, services: ServiceRow[], field: 'reportResult' | 'clientDecision', enumName: string): Record<string, number> {
  const counts = zeroes(enumValues(registry, enumName));
  for (const service of services) {
    const value = summary(service)[field] ?? (field === 'clientDecision' ? 'PENDING' : 'NA');
    counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

export interface DefectRow {
  defectId: number;
  code: string;
  label: string;
  family: string;
  category: string;
  severity: string;
  critical: number;
  major: number;
  minor: number;
  total: number;
}

/** The reports' defect lines summed per library defect, named in `lang`, most frequent first. */
export async function defectRows(db: Reader, reports: Stored<Row>[], lang: Language): Promise<DefectRow[]> {
  const lines = reports.flatMap((report) => (report.defects as Row[] | undefined) ?? []);
  const ids = [...new Set(lines.map((line) => line.defectId as number))];
  if (!ids.length) return [];
  const defects = await db.query<Row>({ collection: DEFECTS, where: { op: 'in', field: 'defectId', values: ids } });
  const familyIds = [...new Set(defects.map((defect) => defect.defectFamilyId as number))];
  const families = familyIds.length ? await db.query<Row>({ collection: DEFECT_FAMILIES, where: { op: 'in', field: 'defectFamilyId', values: familyIds } }) : [];
  const familyName = new Map(families.map((family) => [family.defectFamilyId, nameIn(family.names, lang)]));
  const rows = new Map<number, DefectRow>();
  for (const defect of defects) {
    rows.set(defect.defectId as number, {
      defectId: defect.defectId as number,
      code: String(defect.code),
      label: nameIn(defect.names, lang),
      family: familyName.get(defect.defectFamilyId) ?? '',
      category: String(defect.category),
      severity: String(defect.defaultSeverity ?? 'MAJOR'),
      critical: 0,
      major: 0,
      minor: 0,
      total: 0,
    });
  }
  for (const line of lines) {
    const row = rows.get(line.defectId as number);
    const severity = String(line.severity ?? row?.severity);
    if (!row || !(SEVERITIES as readonly string[]).includes(severity)) continue;
    const count = Number(line.count) || 0;
    row[severity.toLowerCase() as 'critical' | 'major' | 'minor'] += count;
    row.total += count;
  }
  return [...rows.values()].filter((row) => row.total > 0).sort((a, b) => b.total - a.total || a.code.localeCompare(b.code));
}

/** The charts of GET /back/bo/risk/company/{companyId}/charts. */
export function companyCharts(registry: Registry, services: ServiceRow[], defects: DefectRow[], lang: Language, period: string[] = []) {
  const categoryLabel = (category: string) => registry.locales[lang]?.[`enum.defectCategory.${category}`] ?? registry.locales.en[`enum.defectCategory.${category}`] ?? category;
  const byCategory = new Map<string, number>();
  for (const row of defects) byCategory.set(row.category, (byCategory.get(row.category) ?? 0) + row.total);
  return {
    passRate: monthlyPassRate(services, period),
    results: countBy(registry, services, 'reportResult', 'reportResult'),
    decisions: countBy(registry, services, 'clientDecision', 'clientDecision'),
    defectsByCategory: [...byCategory].map(([category, count]) => ({ category, label: categoryLabel(category), count })).sort((a, b) => b.count - a.count || a.category.localeCompare(b.category)),
    topDefects: defects.slice(0, TOP_DEFECTS).map(({ defectId, label, total, severity }) => ({ defectId, label, count: total, severity })),
  };
}
