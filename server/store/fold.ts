import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DurableJsonFile } from './durable-file';
import { emptyData, type StoreData } from './draft';
import { applyEntry, type JournalEntry } from './journal';

export interface FoldJob {
  /** The data file. */
  file: string;
  /** The journal, of which the first `upTo` bytes go into the data file. */
  journal: string;
  upTo: number;
}

/**
 * Rewrites the data file as the data file plus the journal's first `upTo` bytes, as opening the
 * store would load it. Works from the files, not the server's memory, so it can run on another
 * thread: handing it a large store's data would cost the event loop as much as serializing it.
 * The journal only grows past `upTo` meanwhile, and the data file is written atomically.
 */
export async function foldFiles({ file, journal, upTo }: FoldJob): Promise<void> {
  const adapter = new DurableJsonFile<StoreData>(file);
  const data: StoreData = { ...emptyData(), ...(await adapter.read()) };
  // Line by line: the journal is 16 MB and more, and this thread's memory counts in the server's.
  let read = 0;
  if (upTo > 0) {
    const lines = createInterface({ input: createReadStream(journal, { start: 0, end: upTo - 1 }), crlfDelay: Infinity });
    for await (const line of lines) {
      read += Buffer.byteLength(line) + 1;
      if (line) applyEntry(data, JSON.parse(line) as JournalEntry);
    }
  }
  // Every entry ends with its newline (journal.ts): the last line read ends at `upTo`.
  if (read < upTo) throw new Error(`${journal}: shorter than expected`);
  await adapter.write(data);
}

/**
 * Runs `foldFiles` on a worker thread. The worker is TypeScript like the server: it registers tsx
 * itself, since Node 20 does not hand a thread's module hooks (`--import tsx`) to its workers.
 */
export function foldOnWorker(job: FoldJob): Promise<void> {
  // tsx's ES module build (its CommonJS one cannot find its hooks from an eval'd worker).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./fold-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); }).catch((error) => process.nextTick(() => { throw error; }));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: job, execArgv: [] });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the fold worker stopped with code ${code}`))));
  });
}
