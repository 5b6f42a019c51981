/**
 * The upload queue's public face: queue files, follow them, hear when each is stored. Files go one at a time
 * (hash → declare → chunks → finalize, resumed after an interruption or a page reload); the shell's upload panel
 * shows the queue. The runtime (machine, hashing worker, IndexedDB) is loaded on first use only.
 */
import { useSyncExternalStore } from 'react';
import { addDoneListener, subscribeUploadItems, uploadItems } from './uploadStore';
export { refusedFiles, MAX_UPLOAD_BYTES, PICTURE_MIME_TYPES } from './uploadChecks';
export type { FileEntry, UploadItem, UploadItemState, UploadRequest } from './uploadTypes';
import type { FileEntry, UploadItem, UploadRequest } from './uploadTypes';

const runtime = () => import('./uploadRuntime');

/** Queues files; the shell's panel shows them; resolves nothing — listen with onUploadDone. */
export function enqueueUploads(requests: UploadRequest[]): void {
  if (requests.length) void runtime().then((queue) => queue.enqueue(requests));
}

/** Called with each finished file (to refresh a list). Returns the unsubscribe function. */
export function onUploadDone(listener: (entry: FileEntry) => void): () => void {
  return addDoneListener(listener);
}

/** React hook: the queue's items for a panel or a leave guard. */
export function useUploadQueue(): UploadItem[] {
  return useSyncExternalStore(subscribeUploadItems, uploadItems, uploadItems);
}

/** React hook: the items of one record still on their way (not done; a refused one until it is dismissed). */
export function useRecordUploads(fileType: string, entityId: number): UploadItem[] {
  return useUploadQueue().filter((item) => item.fileType === fileType && item.entityId === entityId && item.state !== 'done');
}

/** Calls `listener` with each finished file of one record (to read its files again). Returns the unsubscribe function. */
export function onRecordUploadDone(fileType: string, entityId: number, listener: (entry: FileEntry) => void): () => void {
  return onUploadDone((entry) => {
    if (entry.fileType === fileType && entry.entityId === entityId) listener(entry);
  });
}

/** Stops an item (and discards what the server holds of it). */
export function abortUpload(id: string): void {
  void runtime().then((queue) => queue.abort(id));
}

/** Removes a refused item from the panel. */
export function dismissUpload(id: string): void {
  void runtime().then((queue) => queue.dismiss(id));
}

/** Restores the uploads a reload interrupted (saved in the browser for this signed-in person) and continues them. */
export function resumeSavedUploads(owner: number): void {
  void runtime().then((queue) => queue.restore(owner));
}

/** Whether leaving the page now would interrupt an upload. */
export function isUploadPending(item: UploadItem): boolean {
  return item.state !== 'done' && item.state !== 'refused';
}
