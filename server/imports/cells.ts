import type { FieldError } from '../errors';
import type { CellType, Target } from './kinds';
import type { Cell } from './sheetReader';

/**
 * A document's row as field values: each mapped column's cell converted for its target
 * (dates to YYYY-MM-DD, decimal commas, codes upper-cased); what cannot be converted is kept as
 * text, so the schema's own check refuses it with the API's message.
 */
export interface MappedColumn {
  column: number;
  source: string;
  target: string | null;
}

/** A row's problem: the target field it concerns (null: the row as a whole) and its i18n key. */
export interface CellError {
  target: string | null;
  key: string;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY = 86_400_000;

function text(cell: Cell): string | undefined {
  if (cell === null) return undefined;
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  const value = String(cell).trim();
  return value === '' ? undefined : value;
}

function date(cell: Cell): string | undefined {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  // A spreadsheet's date stored as a plain serial number.
  if (typeof cell === 'number' && cell > 0 && cell < 2_958_466) return new Date(EXCEL_EPOCH + Math.round(cell) * DAY).toISOString().slice(0, 10);
  const value = text(cell);
  const dayFirst = value && /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(value);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2].padStart(2, '0')}-${dayFirst[1].padStart(2, '0')}`;
  return value;
}

function number(cell: Cell): number | string | undefined {
  if (typeof cell === 'number') return cell;
  const value = text(cell);
  if (value === undefined) return undefined;
  const parsed = Number(value.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : value;
}

const CONVERT: Record<CellType, (cell: Cell) => unknown> = {
  text,
  date,
  number,
  code: (cell) => text(cell)?.toUpperCase().replace(/[\s-]+/g, '_'),
  company: text,
  emails: (cell) => text(cell)?.split(/[,;\s]+/).filter(Boolean),
};

/** The row's values by target (absent when its cell is empty). */
export function mappedValues(cells: readonly Cell[], columns: readonly MappedColumn[], targets: readonly Target[]): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const { column, target } of columns) {
    const def = target ? targets.find((candidate) => candidate.target === target) : undefined;
    if (!def) continue;
    const value = CONVERT[def.type](cells[column] ?? null);
    if (value !== undefined) values.set(def.target, value);
  }
  return values;
}

/** The fields of one entity (`<entity>.<field>` targets) as a record. */
export function recordOf(values: Map<string, unknown>, entity: string): Record<string, unknown> {
  const prefix = `${entity}.`;
  return Object.fromEntries([...values].filter(([target]) => target.startsWith(prefix)).map(([target, value]) => [target.slice(prefix.length), value]));
}

/** Schema errors (`/field…` paths) as cell errors of that entity's targets. */
export const cellErrors = (entity: string, errors: readonly FieldError[]): CellError[] =>
  errors.map(({ path, key }) => {
    const field = path.split('/')[1];
    return { target: field ? `${entity}.${field}` : null, key };
  });

/** A row's cells as the texts of the refused rows file. */
export const cellTexts = (cells: readonly Cell[]): string[] => cells.map((cell) => (cell === null ? '' : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell)));

/** One error per target, the first (an unknown company rather than the "required" its absence then makes). */
export function firstPerTarget(errors: readonly CellError[]): CellError[] {
  const seen = new Set<string | null>();
  return errors.filter((error) => !seen.has(error.target) && seen.add(error.target));
}
