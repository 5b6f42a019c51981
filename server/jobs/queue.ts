import { and, eq, type Condition } from '../store/query';
import type { Reader, Row, Stored, Writer } from '../store/types';

/**
 * The durable job queue (docs/jobs.md): a job is a record of the store's `jobs` collection, so it
 * is written in the same transaction as the change that asks for it (a reminder and its sending
 * job appear together or not at all) and survives a restart. Workers of any number of servers
 * sharing the store claim a due job with a versioned update: two claims of one version never both
 * win (the loser gets a ConflictError and leaves the job), so a job runs on one worker at a time.
 */
export const JOBS = 'jobs';

export type JobState = 'QUEUED' | 'RUNNING' | 'FAILED';

export interface Job extends Row {
  jobId: number;
  /** Names the job: scheduling a key again replaces its job, cancelling removes it. */
  key: string;
  /** The handler that runs it. */
  name: string;
  payload: Row;
  /** When it was asked to run (ISO). */
  runAt: string;
  state: JobState;
  /**
   * When a worker may take it: `runAt` while QUEUED; for a RUNNING job, the end of the claiming
   * worker's lease (past it, the worker is taken for dead and the job is due again); after a
   * failure, the retry time.
   */
  availableAt: string;
  attempts: number;
  lastError?: string;
  /** Who holds it (a worker id), for the logs. */
  lockedBy?: string;
}

/** Asks for `name` to run with `payload` at `runAt`, inside the caller's transaction; an existing job of that key is replaced (rescheduled). */
export async function scheduleJob(tx: Writer, name: string, runAt: Date, payload: Row, key: string): Promise<Stored<Job>> {
  const at = runAt.toISOString();
  const job = { key, name, payload, runAt: at, state: 'QUEUED' as const, availableAt: at, attempts: 0 };
  const existing = await jobOfKey(tx, key);
  if (!existing) return (await tx.insert(JOBS, 'jobId', job)) as unknown as Stored<Job>;
  // The version moves on: a worker running the old job will not remove this one when it finishes.
  return tx.update<Job>(JOBS, existing.jobId, () => ({ ...job, jobId: existing.jobId }));
}

/** Removes the job of that key, if any (a worker running it finishes, but the job is not taken again). */
export async function cancelJob(tx: Writer, key: string): Promise<void> {
  const existing = await jobOfKey(tx, key);
  if (existing) await tx.remove(JOBS, existing.jobId);
}

/** The job of a key, if any (a key has at most one: scheduling replaces). */
export async function jobOfKey(db: Reader, key: string): Promise<Stored<Job> | undefined> {
  return (await db.query<Job>({ collection: JOBS, where: eq('key', key), limit: 1 }))[0];
}

/** Jobs a worker may take at `now`: queued and due, or running past their lease. */
export const dueJobs = (now: Date): Condition =>
  and({ op: 'in', field: 'state', values: ['QUEUED', 'RUNNING'] }, { op: 'lte', field: 'availableAt', value: now.toISOString() });

/** Retry pause after the n-th failed attempt: base × 2^(n−1), at most an hour. */
export const backoffMs = (attempts: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
