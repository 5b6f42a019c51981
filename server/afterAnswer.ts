/**
 * Work a route starts once its answer is decided (e-mails, the daily task sweep): it never delays
 * the answer, its failure is only logged, and a stopping server waits for it (`settled`) before it
 * closes the store, so no mail is cut off half-written.
 */
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  /** Starts `work` now; `what` names it in the log line of a failure. */
  run(what: string, work: () => Promise<unknown>): void {
    const running: Promise<void> = Promise.resolve()
      .then(work)
      .then(() => undefined, (error: Error) => console.error(`[qcflow] ${what} failed:`, error.message))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once nothing runs (work started meanwhile included). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
  }
}
