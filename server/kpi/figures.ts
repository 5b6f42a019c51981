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
type Decided = 'ACCEPTED' | 'SUBJECTED' | 'REFUSED';
export const SEVERITIES = ['CRITICAL', 'MAJOR', 'MINOR'] as const;

type Counts<K extends string> = Record<K, number>;
export interface KpiFigures {
  services: number;
  inspections: number;
  results: Counts<(typeof RESULTS)[number]>;
  resultRate: number | null;
  decisions: Counts<(typeof DECISIONS)[number]>;
  decisionRates: Record<Decided, number | null>;
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

/** The measures' names, whatever the access (its filters change what they count, not which they are). */
const MEASURE_NAMES = Object.keys(figureMeasures(EVERY_REPORT));

/**
 * Rows of the aggregate added up into one block (one row: its own figures; several: their totals).
 * Plain loops and literals: the overview folds a block per supplier (5,000 at 1,000,000 services),
 * and closures made per block were a sixth of its time.
 */
export function foldFigures(rows: AggregateRow[]): KpiFigures {
  const t: Record<string, number> = {};
  for (const name of MEASURE_NAMES) {
    let sum = 0;
    for (const row of rows) sum += Number(row[name] ?? 0);
    t[name] = sum;
  }
  const services = t.services;
  const results = { ACCEPTED: t['results.ACCEPTED'], REFUSED: t['results.REFUSED'], PENDING: 0, NA: t['results.NA'] };
  results.PENDING = services - results.ACCEPTED - results.REFUSED - results.NA;
  const decisions = { ACCEPTED: t['decisions.ACCEPTED'], SUBJECTED: t['decisions.SUBJECTED'], REFUSED: t['decisions.REFUSED'], PENDING: 0, NA: t['decisions.NA'] };
  decisions.PENDING = services - decisions.ACCEPTED - decisions.SUBJECTED - decisions.REFUSED - decisions.NA;
  const defects = { CRITICAL: t.CRITICAL, MAJOR: t.MAJOR, MINOR: t.MINOR };
  const inspectedPieces = t.pieces;
  const decided = decisions.ACCEPTED + decisions.SUBJECTED + decisions.REFUSED;
  const confirmed = t.onTime + t.late;
  return {
    services,
    inspections: t.inspections,
    results,
    resultRate: ratio(results.ACCEPTED, results.ACCEPTED + results.REFUSED),
    decisions,
    decisionRates: { ACCEPTED: ratio(decisions.ACCEPTED, decided), SUBJECTED: ratio(decisions.SUBJECTED, decided), REFUSED: ratio(decisions.REFUSED, decided) },
    defects,
    inspectedPieces,
    defectsPerPiece: { CRITICAL: ratio(defects.CRITICAL, inspectedPieces), MAJOR: ratio(defects.MAJOR, inspectedPieces), MINOR: ratio(defects.MINOR, inspectedPieces) },
    manDays: t.manDays,
    confirmed,
    leadTime: ratio(t.leadDays, confirmed),
    onTimeRate: ratio(t.onTime, confirmed),
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
