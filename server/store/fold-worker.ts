import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { foldFiles, type FoldJob } from './fold';

/** Runs a fold on its own thread: see fold.ts. */

// The fold gives way to the thread answering requests: lowest priority for this thread alone
// (Linux keeps a nice value per thread, /proc/thread-self names it); elsewhere it runs as is.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), constants.priority.PRIORITY_LOW);
} catch {
  /* not Linux */
}
await foldFiles(workerData as FoldJob);
