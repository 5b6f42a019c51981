/**
 * The queue's runtime, loaded on first use (see uploads.ts): the queue machine (machines/uploadQueue.ts) with the
 * real calls, the hashing worker, and the browser's IndexedDB keeping unfinished files (the File itself with its
 * upload uuid) so that a reloaded page resumes them.
 */
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { uploadQueueMachine, type QueueItem } from '../../machines/uploadQueue';
import { declareUpload, discardUpload, finalizeUpload, readUpload, sendChunk } from './uploadCalls';
import { forgetSaved, savedUploads, saveUpload } from './uploadPersistence';
import { announceDone, setUploadItems } from './uploadStore';
import type { FileEntry, UploadItem, UploadRequest } from './uploadTypes';

/** Bytes hashed so far per item, shown while a file is being checked. */
const hashed = new Map<string, number>();

const hashFile = fromCallback<EventObject, { file: Blob; id: string }>(({ input, sendBack }) => {
  const worker = new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }: MessageEvent<{ progress?: number; hash?: string; error?: string }>) => {
    if (data.hash) sendBack({ type: 'HASHED', hash: data.hash });
    else if (data.error) sendBack({ type: 'HASH_FAILED', message: data.error });
    else if (data.progress !== undefined) {
      hashed.set(input.id, data.progress);
      publish();
    }
  };
  worker.onerror = (event) => sendBack({ type: 'HASH_FAILED', message: event.message });
  worker.postMessage({ file: input.file });
  return () => {
    worker.terminate();
    hashed.delete(input.id);
  };
});

const machine = uploadQueueMachine.provide({
  actors: {
    hashFile,
    declareUpload: fromPromise(({ input, signal }) => declareUpload(input.item, signal)),
    readUpload: fromPromise(({ input, signal }) => readUpload(input.uuid, signal)),
    sendChunk: fromPromise(({ input, signal }) => sendChunk(input, signal)),
    finalizeUpload: fromPromise(({ input, signal }) => finalizeUpload(input.uuid, signal)),
  },
  actions: {
    discardUpload: (_, { uuid }) => uuid && discardUpload(uuid),
    logTransferError: (_, { error }) => console.warn('Upload interrupted, resuming', error),
    announceDone: (_, { file }) => file && announceDone(file as FileEntry),
  },
});

const actor = createActor(machine);

function percentOf(item: QueueItem): number {
  const bytes = item.state === 'hashing' ? (hashed.get(item.id) ?? 0) : item.transferredBytes;
  return item.byteSize ? Math.floor((bytes / item.byteSize) * 100) : 0;
}

function publish(): void {
  const items: UploadItem[] = actor.getSnapshot().context.items.map((item) => ({
    id: item.id,
    fileName: item.fileName,
    fileType: item.fileType,
    entityId: item.entityId,
    percent: percentOf(item),
    state: item.state,
    error: item.error,
  }));
  setUploadItems(items);
}

/** Unfinished items are saved whenever their hash or uuid changes; finished, refused or aborted ones are forgotten. */
const saved = new Map<string, string>();
function persist(): void {
  const items = actor.getSnapshot().context.items;
  const unfinished = new Set<string>();
  for (const item of items) {
    if (item.state === 'done' || item.state === 'refused') continue;
    unfinished.add(item.id);
    const signature = `${item.hash}/${item.uuid}`;
    if (saved.get(item.id) !== signature) {
      saved.set(item.id, signature);
      saveUpload(item);
    }
  }
  for (const id of [...saved.keys()].filter((id) => !unfinished.has(id))) {
    saved.delete(id);
    forgetSaved(id);
  }
}

actor.subscribe(() => {
  publish();
  persist();
});
actor.start();

let lastId = 0;
const newId = () => `${Date.now().toString(36)}-${++lastId}-${Math.random().toString(36).slice(2, 8)}`;

export function enqueue(requests: UploadRequest[]): void {
  const items = requests.map(({ file, fileType, entityId, documentType }): QueueItem => ({
    id: newId(),
    file,
    fileName: file.name,
    mimeType: file.type,
    byteSize: file.size,
    fileType,
    entityId,
    documentType,
    transferredBytes: 0,
    state: 'queued',
  }));
  actor.send({ type: 'ENQUEUE', items });
}

export function abort(id: string): void {
  actor.send({ type: 'ABORT', id });
}

export function dismiss(id: string): void {
  actor.send({ type: 'DISMISS', id });
}

let restored = false;
/** Once per page: the files a reload interrupted go back in the queue and resume from the server's offset. */
export async function restore(owner: number): Promise<void> {
  if (restored) return;
  restored = true;
  const items = await savedUploads(owner);
  items.forEach((item) => saved.set(item.id, `${item.hash}/${item.uuid}`));
  if (items.length) actor.send({ type: 'ENQUEUE', items });
}
