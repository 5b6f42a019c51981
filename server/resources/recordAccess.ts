import { mayChangeOwned } from '../../engine/schema/writeRules';
import { forbidden } from '../errors';
import { requireRoles, type Caller } from '../context';
import type { EntityDef } from '../schemas';
import type { Reader } from '../store/types';
import { entityRules, type RecordAccess } from './entityRules';
import { visibleRecord } from './visibility';
import { assertWriterOf, ownerFields } from './ownership';

export type { RecordAccess } from './entityRules';

/** The right to add a file to the record: its `add` rule, else its `write`. */
export const addRight = (access: RecordAccess) => access.add ?? access.write;

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
      // x-scope: a record the caller reads but may not write (the universe's season for a company) takes none of its files either.
      if (entity.scope) await ownerFields(db, entity, caller, record, record);
      // x-writers: a company that only reads the record (a brand's reference for its supplier) takes none of its files either.
      assertWriterOf(entity, record, caller);
      return record;
    },
  };
}

/**
 * The entity's rule: the one its feature registered (server/recordRules.ts: hand-written routes, or a write right
 * narrower than x-visibility says — a record its company's managers alone change), else the generated routes' rule;
 * an entity with hand-written routes and no rule here fails at start rather than fall back to a looser one.
 */
export function recordAccess(entity: EntityDef): RecordAccess {
  const rule = entityRules(entity.name)?.access;
  if (rule) return rule;
  if (!entity.customRoutes) return generatedRule(entity);
  throw new Error(`Entity ${entity.name}: hand-written routes and no record access rule registered (server/recordRules.ts)`);
}
