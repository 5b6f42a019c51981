/**
 * The server calls of the upload protocol (declare, read back, send a chunk, finalize, discard), each answering
 * what the queue machine expects; a failure becomes { status, message, transferredBytes } (status 0: no answer).
 */
import { ApiError, request } from '../api';
import type { QueueItem, UploadCallError, UploadStatus } from '../../machines/uploadQueue';
import type { FileEntry } from './uploadTypes';

const BASE = '/back/bo/uploads/';

function callError(error: unknown): UploadCallError {
  if (error instanceof ApiError) {
    const transferredBytes = error.body?.transferredBytes;
    return { status: error.status, message: error.body?.message ?? error.message, transferredBytes: typeof transferredBytes === 'number' ? transferredBytes : undefined };
  }
  return { status: 0, message: String(error) };
}

async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  try {
    return (await request<T>(method, path, { body, quiet: true, signal })).data;
  } catch (error) {
    throw callError(error);
  }
}

export function declareUpload(item: QueueItem, signal?: AbortSignal): Promise<UploadStatus> {
  const { fileName: filename, mimeType, byteSize, hash, fileType, entityId, documentType } = item;
  return call('POST', BASE, { filename, mimeType, byteSize, hash, fileType, entityId, documentType }, signal);
}

export function readUpload(uuid: string, signal?: AbortSignal): Promise<UploadStatus> {
  return call('GET', `${BASE}${uuid}`, undefined, signal);
}

/** One chunk from `offset`, raw bytes with their Content-Range. */
export async function sendChunk(input: { uuid: string; file: Blob; offset: number; chunkBytes: number }, signal?: AbortSignal): Promise<UploadStatus> {
  const { uuid, file, offset, chunkBytes } = input;
  const end = Math.min(file.size, offset + chunkBytes);
  let response: Response;
  try {
    response = await fetch(`${BASE}${uuid}`, {
      method: 'PATCH',
      credentials: 'include',
      signal,
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': 'application/octet-stream',
        'Content-Range': `bytes ${offset}-${end - 1}/${file.size}`,
      },
      body: file.slice(offset, end),
    });
  } catch (error) {
    throw { status: 0, message: String(error) } satisfies UploadCallError;
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) throw callError(new ApiError(response.status, response.statusText, body));
  return body as UploadStatus;
}

export function finalizeUpload(uuid: string, signal?: AbortSignal): Promise<{ file?: FileEntry }> {
  return call('PUT', `${BASE}${uuid}`, undefined, signal);
}

/** Aborted: the server removes the partial data. A failure is ignored: the file has left the queue anyway. */
export function discardUpload(uuid: string): void {
  void call('DELETE', `${BASE}${uuid}`).catch(() => undefined);
}
