import { actionUrl } from '../search/rowActions';

type Row = Record<string, unknown>;

/**
 * A notes or history panel's call: its URL template filled with the row's fields, then the
 * record's (`/back/bo/items/{itemId}/notes/{noteId}`). Null when a placeholder has no value.
 */
export function rowCallUrl(template: string | undefined, record: Row | null, row: Row = {}): string | null {
  return template && record ? actionUrl(template, { ...record, ...row }) : null;
}

/**
 * May the caller edit (`editWhen`) or delete (`removeWhen`) this note? Each word of the rule is
 * one way to be allowed: `author` — the row's author field is the caller's contact; any other
 * word — that field of the record is true (the server's answer about the caller, e.g. `owner`).
 * No rule: nobody (the server offers no such call).
 */
export function mayChangeRow(rule: string[] | undefined, row: Row, record: Row, authorField: string | undefined, userContactId: unknown): boolean {
  return (rule ?? []).some((word) => (word === 'author' ? authorField != null && userContactId != null && row[authorField] === userContactId : record[word] === true));
}

/** The first field of the list with a value in the row. */
export function firstValue(row: Row, fields: string[] | undefined): { field: string; value: unknown } | undefined {
  const field = (fields ?? []).find((name) => row[name] != null && row[name] !== '');
  return field ? { field, value: row[field] } : undefined;
}
