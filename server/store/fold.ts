import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
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
 * store would load it. Works from the files, not the server's memory, so it can run in another
 * process: handing it a large store's data would cost the event loop as much as serializing it.
 * The journal only grows past `upTo` meanwhile, and the data file is written atomically.
 */
export async function foldFiles({ file, journal, upTo }: FoldJob): Promise<void> {
  const adapter = new DurableJsonFile<StoreData>(file);
  const data: StoreData = { ...emptyData(), ...(await adapter.read()) };
  // Line by line: the journal is 16 MB and more, and a copy of its text would double what the fold holds.
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
 * Runs `foldFiles` in a child process at the lowest CPU priority. A process, not a worker thread: the
 * event loop joins an ending worker thread, and waits meanwhile for that low-priority thread, starved on
 * a busy machine, to free its heap (stalls of 55 to 300 ms measured); a process ends on its own. The
 * child is TypeScript like the server: it registers tsx itself, then runs fold-process.ts on the job
 * given as its argument.
 */
export function foldInProcess(job: FoldJob): Promise<void> {
  // tsx's ES module build (its CommonJS one cannot find its hooks from an evaluated module).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./fold-process.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); }).catch((error) => { console.error(error); process.exitCode = 1; });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', code, JSON.stringify(job)], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the fold process stopped with ${signal ?? `code ${code}`}`))));
  });
}
