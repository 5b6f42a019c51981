/**
 * The lines grid's selection actions (docs/schemas.md "Lines grid: selection actions"): declarative
 * rules that merge several selected lines into one or split one line into several. Pure functions
 * over plain rows; the grid keeps the result locally until the user saves, then sends the deletes,
 * updates and additions in one batch.
 */
type Row = Record<string, unknown>;

export interface MergeRule {
  /** Number fields added up (rounded to 2 decimals). */
  sum: string[];
  /** Array fields concatenated, each item once, in order of appearance. */
  union: string[];
  /** Fields that must be equal in every line, or the merge is refused. */
  same?: string[];
}

export interface SplitRule {
  /** The array field split item by item: one line per item. */
  by: string;
  /** Number fields divided evenly (2 decimals), the remainder on the last line so the parts add up exactly. */
  share: string[];
}

/** A merge refused because the lines differ in `field` (`key` is the message the grid shows, with `{field}`). */
export class MergeRefused extends Error {
  readonly key = 'engine.lines.notSame';
  constructor(readonly field: string) {
    super(`The lines differ in ${field}`);
  }
}

const cents = (value: unknown) => Math.round((typeof value === 'number' && Number.isFinite(value) ? value : 0) * 100);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** The line as a new one: without its id (the entity's `x-id`) and `version`. */
const asNew = (line: Row, idField: string): Row => {
  const { [idField]: _id, version: _version, ...rest } = line;
  return rest;
};

/** One new line from `lines` (no `idField`, no version): the first line's other fields, `sum` fields added, `union` arrays joined. */
export function mergeLines(lines: readonly Row[], rule: MergeRule, idField: string): Row {
  if (!lines.length) throw new RangeError('mergeLines needs at least one line');
  for (const field of rule.same ?? []) if (lines.some((line) => !same(line[field], lines[0][field]))) throw new MergeRefused(field);
  const merged = asNew(lines[0], idField);
  for (const field of rule.sum) merged[field] = lines.reduce((total, line) => total + cents(line[field]), 0) / 100;
  for (const field of rule.union) {
    const items = lines.flatMap((line) => (Array.isArray(line[field]) ? (line[field] as unknown[]) : []));
    merged[field] = items.filter((item, index) => items.findIndex((other) => same(other, item)) === index);
  }
  return merged;
}

/**
 * One line per item of `rule.by` (each holding `[item]`), `share` fields divided evenly. The first
 * part keeps the line's `idField` and version (saving is one update plus additions); the others have none.
 * A line with one item or none is returned as it is.
 */
export function splitLine(line: Row, rule: SplitRule, idField: string): Row[] {
  const items = Array.isArray(line[rule.by]) ? (line[rule.by] as unknown[]) : [];
  if (items.length < 2) return [line];
  const parts = items.map((item, index) => ({ ...(index === 0 ? line : asNew(line, idField)), [rule.by]: [item] }));
  for (const field of rule.share) {
    const total = cents(line[field]);
    const each = Math.floor(total / items.length);
    parts.forEach((part, index) => {
      part[field] = (index === items.length - 1 ? total - each * (items.length - 1) : each) / 100;
    });
  }
  return parts;
}
