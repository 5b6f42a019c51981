import type { Caller } from '../context';
import type { EntityDef } from '../schemas';
import type { Reader, Row } from '../store/types';
import { visibleTagIds } from '../tags';

/** A record as the caller may see it: tags hidden from them (other companies' SECRET tags) left out. */
export async function present(entity: EntityDef, record: Row, caller: Caller, db: Reader): Promise<Row> {
  if (!entity.tags || !Array.isArray(record[entity.tags.field])) return record;
  return { ...record, [entity.tags.field]: await visibleTagIds(db, caller, record[entity.tags.field]) };
}
