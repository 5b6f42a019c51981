/**
 * What the upload panel and the file lists see of the queue: a small observable list, kept apart from the queue's
 * runtime (machine, worker, IndexedDB) so that importing it costs nothing until a file is queued.
 */
import type { FileEntry, UploadItem } from './uploadTypes';

let items: UploadItem[] = [];
const itemListeners = new Set<() => void>();
const doneListeners = new Set<(entry: FileEntry) => void>();

export function uploadItems(): UploadItem[] {
  return items;
}

export function setUploadItems(next: UploadItem[]): void {
  items = next;
  itemListeners.forEach((listener) => listener());
}

export function subscribeUploadItems(listener: () => void): () => void {
  itemListeners.add(listener);
  return () => itemListeners.delete(listener);
}

export function addDoneListener(listener: (entry: FileEntry) => void): () => void {
  doneListeners.add(listener);
  return () => {
    doneListeners.delete(listener);
  };
}

export function announceDone(entry: FileEntry): void {
  doneListeners.forEach((listener) => listener(entry));
}
