/**
 * The `api-pg` project's global setup: one throwaway PostgreSQL cluster for the whole run, with
 * two template databases — migrated and seeded with the demo universe, and migrated only — that
 * each test server copies (`CREATE DATABASE … TEMPLATE`, a file copy) instead of seeding again.
 */
import type { TestProject } from 'vitest/node';
import { openStore } from '../../server/boot';
import { openPostgresStore } from '../../server/store/postgres/store';
import { startPgCluster, type PgServer } from './pgCluster';

export interface PgTemplates {
  server: PgServer;
  /** Template database: migrated and seeded with the demo universe of schemas/. */
  seeded: string;
  /** Template database: migrated, no records. */
  empty: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplates: PgTemplates;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPgCluster();
  try {
    const seeded = await openStore({ dbFile: '', databaseUrl: await cluster.createDatabase('template_seeded'), seed: 'demo' });
    await seeded.db.close();
    const empty = await openPostgresStore({ url: await cluster.createDatabase('template_empty') });
    await empty.close();
    project.provide('pgTemplates', { server: cluster.server, seeded: 'template_seeded', empty: 'template_empty' });
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return () => cluster.stop();
}
