import type { RowActionConfig } from '../config';
import { conditionHolds, valueAt } from '../record/header/conditions';
import { rolesAllow } from '../schema/roles';

type Row = Record<string, unknown>;

/** An empty value: missing, null, '' or an empty list. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * Whether a row matches every `when` condition: a value (equal), or `{ "empty": bool }`, `{ "not": v }`,
 * `{ "in": [...] }`, `{ "notIn": [...] }`; a key may be a dotted path (`rights.edit`), as a record header's.
 */
export function rowMatches(when: RowActionConfig['when'], row: Row): boolean {
  return conditionHolds(when, row);
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

/**
 * The call's JSON body: a string value that is exactly `{field}` takes the row's value as is (a
 * version stays a number; a dotted path reads into an object: `{outcome.comment}`), other strings get their placeholders filled, nested objects and lists alike.
 */
export function actionBody(template: Record<string, unknown> | undefined, row: Row): Record<string, unknown> | undefined {
  if (!template) return undefined;
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const whole = /^\{([\w.]+)\}$/.exec(value);
      if (whole) return valueAt(row, whole[1]);
      return value.replace(/\{(\w+)\}/g, (_, field: string) => String(row[field] ?? ''));
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner)]));
    return value;
  };
  return fill(template) as Record<string, unknown>;
}

/** The values of an action's `success` message: the row's fields, then those of the call's answer when it is an object (counts it reports). */
export function successValues(row: Row, answer: unknown): Row {
  return answer && typeof answer === 'object' && !Array.isArray(answer) ? { ...row, ...(answer as Row) } : { ...row };
}

/** An action's `failure` text (already translated), followed by the server's reason when it gave one. */
export function failureText(failure: string, reason: string | undefined): string {
  return reason ? `${failure} ${reason}` : failure;
}
