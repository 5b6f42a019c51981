import type { AggregateQuery, AggregateRow, Grouping } from '../store/aggregate';
import type { Condition } from '../store/query';

/**
 * The KPI figures of docs/kpis.md from one store aggregate: the services grouped by report
 * result, client decision and department (and the call's own key: a month, a supplier…), with
 * their defects and inspected pieces summed; then folded here into figure blocks (a few rows).
 */
export const RESULTS = ['ACCEPTED', 'REFUSED', 'PENDING', 'NA'] as const;
export const DECISIONS = ['ACCEPTED', 'SUBJECTED', 'REFUSED', 'PENDING', 'NA'] as const;
/** The decisions a rate is taken over (PENDING and NA are left out). */
const DECIDED = ['ACCEPTED', 'SUBJECTED', 'REFUSED'] as const;
export const SEVERITIES = ['CRITICAL', 'MAJOR', 'MINOR'] as const;

type Counts<K extends string> = Record<K, number>;
export interface KpiFigures {
  services: number;
  inspections: number;
  results: Counts<(typeof RESULTS)[number]>;
  resultRate: number | null;
  decisions: Counts<(typeof DECISIONS)[number]>;
  decisionRates: Record<(typeof DECIDED)[number], number | null>;
  defects: Counts<(typeof SEVERITIES)[number]>;
  inspectedPieces: number;
  defectsPerPiece: Record<(typeof SEVERITIES)[number], number | null>;
  /** Services confirmed by their provider (with a lead time), their mean lead time in working days, the share on time. */
  /** Field days of the services' assignments. */
  manDays: number;
  confirmed: number;
  leadTime: number | null;
  onTimeRate: number | null;
}

const zeros = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, 0])) as Counts<K>;
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The services' collection and the groupings every KPI aggregate ends with. */
const FIGURE_GROUPS: Grouping[] = [
  { field: 'report.reportResult', as: 'result' },
  { field: 'report.clientDecision', as: 'decision' },
  { field: 'thirdPartyDepartment', as: 'department' },
];
const MEASURES: AggregateQuery['measures'] = {
  services: { fn: 'count' },
  pieces: { fn: 'sum', field: 'report.inspectedQuantity' },
  manDays: { fn: 'sum', field: 'manDays' },
  leadDays: { fn: 'sum', field: 'confirmation.workingDays' },
  onTime: { fn: 'sum', field: 'confirmation.onTime' },
  late: { fn: 'sum', field: 'confirmation.late' },
  ...Object.fromEntries(SEVERITIES.map((severity) => [severity, { fn: 'sum', field: `report.defects.${severity}` }])),
};

/** The measures read from the report's details (server/kpi/summaryOnly.ts: not every reader's to sum). */
export const DETAIL_MEASURES = ['pieces', ...SEVERITIES] as const;

/** The aggregate of the services matching `where`, by `keys` (none: one block of totals); `details`: only their count and the report's detail measures. */
export function figuresQuery(where: Condition, keys: Grouping[] = [], details = false): AggregateQuery {
  const measures = details ? Object.fromEntries(['services', ...DETAIL_MEASURES].map((name) => [name, MEASURES[name]])) : MEASURES;
  return { collection: 'services', where, groupBy: [...keys, ...FIGURE_GROUPS], measures };
}

/** Rows of the aggregate folded into one block. */
export function foldFigures(rows: AggregateRow[]): KpiFigures {
  const results = zeros(RESULTS);
  const decisions = zeros(DECISIONS);
  const defects = zeros(SEVERITIES);
  let [services, inspections, inspectedPieces, manDays, leadDays, onTime, late] = [0, 0, 0, 0, 0, 0, 0];
  for (const row of rows) {
    const count = Number(row.services);
    services += count;
    if (row.department === 'INSP') inspections += count;
    // No report yet, or none decided: pending.
    const result = (RESULTS as readonly string[]).includes(String(row.result)) ? (row.result as (typeof RESULTS)[number]) : 'PENDING';
    results[result] += count;
    const decision = (DECISIONS as readonly string[]).includes(String(row.decision)) ? (row.decision as (typeof DECISIONS)[number]) : 'PENDING';
    decisions[decision] += count;
    inspectedPieces += Number(row.pieces ?? 0);
    manDays += Number(row.manDays ?? 0);
    leadDays += Number(row.leadDays ?? 0);
    onTime += Number(row.onTime ?? 0);
    late += Number(row.late ?? 0);
    for (const severity of SEVERITIES) defects[severity] += Number(row[severity] ?? 0);
  }
  const decided = DECIDED.reduce((sum, decision) => sum + decisions[decision], 0);
  return {
    services,
    inspections,
    results,
    resultRate: ratio(results.ACCEPTED, results.ACCEPTED + results.REFUSED),
    decisions,
    decisionRates: Object.fromEntries(DECIDED.map((decision) => [decision, ratio(decisions[decision], decided)])) as KpiFigures['decisionRates'],
    defects,
    inspectedPieces,
    defectsPerPiece: Object.fromEntries(SEVERITIES.map((severity) => [severity, ratio(defects[severity], inspectedPieces)])) as KpiFigures['defectsPerPiece'],
    manDays,
    confirmed: onTime + late,
    leadTime: ratio(leadDays, onTime + late),
    onTimeRate: ratio(onTime, onTime + late),
  };
}

/** Rows grouped by their first key (`name`), each group folded, in the aggregate's order. */
export function foldBy(rows: AggregateRow[], name: string): { key: AggregateRow[string]; figures: KpiFigures }[] {
  const groups = new Map<AggregateRow[string], AggregateRow[]>();
  for (const row of rows) {
    const group = groups.get(row[name]);
    if (group) group.push(row);
    else groups.set(row[name], [row]);
  }
  return [...groups].map(([key, group]) => ({ key, figures: foldFigures(group) }));
}

/** The change of each number from `before` to `after`, in per cent (null when `before` is 0 or null). */
export function changeOf(after: unknown, before: unknown): unknown {
  if (typeof after === 'number' || after === null) {
    return typeof before === 'number' && before !== 0 && typeof after === 'number' ? ((after - before) / Math.abs(before)) * 100 : null;
  }
  if (after && typeof after === 'object') {
    const previous = (before ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(after).map(([key, value]) => [key, changeOf(value, previous[key])]));
  }
  return null;
}
