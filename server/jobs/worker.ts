import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError, type AsyncStore, type Row, type Stored } from '../store/types';
import { backoffMs, dueJobs, JOBS, type Job } from './queue';

/** Runs a job's payload; throwing makes the job retried later (with backoff). */
export type JobHandler = (payload: Row, job: Stored<Job>) => Promise<void>;

export interface WorkerOptions {
  /** Pause between two looks at the due jobs when none was found. */
  pollMs?: number;
  /** How long a claimed job is this worker's; past it, another worker takes it again (this one is taken for dead). */
  leaseMs?: number;
  /** First retry pause (doubled each failure, at most an hour). */
  backoffMs?: number;
  /** Attempts before a job is left FAILED. */
  maxAttempts?: number;
  /** Due jobs read per look. */
  batch?: number;
  now?: () => Date;
  /** Where failures are told (default console.error). */
  log?: (message: string) => void;
}

/** Options from the environment (README "Environment"): JOBS_POLL_MS, JOBS_LEASE_MS, JOBS_BACKOFF_MS, JOBS_MAX_ATTEMPTS. */
export function workerOptionsFromEnv(env: NodeJS.ProcessEnv): WorkerOptions {
  const number = (name: string) => (env[name] && Number(env[name]) > 0 ? Number(env[name]) : undefined);
  return { pollMs: number('JOBS_POLL_MS'), leaseMs: number('JOBS_LEASE_MS'), backoffMs: number('JOBS_BACKOFF_MS'), maxAttempts: number('JOBS_MAX_ATTEMPTS') };
}

/**
 * The worker loop of one server: looks at the due jobs, claims each with a versioned update (one
 * winner among the servers), runs its handler, then removes it — or, when the handler threw,
 * queues it again after a pause, until `maxAttempts`. A job whose handler is unknown here waits
 * (a newer server may know it).
 */
export class JobWorker {
  readonly id = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly options: Required<Omit<WorkerOptions, 'log' | 'now'>> & Pick<WorkerOptions, 'log' | 'now'>;
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private started = false;
  private stopping = false;

  constructor(
    private readonly db: AsyncStore,
    options: WorkerOptions = {},
  ) {
    // An option left undefined (an unset environment variable) keeps its default.
    const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
    this.options = { pollMs: 1000, leaseMs: 60_000, backoffMs: 5000, maxAttempts: 10, batch: 20, ...given };
  }

  handle(name: string, handler: JobHandler): this {
    this.handlers.set(name, handler);
    return this;
  }

  start(): this {
    if (this.started) return this;
    this.started = true;
    this.tick(0);
    return this;
  }

  /** Stops looking for jobs and waits for the one in hand. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private tick(delay: number): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.running = this.runDue()
        .catch((error: unknown) => this.log(`job worker: ${(error as Error).message}`))
        .then((ran) => this.tick(ran ? 0 : this.options.pollMs));
    }, delay);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private log(message: string): void {
    (this.options.log ?? console.error)(message);
  }

  /** One look: runs the due jobs it can claim; true when it ran any (look again at once). */
  async runDue(): Promise<boolean> {
    const due = await this.db.query<Job>({ collection: JOBS, where: dueJobs(this.now()), orderBy: [{ field: 'availableAt' }, { field: 'jobId' }], limit: this.options.batch });
    let ran = false;
    for (const job of due) {
      if (this.stopping) break;
      if (!this.handlers.has(job.name)) continue;
      const claimed = await this.claim(job);
      if (!claimed) continue;
      ran = true;
      await this.run(claimed);
    }
    return ran;
  }

  /** The job, now RUNNING under this worker's lease, or null when another worker took it (or it was rescheduled or cancelled) first. */
  private async claim(job: Stored<Job>): Promise<Stored<Job> | null> {
    const until = new Date(this.now().getTime() + this.options.leaseMs).toISOString();
    try {
      return await this.db.transaction((tx) =>
        tx.update<Job>(JOBS, job.jobId, (current) => ({ ...current, state: 'RUNNING', availableAt: until, attempts: current.attempts + 1, lockedBy: this.id }), job.version),
      );
    } catch (error) {
      if (error instanceof ConflictError || error instanceof NotFoundError) return null;
      throw error;
    }
  }

  private async run(job: Stored<Job>): Promise<void> {
    try {
      await this.handlers.get(job.name)!(job.payload, job);
    } catch (error) {
      return this.failed(job, error as Error);
    }
    // Removed only if still the version claimed: a job rescheduled meanwhile stays for its new time.
    await this.db
      .transaction(async (tx) => {
        const current = await tx.get<Job>(JOBS, job.jobId);
        if (current?.version === job.version) await tx.remove(JOBS, job.jobId);
      })
      .catch((error: unknown) => this.log(`job ${job.key}: done but not removed: ${(error as Error).message}`));
  }

  private async failed(job: Stored<Job>, error: Error): Promise<void> {
    const last = job.attempts >= this.options.maxAttempts;
    this.log(`job ${job.key} (${job.name}) attempt ${job.attempts} failed${last ? ', giving up' : ''}: ${error.message}`);
    const retryAt = new Date(this.now().getTime() + backoffMs(job.attempts, this.options.backoffMs)).toISOString();
    await this.db
      .transaction((tx) =>
        tx.update<Job>(JOBS, job.jobId, ({ lockedBy: _, ...current }) => ({ ...current, state: last ? 'FAILED' : 'QUEUED', availableAt: retryAt, lastError: error.message.slice(0, 1000) }), job.version),
      )
      .catch((reason: unknown) => {
        if (!(reason instanceof ConflictError || reason instanceof NotFoundError)) throw reason;
      });
  }
}
