import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit test files that mock a module (vi.mock): they need modules of their own. */
const UNIT_MOCKING = ['tests/unit/schema-reads-once.test.ts', 'tests/unit/grid-stable-props.test.ts'];
/** API test files of PostgreSQL only (several servers on one database). */
const API_POSTGRES_ONLY = ['tests/api/reminders-two-servers.test.ts'];

export default defineConfig({
  test: {
    // The API tests wait on I/O (HTTP, fsync, PostgreSQL) about as much as they compute: one worker per
    // core rather than vitest's default of one less (a single worker on a 2-core machine, 1.6× slower).
    maxWorkers: availableParallelism(),
    projects: [
      // The unit files of a worker share their modules (no fresh import of the engine and schemas per file: 30 % of the
      // project's time); the files that replace a module with vi.mock get fresh ones of their own in `unit-isolated`.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: UNIT_MOCKING, isolate: false, environment: 'node' } },
      { test: { name: 'unit-isolated', include: UNIT_MOCKING, environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: API_POSTGRES_ONLY,
          // Each test server copies a seeded data file; the files of a worker share their modules (and schemas/ loaded once).
          globalSetup: ['tests/support/lowdbGlobalSetup.ts'],
          isolate: false,
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        // The same API suite on PostgreSQL (one throwaway cluster; each server a database copied from a template).
        // Left out: the tests of one store's own mechanics, those that start their own cluster, and those that reach no store.
        test: {
          name: 'api-pg',
          include: ['tests/api/**/*.test.ts'],
          exclude: [
            'tests/api/store-lowdb.test.ts', 'tests/api/store-postgres.test.ts', 'tests/api/durability.test.ts', 'tests/api/multi-server.test.ts',
            'tests/api/spa.test.ts', 'tests/api/compression.test.ts', 'tests/api/openapi.test.ts',
          ],
          globalSetup: ['tests/support/pgGlobalSetup.ts'],
          isolate: false,
          environment: 'node',
          // `npm test` runs this project at the lowest CPU priority beside the browser tests, which
          // may hold both cores for a while (scripts/test.mjs): a test then takes several times longer.
          testTimeout: 120000,
          hookTimeout: 120000,
        },
      },
    ],
  },
});
