import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { requireCaller, type AppContext, type AppEnv, type Caller } from '../context';
import { nowIso } from '../dates';
import { HttpError, badRequest, businessRule, notFound, validationError } from '../errors';
import { fullName, COLLECTIONS, type Contact } from '../identity';
import { isPlainObject, readJson } from '../json-body';
import type { Registry } from '../schemas';
import { ConflictError, type Row, type Stored, type Writer } from '../store/types';
import { followElements } from '../tasks/lifecycle';
import { fieldErrors } from '../validation';
import { IMAGE_TYPES, MAGIC_SAMPLE, TEXT_SAMPLE, acceptedTypes, contentFits } from './contentType';
import type { FileDomains } from './domains';
import { addRight } from '../resources/recordAccess';
import { FILES, fileEntry, releaseIfUnused, releaseUnused, removeEntries, type FileRow } from './entries';
import { ChunkLengthError, PartialMissingError, exists } from './storage';
import { makeThumbnails } from './thumbnails';
import { MAX_CHUNK_BYTES, MAX_UPLOAD_BYTES, UPLOADS, dropStaleUploads, ownUpload, parseContentRange, resumeAt, uploadBody, uploadDone, type UploadRow } from './uploads';

/**
 * The upload protocol (files-contract "Calls"): POST declares a file, PATCH sends a chunk
 * (streamed to FILES_DIR/partial/<uuid>, never held whole), GET tells where it stands (to resume),
 * PUT finalizes (SHA-256 checked, the bytes become the content's blob, pictures get thumbnails,
 * a CONTACT picture becomes the contact's), DELETE aborts.
 */
const BASE = '/back/bo/uploads';
const ONE = `${BASE}/:uuid{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}}`;

const tooLarge = (key: string, max: number) => new HttpError(413, 'PayloadTooLargeException', key, { max });

export function uploadRoutes(registry: Registry, domains: FileDomains): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const uploadEntity = registry.entities.get('upload')!;
  const allTypes = (registry.enums.uploadMimeType.enum ?? []) as string[];
  const context = (c: AppContext) => ({ caller: requireCaller(c), db: c.get('services').db, storage: c.get('services').files });

  const declare = async (c: AppContext) => {
    const { caller, db } = context(c);
    const body = await readJson(c);
    // A domain no entity has (a typo) is "not found", like an unknown record.
    if (isPlainObject(body) && typeof body.fileType === 'string' && !domains.has(body.fileType)) throw notFound();
    if (!uploadEntity.validateCreate(body)) throw validationError(fieldErrors(uploadEntity.validateCreate.errors));
    const declared = body as Pick<UploadRow, 'filename' | 'mimeType' | 'byteSize' | 'hash' | 'fileType' | 'entityId' | 'documentType'>;
    if (declared.byteSize === 0) throw badRequest('upload.empty');
    if (declared.byteSize > MAX_UPLOAD_BYTES) throw tooLarge('upload.tooLarge', MAX_UPLOAD_BYTES);
    const domain = domains.get(declared.fileType);
    await addRight(domain.access)(db, declared.entityId, caller);
    if (!acceptedTypes(domain.rule, allTypes).includes(declared.mimeType)) throw badRequest(domain.rule.pictures ? 'upload.notImage' : 'upload.typeRefused');
    if (domain.rule.documentType && !declared.documentType) throw validationError([{ path: '/documentType', key: 'upload.documentTypeRequired' }]);
    const row = await db.transaction((tx) => tx.insert<Row>(UPLOADS, 'uploadId', {
      uuid: randomUUID(),
      uploadState: 'TOUPLOAD',
      filename: declared.filename,
      mimeType: declared.mimeType,
      byteSize: declared.byteSize,
      hash: declared.hash,
      fileType: declared.fileType,
      entityId: declared.entityId,
      ...(declared.documentType ? { documentType: declared.documentType } : {}),
      transferredBytes: 0,
      contactId: caller.contact.contactId,
      universeId: caller.universeId,
      creationDate: nowIso(),
    }));
    await dropStaleUploads(db, c.get('services').files, caller);
    return c.json(uploadBody(row as Stored<UploadRow>), 201);
  };
  app.post(BASE, declare);
  app.post(`${BASE}/`, declare);

  app.get(ONE, async (c) => {
    const { caller, db } = context(c);
    return c.json(uploadBody(await ownUpload(db, c.req.param('uuid'), caller)));
  });

  /** Back to the start: no bytes kept (a wrong hash, a lost partial file). */
  const restart = async (c: AppContext, upload: Stored<UploadRow>) => {
    const { db, storage } = context(c);
    await storage.discardPartial(upload.uuid);
    await db.transaction((tx) => tx.update<UploadRow>(UPLOADS, upload.uploadId, (current) => ({ ...current, uploadState: 'TOUPLOAD', transferredBytes: 0 })));
  };

  app.patch(ONE, async (c) => {
    const { caller, db, storage } = context(c);
    // Refused before its body is read: the rest of the body is not waited for.
    c.header('Connection', 'close');
    const { first, last, total } = parseContentRange(c.req.header('Content-Range'));
    const length = last - first + 1;
    if (length > MAX_CHUNK_BYTES) throw tooLarge('upload.chunkTooLarge', MAX_CHUNK_BYTES);
    const declaredLength = c.req.header('Content-Length');
    if (declaredLength !== undefined && Number(declaredLength) !== length) throw badRequest('upload.chunkLength');
    const upload = await ownUpload(db, c.req.param('uuid'), caller);
    if (upload.uploadState === 'DONE') throw uploadDone();
    if (total !== upload.byteSize) throw badRequest('upload.badRange');
    if (first !== upload.transferredBytes) throw resumeAt(upload.transferredBytes);
    try {
      await storage.writeChunk(upload.uuid, first, c.req.raw.body, length);
    } catch (error) {
      if (error instanceof ChunkLengthError) throw badRequest('upload.chunkLength');
      // The client went away mid-chunk: nothing counted, it resumes from transferredBytes.
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') throw badRequest('upload.interrupted');
      if (error instanceof PartialMissingError) {
        await restart(c, upload);
        throw resumeAt(0);
      }
      throw error;
    }
    // The file's start is checked once there is enough of it (or all of it).
    const checkAt = Math.min(MAGIC_SAMPLE, upload.byteSize);
    if (first < checkAt && last + 1 >= checkAt) {
      const sample = await storage.head(upload.uuid, Math.min(TEXT_SAMPLE, last + 1));
      if (!(await contentFits(upload.mimeType, sample, last + 1 === upload.byteSize))) {
        await storage.discardPartial(upload.uuid);
        await db.transaction((tx) => tx.remove(UPLOADS, upload.uploadId));
        throw badRequest(domains.get(upload.fileType).rule.pictures ? 'upload.notImage' : 'upload.wrongContent');
      }
    }
    const updated = await db.transaction((tx) => tx.update<UploadRow>(UPLOADS, upload.uploadId, (current) => ({ ...current, uploadState: 'TOUPDATE', transferredBytes: last + 1 }), upload.version));
    c.header('Connection', undefined);
    return c.json({ uuid: updated.uuid, uploadState: updated.uploadState, transferredBytes: updated.transferredBytes });
  });

  app.put(ONE, async (c) => {
    const { caller, db, storage } = context(c);
    const upload = await ownUpload(db, c.req.param('uuid'), caller);
    if (upload.uploadState === 'DONE') {
      const file = await db.get<FileRow>(FILES, upload.fileId!);
      return c.json({ ...uploadBody(upload), file: file ? fileEntry(file) : undefined });
    }
    if (upload.transferredBytes !== upload.byteSize) throw resumeAt(upload.transferredBytes, 'upload.incomplete');
    const domain = domains.get(upload.fileType);
    await addRight(domain.access)(db, upload.entityId, caller);
    let hash: string;
    try {
      hash = await storage.hashPartial(upload.uuid, upload.byteSize);
    } catch (error) {
      if (!(error instanceof PartialMissingError)) throw error;
      await restart(c, upload);
      throw resumeAt(0);
    }
    if (hash !== upload.hash) {
      await restart(c, upload);
      throw businessRule('upload.hashMismatch');
    }
    // The blob and its entry come together under the content's lock: a delete of another entry of
    // the same bytes cannot count zero users between the two and remove the blob.
    const done = await storage.withHash(hash, async () => {
      // Another finalize of this upload (a client's retry) got here first and took the bytes.
      if (!(await exists(storage.partialPath(upload.uuid)))) throw uploadDone();
      const picture = IMAGE_TYPES.has(upload.mimeType) && (await makeThumbnails(storage, hash, storage.partialPath(upload.uuid)).then(() => true, () => false));
      if (!picture && domain.rule.pictures) return undefined;
      await storage.keep(upload.uuid, hash);
      try {
        return await db.transaction((tx) => finalize(tx, upload, hash, picture, caller));
      } catch (error) {
        // A finalize that lost a race leaves the blob without an entry (unless another uses it).
        await releaseIfUnused(db, storage, hash);
        if (error instanceof ConflictError) throw uploadDone();
        throw error;
      }
    });
    if (!done) {
      await restart(c, upload);
      throw badRequest('upload.notImage');
    }
    await releaseUnused(db, storage, done.released);
    return c.json({ ...uploadBody(done.finished), file: fileEntry(done.file) });
  });

  app.delete(ONE, async (c) => {
    const { caller, db, storage } = context(c);
    const upload = await ownUpload(db, c.req.param('uuid'), caller);
    await storage.discardPartial(upload.uuid);
    await db.transaction((tx) => tx.remove(UPLOADS, upload.uploadId));
    return c.body(null, 204);
  });

  return app;
}

/** In one transaction: the file entry, the upload DONE, and a contact's new picture in place of the old one. */
async function finalize(tx: Writer, upload: Stored<UploadRow>, hash: string, picture: boolean, caller: Caller) {
  const file = (await tx.insert<Row>(FILES, 'fileId', {
    entityId: upload.entityId,
    fileType: upload.fileType,
    creationDate: nowIso(),
    fileName: upload.filename,
    mimeType: upload.mimeType,
    byteSize: upload.byteSize,
    hash,
    ...(upload.documentType ? { documentType: upload.documentType } : {}),
    picture,
    contactId: caller.contact.contactId,
    author: fullName(caller.contact),
    universeId: upload.universeId,
  })) as Stored<FileRow>;
  const finished = await tx.update<UploadRow>(UPLOADS, upload.uploadId, (current) => ({ ...current, uploadState: 'DONE', fileId: file.fileId }), upload.version);
  let released: string[] = [];
  if (upload.fileType === 'SERVICE') {
    await followElements(tx, upload.entityId, 'ELEMENT_ADDED');
  }
  if (upload.fileType === 'CONTACT') {
    const contact = await tx.get<Contact>(COLLECTIONS.contacts, upload.entityId);
    const previous = contact?.pictureFileId ? await tx.get<FileRow>(FILES, contact.pictureFileId) : undefined;
    if (previous) released = await removeEntries(tx, [previous]);
    await tx.update<Contact>(COLLECTIONS.contacts, upload.entityId, (current) => ({ ...current, pictureFileId: file.fileId }));
  }
  return { file, released, finished };
}
