/**
 * Which collections a request wrote: on the embedded store, the collections named by the journal
 * lines appended since the mark (every change is appended there); on PostgreSQL, those whose
 * tables logged a write since the mark (postgresWatch).
 */
import { statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

export interface WriteWatch {
  mark(): Promise<unknown>;
  writtenSince(mark: unknown): Promise<string[]>;
  close(): Promise<void>;
}

export function journalWatch(dir: string): WriteWatch {
  const journal = join(dir, 'db.json.journal');
  const size = () => {
    try {
      return statSync(journal).size;
    } catch {
      return 0;
    }
  };
  return {
    mark: async () => size(),
    async writtenSince(mark) {
      const from = mark as number;
      const end = size();
      if (end <= from) return [];
      const handle = await open(journal, 'r');
      try {
        const buffer = Buffer.alloc(end - from);
        await handle.read(buffer, 0, buffer.length, from);
        return buffer
          .toString('utf8')
          .split('\n')
          .filter(Boolean)
          .flatMap((line) => (JSON.parse(line) as { records: [string][] }).records.map(([collection]) => collection));
      } finally {
        await handle.close();
      }
    },
    close: async () => undefined,
  };
}

/**
 * On PostgreSQL, each collection table gets a row trigger that appends its name to a log table for each row written
 * (committed with the write, gone with a rolled-back one; no lock shared between transactions): a mark is the log's last id,
 * a check one small query. A table made since (a collection's first write creates it) counts as written when it
 * holds a row, and is watched from then on (a mark watches every table there is, so rows written before it never
 * count). Reading every table's fingerprint instead cost 16 ms a mark.
 */
export async function postgresWatch(url: string): Promise<WriteWatch> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`
    CREATE TABLE IF NOT EXISTS _write_log (id bigserial PRIMARY KEY, table_name text NOT NULL);
    CREATE OR REPLACE FUNCTION _log_write() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN INSERT INTO _write_log (table_name) VALUES (TG_TABLE_NAME); RETURN NULL; END $$;`);
  const watched = new Set<string>();
  /** Watches the tables not watched yet; answers the collections among them that hold a row. */
  const watchNewTables = async (): Promise<string[]> => {
    const { rows } = await client.query<{ name: string; table_name: string }>('SELECT name, table_name FROM collections');
    const fresh = rows.filter((row) => !watched.has(row.table_name));
    const filled: string[] = [];
    for (const { name, table_name } of fresh) {
      const table = pg.escapeIdentifier(table_name);
      await client.query(`CREATE OR REPLACE TRIGGER _log_write AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION _log_write()`);
      watched.add(table_name);
      if ((await client.query(`SELECT 1 FROM ${table} LIMIT 1`)).rowCount) filled.push(name);
    }
    return filled;
  };
  await watchNewTables();
  const lastId = async () => Number((await client.query<{ id: string | null }>('SELECT max(id) AS id FROM _write_log')).rows[0].id ?? 0);
  return {
    mark: async () => {
      await watchNewTables();
      return lastId();
    },
    async writtenSince(mark) {
      const { rows } = await client.query<{ name: string }>(
        'SELECT DISTINCT c.name FROM _write_log w JOIN collections c ON c.table_name = w.table_name WHERE w.id > $1',
        [mark as number],
      );
      return [...new Set([...rows.map((row) => row.name), ...(await watchNewTables())])];
    },
    close: () => client.end(),
  };
}
