import type { Caller } from '../context';
import type { EntityDef } from '../schemas';
import type { Reader, Row } from '../store/types';
import { visibleTagIds } from '../tags';

/** A record as the caller may see it: no server-only field, tags hidden from them (other companies' SECRET tags) left out. */
export async function present(entity: EntityDef, record: Row, caller: Caller, db: Reader): Promise<Row> {
  const shown = entity.serverOnly.size ? Object.fromEntries(Object.entries(record).filter(([key]) => !entity.serverOnly.has(key))) : record;
  if (!entity.tags || !Array.isArray(shown[entity.tags.field])) return shown;
  return { ...shown, [entity.tags.field]: await visibleTagIds(db, caller, shown[entity.tags.field]) };
}
