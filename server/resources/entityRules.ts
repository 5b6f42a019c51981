import type { Caller } from '../context';
import type { Reader, Row, Stored } from '../store/types';

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
/**
 * Business rules of an entity written through the generic routes (a reference's parents, what
 * keeps it from being deleted): run inside the write's transaction after its schema, rights and
 * lookups, they refuse with a 4xx and nothing is written.
 */
export interface WriteRules {
  beforeWrite?(tx: Reader, record: Row, existing: Stored<Row> | undefined, caller: Caller): Promise<void>;
  beforeDelete?(tx: Reader, record: Stored<Row>, caller: Caller): Promise<void>;
}

export interface EntityRules {
  /** Required for hand-written routes (x-routes "custom"); the generic routes have their own. */
  access?: RecordAccess;
  writes?: WriteRules;
  /** Whether the caller sees a record, where the entity's own rule replaces x-visibility (lookup checks). */
  sees?: (record: Stored<Row>, caller: Caller) => boolean;
}

// The generic layer names no entity: each feature registers its rules (server/recordRules.ts).
const registered = new Map<string, EntityRules>();

export function registerEntityRules(entityName: string, rules: EntityRules): void {
  registered.set(entityName, rules);
}

export const entityRules = (entityName: string): EntityRules | undefined => registered.get(entityName);
