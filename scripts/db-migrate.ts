/**
 * `npm run db:migrate`: applies the pending PostgreSQL migrations to DATABASE_URL (the server
 * also applies them when it starts; docs/store.md "Migrations").
 */
import { migrate } from '../server/store/postgres/migrations';

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('db:migrate: set DATABASE_URL=postgres://user:password@host:port/database');
  process.exit(2);
}
const applied = await migrate(url);
console.log(applied.length ? `db:migrate: applied migration(s) ${applied.join(', ')}` : 'db:migrate: the database is up to date');
