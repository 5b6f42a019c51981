/**
 * The `api` project's global setup: the demo universe seeded once into an embedded data file,
 * which each test server copies (tests/api/helpers.ts `storeLocation`) instead of seeding again —
 * as the `api-pg` project copies its seeded template database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openStore } from '../../server/boot';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded data file to copy; undefined outside the `api` project. */
    lowdbSeeded: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'qcflow-seeded-'));
  const dbFile = join(dir, 'db.json');
  const { db } = await openStore({ dbFile, seed: 'demo' });
  await db.close();
  project.provide('lowdbSeeded', dbFile);
  return () => rm(dir, { recursive: true, force: true });
}
