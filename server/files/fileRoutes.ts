import { Hono } from 'hono';
import { requireCaller, type AppContext, type AppEnv } from '../context';
import { notFound, validationError } from '../errors';
import { readJson } from '../json-body';
import type { Registry } from '../schemas';
import type { Row } from '../store/types';
import { createAjv, fieldErrors } from '../validation';
import type { FileDomains } from './domains';
import { FILES, fileEntry, fileOf, filesOf, releaseUnused, removeEntries, type FileRow } from './entries';
import { sendFile } from './send';
import { followElements } from '../tasks/lifecycle';

/**
 * A record's files (files-contract): the list (read right of the record), a download, a delete
 * (write right; the blob leaves the disk with its last entry), and the service sheet's elements
 * (list and rename, comment, document type).
 */
const id = '[0-9]+';
/** `{entityId}_{fileId}` of the download and delete links. */
const REF = ':ref{[0-9]+_[0-9]+}';
const refOf = (c: AppContext) => c.req.param('ref')!.split('_').map(Number) as [number, number];

export function fileRoutes(registry: Registry, domains: FileDomains): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const context = (c: AppContext) => ({ caller: requireCaller(c), db: c.get('services').db, storage: c.get('services').files });

  const list = async (c: AppContext, fileType: string, entityId: number) => {
    const { caller, db } = context(c);
    await domains.get(fileType).access.read(db, entityId, caller);
    return c.json((await filesOf(db, caller.universeId, fileType, entityId)).map(fileEntry));
  };

  /**
   * Removes an entry of one of `fileTypes` of the record, then its blob if unused: the write right
   * of the file's own domain (a link names only the entity), else of the call's (the first).
   */
  const remove = async (c: AppContext, fileTypes: readonly string[], entityId: number, fileId: number) => {
    const { caller, db, storage } = context(c);
    const hashes = await db.transaction(async (tx) => {
      await domains.get(fileTypes[0]).record.read(tx, entityId, caller);
      const row = await fileOf(tx, caller.universeId, fileTypes, entityId, fileId);
      await domains.get(row?.fileType ?? fileTypes[0]).access.write(tx, entityId, caller);
      if (!row) throw notFound();
      const hashes = await removeEntries(tx, [row]);
      if (row.fileType === 'SERVICE') await followElements(tx, entityId, 'ELEMENT_REMOVED');
      return hashes;
    });
    await releaseUnused(db, storage, hashes);
    return c.body(null, 204);
  };

  app.get(`/back/bo/uploads/elements/:fileType{[A-Z0-9_]+}/:entityId{${id}}`, (c) => list(c, c.req.param('fileType'), Number(c.req.param('entityId'))));
  app.delete(`/back/bo/uploads/elements/:fileType{[A-Z0-9_]+}/:entityId{${id}}/:fileId{${id}}`, (c) =>
    remove(c, [domains.get(c.req.param('fileType')).name], Number(c.req.param('entityId')), Number(c.req.param('fileId'))),
  );

  /** Download: the bytes as an attachment named after the file. */
  const download = async (c: AppContext) => {
    const { caller, db, storage } = context(c);
    const { entity, record } = domains.ofLink(c.req.param('domain')!);
    const [entityId, fileId] = refOf(c);
    await record.read(db, entityId, caller);
    const file = await fileOf(db, caller.universeId, Object.keys(entity.files), entityId, fileId);
    if (!file) throw notFound();
    await domains.get(file.fileType).access.read(db, entityId, caller);
    return sendFile(c, storage.blobPath(file.hash), { type: file.mimeType, attachment: file.fileName });
  };
  app.get(`/back/bo/files/:domain{[A-Za-z0-9_]+}/${REF}`, download);
  app.get(`/back/bo/files/:domain{[A-Za-z0-9_]+}/${REF}/`, download);

  /** A contact's picture or a service's element, by its link (the link's domain first: CONTACT, SERVICE). */
  const removeByLink = (c: AppContext) => {
    const { entity, name } = domains.ofLink(c.req.param('domain')!);
    const [entityId, fileId] = refOf(c);
    return remove(c, [name, ...Object.keys(entity.files).filter((other) => other !== name)], entityId, fileId);
  };
  app.delete(`/back/bo/files/:domain{contacts|services}/${REF}`, removeByLink);
  app.delete(`/back/bo/files/:domain{contacts|services}/${REF}/`, removeByLink);

  // ---- the service sheet's elements (domain SERVICE) ----
  const ELEMENTS = `/back/bo/serviceElements/:id{${id}}/elements`;
  app.get(ELEMENTS, (c) => list(c, 'SERVICE', Number(c.req.param('id'))));

  const fileSchema = registry.entities.get('file')!.schema.properties as Record<string, Row>;
  const validateChange = createAjv().compile({
    type: 'object',
    additionalProperties: false,
    properties: { fileName: fileSchema.fileName, comment: fileSchema.comment, documentType: { anyOf: [fileSchema.documentType, { type: 'null' }] } },
  });
  app.patch(`${ELEMENTS}/:fileId{${id}}`, async (c) => {
    const { caller, db } = context(c);
    const serviceId = Number(c.req.param('id'));
    const body = await readJson(c);
    const updated = await db.transaction(async (tx) => {
      await domains.get('SERVICE').access.write(tx, serviceId, caller);
      const row = await fileOf(tx, caller.universeId, ['SERVICE'], serviceId, Number(c.req.param('fileId')));
      if (!row) throw notFound();
      if (!validateChange(body)) throw validationError(fieldErrors(validateChange.errors));
      const change = body as { fileName?: string; comment?: string; documentType?: string | null };
      return tx.update<FileRow>(FILES, row.fileId, ({ documentType: previousType, ...current }) => {
        const documentType = change.documentType === undefined ? previousType : (change.documentType ?? undefined);
        return {
          ...current,
          ...(change.fileName !== undefined ? { fileName: change.fileName } : {}),
          ...(change.comment !== undefined ? { comment: change.comment } : {}),
          ...(documentType ? { documentType } : {}),
        };
      });
    });
    return c.json(fileEntry(updated));
  });

  return app;
}
