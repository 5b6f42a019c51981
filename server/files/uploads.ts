import { HttpError } from '../errors';
import type { Caller } from '../context';
import { and, eq } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';

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

/** 409 with the byte to go on from, so a client can resume. */
export const resumeAt = (transferredBytes: number, key = 'upload.resumeAt') =>
  new HttpError(409, 'UploadConflictException', key, { transferredBytes }, [], 'WARN', { transferredBytes });

/** The caller's upload of that uuid (another contact's is "not found"). */
export async function ownUpload(db: Reader, uuid: string, caller: Caller): Promise<Stored<UploadRow>> {
  const [row] = await db.query<UploadRow>({ collection: UPLOADS, where: and(eq('uuid', uuid)), orderBy: [{ field: 'uuid' }, { field: 'uploadId' }], limit: 1 });
  if (!row || row.contactId !== caller.contact.contactId || row.universeId !== caller.universeId) throw uploadNotFound();
  return row;
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

