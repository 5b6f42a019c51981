import type { Registry } from '../schemas';
import { foreignKeys, valuesAt, type ForeignKey } from '../resources/foreignKeys';
import type { AsyncStore, Reader, Row, StoreState } from '../store/types';

/**
 * The administrators' database page (/admin/database): how many records each collection holds,
 * the store's own state (the embedded store's journal and fold; PostgreSQL's migration level), and
 * a consistency check that finds dangling references — a record whose foreign key (foreignKeys.ts,
 * from the configuration) names a record that does not exist. Read-only: it repairs nothing.
 */
export interface DatabaseOverview {
  store: StoreState | { kind: 'unknown'; collections: string[] };
  collections: { name: string; count: number }[];
  /** The same as rows for the page's table: a fact (enum `databaseFact`) and its number or state (enum `databaseState`). */
  facts: { fact: string; value?: number; state?: string }[];
}

function factsOf(store: DatabaseOverview['store'], collections: DatabaseOverview['collections']): DatabaseOverview['facts'] {
  const totals = [{ fact: 'COLLECTIONS', value: collections.length }, { fact: 'RECORDS', value: collections.reduce((sum, row) => sum + row.count, 0) }];
  if (store.kind === 'embedded') {
    const { journal } = store;
    return [
      { fact: 'STORE', state: 'EMBEDDED' },
      ...totals,
      { fact: 'DATA_FILE_BYTES', value: journal.dataFileBytes },
      { fact: 'JOURNAL_BYTES', value: journal.journalBytes },
      { fact: 'FOLD_AT_BYTES', value: Math.round(journal.foldAtBytes) },
      { fact: 'FOLD', state: journal.folding ? 'FOLDING' : 'IDLE' },
    ];
  }
  if (store.kind === 'postgres') {
    const { migration } = store;
    return [
      { fact: 'STORE', state: 'POSTGRES' },
      ...totals,
      { fact: 'MIGRATION_LEVEL', value: migration.level },
      { fact: 'MIGRATION_LATEST', value: migration.latest },
      { fact: 'MIGRATIONS', state: migration.pending.length ? 'PENDING' : 'UP_TO_DATE' },
    ];
  }
  return totals;
}

export async function databaseOverview(db: AsyncStore, registry: Registry): Promise<DatabaseOverview> {
  const store = (await db.state?.()) ?? { kind: 'unknown' as const, collections: [] };
  const stored = new Set(store.collections);
  const names = [...new Set([...store.collections, ...[...registry.entities.values()].map((entity) => entity.collection)])].sort();
  // A configured collection that never held a record has no table yet (PostgreSQL): 0 without asking.
  const collections = await Promise.all(names.map(async (name) => ({ name, count: stored.has(name) ? await db.count({ collection: name }) : 0 })));
  return { store, collections, facts: factsOf(store, collections) };
}

export interface DanglingReference {
  collection: string;
  path: string;
  /** The entity the value should name, and the field of it the value holds. */
  target: string;
  field: string;
  /** How many values name nothing. */
  count: number;
  /** The first few: the referring record's id and the value. */
  examples: { id: unknown; value: string | number }[];
  /** Their records' ids, as one text for the page's table. */
  exampleIds: string;
}

export interface ConsistencyReport {
  /** How many foreign keys were checked, over how many records. */
  keys: number;
  records: number;
  dangling: DanglingReference[];
}

const EXAMPLES = 10;

/** The key a value is found by: an id anywhere; another field (a code) within the record's universe unless the target is global. */
const keyOf = (value: unknown, universeId: unknown, byUniverse: boolean) => (byUniverse ? `${String(universeId)}|${String(value)}` : String(value));

export async function danglingReferences(db: Reader, registry: Registry): Promise<ConsistencyReport> {
  const keys = foreignKeys(registry);
  const idFieldOf = new Map([...registry.entities.values()].map((entity) => [entity.collection, entity.idField]));
  const records = new Map<string, Promise<Row[]>>();
  const all = (collection: string) => {
    if (!records.has(collection)) records.set(collection, db.query({ collection }));
    return records.get(collection)!;
  };
  const targets = new Map<string, Promise<Set<string>>>();
  const targetKeys = ({ target }: ForeignKey, byUniverse: boolean) => {
    const name = `${target.collection}|${target.field}|${byUniverse}`;
    if (!targets.has(name)) targets.set(name, all(target.collection).then((rows) => new Set(rows.flatMap((row) => (row[target.field] === undefined ? [] : [keyOf(row[target.field], row.universeId, byUniverse)])))));
    return targets.get(name)!;
  };

  const dangling: DanglingReference[] = [];
  for (const key of keys) {
    const byUniverse = key.target.field !== idFieldOf.get(key.target.collection) && !key.target.global;
    const [rows, existing] = await Promise.all([all(key.collection), targetKeys(key, byUniverse)]);
    const idField = idFieldOf.get(key.collection) ?? 'id';
    let count = 0;
    const examples: DanglingReference['examples'] = [];
    for (const row of rows) {
      for (const value of valuesAt(row, key.path)) {
        if (existing.has(keyOf(value, row.universeId, byUniverse))) continue;
        count++;
        if (examples.length < EXAMPLES) examples.push({ id: row[idField], value });
      }
    }
    if (count) dangling.push({ collection: key.collection, path: key.path, target: key.target.entity, field: key.target.field, count, examples, exampleIds: examples.map((example) => String(example.id)).join(', ') });
  }
  const checked = new Set(keys.map((key) => key.collection));
  const total = (await Promise.all([...checked].map(async (collection) => (await all(collection)).length))).reduce((sum, n) => sum + n, 0);
  return { keys: keys.length, records: total, dangling };
}
