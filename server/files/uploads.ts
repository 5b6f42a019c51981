import { HttpError } from '../errors';
import type { Caller } from '../context';
import { and, eq } from '../store/query';
import type { AsyncStore, Reader, Row, Stored } from '../store/types';
import type { FileStorage } from './storage';

/**
 * Uploads (collection `uploads`, schemas/entities/upload.json): a file declared, then sent in
 * chunks, then finalized into a file entry. Each is private to the contact who declared it.
 */
export const UPLOADS = 'uploads';
/** Spec §9 "Max upload size". */
export const MAX_UPLOAD_BYTES = 262_144_000;
/** One PATCH carries at most this much (16 MiB). */
export const MAX_CHUNK_BYTES = 16 * 1024 * 1024;

export interface UploadRow extends Row {
  uploadId: number;
  uuid: string;
  uploadState: 'TOUPLOAD' | 'TOUPDATE' | 'DONE';
  filename: string;
  mimeType: string;
  byteSize: number;
  hash: string;
  fileType: string;
  entityId: number;
  documentType?: string;
  transferredBytes: number;
  contactId: number;
  universeId: number;
  fileId?: number;
}

export const uploadNotFound = () => new HttpError(404, 'UploadNotFoundException', 'upload.notFound');

/** 409: the upload is finished already (a chunk or a finalize after it). */
export const uploadDone = () => new HttpError(409, 'UploadConflictException', 'upload.done');

/** 409 with the byte to go on from, so a client can resume. */
export const resumeAt = (transferredBytes: number, key = 'upload.resumeAt') =>
  new HttpError(409, 'UploadConflictException', key, { transferredBytes }, [], 'WARN', { transferredBytes });

/** The caller's upload of that uuid (another contact's is "not found"). */
export async function ownUpload(db: Reader, uuid: string, caller: Caller): Promise<Stored<UploadRow>> {
  const [row] = await db.query<UploadRow>({ collection: UPLOADS, where: eq('uuid', uuid), orderBy: [{ field: 'uuid' }, { field: 'uploadId' }], limit: 1 });
  if (!row || row.contactId !== caller.contact.contactId || row.universeId !== caller.universeId) throw uploadNotFound();
  return row;
}

/** An upload untouched this long is dropped (files-contract: uploads resume after an interruption, not forever). */
export const STALE_UPLOAD_MS = 7 * 24 * 3600 * 1000;

/**
 * The caller's uploads declared over a week ago, finished or not, go with their partial data
 * (so abandoned uploads do not fill FILES_DIR); done when the caller declares a new one.
 */
export async function dropStaleUploads(db: AsyncStore, storage: FileStorage, caller: Caller, now = Date.now()): Promise<void> {
  const before = new Date(now - STALE_UPLOAD_MS).toISOString();
  const stale = await db.query<UploadRow>({ collection: UPLOADS, where: and(eq('contactId', caller.contact.contactId), { op: 'lt', field: 'creationDate', value: before }) });
  for (const row of stale) {
    await storage.discardPartial(row.uuid);
    await db.transaction((tx) => tx.remove(UPLOADS, row.uploadId));
  }
}

/** The Upload of the contract. */
export function uploadBody(row: Stored<UploadRow>): Row {
  const { uploadId: _id, contactId: _contact, universeId: _universe, version: _version, creationDate: _date, ...upload } = row;
  return upload;
}

/** `Content-Range: bytes a-b/total`. */
export function parseContentRange(header: string | undefined): { first: number; last: number; total: number } {
  const match = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(header?.trim() ?? '');
  if (!match) throw new HttpError(400, 'BadRequestException', 'upload.badRange');
  const [first, last, total] = match.slice(1).map(Number);
  if (first > last || last >= total) throw new HttpError(400, 'BadRequestException', 'upload.badRange');
  return { first, last, total };
}

