import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { languageOf, type AppContext, type AppEnv, type Caller } from '../context';
import { HttpError, businessRule, notFound, validationError } from '../errors';
import { translate, type Language } from '../i18n';
import { scheduleJob } from '../jobs/queue';
import { filesOf, releaseUnused, removeEntries, type FileRow } from '../files/entries';
import { contentDisposition } from '../files/send';
import { stateChangingGetCaller } from '../routes/stateChangingGet';
import { readObject } from '../services/routeHelpers';
import type { Registry } from '../schemas';
import { and, eq } from '../store/query';
import type { Reader, Stored } from '../store/types';
import { importCaller } from './access';
import { IMPORT_JOB, importJobKey, newHistory, type ImportHistory } from './importJob';
import { HISTORIES, IMPORT_KINDS, type ImportKindDef } from './kinds';
import { mappingOf, remember, rememberedOf, type MappingRow } from './mapping';
import { previewRows } from './preview';
import { refusedRowsFile } from './refusedFile';
import { headerOf, SheetReadError, type Cell } from './sheetReader';

/**
 * The import calls (spec §7.5, docs/imports.md), the same for both kinds under their base path
 * (`/back/bo/importOrder`, `/back/bo/importservice`): the document (the company's newest upload
 * of the kind's file domain), its mapping, a preview, the start, the histories with their
 * progress and refused rows. Everything is the caller's company's: another company's history is
 * "not found".
 */
const HISTORY_LIST = 100;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The company's current document of that kind, if any. */
export async function currentDocument(db: Reader, caller: Caller, def: ImportKindDef): Promise<Stored<FileRow> | undefined> {
  return (await filesOf(db, caller.universeId, def.fileDomain, caller.company.companyId))[0];
}

const sampleText = (cell: Cell | undefined) => (cell === null || cell === undefined ? '' : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell));

/** The document's mapping with three sample values per column; none without a document. */
async function mappingAnswer(c: AppContext, registry: Registry, def: ImportKindDef, caller: Caller) {
  const { db, files } = c.get('services');
  const document = await currentDocument(db, caller, def);
  const targets = def.targets.map(({ target, required }) => ({ target, required: required === true }));
  if (!document) return { document: null, columns: [] as (MappingRow & { samples: string[] })[], targets };
  const { headers, samples } = await headerOf(files.blobPath(document.hash), document.mimeType, document.fileName).catch((error: unknown) => {
    throw businessRule(error instanceof SheetReadError ? error.key : 'import.error.unreadable');
  });
  const rows = mappingOf(registry, def, headers, await rememberedOf(db, caller.company.companyId, def.kind));
  return {
    document: { fileId: document.fileId, fileName: document.fileName, byteSize: document.byteSize, creationDate: document.creationDate },
    columns: rows.map((row) => ({ ...row, samples: samples.map((cells) => sampleText(cells[row.column])) })),
    targets,
  };
}

/** A history as the API shows it (its blob's hash stays on the server), a failed one with its `reason` in the caller's language. */
const present = ({ hash: _hash, universeId: _universe, ...history }: Stored<ImportHistory>, lang: Language) => ({
  ...history,
  ...(typeof history.lastError === 'string' ? { reason: translate(lang, history.lastError) } : {}),
});

async function historyOf(db: Reader, caller: Caller, def: ImportKindDef, id: string): Promise<Stored<ImportHistory>> {
  const history = /^[1-9]\d{0,14}$/.test(id) ? await db.get<ImportHistory>(HISTORIES, Number(id)) : undefined;
  if (!history || history.companyId !== caller.company.companyId || history.kind !== def.kind) throw notFound();
  return history;
}

/** The mapping checked for a start: every row ready, every required target fed. */
function assertStartable(def: ImportKindDef, rows: readonly MappingRow[]): void {
  const waiting = rows.filter((row) => !row.ready);
  if (waiting.length) throw new HttpError(422, 'BusinessException', 'import.error.notReady', { columns: waiting.map((row) => row.source).join(', ') });
  const missing = def.targets.filter((target) => target.required && !rows.some((row) => row.target === target.target));
  if (missing.length) throw new HttpError(422, 'BusinessException', 'import.error.requiredTargets', { count: missing.length }, missing.map(({ target }) => ({ path: `/${target}`, key: 'import.error.requiredTarget' })));
}

const running = (db: Reader, caller: Caller, def: ImportKindDef) =>
  db.query<ImportHistory>({ collection: HISTORIES, where: and(eq('companyId', caller.company.companyId), eq('kind', def.kind), { op: 'in', field: 'status', values: ['QUEUED', 'RUNNING'] }), limit: 1 });

function kindRoutes(app: Hono<AppEnv>, registry: Registry, def: ImportKindDef): void {
  const base = def.base;

  app.get(`${base}/mappings`, async (c) => c.json(await mappingAnswer(c, registry, def, importCaller(c))));

  app.patch(`${base}/mappings/:column{[0-9]+}`, async (c) => {
    const caller = importCaller(c);
    const { db } = c.get('services');
    const column = Number(c.req.param('column'));
    const body = await readObject(c, ['column', 'source', 'target']);
    const errors = [
      ...(body.column !== undefined && body.column !== column ? [{ path: '/column', key: 'import.error.columnMismatch' }] : []),
      ...(typeof body.source !== 'string' ? [{ path: '/source', key: 'validation.required' }] : []),
      ...(body.target !== null && !def.targets.some(({ target }) => target === body.target) ? [{ path: '/target', key: 'validation.unknownValue' }] : []),
    ];
    if (errors.length) throw validationError(errors);
    const answer = await mappingAnswer(c, registry, def, caller);
    const row = answer.columns[column];
    if (!answer.document) throw businessRule('import.error.noDocument');
    if (!row || row.source !== body.source) throw new HttpError(422, 'BusinessException', 'import.error.columnChanged', {}, [{ path: '/source', key: 'import.error.columnChanged' }]);
    const target = body.target as string | null;
    if (target && answer.columns.some((other) => other.column !== column && other.target === target)) {
      throw new HttpError(422, 'BusinessException', 'import.error.targetTaken', {}, [{ path: '/target', key: 'import.error.targetTaken' }]);
    }
    // Spec §5.5: a new target waits for its confirmation, which is the same target sent again.
    const columns = answer.columns.map(({ samples: _, ...other }) => (other.column === column ? { ...other, target, ready: other.target === target } : other));
    await db.transaction((tx) => remember(tx, caller.company.companyId, caller.universeId, def.kind, columns));
    return c.json(await mappingAnswer(c, registry, def, caller));
  });

  app.get(`${base}/preview`, async (c) => {
    const caller = importCaller(c);
    const { db, files } = c.get('services');
    const answer = await mappingAnswer(c, registry, def, caller);
    const document = await currentDocument(db, caller, def);
    if (!document) return c.json({ columns: [], rows: [] });
    const columns = answer.columns.map(({ samples: _, ...row }) => row);
    return c.json({ columns, rows: await previewRows(db, registry, caller, def, files.blobPath(document.hash), document, columns, languageOf(c)) });
  });

  app.get(`${base}/startImport`, async (c) => {
    const caller = stateChangingGetCaller(c);
    importCaller(c);
    const { db } = c.get('services');
    const answer = await mappingAnswer(c, registry, def, caller);
    if (!answer.document) throw businessRule('import.error.noDocument');
    const columns = answer.columns.map(({ samples: _, ...row }) => row);
    assertStartable(def, columns);
    const history = await db.transaction(async (tx) => {
      const document = await currentDocument(tx, caller, def);
      if (!document || document.fileId !== answer.document!.fileId) throw businessRule('import.error.noDocument');
      if ((await running(tx, caller, def)).length) throw businessRule('import.error.running');
      await remember(tx, caller.company.companyId, caller.universeId, def.kind, columns);
      const created = (await tx.insert(HISTORIES, 'importHistoryId', newHistory(caller, def.kind, document, columns))) as unknown as Stored<ImportHistory>;
      await scheduleJob(tx, IMPORT_JOB, new Date(), { importHistoryId: created.importHistoryId }, importJobKey(created.importHistoryId));
      return created;
    });
    return c.json(present(history, languageOf(c)));
  });

  app.delete(`${base}/importDocument`, async (c) => {
    const caller = importCaller(c);
    const { db, files } = c.get('services');
    const released = await db.transaction(async (tx) => {
      const document = await currentDocument(tx, caller, def);
      if (!document) throw notFound();
      // The job reads the document's bytes until it is done.
      if ((await running(tx, caller, def)).some((history) => history.hash === document.hash)) throw businessRule('import.error.running');
      return removeEntries(tx, [document]);
    });
    await releaseUnused(db, files, released);
    return c.json(true);
  });

  app.get(`${base}/histories`, async (c) => {
    const caller = importCaller(c);
    const { db } = c.get('services');
    const rows = await db.query<ImportHistory>({
      collection: HISTORIES,
      where: and(eq('companyId', caller.company.companyId), eq('kind', def.kind)),
      orderBy: [{ field: 'importHistoryId', desc: true }],
      limit: HISTORY_LIST,
    });
    return c.json(rows.map((row) => present(row, languageOf(c))));
  });

  app.get(`${base}/histories/:id`, async (c) => {
    const caller = importCaller(c);
    return c.json(present(await historyOf(c.get('services').db, caller, def, c.req.param('id')), languageOf(c)));
  });

  app.get(`${base}/histories/:id/progress`, async (c) => {
    const caller = importCaller(c);
    const { importHistoryId, status, totalRows, rowsRead, created, updated, refused } = await historyOf(c.get('services').db, caller, def, c.req.param('id'));
    const percent = status === 'DONE' ? 100 : totalRows ? Math.min(99, Math.floor((rowsRead * 100) / totalRows)) : 0;
    return c.json({ importHistoryId, status, totalRows: totalRows ?? null, rowsRead, created, updated, refused, percent });
  });

  app.get(`${base}/histories/:id/refusedRows`, async (c) => {
    const caller = importCaller(c);
    const { db } = c.get('services');
    const history = await historyOf(db, caller, def, c.req.param('id'));
    const name = `${history.fileName.replace(/\.[^.]+$/, '')}-refused.xlsx`;
    const stream = Readable.toWeb(refusedRowsFile(db, registry, languageOf(c), history)) as ReadableStream<Uint8Array>;
    return c.body(stream, 200, { 'Content-Type': XLSX, 'Content-Disposition': contentDisposition(name) });
  });
}

export function importRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const def of IMPORT_KINDS) kindRoutes(app, registry, def);
  return app;
}

