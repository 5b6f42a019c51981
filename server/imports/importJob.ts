import type { Caller } from '../context';
import { nowIso } from '../dates';
import { fullName } from '../identity';
import { JOBS, type Job } from '../jobs/queue';
import type { JobWorker } from '../jobs/worker';
import type { FileStorage } from '../files/storage';
import { exists } from '../files/storage';
import type { Registry } from '../schemas';
import type { AsyncStore, Row, Stored, Writer } from '../store/types';
import { cellTexts, type MappedColumn } from './cells';
import { HISTORIES, REFUSALS, type ImportKind } from './kinds';
import { checkOrderRow, writeOrderRows, type CheckedOrderRow, type RowOutcome } from './orderImport';
import { pacer } from './pacer';
import { runContext, type RunContext } from './runContext';
import { serviceRowBody, writeServiceRow } from './serviceImport';
import { SheetReadError, sheetRows, type SheetRow } from './sheetReader';

/**
 * The import job (docs/imports.md "The job"): streams the document and writes it in batches of
 * IMPORT_BATCH_ROWS rows, one transaction per batch holding the batch's records, its refused rows
 * and the history's progress (rowsRead, created, updated, refused). A job taken again after a
 * crash (its lease passed) skips the rows already counted: a batch is applied whole or not at all,
 * never twice. Each batch also extends the job's lease, so a long import is not taken for dead.
 */
export const IMPORT_JOB = 'import.run';
export const importJobKey = (importHistoryId: number) => `import:${importHistoryId}`;

export interface ImportHistory extends Row {
  importHistoryId: number;
  companyId: number;
  kind: ImportKind;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  fileId: number;
  fileName: string;
  hash: string;
  mimeType: string;
  columns: MappedColumn[];
  totalRows?: number;
  rowsRead: number;
  created: number;
  updated: number;
  refused: number;
  startedBy: number;
}

/** The document an import reads: a file entry of the kind's domain (server/files/entries.ts). */
export type ImportDocument = Pick<ImportHistory, 'fileId' | 'fileName' | 'hash' | 'mimeType'>;

/** A new import of the document with that mapping, by the caller, QUEUED: its job counts the rows, then writes them. */
export const newHistory = (caller: Caller, kind: ImportKind, document: ImportDocument, columns: readonly MappedColumn[], creationDate = nowIso()) => ({
  companyId: caller.company.companyId,
  universeId: caller.universeId,
  kind,
  status: 'QUEUED' as const,
  fileId: document.fileId,
  fileName: document.fileName,
  hash: document.hash,
  mimeType: document.mimeType,
  columns: columns.map(({ column, source, target }) => ({ column, source, target })),
  rowsRead: 0,
  created: 0,
  updated: 0,
  refused: 0,
  startedBy: caller.contact.contactId,
  startedByName: fullName(caller.contact),
  creationDate,
});

export interface ImportJobOptions {
  db: AsyncStore;
  registry: Registry;
  files: FileStorage;
  /** Rows per batch (default 200, IMPORT_BATCH_ROWS). */
  batchRows?: number;
  /** The worker's lease, renewed by each batch (JOBS_LEASE_MS). */
  leaseMs?: number;
}

/** Another run of this import got ahead (two workers after a lease passed): this one stops. */
class Overtaken extends Error {}

async function failed(db: AsyncStore, history: Stored<ImportHistory>, key: string): Promise<void> {
  await db.transaction((tx) => tx.update<ImportHistory>(HISTORIES, history.importHistoryId, (current) => ({ ...current, status: 'FAILED', lastError: key, endDate: nowIso() })));
}

/** Why a document could not be read: the reader's reason, else "unreadable". */
const readFailure = (error: unknown) => (error instanceof SheetReadError ? error.key : 'import.error.unreadable');

/** The document's data rows (the header left out). */
async function countRows(path: string, history: ImportHistory): Promise<number> {
  let rows = -1;
  const pause = pacer();
  for await (const _ of sheetRows(path, history.mimeType, history.fileName)) {
    rows++;
    await pause();
  }
  return Math.max(0, rows);
}

/** The order rows checked before their transaction, pausing for requests (checking holds no lock and reads no record). */
export async function checkedRows(context: RunContext, history: ImportHistory, rows: readonly SheetRow[], pause: () => Promise<void>): Promise<CheckedOrderRow[] | undefined> {
  if (history.kind !== 'ORDER') return undefined;
  const checked: CheckedOrderRow[] = [];
  for (const row of rows) {
    await pause();
    checked.push(checkOrderRow(context.registry, context, row, history.columns));
  }
  return checked;
}

async function batchOutcomes(tx: Writer, context: RunContext, history: ImportHistory, rows: readonly SheetRow[], checked: CheckedOrderRow[] | undefined, pause: () => Promise<void>): Promise<RowOutcome[]> {
  if (checked) return writeOrderRows(tx, context, checked, pause);
  const outcomes: RowOutcome[] = [];
  for (const row of rows) outcomes.push(await writeServiceRow(tx, context, await serviceRowBody(tx, context, row, history.columns)));
  return outcomes;
}

/**
 * A batch's writes in the caller's transaction: its records, its refused rows, and the history's
 * progress (rowsRead, the counts; DONE with its end date when it is the last). The job's batches
 * and the demo seed's import history (server/seed/imports.ts) go through it.
 */
export async function writeBatch(tx: Writer, context: RunContext, history: Stored<ImportHistory>, batch: readonly SheetRow[], checked: CheckedOrderRow[] | undefined, last: boolean, pause: () => Promise<void>): Promise<Stored<ImportHistory>> {
  const { importHistoryId, rowsRead: from } = history;
  const outcomes = await batchOutcomes(tx, context, history, batch, checked, pause);
  const count = (outcome: RowOutcome['outcome']) => outcomes.filter((row) => row.outcome === outcome).length;
  const refusals = outcomes.flatMap((outcome, index) => (outcome.outcome === 'refused' ? [{ importHistoryId, line: outcome.line, values: cellTexts(batch[index].cells), errors: outcome.errors }] : []));
  await tx.insertMany(REFUSALS, 'importRefusalId', refusals);
  return tx.update<ImportHistory>(HISTORIES, importHistoryId, (stored) => ({
    ...stored,
    status: last ? 'DONE' : 'RUNNING',
    rowsRead: from + batch.length,
    created: stored.created + count('created'),
    updated: stored.updated + count('updated'),
    refused: stored.refused + count('refused'),
    ...(last ? { endDate: nowIso() } : {}),
  }));
}

export async function runImport(options: ImportJobOptions, importHistoryId: number, job: Stored<Job>): Promise<void> {
  const { db, files } = options;
  let history = await db.get<ImportHistory>(HISTORIES, importHistoryId);
  if (!history || history.status === 'DONE' || history.status === 'FAILED') return;
  const context = await runContext(db, options.registry, history.startedBy);
  if (!context) return failed(db, history, 'import.error.starterGone');
  const path = files.blobPath(history.hash);
  if (!(await exists(path))) return failed(db, history, 'import.error.documentGone');
  if (history.totalRows === undefined) {
    let totalRows: number;
    try {
      totalRows = await countRows(path, history);
    } catch (error) {
      return failed(db, history, readFailure(error));
    }
    history = await db.transaction((tx) => tx.update<ImportHistory>(HISTORIES, importHistoryId, (current) => ({ ...current, totalRows, status: 'RUNNING' })));
  }
  const batchRows = options.batchRows ?? 200;
  const pause = pacer();
  const leaseMs = options.leaseMs ?? 60_000;

  /** One batch in one transaction: its records, its refusals, the progress, the lease; the last one also ends the import and its job. */
  const commit = async (batch: SheetRow[], last: boolean) => {
    const from = history!.rowsRead;
    const checked = await checkedRows(context, history!, batch, pause);
    history = await db.transaction(async (tx) => {
      const current = await tx.get<ImportHistory>(HISTORIES, importHistoryId);
      if (!current || current.rowsRead !== from || current.status === 'DONE' || current.status === 'FAILED') throw new Overtaken();
      const jobNow = await tx.get<Job>(JOBS, job.jobId);
      if (jobNow && last) await tx.remove(JOBS, job.jobId);
      else if (jobNow) await tx.update<Job>(JOBS, job.jobId, (stored) => ({ ...stored, availableAt: new Date(Date.now() + leaseMs).toISOString() }));
      return writeBatch(tx, context, current, batch, checked, last, pause);
    });
  };

  let dataRows = 0;
  let batch: SheetRow[] = [];
  try {
    let header = true;
    for await (const row of sheetRows(path, history.mimeType, history.fileName)) {
      if (header) {
        header = false;
        continue;
      }
      // Rows a run before this one already committed.
      await pause();
      if (dataRows++ < history.rowsRead) continue;
      batch.push(row);
      if (batch.length >= batchRows) {
        await commit(batch, false);
        batch = [];
        // A batch holds the event loop while it is checked and written: the requests waiting meanwhile go first.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    // The document read now must be the one counted: rows lost or gained on the way fail the import, never end it DONE.
    if (dataRows !== history.totalRows) return await failed(db, history, 'import.error.rowCount');
    await commit(batch, true);
  } catch (error) {
    if (error instanceof Overtaken) return;
    if (error instanceof SheetReadError) return failed(db, history!, error.key);
    throw error;
  }
}

/** Registers the import job on a worker (server/main.ts, and the tests that run one). */
export function handleImportJobs(worker: JobWorker, options: ImportJobOptions): JobWorker {
  return worker.handle(IMPORT_JOB, (payload, job) => runImport(options, Number(payload.importHistoryId), job));
}
