import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../server/store/postgres/migrations';
import { openPostgresStore } from '../../server/store/postgres/store';
import type { CollectionIndexes, IndexDef } from '../../server/store/orderedIndex';
import { selectStatement } from '../../server/store/postgres/sql';
import { aggregateStatement } from '../../server/store/postgres/aggregateSql';
import { indexedFields } from '../../server/store/postgres/indexes';
import { runQuery, type Query } from '../../server/store/query';
import { runAggregate, type AggregateQuery } from '../../server/store/aggregate';
import { ConflictError, type AsyncStore, type Row, type Stored, type Writer } from '../../server/store/types';
import { startPgCluster, type PgCluster } from '../support/pgCluster';
import { postgresWatch } from '../support/writeWatch';
import { aggregateArbitrary, aggregateRecordArbitrary, conditionArbitrary, ID_FIELD, queryArbitrary, recordArbitrary } from '../support/queryArbitraries';
import { storeContract } from '../support/storeContract';

/**
 * The PostgreSQL adapter against the AsyncStore contract (types.ts) and against `runQuery`, the
 * in-memory meaning of a query, on a throwaway cluster. The database sorts text the French way
 * (ICU), not by code point like runQuery: what must not depend on the database's collation doesn't.
 */
let cluster: PgCluster;
let url: string;
let store: AsyncStore;

beforeAll(async () => {
  cluster = await startPgCluster();
  url = await freshDatabase('qcflow_fr', "LOCALE_PROVIDER icu ICU_LOCALE 'fr' LOCALE 'C' TEMPLATE template0");
  // Transactions of the concurrency tests below must overlap: more at once than a server allows.
  store = await openPostgresStore({ url, concurrentTransactions: 20 });
});

afterAll(async () => {
  await store?.close();
  await cluster?.stop();
});

const insert = (collection: string, idField: string, record: Row) => store.transaction((tx) => tx.insert(collection, idField, record));

/** Resolves once `count` callers have arrived: makes transactions overlap on purpose. */
function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived >= count) open();
    return opened;
  };
}

/** A new database on the cluster. */
async function freshDatabase(name: string, options = ''): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} ${options}`);
  await admin.end();
  return cluster.url.replace(/\/[^/]+$/, `/${name}`);
}

storeContract('PostgreSQL store', async () => openPostgresStore({ url: await freshDatabase('qcflow_contract') }));

describe('PostgreSQL store: what only a database with concurrent transactions shows', () => {
  // First: the other tests leave records behind.
  it('never gives an id twice: after removals, rollbacks, explicit ids, nor across openings', async () => {
    const taken = async () => (await insert('alerts', 'alertId', { text: 'a' })).alertId as number;
    const first = await taken();
    await store.transaction((tx) => tx.remove('alerts', first));
    const rolledBack = await store
      .transaction(async (tx) => {
        await tx.insert('alerts', 'alertId', { text: 'lost' });
        return tx.nextId('alerts');
      })
      .then(() => undefined);
    expect(rolledBack).toBeUndefined();
    const afterRemoval = await taken();
    expect(afterRemoval).toBeGreaterThan(first);

    await insert('alerts', 'alertId', { alertId: 100, text: 'explicit' });
    expect(await taken()).toBe(101);
    await insert('alerts', 'alertId', { alertId: 50, text: 'below' }); // does not lower the sequence
    expect(await store.transaction((tx) => tx.nextId('alerts'))).toBe(102);

    const reopened = await openPostgresStore({ url });
    try {
      expect(await reopened.transaction((tx) => tx.nextId('alerts'))).toBe(103);
    } finally {
      await reopened.close();
    }
  });

  it('does not reuse the ids of a transaction that threw', async () => {
    const lost = await store
      .transaction(async (tx) => {
        const id = await tx.nextId('universes');
        throw Object.assign(new Error('abandoned'), { id });
      })
      .catch((error: { id: number }) => error.id);
    const { universeId } = await insert('universes', 'universeId', { name: 'U' });
    expect(universeId).toBeGreaterThan(lost);
  });

  it('does not commit a transaction whose failed statement `work` swallowed', async () => {
    const attempt = store.transaction(async (tx) => {
      await tx.insert('serverLogs', 'serverLogId', { message: 'before' });
      // PostgreSQL refuses NUL in text; the transaction is then aborted on the server.
      await tx.insert('serverLogs', 'serverLogId', { message: 'nul \u0000' }).catch(() => undefined);
      return 'done';
    });
    await expect(attempt).rejects.toThrow();
    expect(await store.count({ collection: 'serverLogs' })).toBe(0);
  });

  it('refuses a writer used after its transaction', async () => {
    let kept: Writer | undefined;
    await store.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.get('companies', 1)).rejects.toThrow(/transaction is over/);
  });

  it('creates the table of an unknown collection on first use, inside a transaction', async () => {
    const record = await store.transaction(async (tx) => {
      expect(await tx.count({ collection: 'brandNewThings' })).toBe(0);
      return tx.insert('brandNewThings', 'thingId', { label: 'first' });
    });
    expect(await store.get('brandNewThings', record.thingId as number)).toEqual(record);
    await expect(store.get('bad-name', 1)).rejects.toThrow(/Invalid collection name/);
  });

  it('serializes concurrent updates of one record: a stale expected version conflicts, no update is lost', async () => {
    const { serviceId } = await insert('services', 'serviceId', { hits: 0 });
    const id = serviceId as number;

    // Two clients saw version 1; their transactions overlap and both write expecting it: one conflicts.
    const bothRead = barrier(2);
    const outcomes = await Promise.allSettled(
      [1, 2].map(() =>
        store.transaction(async (tx) => {
          await tx.get('services', id);
          await bothRead();
          return tx.update<{ hits: number }>('services', id, (record) => ({ ...record, hits: record.hits + 1 }), 1);
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: expect.any(ConflictError) });

    // Increments without an expected version, all reading before any writes: each one counts.
    const writers = 5;
    const allRead = barrier(writers);
    await Promise.all(
      Array.from({ length: writers }, () =>
        store.transaction(async (tx) => {
          const current = await tx.get<{ hits: number }>('services', id);
          await allRead();
          return tx.update<{ hits: number }>('services', id, () => ({ ...current!, hits: current!.hits + 1 }));
        }),
      ),
    );
    expect(await store.get('services', id)).toMatchObject({ hits: 1 + writers, version: 2 + writers });
  });

  it('migrates once, even with two servers opening a fresh database together', async () => {
    const fresh = await freshDatabase('qcflow_two_servers');
    const [a, b] = await Promise.all([openPostgresStore({ url: fresh }), openPostgresStore({ url: fresh })]);
    try {
      await a.transaction((tx) => tx.insert('tags', 'tagId', { label: 'shared' }));
      expect(await b.query({ collection: 'tags' })).toEqual([{ tagId: 1, label: 'shared', version: 1 }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    expect(await migrate(fresh)).toEqual([]);
    const client = new pg.Client({ connectionString: fresh });
    await client.connect();
    const { rows } = await client.query('SELECT version FROM schema_migrations ORDER BY version');
    await client.end();
    expect(rows).toEqual(MIGRATIONS.map(({ version }) => ({ version })));
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });
});

describe("the API tests' write watch on PostgreSQL (tests/support/writeWatch.ts)", () => {
  it('names the collections a commit wrote, not those of a rolled-back transaction, and a new collection once it has a row', async () => {
    await insert('watchedA', 'watchedAId', { name: 'first' });
    const watch = await postgresWatch(url);
    try {
      const unchanged = await watch.mark();
      await store.query({ collection: 'watchedA' });
      expect(await watch.writtenSince(unchanged)).toEqual([]);

      const [one] = await store.query<{ watchedAId: number }>({ collection: 'watchedA' });
      const updated = await watch.mark();
      await store.transaction((tx) => tx.update('watchedA', one.watchedAId, (row) => ({ ...row, name: 'second' })));
      expect(await watch.writtenSince(updated)).toEqual(['watchedA']);

      const rolledBack = await watch.mark();
      await expect(store.transaction(async (tx) => {
        await tx.insert('watchedA', 'watchedAId', { name: 'gone' });
        throw new Error('refused');
      })).rejects.toThrow('refused');
      expect(await watch.writtenSince(rolledBack)).toEqual([]);

      const created = await watch.mark();
      await insert('watchedB', 'watchedBId', { name: 'new table' });
      expect(await watch.writtenSince(created)).toEqual(['watchedB']);
      const removed = await watch.mark();
      await store.transaction((tx) => tx.remove('watchedA', one.watchedAId));
      expect(await watch.writtenSince(removed)).toEqual(['watchedA']);
    } finally {
      await watch.close();
    }
  });
});

describe('PostgreSQL store: queries answer as runQuery does', () => {
  const COLLECTION = 'equivalence';
  const RUNS = 400;
  /** The store with sequential scans off: the same queries answered through the GIN indexes. */
  let indexed: AsyncStore;
  let inserted: (string | number)[] = [];

  beforeAll(async () => {
    indexed = await openPostgresStore({ url: `${url}?options=-c%20enable_seqscan%3Doff` });
  });
  afterAll(() => indexed?.close());

  /** Replaces the collection's records; returns them in lowdb's order (Object.values of its map). */
  async function load(records: Row[]): Promise<Stored[]> {
    const byKey: Record<string, Stored> = {};
    await store.transaction(async (tx) => {
      for (const id of inserted) await tx.remove(COLLECTION, id);
      for (const record of records) {
        const explicit = record[ID_FIELD];
        if (explicit !== undefined && Object.hasOwn(byKey, String(explicit))) continue;
        const stored = await tx.insert(COLLECTION, ID_FIELD, record);
        byKey[String(stored[ID_FIELD])] = stored;
      }
    });
    const all = Object.values(byKey);
    inserted = all.map((record) => record[ID_FIELD] as string | number);
    return all;
  }

  it('gives the same records in the same order for random records and queries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(recordArbitrary, { maxLength: 30 }), fc.array(queryArbitrary(COLLECTION), { minLength: 1, maxLength: 12 }), async (records, queries) => {
        const stored = await load(records);
        for (const query of queries) {
          const { select, ...whole } = query;
          const expected = idsOf(runQuery(stored, whole));
          const { offset: _, ...counted } = whole;
          const [plain, viaIndexes, count] = await Promise.all([store.query(whole), indexed.query(whole), store.count(counted)]);
          expect(idsOf(plain), JSON.stringify(query)).toEqual(expected);
          expect(idsOf(viaIndexes), JSON.stringify(query)).toEqual(expected);
          // The projection: the same records, each with only the fields asked that it has.
          if (select) expect(await store.query(query), JSON.stringify(query)).toStrictEqual(runQuery(stored, query));
          // A limit caps the count.
          expect(count).toBe(runQuery(stored, { where: query.where, limit: query.limit }).length);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('gives the same groups and numbers as runAggregate for random records and aggregates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(aggregateRecordArbitrary, { maxLength: 30 }), fc.array(aggregateArbitrary(COLLECTION), { minLength: 1, maxLength: 8 }), async (records, queries) => {
        const stored = await load(records);
        for (const query of queries) {
          const expected = runAggregate(stored, query);
          const [plain, viaIndexes] = await Promise.all([store.aggregate(query), indexed.aggregate(query)]);
          expect(plain, JSON.stringify(query)).toEqual(expected);
          expect(viaIndexes, JSON.stringify(query)).toEqual(expected);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});

describe('PostgreSQL store: declared indexes (x-indexes, x-index)', () => {
  const COLLECTION = 'typed';
  /** The order, with included fields: a top-level one, a nested one (`o` is an object or not), as schemas.ts declares them. */
  const BY_DATE: IndexDef = {
    orderBy: [{ field: 'd', desc: true }, { field: ID_FIELD, desc: true }],
    keywords: 's',
    include: ['universeId', 'n', 'o.d'],
    types: { d: 'string', [ID_FIELD]: 'number', universeId: 'number', n: 'number', 'o.d': 'string' },
  };
  const INDEXES = new Map<string, CollectionIndexes>([[COLLECTION, { ordered: [BY_DATE], fields: { n: 'number', s: 'string', b: 'boolean' } }]]);
  let typed: AsyncStore;
  let typedUrl: string;

  beforeAll(async () => {
    typedUrl = await freshDatabase('qcflow_typed');
    typed = await openPostgresStore({ url: typedUrl, indexes: INDEXES });
  });
  afterAll(() => typed?.close());

  /** Records whose declared fields hold one type each (as the schemas make them), with integer ids. */
  const typedRecords = fc
    .uniqueArray(fc.integer({ min: 0, max: 500 }), { maxLength: 30 })
    .chain((ids) => fc.tuple(...ids.map((id) => recordArbitrary.map((record) => ({ ...record, [ID_FIELD]: id })))));
  const inIndexOrder = fc.record({ query: queryArbitrary(COLLECTION), indexOrder: fc.boolean() }).map(({ query, indexOrder }) => (indexOrder ? { ...query, orderBy: [...BY_DATE.orderBy] } : query));
  /** Keywords on the declared keyword field alone (its own trigram index), maybe negated, beside another condition. */
  const onKeywordField = fc
    .record({ value: fc.constantFrom('te', 'E', 'object', '1,', '%', 'SS', 'a b'), other: conditionArbitrary, negated: fc.boolean(), limit: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }) })
    .map(({ value, other, negated, limit }): Query => {
      const found = { op: 'keywords' as const, fields: ['s'], value };
      return { collection: COLLECTION, where: { op: 'and', all: [negated ? { op: 'not', condition: found } : found, other] }, orderBy: [...BY_DATE.orderBy], limit };
    });
  const orderedQuery = fc.oneof(inIndexOrder, onKeywordField);

  it('answers as runQuery does when fields of a declared type are compared and ordered on their keys', async () => {
    await fc.assert(
      fc.asyncProperty(typedRecords, fc.array(orderedQuery, { minLength: 1, maxLength: 10 }), async (records, queries) => {
        const stored = await typed.transaction(async (tx) => {
          for (const old of await tx.query({ collection: COLLECTION })) await tx.remove(COLLECTION, old[ID_FIELD] as number);
          const written: Stored[] = [];
          for (const record of records) written.push(await tx.insert(COLLECTION, ID_FIELD, record));
          return written.sort((a, b) => (a[ID_FIELD] as number) - (b[ID_FIELD] as number));
        });
        for (const query of queries) {
          expect(idsOf(await typed.query(query)), JSON.stringify(query)).toEqual(idsOf(runQuery(stored, query)));
          const { offset: _, ...counted } = query;
          expect(await typed.count(counted), JSON.stringify(query)).toBe(runQuery(stored, { where: query.where, limit: query.limit }).length);
        }
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('aggregates as runAggregate does when it groups, filters and counts fields of a declared type on their keys', async () => {
    await fc.assert(
      fc.asyncProperty(typedRecords, fc.array(aggregateArbitrary(COLLECTION), { minLength: 1, maxLength: 8 }), async (records, queries) => {
        const stored = await typed.transaction(async (tx) => {
          for (const old of await tx.query({ collection: COLLECTION })) await tx.remove(COLLECTION, old[ID_FIELD] as number);
          for (const record of records) await tx.insert(COLLECTION, ID_FIELD, record);
          return tx.query({ collection: COLLECTION });
        });
        for (const query of queries) expect(await typed.aggregate(query), JSON.stringify(query)).toEqual(runAggregate(stored, query));
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('reads an order from its index, starting at the bound on its first field', async () => {
    await typed.transaction(async (tx) => {
      for (const old of await tx.query({ collection: COLLECTION })) await tx.remove(COLLECTION, old[ID_FIELD] as number);
      for (let i = 0; i < 3000; i++) await tx.insert(COLLECTION, ID_FIELD, { [ID_FIELD]: i, d: `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`, n: i % 50 });
    });
    const client = new pg.Client({ connectionString: typedUrl });
    await client.connect();
    try {
      // VACUUM FULL: the rows removed above (the random records of the tests before) left dead tuples and pages, and
      // the table's size, so the planner's choice, then depended on them (and on an autovacuum between this and the
      // EXPLAIN below, on a busy machine). Rewritten, the table holds these rows alone.
      await client.query('VACUUM FULL ANALYZE typed');
      // Opening again finds the indexes there and makes no other.
      await (await openPostgresStore({ url: typedUrl, indexes: INDEXES })).close();
      const { rows: indexes } = await client.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'typed' AND indexname LIKE 'typed\\_x\\_%'");
      expect(indexes).toHaveLength(1);
      const indexed = indexedFields(INDEXES).get(COLLECTION);
      const explain = async (query: Query) => {
        const { text, values } = selectStatement('"typed"', query, indexed);
        return (await client.query(`EXPLAIN ${text}`, values)).rows.map((row) => row['QUERY PLAN']).join('\n');
      };
      // Most rows pass the condition on `n`: reading them along the order, up to the limit, beats its own index.
      const plan = await explain({ collection: COLLECTION, where: { op: 'and', all: [{ op: 'lte', field: 'd', value: '2024-06-15' }, { op: 'gte', field: 'n', value: 10 }] }, orderBy: [...BY_DATE.orderBy], limit: 5 });
      expect(plan).toContain(`Index Scan using ${indexes[0].indexname}`);
      expect(plan).not.toContain('Sort');
      // A rare word on the keyword field is looked up in that field's trigram index.
      const { rows: keywordIndexes } = await client.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'typed' AND indexname LIKE 'typed\\_k\\_%'");
      expect(keywordIndexes).toHaveLength(1);
      expect(await explain({ collection: COLLECTION, where: { op: 'keywords', fields: ['s'], value: 'QX7RARE' }, orderBy: [...BY_DATE.orderBy], limit: 5 })).toContain(keywordIndexes[0].indexname);
    } finally {
      await client.end();
    }
  });

  it('adds the key columns to a table that has records, keeps them with each write, and aggregates from the index alone', async () => {
    const upgradeUrl = await freshDatabase('qcflow_keys');
    const records = Array.from({ length: 3000 }, (_, i) => ({
      [ID_FIELD]: i,
      universeId: 1 + (i % 2),
      d: `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      n: i % 50,
      o: i % 10 === 0 ? 'no object' : { d: `2023-0${1 + (i % 9)}-15` },
      notes: 'x'.repeat(1500),
    }));
    // Written before any declaration: the table has no key column yet.
    const before = await openPostgresStore({ url: upgradeUrl });
    await before.transaction(async (tx) => void (await tx.insertMany(COLLECTION, ID_FIELD, records)));
    await before.close();
    const keyed = await openPostgresStore({ url: upgradeUrl, indexes: INDEXES });
    const client = new pg.Client({ connectionString: upgradeUrl });
    await client.connect();
    try {
      const { rows: columns } = await client.query<{ name: string; type: string }>("SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_name = 'typed' AND column_name LIKE '%:%' ORDER BY column_name");
      expect(columns).toEqual([
        { name: 'b:boolean', type: 'boolean' },
        { name: 'd:string', type: 'text' },
        { name: 'n:number', type: 'double precision' },
        { name: 'o.d:string', type: 'text' },
        { name: `${ID_FIELD}:number`, type: 'double precision' },
        { name: 's:string', type: 'text' },
        { name: 'universeId:number', type: 'double precision' },
      ]);
      const query: AggregateQuery = {
        collection: COLLECTION,
        where: { op: 'and', all: [{ op: 'eq', field: 'universeId', value: 1 }, { op: 'gte', field: 'd', value: '2024-03-01' }, { op: 'lte', field: 'd', value: '2024-08-31' }] },
        groupBy: [{ field: 'o.d', bucket: 'month', as: 'month' }, { field: 'n' }],
        // Filtered measures read the key columns too (the scan below stays index-only); their shared conjunct `n < 10` is one column.
        measures: {
          count: { fn: 'count' },
          sum: { fn: 'sum', field: 'n' },
          small: { fn: 'count', where: { op: 'lt', field: 'n', value: 10 } },
          smallLate: { fn: 'sum', field: 'n', where: { op: 'and', all: [{ op: 'lt', field: 'n', value: 10 }, { op: 'not', condition: { op: 'lte', field: 'o.d', value: '2023-05-01' } }] } },
        },
      };
      expect(aggregateStatement('"typed"', query, indexedFields(INDEXES).get(COLLECTION)).text.match(/ AS f\d+/g)).toEqual([' AS f0', ' AS f1']);
      let stored = await keyed.query({ collection: COLLECTION });
      expect(await keyed.aggregate(query)).toEqual(runAggregate(stored, query));
      // A write changes the keys: PostgreSQL computes the columns again.
      await keyed.transaction(async (tx) => {
        await tx.update(COLLECTION, 4, (current) => ({ ...current, n: 7, o: { d: '2023-12-01' } }));
        await tx.update(COLLECTION, 6, (current) => ({ ...current, d: '2025-01-01' }));
      });
      stored = await keyed.query({ collection: COLLECTION });
      expect(stored.find((record) => record[ID_FIELD] === 4)).toMatchObject({ n: 7, o: { d: '2023-12-01' } });
      expect(await keyed.aggregate(query)).toEqual(runAggregate(stored, query));

      // Vacuumed (autovacuum's work), the rows are visible to all: the index answers alone.
      await client.query('VACUUM ANALYZE typed');
      const { text, values } = aggregateStatement('"typed"', query, indexedFields(INDEXES).get(COLLECTION));
      await client.query('SET enable_seqscan = off'); // 3,000 rows: a sequential scan would do as well
      const plan = (await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, values)).rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Only Scan using typed_x_\w+ on typed/);
      // Only the pages of the two rows rewritten above may be left not all-visible (a VACUUM of so
      // few dead rows skips the index cleanup that lets it mark them): a handful of the 749 rows.
      expect(Number(/Heap Fetches: (\d+)/.exec(plan)?.[1])).toBeLessThanOrEqual(4);

      // A store whose number keys were numeric (before float8): its next start makes them again, with their indexes.
      await keyed.close();
      const indexesOn = async (column: string) => (await client.query<{ name: string }>("SELECT indexname AS name FROM pg_indexes WHERE tablename = 'typed' AND indexdef LIKE $1", [`%"${column}"%`])).rows.length;
      const indexed = await indexesOn('n:number');
      expect(indexed).toBeGreaterThan(0);
      await client.query(`ALTER TABLE typed DROP COLUMN "n:number", ADD COLUMN "n:number" numeric GENERATED ALWAYS AS ((CASE WHEN jsonb_typeof(data -> 'n') = 'number' THEN (data ->> 'n')::numeric END)) STORED`);
      expect(await indexesOn('n:number')).toBe(0);
      const upgraded = await openPostgresStore({ url: upgradeUrl, indexes: INDEXES });
      try {
        const { rows } = await client.query<{ type: string }>("SELECT data_type AS type FROM information_schema.columns WHERE table_name = 'typed' AND column_name = 'n:number'");
        expect(rows).toEqual([{ type: 'double precision' }]);
        expect(await indexesOn('n:number')).toBe(indexed);
        expect(await upgraded.aggregate(query)).toEqual(runAggregate(stored, query));
      } finally {
        await upgraded.close();
      }
    } finally {
      await client.end();
      await keyed.close();
    }
  });
});

describe('PostgreSQL store: the plan of an aggregate over wide records', () => {
  it('expects a row per matched record for a group on a field of no declared type, and groups narrow rows, not the records', async () => {
    const wideUrl = await freshDatabase('qcflow_wide');
    const declared = new Map([['wide', { ordered: [], fields: { supplier: 'number' as const } }]]);
    const wide = await openPostgresStore({ url: wideUrl, indexes: declared });
    const client = new pg.Client({ connectionString: wideUrl });
    await client.connect();
    try {
      const RESULTS = ['ACCEPTED', 'REFUSED', 'NA'];
      // 3,000 records of about 2 kB, as services are; a few results are arrays, which still count once per distinct item.
      const records = Array.from({ length: 3000 }, (_, i) => ({
        id: i + 1,
        supplier: i % 40,
        report: { result: i % 500 === 0 ? [RESULTS[i % 3], RESULTS[(i + 1) % 3], RESULTS[i % 3]] : RESULTS[i % 3], pieces: i % 7 },
        notes: 'x'.repeat(1900),
      }));
      await wide.transaction(async (tx) => void (await tx.insertMany('wide', 'id', records)));
      await client.query('VACUUM ANALYZE wide');
      const query: AggregateQuery = { collection: 'wide', groupBy: [{ field: 'supplier' }, { field: 'report.result', as: 'result' }], measures: { n: { fn: 'count' }, pieces: { fn: 'sum', field: 'report.pieces' } } };
      expect(await wide.aggregate(query)).toEqual(runAggregate(records, query));

      const { text, values } = aggregateStatement('"wide"', query, indexedFields(declared).get('wide'));
      type Plan = { 'Node Type': string; 'Join Type'?: string; 'Plan Rows': number; 'Plan Width': number; Plans?: Plan[] };
      const [{ 'QUERY PLAN': [{ Plan: root }] }] = (await client.query(`EXPLAIN (FORMAT JSON) ${text}`, values)).rows as [{ 'QUERY PLAN': [{ Plan: Plan }] }];
      const nodes: Plan[] = [];
      const walk = (plan: Plan) => (nodes.push(plan), plan.Plans?.forEach(walk));
      walk(root);
      // The unnest of the result is joined so the planner expects one row per record (before: ten, so a sort of 30,000).
      const join = nodes.find((node) => node['Join Type'] === 'Left');
      expect(join?.['Plan Rows']).toBeGreaterThanOrEqual(3000 * 0.8);
      expect(join?.['Plan Rows']).toBeLessThanOrEqual(3000 * 1.5);
      // Whatever groups the rows (a sort or a hash) reads their keys and inputs, a few hundred bytes, never the 2 kB records.
      for (const node of nodes.filter((each) => ['Sort', 'Aggregate', 'Nested Loop'].includes(each['Node Type']))) expect(node['Plan Width'], node['Node Type']).toBeLessThan(1000);
    } finally {
      await client.end();
      await wide.close();
    }
  });
});

const idsOf = (records: readonly Row[]) => records.map((record) => record[ID_FIELD]);
