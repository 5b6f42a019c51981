/**
 * Which collections a request wrote: on the embedded store, the collections named by the journal
 * lines appended since the mark (every change is appended there); on PostgreSQL, those whose
 * fingerprint (count, sum of versions, hash of ids) moved since the mark.
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

export async function postgresWatch(url: string): Promise<WriteWatch> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const fingerprints = async (): Promise<Map<string, string>> => {
    const { rows: tables } = await client.query<{ name: string; table_name: string }>('SELECT name, table_name FROM collections ORDER BY name');
    const parts = tables.map(
      ({ name, table_name }) =>
        `SELECT ${pg.escapeLiteral(name)} AS c, concat_ws(':', count(*), sum(version), sum(hashtext(id))) AS f FROM ${pg.escapeIdentifier(table_name)}`,
    );
    const { rows } = await client.query<{ c: string; f: string }>(parts.join(' UNION ALL '));
    return new Map(rows.map((row) => [row.c, row.f]));
  };
  return {
    mark: fingerprints,
    async writtenSince(mark) {
      const before = mark as Map<string, string>;
      const after = await fingerprints();
      return [...after].filter(([collection, print]) => before.get(collection) !== print).map(([collection]) => collection);
    },
    close: () => client.end(),
  };
}
