/**
 * ISO 2859-1 (ANSI/ASQ Z1.4, MIL-STD-105E) single sampling: the code letter of a lot and the
 * plan of an AQL under normal, tightened or reduced inspection, read from the standard's tables
 * as printed (schemas/aql.json). The tables are configuration (a SCHEMAS_DIR may change them):
 * `aqlRules(tables)` builds the rules from what the loader read (server) or what
 * `GET /back/schemas` sent (browser). Pure: no I/O, no node imports.
 */

export const AQL_LEVELS = ['S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III'] as const;
export type AqlLevel = (typeof AQL_LEVELS)[number];

export const AQL_LIMITS = ['0.010', '0.015', '0.025', '0.040', '0.065', '0.10', '0.15', '0.25', '0.40', '0.65', '1.0', '1.5', '2.5', '4.0', '6.5', '10'] as const;
export type AqlLimit = (typeof AQL_LIMITS)[number];

export const INSPECTIONS = ['NORMAL', 'TIGHTENED', 'REDUCED'] as const;
export type AqlInspection = (typeof INSPECTIONS)[number];

/** Classes of nonconformity; a CRITICAL class usually has the AQL "0" (zero tolerance, see severityPlan). */
export const AQL_SEVERITIES = ['CRITICAL', 'MAJOR', 'MINOR'] as const;
export type AqlSeverity = (typeof AQL_SEVERITIES)[number];

/** The AQL of a zero-tolerance class: no plan of the tables, accept 0 / reject 1. */
export const ZERO_TOLERANCE = '0';

export interface SamplingPlan {
  /** The code letter of Table I for the lot size and level (not the one an arrow leads to). */
  codeLetter: string;
  /** Items to inspect: the sample size of the plan applied, at most the lot size (100 % inspection). */
  sampleSize: number;
  accept: number;
  reject: number;
}

export interface PlanQuery {
  lotSize: number;
  level: string;
  /** An AQL of AQL_LIMITS, as a string ("2.5", "2.50", "0.01") or a number. */
  aql: string | number;
  /** Default NORMAL. */
  inspection?: string;
}

/** Input outside the tables; `key` is the i18n key of the message, `field` the query parameter. */
export class AqlInputError extends Error {
  constructor(
    readonly field: 'lotSize' | 'level' | 'aql' | 'inspection',
    readonly key: string,
  ) {
    super(`${field}: ${key}`);
    this.name = 'AqlInputError';
  }
}

type Cell = [number, number] | 'up' | 'down';
export interface InspectionTable {
  sampleSizes: Record<string, number>;
  rows: Record<string, Cell[]>;
}

/** schemas/aql.json as the rules read it (other keys, such as its descriptions, are left alone). */
export interface AqlTables {
  codeLetters: { rows: { from: number; to: number | null; letters: string[] }[] };
  inspections: Record<AqlInspection, InspectionTable>;
}

const isLevel = (value: string): value is AqlLevel => (AQL_LEVELS as readonly string[]).includes(value);
const isInspection = (value: string): value is AqlInspection => (INSPECTIONS as readonly string[]).includes(value);

/**
 * The AQL of the tables an input names, compared as numbers: "2.5", "2.50" and 2.5 are "2.5";
 * "0.01" is "0.010". Anything else (not a number, or no column of the tables) → AqlInputError.
 */
export function normalizeAql(aql: string | number): AqlLimit {
  const text = typeof aql === 'number' ? String(aql) : aql.trim();
  const value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const found = AQL_LIMITS.find((limit) => Math.abs(Number(limit) - value) < 1e-9);
  if (!found) throw new AqlInputError('aql', 'error.aql.aql');
  return found;
}

function inspectionOf(inspection: string | undefined): AqlInspection {
  const value = inspection ?? 'NORMAL';
  if (!isInspection(value)) throw new AqlInputError('inspection', 'error.aql.inspection');
  return value;
}

/** The rules of one set of tables. */
export interface AqlRules {
  codeLetter(lotSize: number, level: string): string;
  resolveCell(inspection: AqlInspection, letter: string, aql: AqlLimit): { letter: string; accept: number; reject: number };
  samplingPlan(query: PlanQuery): SamplingPlan;
  severityPlan(query: PlanQuery & { generalAql?: string | number }): SamplingPlan;
  /** Every sample size of the tables (normal, tightened, reduced), ascending. */
  sampleSizes: readonly number[];
  /** The grids as given, for the tests and for showing a table. */
  tables: Readonly<AqlTables>;
}

/** The sampling rules of `tables` (build them once per set of tables: the server's loader and the browser each do). */
export function aqlRules(tables: AqlTables): AqlRules {
  /** Table I: the sample size code letter of a lot size (an integer ≥ 2) at an inspection level. */
  function codeLetter(lotSize: number, level: string): string {
    if (!Number.isSafeInteger(lotSize) || lotSize < 2) throw new AqlInputError('lotSize', 'error.aql.lotSize');
    if (!isLevel(level)) throw new AqlInputError('level', 'error.aql.level');
    const row = tables.codeLetters.rows.find((range) => lotSize >= range.from && (range.to === null || lotSize <= range.to))!;
    return row.letters[AQL_LEVELS.indexOf(level)];
  }

  /** The plan a cell leads to: the cell itself, or the first plan above / below an arrow in the same column. */
  function resolveCell(inspection: AqlInspection, letter: string, aql: AqlLimit): { letter: string; accept: number; reject: number } {
    const table = tables.inspections[inspection];
    const letters = Object.keys(table.rows);
    const column = AQL_LIMITS.indexOf(aql);
    let row = letters.indexOf(letter);
    const direction = table.rows[letter][column];
    for (; row >= 0 && row < letters.length; row += direction === 'up' ? -1 : 1) {
      const cell = table.rows[letters[row]][column];
      if (Array.isArray(cell)) return { letter: letters[row], accept: cell[0], reject: cell[1] };
      if (cell !== direction) break;
    }
    throw new Error(`aql.json: the arrow of ${inspection} ${letter} ${aql} leads to no plan`);
  }

  /**
   * The single sampling plan of a lot: Table I gives the code letter; Table II-A, II-B or II-C
   * gives the plan of that letter's row in the AQL's column, or an arrow to follow ("up": the
   * first plan above in the same column, "down": the first plan below).
   *
   * When an arrow leads to another row, `codeLetter` stays the letter of Table I (the lot's letter),
   * while `sampleSize`, `accept` and `reject` are those of the plan the arrow lands on — the sample
   * size of the row reached, as the standard prescribes ("the sample size to be used is given by
   * the new code letter, not by the original letter"). A plan whose sample exceeds the lot becomes 100 %
   * inspection: `sampleSize` is the lot size, accept and reject unchanged.
   */
  function samplingPlan(query: PlanQuery): SamplingPlan {
    const letter = codeLetter(query.lotSize, query.level);
    const aql = normalizeAql(query.aql);
    const inspection = inspectionOf(query.inspection);
    const plan = resolveCell(inspection, letter, aql);
    const sampleSize = Math.min(tables.inspections[inspection].sampleSizes[plan.letter], query.lotSize);
    return { codeLetter: letter, sampleSize, accept: plan.accept, reject: plan.reject };
  }

  /**
   * The plan of one class of nonconformity (critical, major, minor) of an inspection.
   * `aql` is the class's AQL; "0" (or 0) means zero tolerance (usual for critical defects):
   * the tables have no such column, so the class is checked on the sample of the general plan,
   * the plan of `generalAql` (the major class's AQL), with accept 0 / reject 1.
   * Any other `aql` gives samplingPlan({lotSize, level, aql, inspection}) and ignores `generalAql`.
   */
  function severityPlan(query: PlanQuery & { generalAql?: string | number }): SamplingPlan {
    const zero = typeof query.aql === 'number' ? query.aql === 0 : /^0+(\.0+)?$/.test(query.aql.trim());
    if (!zero) return samplingPlan(query);
    if (query.generalAql === undefined) throw new AqlInputError('aql', 'error.aql.generalAql');
    const general = samplingPlan({ ...query, aql: query.generalAql });
    return { codeLetter: general.codeLetter, sampleSize: general.sampleSize, accept: 0, reject: 1 };
  }

  const sampleSizes = [...new Set(INSPECTIONS.flatMap((inspection) => Object.values(tables.inspections[inspection].sampleSizes)))].sort((a, b) => a - b);
  return { codeLetter, resolveCell, samplingPlan, severityPlan, sampleSizes, tables };
}
