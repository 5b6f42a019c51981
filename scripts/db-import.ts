/**
 * `npm run db:import -- data/db.json`: copies an embedded store (its JSON file and journal) into
 * the empty PostgreSQL database at DATABASE_URL, in one transaction, then checks each table's
 * count against the file's. Stop the servers using the file first: a write made during the copy
 * would not be in it.
 */
import { existsSync } from 'node:fs';
import { LowdbStore } from '../server/store/lowdb';
import { openPostgresStore } from '../server/store/postgres/store';

const url = process.env.DATABASE_URL;
const file = process.argv[2];
if (!url?.startsWith('postgres') || !file) {
  console.error('Usage: DATABASE_URL=postgres://user:password@host:port/database npm run db:import -- data/db.json');
  process.exit(2);
}
if (!existsSync(file)) {
  console.error(`db:import: no such file: ${file}`);
  process.exit(2);
}

const started = performance.now();
const source = await LowdbStore.open(file);
const data = source.snapshot();
const target = await openPostgresStore({ url });
try {
  const result = (await target.importData(data))!;
  const total = Object.values(result.counts).reduce((sum, count) => sum + count, 0);
  for (const [collection, count] of Object.entries(result.counts)) console.log(`  ${collection}: ${count}`);
  console.log(`db:import: ${total} records in ${Object.keys(result.counts).length} collections copied and counted in ${Math.round(performance.now() - started)} ms`);
} catch (error) {
  console.error(`db:import: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await target.close();
  await source.close();
}
