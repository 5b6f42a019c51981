import { mayChangeOwned } from '../../engine/schema/writeRules';
import { forbidden } from '../errors';
import { requireRoles, type Caller } from '../context';
import type { EntityDef } from '../schemas';
import type { Reader, Row, Stored } from '../store/types';
import { serviceRecordAccess } from '../services/access';
import { visibleRecord } from './visibility';
import { companyRecordAccess, contactRecordAccess } from './identityAccess';

/**
 * Who may read and change one record when a route reaches it by id from outside the
 * entity's own routes (the tag calls): exactly the rule of the entity's own routes.
 * Both answer 403 without the route roles and 404 for a record out of sight; `write`
 * also answers 403 when the caller may only read the record.
 */
export interface RecordAccess {
  read(db: Reader, id: number, caller: Caller): Promise<Stored<Row>>;
  write(db: Reader, id: number, caller: Caller): Promise<Stored<Row>>;
  /** Adding a file to the record, where it is a right of its own (default: `write`). */
  add?(db: Reader, id: number, caller: Caller): Promise<Stored<Row>>;
}

/** The right to add a file to the record: its `add` rule, else its `write`. */
export const addRight = (access: RecordAccess) => access.add ?? access.write;

/**
 * Entities with hand-written routes (x-routes "custom") name their rule here, and so do
 * entities without routes of their own whose records are still reached by id (a company's files).
 */
const customRules: Record<string, RecordAccess> = { service: serviceRecordAccess, contact: contactRecordAccess, company: companyRecordAccess };

/** The generated routes' rule (server/resources/router.ts): route roles, then x-visibility. */
function generatedRule(entity: EntityDef): RecordAccess {
  const read = async (db: Reader, id: number, caller: Caller) => {
    requireRoles(caller, entity.roles);
    return visibleRecord(db, entity, id, caller);
  };
  return {
    read,
    write: async (db, id, caller) => {
      const record = await read(db, id, caller);
      if (entity.readOnly) throw forbidden();
      // x-owners: someone else's record takes none of this caller's files (nor tags) either.
      if (!mayChangeOwned(entity.schema, record, caller.contact.contactId, caller.roles)) throw forbidden('error.notOwner');
      return record;
    },
  };
}

/** The entity's rule; an entity with hand-written routes and no rule here fails at start rather than fall back to a looser one. */
export function recordAccess(entity: EntityDef): RecordAccess {
  const rule = Object.hasOwn(customRules, entity.name) ? customRules[entity.name] : undefined;
  if (!entity.customRoutes && !entity.api && rule) return rule;
  if (!entity.customRoutes) return generatedRule(entity);
  if (!rule) throw new Error(`Entity ${entity.name}: hand-written routes and no record access rule in server/resources/recordAccess.ts`);
  return rule;
}
