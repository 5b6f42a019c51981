import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffMs, cancelJob, jobOfKey, JOBS, scheduleJob } from '../../server/jobs/queue';
import { JobWorker, workerOptionsFromEnv, type WorkerOptions } from '../../server/jobs/worker';
import { LowdbStore } from '../../server/store/lowdb';
import { asyncStore } from '../../server/store/lowdbAsync';
import type { AsyncStore, Row } from '../../server/store/types';

/** The durable job queue (server/jobs/, docs/jobs.md) on the embedded store, with a clock the test moves. */
let dir: string;
let store: LowdbStore;
let db: AsyncStore;
let clock: number;
const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qcflow-jobs-'));
  store = await LowdbStore.open(join(dir, 'db.json'));
  db = asyncStore(store);
  clock = T0;
});
afterEach(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

const worker = (options: WorkerOptions = {}) => new JobWorker(db, { now: () => new Date(clock), leaseMs: 1000, backoffMs: 100, maxAttempts: 3, log: () => undefined, ...options });
const schedule = (key: string, runAtMs: number, payload: Row = {}) => db.transaction((tx) => scheduleJob(tx, 'work', at(runAtMs), payload, key));
const job = (key: string) => jobOfKey(db, key);

describe('job queue', () => {
  it('runs a job at its time with its payload, then removes it', async () => {
    const seen: Row[] = [];
    const w = worker().handle('work', async (payload) => void seen.push(payload));
    await schedule('a', 500, { n: 1 });
    expect(await w.runDue()).toBe(false);
    clock = T0 + 500;
    expect(await w.runDue()).toBe(true);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await job('a')).toBeUndefined();
    expect(await w.runDue()).toBe(false);
  });

  it('one key, one job: scheduling again moves it; cancelling removes it; an unknown handler leaves it queued', async () => {
    await schedule('a', 500);
    await schedule('a', 2000, { moved: true });
    expect(await db.query({ collection: JOBS })).toHaveLength(1);
    expect(await job('a')).toMatchObject({ runAt: at(2000).toISOString(), payload: { moved: true }, state: 'QUEUED', attempts: 0 });
    await db.transaction((tx) => cancelJob(tx, 'a'));
    expect(await job('a')).toBeUndefined();
    await db.transaction((tx) => scheduleJob(tx, 'other', at(0), {}, 'b'));
    expect(await worker().handle('work', async () => undefined).runDue()).toBe(false);
    expect(await job('b')).toMatchObject({ state: 'QUEUED', attempts: 0 });
  });

  it('two workers on one store: a due job runs once', async () => {
    let runs = 0;
    const handler = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    for (const key of ['a', 'b', 'c']) await schedule(key, 0);
    const [w1, w2] = [worker().handle('work', handler), worker().handle('work', handler)];
    await Promise.all([w1.runDue(), w2.runDue(), w1.runDue(), w2.runDue()]);
    expect(runs).toBe(3);
    expect(await db.query({ collection: JOBS })).toEqual([]);
  });

  it('a failure is retried after a growing pause, then left FAILED after the last attempt', async () => {
    let calls = 0;
    const w = worker().handle('work', async () => {
      calls++;
      throw new Error(`boom ${calls}`);
    });
    await schedule('a', 0);
    await w.runDue();
    expect(await job('a')).toMatchObject({ state: 'QUEUED', attempts: 1, lastError: 'boom 1', availableAt: at(100).toISOString() });
    expect((await job('a'))!.lockedBy).toBeUndefined();
    clock = T0 + 99;
    expect(await w.runDue()).toBe(false);
    clock = T0 + 100;
    await w.runDue();
    expect(await job('a')).toMatchObject({ state: 'QUEUED', attempts: 2, availableAt: at(300).toISOString() });
    clock = T0 + 300;
    await w.runDue();
    expect(await job('a')).toMatchObject({ state: 'FAILED', attempts: 3, lastError: 'boom 3' });
    clock = T0 + 3_600_000;
    expect(await w.runDue()).toBe(false);
    expect(calls).toBe(3);
  });

  it('a job left RUNNING by a dead worker is taken again once its lease has passed', async () => {
    await schedule('a', 0);
    // A worker claims it and dies (its handler never finishes).
    const dead = worker().handle('work', () => new Promise(() => undefined));
    void dead.runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await job('a')).toMatchObject({ state: 'RUNNING', attempts: 1, lockedBy: dead.id, availableAt: at(1000).toISOString() });
    let runs = 0;
    const alive = worker().handle('work', async () => void runs++);
    expect(await alive.runDue()).toBe(false);
    clock = T0 + 1000;
    expect(await alive.runDue()).toBe(true);
    expect(runs).toBe(1);
    expect(await job('a')).toBeUndefined();
  });

  it('a job rescheduled while it runs stays for its new time', async () => {
    await schedule('a', 0);
    let runs = 0;
    const w = worker().handle('work', async () => {
      if (runs++ === 0) await schedule('a', 5000);
    });
    await w.runDue();
    expect(await job('a')).toMatchObject({ state: 'QUEUED', runAt: at(5000).toISOString() });
    clock = T0 + 5000;
    await w.runDue();
    expect(runs).toBe(2);
    expect(await job('a')).toBeUndefined();
  });

  it('start polls until stop, which waits for the job in hand', async () => {
    clock = Date.now();
    await schedule('a', clock - T0);
    const done: string[] = [];
    const w = worker({ now: undefined, pollMs: 10 }).handle('work', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      done.push('a');
    });
    w.start();
    for (let i = 0; i < 100 && !(await job('a'))?.state.startsWith('R'); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    await w.stop();
    expect(done).toEqual(['a']);
    await schedule('b', Date.now() - T0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await job('b')).toMatchObject({ state: 'QUEUED' });
  });

  it('backoff doubles up to an hour; options come from the environment', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 5000))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(backoffMs(30, 5000)).toBe(3_600_000);
    expect(workerOptionsFromEnv({ JOBS_POLL_MS: '250', JOBS_LEASE_MS: 'x', JOBS_MAX_ATTEMPTS: '4' })).toEqual({ pollMs: 250, leaseMs: undefined, backoffMs: undefined, maxAttempts: 4 });
  });

  it('options not set keep their defaults: a first retry after 5 s, ten attempts', async () => {
    await schedule('a', 0);
    const w = new JobWorker(db, { ...workerOptionsFromEnv({}), now: () => new Date(clock), log: () => undefined }).handle('work', async () => {
      throw new Error('no');
    });
    await w.runDue();
    expect(await job('a')).toMatchObject({ state: 'QUEUED', attempts: 1, availableAt: at(5000).toISOString() });
    for (let attempt = 2; attempt <= 10; attempt++) {
      clock = Date.parse((await job('a'))!.availableAt);
      await w.runDue();
    }
    expect(await job('a')).toMatchObject({ state: 'FAILED', attempts: 10 });
  });
});
