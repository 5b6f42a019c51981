import type { RowActionConfig } from '../config';
import { rolesAllow } from '../schema/roles';

type Row = Record<string, unknown>;

/** An empty value: missing, null, '' or an empty list. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** One `when` condition: `{ "empty": false }` tests emptiness, anything else must be equal. */
function conditionHolds(expected: unknown, actual: unknown): boolean {
  if (expected && typeof expected === 'object' && !Array.isArray(expected) && 'empty' in expected) {
    return isEmpty(actual) === (expected as { empty: unknown }).empty;
  }
  return actual === expected;
}

export function rowMatches(when: RowActionConfig['when'], row: Row): boolean {
  return Object.entries(when ?? {}).every(([field, expected]) => conditionHolds(expected, row[field]));
}

/** Actions the user's flags allow at all (independent of the rows). */
export function allowedActions(actions: RowActionConfig[] | undefined, roles: readonly string[]): RowActionConfig[] {
  return (actions ?? []).filter((action) => rolesAllow(action.roles, roles));
}

/** The allowed actions a given row shows. */
export function rowActionsFor(actions: RowActionConfig[], row: Row): RowActionConfig[] {
  return actions.filter((action) => rowMatches(action.when, row));
}

/**
 * The call's url: `{field}` placeholders take the row's values, URL-encoded.
 * Null when a placeholder has no value (the action is then not run).
 */
export function actionUrl(template: string, row: Row): string | null {
  let missing = false;
  const url = template.replace(/\{(\w+)\}/g, (_, field: string) => {
    const value = row[field];
    if (isEmpty(value) || typeof value === 'object') missing = true;
    return encodeURIComponent(String(value ?? ''));
  });
  return missing ? null : url;
}
