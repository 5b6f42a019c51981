import { requireCaller, type AppContext } from '../context';
import { notFound, validationError } from '../errors';
import { readJson } from '../json-body';
import type { Registry } from '../schemas';
import type { Row } from '../store/types';
import { followElements } from '../tasks/lifecycle';
import { createAjv, fieldErrors } from '../validation';
import type { FileDomains } from './domains';
import { FILES, fileEntry, fileOf, filesOf, releaseUnused, removeEntries, type FileRow } from './entries';

/**
 * The calls on a record's files that several routes share (files-contract): list (read right of
 * the record), remove (write right; the blob leaves the disk with its last entry) and edit — the
 * elements' rename, comment and document type — whatever path names them (a service's elements,
 * a reference's).
 */
export function fileCalls(registry: Registry, domains: FileDomains) {
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

  const fileSchema = registry.entities.get('file')!.schema.properties as Record<string, Row>;
  const validateChange = createAjv().compile({
    type: 'object',
    additionalProperties: false,
    properties: { fileName: fileSchema.fileName, comment: fileSchema.comment, documentType: { anyOf: [fileSchema.documentType, { type: 'null' }] } },
  });

  /** Renames an element, comments it, sets or clears its document type (write right of the record; 404 first, then 403, then 400). */
  const edit = async (c: AppContext, fileType: string, entityId: number, fileId: number) => {
    const { caller, db } = context(c);
    const body = await readJson(c);
    const updated = await db.transaction(async (tx) => {
      await domains.get(fileType).access.write(tx, entityId, caller);
      const row = await fileOf(tx, caller.universeId, [fileType], entityId, fileId);
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
  };

  return { list, remove, edit };
}
