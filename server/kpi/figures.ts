import type { AggregateQuery, AggregateRow, Grouping, Measure } from '../store/aggregate';
import { and, eq, or, type Condition } from '../store/query';

/**
 * The KPI figures of docs/kpis.md from one store aggregate: the services grouped by the call's own
 * keys only (a month, a supplier…; none: one block of totals), one row per key. The splits per
 * report result, client decision and department are filtered counts of the same row, the report's
 * access rules filters of the measures they hide; each row is then read here into a figure block.
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
  /** Field days of the services' assignments. */
  manDays: number;
  /** Services confirmed by their provider (with a lead time), their mean lead time in working days, the share on time. */
  confirmed: number;
  leadTime: number | null;
  onTimeRate: number | null;
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * Spec §6.4 report access among the services a caller sees (server/reports/access.ts,
 * server/kpi/summaryOnly.ts); null: none of them.
 * - `unread`: the services whose report the caller may not read at all: counted as services
 *   without a report (pending, no decision, no details);
 * - `summaryOnly`: those whose report it reads in summary only: their result and decision count,
 *   their details (pieces, defects) do not.
 */
export interface ReportAccess {
  unread: Condition | null;
  summaryOnly: Condition | null;
}

const EVERY_REPORT: ReportAccess = { unread: null, summaryOnly: null };

/** The results and decisions counted by name; PENDING is the rest of the services (no report, none read, none decided). */
const COUNTED_RESULTS = RESULTS.filter((result) => result !== 'PENDING');
const COUNTED_DECISIONS = DECISIONS.filter((decision) => decision !== 'PENDING');
const resultMeasure = (result: string) => `results.${result}`;
const decisionMeasure = (decision: string) => `decisions.${decision}`;

/** The measures of a figure block, the report's access rules as their filters. */
function figureMeasures({ unread, summaryOnly }: ReportAccess): AggregateQuery['measures'] {
  const notUnread: Condition | undefined = unread ? { op: 'not', condition: unread } : undefined;
  const hidden = [unread, summaryOnly].filter((condition): condition is Condition => !!condition);
  const detailed: Condition | undefined = hidden.length ? { op: 'not', condition: or(...hidden) } : undefined;
  const count = (where: Condition): Measure => ({ fn: 'count', where });
  const sum = (field: string, where?: Condition): Measure => (where ? { fn: 'sum', field, where } : { fn: 'sum', field });
  return {
    services: { fn: 'count' },
    inspections: count(eq('thirdPartyDepartment', 'INSP')),
    ...Object.fromEntries(COUNTED_RESULTS.map((result) => [resultMeasure(result), count(and(eq('report.reportResult', result), notUnread))])),
    ...Object.fromEntries(COUNTED_DECISIONS.map((decision) => [decisionMeasure(decision), count(and(eq('report.clientDecision', decision), notUnread))])),
    pieces: sum('report.inspectedQuantity', detailed),
    ...Object.fromEntries(SEVERITIES.map((severity) => [severity, sum(`report.defects.${severity}`, detailed)])),
    manDays: sum('manDays'),
    leadDays: sum('confirmation.workingDays'),
    onTime: sum('confirmation.onTime'),
    late: sum('confirmation.late'),
  };
}

/** The aggregate of the services matching `where`, one row per key of `keys` (none: one row of totals), as the caller may read their reports. */
export function figuresQuery(where: Condition, keys: Grouping[] = [], access: ReportAccess = EVERY_REPORT): AggregateQuery {
  return { collection: 'services', where, groupBy: keys, measures: figureMeasures(access) };
}

/** Rows of the aggregate added up into one block (one row: its own figures; several: their totals). */
export function foldFigures(rows: AggregateRow[]): KpiFigures {
  const total = (name: string) => rows.reduce((sum, row) => sum + Number(row[name] ?? 0), 0);
  const services = total('services');
  const results = Object.fromEntries(COUNTED_RESULTS.map((result) => [result, total(resultMeasure(result))])) as KpiFigures['results'];
  results.PENDING = services - COUNTED_RESULTS.reduce((sum, result) => sum + results[result], 0);
  const decisions = Object.fromEntries(COUNTED_DECISIONS.map((decision) => [decision, total(decisionMeasure(decision))])) as KpiFigures['decisions'];
  decisions.PENDING = services - COUNTED_DECISIONS.reduce((sum, decision) => sum + decisions[decision], 0);
  const defects = Object.fromEntries(SEVERITIES.map((severity) => [severity, total(severity)])) as KpiFigures['defects'];
  const inspectedPieces = total('pieces');
  const [leadDays, onTime, late] = [total('leadDays'), total('onTime'), total('late')];
  const decided = DECIDED.reduce((sum, decision) => sum + decisions[decision], 0);
  return {
    services,
    inspections: total('inspections'),
    results: { ACCEPTED: results.ACCEPTED, REFUSED: results.REFUSED, PENDING: results.PENDING, NA: results.NA },
    resultRate: ratio(results.ACCEPTED, results.ACCEPTED + results.REFUSED),
    decisions: { ACCEPTED: decisions.ACCEPTED, SUBJECTED: decisions.SUBJECTED, REFUSED: decisions.REFUSED, PENDING: decisions.PENDING, NA: decisions.NA },
    decisionRates: Object.fromEntries(DECIDED.map((decision) => [decision, ratio(decisions[decision], decided)])) as KpiFigures['decisionRates'],
    defects,
    inspectedPieces,
    defectsPerPiece: Object.fromEntries(SEVERITIES.map((severity) => [severity, ratio(defects[severity], inspectedPieces)])) as KpiFigures['defectsPerPiece'],
    manDays: total('manDays'),
    confirmed: onTime + late,
    leadTime: ratio(leadDays, onTime + late),
    onTimeRate: ratio(onTime, onTime + late),
  };
}

/** One figure block per row, keyed by its key `name`, in the aggregate's order. */
export const foldBy = (rows: AggregateRow[], name: string): { key: AggregateRow[string]; figures: KpiFigures }[] => rows.map((row) => ({ key: row[name], figures: foldFigures([row]) }));

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
