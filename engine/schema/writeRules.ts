import type { JsonSchema } from './resolve';
import { rolesAllow, type RoleRule } from './roles';

/**
 * Who may still change one record (docs/schemas.md "Frozen statuses" and "Owned records"), shared
 * by the server (which refuses the write) and the browser (which shows the record read-only).
 */
type Held = ReadonlySet<string> | readonly string[];
type Row = Record<string, unknown>;

/** `x-owners`: a caller without one of `except` changes only records whose `field` names their contact. */
export interface OwnersRule {
  field: string;
  except?: RoleRule[];
}

/**
 * Frozen for this caller: `x-frozen` statuses for everyone; `x-frozenUnless` statuses for callers
 * without the status's role rule (a record awaiting a decision is left to those who decide).
 */
export function frozenFor(schema: JsonSchema | undefined, status: unknown, roles: Held): boolean {
  if (typeof status !== 'string') return false;
  if (((schema?.['x-frozen'] ?? []) as string[]).includes(status)) return true;
  const unless = (schema?.['x-frozenUnless'] ?? {}) as Record<string, RoleRule[]>;
  return Object.hasOwn(unless, status) && !rolesAllow(unless[status], roles);
}

/** Whether the record's owner field names `contactId` (a single id or a list of ids). */
const names = (value: unknown, contactId: unknown) => (Array.isArray(value) ? value.includes(contactId) : value === contactId);

/** Whether `x-owners` lets this caller change the record (always, for an entity without the rule or a caller it excepts). */
export function mayChangeOwned(schema: JsonSchema | undefined, record: Row, contactId: unknown, roles: Held): boolean {
  const rule = schema?.['x-owners'] as OwnersRule | undefined;
  if (!rule || (rule.except?.length && rolesAllow(rule.except, roles))) return true;
  return names(record[rule.field], contactId);
}

/**
 * `x-writers`: of the companies that see a record, only the one its `company` field names writes it,
 * and only with the `roles` rule; a caller holding `anyRecord` writes every record it sees; the others read.
 */
export interface WritersRule {
  roles?: RoleRule[];
  company: string;
  anyRecord?: RoleRule[];
}

/** Whether the caller's roles allow writing records of the entity at all (before any record is read). */
export function mayWriteAny(schema: JsonSchema | undefined, roles: Held): boolean {
  const rule = schema?.['x-writers'] as WritersRule | undefined;
  return !rule?.roles?.length || rolesAllow(rule.roles, roles);
}

/** Whether `x-writers` lets a caller of company `companyId` holding `roles` change the record. */
export function mayWriteRecord(schema: JsonSchema | undefined, record: Row, companyId: unknown, roles: Held): boolean {
  const rule = schema?.['x-writers'] as WritersRule | undefined;
  if (!rule) return true;
  if (!mayWriteAny(schema, roles)) return false;
  return (!!rule.anyRecord?.length && rolesAllow(rule.anyRecord, roles)) || record[rule.company] === companyId;
}
