import type { Caller } from '../context';
import type { Reader, Row, Stored, Writer } from '../store/types';

/**
 * Who may read and change one record when a route reaches it by id from outside the
 * entity's own routes (the tag calls, files, alert links): exactly the rule of the entity's own
 * routes. Both answer 403 without the route roles and 404 for a record out of sight; `write`
 * also answers 403 when the caller may only read the record.
 */
export interface RecordAccess {
  read(db: Reader, id: number, caller: Caller): Promise<Stored<Row>>;
  write(db: Reader, id: number, caller: Caller): Promise<Stored<Row>>;
  /** Adding a file to the record, where it is a right of its own (default: `write`). */
  add?(db: Reader, id: number, caller: Caller): Promise<Stored<Row>>;
}

/**
 * The rules of an entity whose hand-written routes replace the generic ones (x-routes "custom"),
 * or whose records are reached by id without routes of their own (a company's files).
 */
export interface EntityRules {
  /** The record access of hand-written routes (required with x-routes "custom"; the generic routes have their own). */
  access?: RecordAccess;
  /** Whether the caller sees a record, where the entity's own rule replaces x-visibility (lookup checks). */
  sees?: (record: Stored<Row>, caller: Caller) => boolean;
  /** A feature's business rules on the generic routes' writes, run inside their transaction: a refusal writes nothing. */
  writes?: WriteRules;
}

/**
 * What a feature adds to the generic create, PUT and DELETE of an entity with `x-api` (server/resources/router.ts),
 * after the schema, the roles, the visibility and the lookups: rights on the record (403), rules across records
 * (422), fields copied from another record; then keeping dependants in step.
 */
export interface WriteRules {
  /** Whether the caller may write any record at all: checked with the route roles, before the body (403). */
  writer?(caller: Caller): boolean;
  /** The record about to be stored (`existing`: the stored one on a PUT), completed or refused. */
  prepare?(tx: Writer, record: Row, existing: Stored<Row> | undefined, caller: Caller): Promise<Row>;
  /** After the record was stored: the records that copy its fields follow. */
  stored?(tx: Writer, record: Stored<Row>, existing: Stored<Row> | undefined): Promise<void>;
  /** Before the record is deleted. */
  remove?(tx: Writer, record: Stored<Row>, caller: Caller): Promise<void>;
}

// The generic layer names no entity: each feature registers its rules (server/recordRules.ts).
const registered = new Map<string, EntityRules>();

export function registerEntityRules(entityName: string, rules: EntityRules): void {
  registered.set(entityName, rules);
}

export const entityRules = (entityName: string): EntityRules | undefined => registered.get(entityName);
