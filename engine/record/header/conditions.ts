import type { RecordCondition } from '../../config';

type Row = Record<string, unknown>;

/** The value at a dotted path of a record's answer (`rights.sheet.right`). */
export function valueAt(record: Row, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Row)[key];
  }
  return value;
}

function isEmpty(value: unknown): boolean {
  if (value !== null && typeof value === 'object') return Object.keys(value).length === 0; // `[]` and `{}` alike
  return value === undefined || value === null || value === '';
}

/** One expectation: an operator object (`empty`, `not`, `in`, `notIn`, `has`, `hasNot`), or a value that must be equal. */
function expectationHolds(expected: unknown, actual: unknown): boolean {
  if (expected && typeof expected === 'object' && !Array.isArray(expected)) {
    const rule = expected as { empty?: boolean; not?: unknown; in?: unknown[]; notIn?: unknown[]; has?: unknown; hasNot?: unknown };
    if ('empty' in rule && isEmpty(actual) !== rule.empty) return false;
    if ('not' in rule && actual === rule.not) return false;
    if (rule.in && !rule.in.includes(actual)) return false;
    if (rule.notIn && rule.notIn.includes(actual)) return false;
    // A list holding (or not) a value: the calls the server offers the caller (`actions`).
    const list = Array.isArray(actual) ? (actual as unknown[]) : [];
    if ('has' in rule && !list.includes(rule.has)) return false;
    if ('hasNot' in rule && list.includes(rule.hasNot)) return false;
    return true;
  }
  return actual === expected;
}

/** Whether every expectation of `when` holds on the record (no condition: always). */
export function conditionHolds(when: RecordCondition | undefined, record: Row): boolean {
  return Object.entries(when ?? {}).every(([path, expected]) => expectationHolds(expected, valueAt(record, path)));
}
