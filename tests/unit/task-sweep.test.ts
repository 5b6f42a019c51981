import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asyncStore } from '../../server/store/lowdbAsync';
import { LowdbStore } from '../../server/store/lowdb';
import type { AsyncStore, Row } from '../../server/store/types';
import { TASKS, followTasks, sweepTasks } from '../../server/tasks/lifecycle';

/**
 * The daily sweep of docs/tasks.md: the first read of a day creates SERVICE_TO_COMPLETE for the
 * confirmed services whose last day passed (once per universe and day), expiring their to-prepare;
 * none for a service that has one open or done, nor for another universe's or a later one's.
 */
const dir = mkdtempSync(join(tmpdir(), 'qcflow-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function open(): Promise<{ db: AsyncStore; close(): Promise<void> }> {
  const store = await LowdbStore.open(join(dir, `${Math.random()}.json`));
  return { db: asyncStore(store, new Map()), close: () => store.close() };
}

const service = (serviceId: number, fields: Row): Row => ({
  serviceId,
  universeId: 1,
  serviceStep: 'CONFIRMED',
  client: 10,
  serviceProvider: 20,
  creatorCompany: 10,
  creatorSide: 'DECISION_MAKER',
  startDate: '2026-03-01',
  ...fields,
});

describe('task sweep', () => {
  it('creates to complete for the confirmed services whose last day passed, once a day per universe', async () => {
    const { db, close } = await open();
    try {
      const now = new Date('2026-03-10T08:00:00Z');
      await db.transaction(async (tx) => {
        for (const row of [
          service(1, { endDate: '2026-03-05' }), // passed: to complete
          service(2, { startDate: '2026-03-09' }), // no end: its start is its last day, passed
          service(3, { startDate: '2026-03-08', endDate: '2026-03-12' }), // not over
          service(4, { endDate: '2026-03-05', serviceStep: 'TERMINATED' }), // not confirmed
          service(5, { endDate: '2026-03-05', universeId: 2 }), // another universe
          service(6, { endDate: '2026-03-05' }), // already has one, done
          service(7, { endDate: '2026-02-07' }), // passed more than SWEEP_DAYS (30) before: left alone
        ])
          await tx.insert('services', 'serviceId', row);
        await followTasks(tx, (await tx.get('services', 1))!, 'CONFIRM', { fromStep: 'OPENED', toStep: 'CONFIRMED', hasElements: true }, now);
        await tx.insert(TASKS, 'taskId', { type: 'SERVICE_TO_COMPLETE', level: 'MID', status: 'DONE', serviceId: 6, companyId: 20, universeId: 1 });
      });
      expect(await sweepTasks(db, 1, now)).toBe(2);
      const tasks = await db.query({ collection: TASKS, orderBy: [{ field: 'taskId' }] });
      const open = tasks.filter((task) => task.status === 'OPEN').map((task) => [task.serviceId, task.type, task.companyId, task.dueDate, task.createdBy]);
      expect(open).toEqual([
        [1, 'SERVICE_TO_COMPLETE', 20, '2026-03-05', 'LAST_DAY_PASSED'],
        [2, 'SERVICE_TO_COMPLETE', 20, '2026-03-09', 'LAST_DAY_PASSED'],
      ]);
      expect(tasks.find((task) => task.type === 'SERVICE_TO_PREPARE')).toMatchObject({ status: 'EXPIRED', expiredBy: 'LAST_DAY_PASSED' });
      // The same day: not again, even for a service that now qualifies.
      await db.transaction((tx) => tx.update('services', 3, (row) => ({ ...row, endDate: '2026-03-09' })));
      expect(await sweepTasks(db, 1, now)).toBe(0);
      // The next day: it does, and the services that have one open get none twice.
      expect(await sweepTasks(db, 1, new Date('2026-03-11T08:00:00Z'))).toBe(1);
      const again = await db.query({ collection: TASKS, where: { op: 'eq', field: 'type', value: 'SERVICE_TO_COMPLETE' } });
      expect(again.map((task) => task.serviceId).sort()).toEqual([1, 2, 3, 6]);
      // The other universe's, on its own first read.
      expect(await sweepTasks(db, 2, now)).toBe(1);
    } finally {
      await close();
    }
  });
});
