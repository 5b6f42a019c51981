import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';

/**
 * The upload queue (spec 1 §4 "Uploads", spec 2 §8, §9 "Upload retry"): files are processed one at a time — hash,
 * declare (or read back the state of an upload already declared), send the chunks, finalize. A transfer error is
 * logged and the upload resumes after 1000 ms from what the server holds; a refusal stops that file with the server's
 * message until it is dismissed. Pure: the client provides the calls (actors) and the side effects (actions).
 */

/** Bytes sent per chunk (PATCH); the server takes up to 16 MiB. */
export const CHUNK_BYTES = 4 * 1024 * 1024;
/** Spec §9 "Upload retry". */
export const RETRY_DELAY_MS = 1000;
/** How long a finished file stays listed before the panel forgets it. */
export const DONE_VISIBLE_MS = 3000;

export type QueueItemState = 'queued' | 'hashing' | 'declaring' | 'sending' | 'retrying' | 'finalizing' | 'done' | 'refused';

export interface QueueItem {
  id: string;
  file: Blob;
  fileName: string;
  mimeType: string;
  byteSize: number;
  fileType: string;
  entityId: number;
  documentType?: string;
  /** sha-256 (lowercase hex) once computed. */
  hash?: string;
  /** The server's upload, once declared. */
  uuid?: string;
  transferredBytes: number;
  state: QueueItemState;
  error?: string;
}

/** What the server answers about an upload (POST, GET, PATCH). */
export interface UploadStatus {
  uuid: string;
  uploadState?: 'TOUPLOAD' | 'TOUPDATE' | 'DONE';
  transferredBytes: number;
  fileId?: number;
}

/** How a failed call is reported to the machine: the HTTP status (0: no answer) and the server's body. */
export interface UploadCallError {
  status: number;
  message?: string;
  transferredBytes?: number;
}

export type UploadQueueEvent =
  | { type: 'ENQUEUE'; items: QueueItem[] }
  | { type: 'ABORT'; id: string }
  | { type: 'DISMISS'; id: string }
  | { type: 'HASHED'; hash: string }
  | { type: 'HASH_FAILED'; message?: string };

interface Context {
  items: QueueItem[];
  /** The item being processed. */
  currentId?: string;
}

/** A refusal: a 4xx the same call would meet again (not a conflict, a timeout or a rate limit). */
export function isRefusal(error: unknown): boolean {
  const status = (error as UploadCallError)?.status ?? 0;
  return status >= 400 && status < 500 && ![408, 409, 429].includes(status);
}

function callError(error: unknown): UploadCallError {
  return error && typeof error === 'object' && 'status' in error ? (error as UploadCallError) : { status: 0, message: String(error) };
}

const current = (context: Context) => context.items.find((item) => item.id === context.currentId);

/** The upload an ABORT discards. */
const discarded = ({ context, event }: { context: Context; event: { id: string } }) => ({ uuid: context.items.find((item) => item.id === event.id)?.uuid });

/** The context with the current item changed. */
function patchCurrent(context: Context, patch: Partial<QueueItem>): QueueItem[] {
  return context.items.map((item) => (item.id === context.currentId ? { ...item, ...patch } : item));
}

export const uploadQueueMachine = setup({
  types: {
    context: {} as Context,
    events: {} as UploadQueueEvent,
  },
  actors: {
    /** Reports HASHED (or HASH_FAILED) with the file's sha-256. */
    hashFile: fromCallback<EventObject, { file: Blob; id: string }>(() => undefined),
    declareUpload: fromPromise<UploadStatus, { item: QueueItem }>(async () => {
      throw new Error('declareUpload not provided');
    }),
    readUpload: fromPromise<UploadStatus, { uuid: string }>(async () => {
      throw new Error('readUpload not provided');
    }),
    sendChunk: fromPromise<UploadStatus, { uuid: string; file: Blob; offset: number; chunkBytes: number }>(async () => {
      throw new Error('sendChunk not provided');
    }),
    finalizeUpload: fromPromise<{ file?: unknown }, { uuid: string }>(async () => {
      throw new Error('finalizeUpload not provided');
    }),
  },
  actions: {
    /** Discards the server's partial data of an aborted upload. */
    discardUpload: (_, _params: { uuid?: string }) => undefined,
    /** A transfer error is logged (spec §8). */
    logTransferError: (_, _params: { error: unknown }) => undefined,
    /** A file is stored: the lists showing it refresh. */
    announceDone: (_, _params: { file: unknown }) => undefined,
    /** A refusal keeps the server's message for the panel. */
    keepMessage: assign({ items: ({ context, event }) => patchCurrent(context, { error: callError((event as { error?: unknown }).error).message }) }),
    /** An aborted item leaves the queue; what the server holds of it is discarded. */
    dropItem: assign({ items: ({ context, event }) => context.items.filter((item) => event.type !== 'ABORT' || item.id !== event.id) }),
  },
  guards: {
    hasNext: ({ context }) => context.items.some((item) => item.state === 'queued'),
    hasDone: ({ context }) => context.items.some((item) => item.state === 'done'),
    isDeclared: ({ context }) => !!current(context)?.uuid,
    isHashed: ({ context }) => !!current(context)?.hash,
    isRefusal: ({ event }) => isRefusal((event as { error?: unknown }).error),
    /** A 409 on a chunk answers the server's count. */
    isServerOffset: ({ event }) => {
      const error = callError((event as { error?: unknown }).error);
      return error.status === 409 && typeof error.transferredBytes === 'number';
    },
    isCurrent: ({ context, event }) => event.type === 'ABORT' && event.id === context.currentId,
    isUnknownUpload: ({ event }) => callError((event as { error?: unknown }).error).status === 404,
    isComplete: ({ context }) => {
      const item = current(context);
      return !!item && item.transferredBytes >= item.byteSize;
    },
    isAlreadyStored: ({ event }) => (event as { output?: UploadStatus }).output?.uploadState === 'DONE',
  },
}).createMachine({
  id: 'uploadQueue',
  context: { items: [] },
  initial: 'idle',
  on: {
    ENQUEUE: {
      actions: assign({ items: ({ context, event }) => [...context.items, ...event.items.map((item) => ({ ...item, state: 'queued' as const }))] }),
    },
    DISMISS: {
      actions: assign({ items: ({ context, event }) => context.items.filter((item) => item.id !== event.id || (item.state !== 'refused' && item.state !== 'done')) }),
    },
  },
  states: {
    idle: {
      always: { guard: 'hasNext', target: 'working' },
      on: { ABORT: { actions: [{ type: 'discardUpload', params: discarded }, 'dropItem'] } },
      // Finished files stay listed a moment, then the panel closes when nothing else remains.
      after: {
        [DONE_VISIBLE_MS]: { guard: 'hasDone', actions: assign({ items: ({ context }) => context.items.filter((item) => item.state !== 'done') }) },
      },
    },
    working: {
      entry: assign({ currentId: ({ context }) => context.items.find((item) => item.state === 'queued')?.id }),
      exit: assign({ currentId: undefined }),
      initial: 'choosing',
      on: {
        ABORT: [
          // The current file: its running call is cancelled by leaving the state.
          { guard: 'isCurrent', target: '#uploadQueue.idle', actions: [{ type: 'discardUpload', params: discarded }, 'dropItem'] },
          { actions: [{ type: 'discardUpload', params: discarded }, 'dropItem'] },
        ],
      },
      states: {
        choosing: {
          always: [
            { guard: 'isDeclared', target: 'resuming' },
            { guard: 'isHashed', target: 'declaring' },
            { target: 'hashing' },
          ],
        },
        hashing: {
          entry: assign({ items: ({ context }) => patchCurrent(context, { state: 'hashing' }) }),
          invoke: { id: 'hash', src: 'hashFile', input: ({ context }) => ({ file: current(context)!.file, id: context.currentId! }) },
          on: {
            HASHED: { target: 'declaring', actions: assign({ items: ({ context, event }) => patchCurrent(context, { hash: event.hash }) }) },
            HASH_FAILED: { target: 'refused', actions: assign({ items: ({ context, event }) => patchCurrent(context, { error: event.message }) }) },
          },
        },
        declaring: {
          entry: assign({ items: ({ context }) => patchCurrent(context, { state: 'declaring' }) }),
          invoke: {
            id: 'declare',
            src: 'declareUpload',
            input: ({ context }) => ({ item: current(context)! }),
            onDone: {
              target: 'next',
              actions: assign({ items: ({ context, event }) => patchCurrent(context, { uuid: event.output.uuid, transferredBytes: event.output.transferredBytes ?? 0 }) }),
            },
            onError: [{ guard: 'isRefusal', target: 'refused', actions: 'keepMessage' }, { target: 'retrying' }],
          },
        },
        // After an interruption or a reload: the server says how far it got.
        resuming: {
          invoke: {
            id: 'read',
            src: 'readUpload',
            input: ({ context }) => ({ uuid: current(context)!.uuid! }),
            onDone: [
              // Stored before the page went away: finalizing again answers its file entry.
              { guard: 'isAlreadyStored', target: 'finalizing', actions: assign({ items: ({ context }) => patchCurrent(context, { transferredBytes: current(context)!.byteSize }) }) },
              { target: 'next', actions: assign({ items: ({ context, event }) => patchCurrent(context, { transferredBytes: event.output.transferredBytes }) }) },
            ],
            onError: [
              // The server forgot it (aborted elsewhere, expired): declare it again.
              { guard: 'isUnknownUpload', target: 'declaring', actions: assign({ items: ({ context }) => patchCurrent(context, { uuid: undefined, transferredBytes: 0 }) }) },
              { guard: 'isRefusal', target: 'refused', actions: 'keepMessage' },
              { target: 'retrying' },
            ],
          },
        },
        // Another chunk, or every byte is there.
        next: { always: [{ guard: 'isComplete', target: 'finalizing' }, { target: 'sending' }] },
        sending: {
          entry: assign({ items: ({ context }) => patchCurrent(context, { state: 'sending', error: undefined }) }),
          invoke: {
            id: 'send',
            src: 'sendChunk',
            input: ({ context }) => {
              const item = current(context)!;
              return { uuid: item.uuid!, file: item.file, offset: item.transferredBytes, chunkBytes: CHUNK_BYTES };
            },
            onDone: {
              target: 'next',
              actions: assign({ items: ({ context, event }) => patchCurrent(context, { transferredBytes: event.output.transferredBytes }) }),
            },
            onError: [
              // The server holds another count (a chunk lost its answer): continue from there.
              {
                guard: 'isServerOffset',
                target: 'next',
                actions: assign({ items: ({ context, event }) => patchCurrent(context, { transferredBytes: callError(event.error).transferredBytes! }) }),
              },
              { guard: 'isUnknownUpload', target: 'declaring', actions: assign({ items: ({ context }) => patchCurrent(context, { uuid: undefined, transferredBytes: 0 }) }) },
              { guard: 'isRefusal', target: 'refused', actions: 'keepMessage' },
              { target: 'retrying' },
            ],
          },
        },
        finalizing: {
          entry: assign({ items: ({ context }) => patchCurrent(context, { state: 'finalizing' }) }),
          invoke: {
            id: 'finalize',
            src: 'finalizeUpload',
            input: ({ context }) => ({ uuid: current(context)!.uuid! }),
            onDone: { target: 'stored', actions: { type: 'announceDone', params: ({ event }) => ({ file: event.output.file }) } },
            onError: [
              // A 409 (the server counts fewer bytes) is no refusal: retrying reads back where it stands.
              { guard: 'isRefusal', target: 'refused', actions: 'keepMessage' },
              { target: 'retrying' },
            ],
          },
        },
        retrying: {
          entry: [
            { type: 'logTransferError', params: ({ event }) => ({ error: (event as { error?: unknown }).error }) },
            assign({ items: ({ context, event }) => patchCurrent(context, { state: 'retrying', error: callError((event as { error?: unknown }).error).message }) }),
          ],
          after: { [RETRY_DELAY_MS]: [{ guard: 'isDeclared', target: 'resuming' }, { target: 'choosing' }] },
        },
        stored: {
          entry: assign({ items: ({ context }) => patchCurrent(context, { state: 'done', transferredBytes: current(context)!.byteSize, error: undefined }) }),
          always: { target: '#uploadQueue.idle' },
        },
        refused: {
          entry: assign({ items: ({ context }) => patchCurrent(context, { state: 'refused' }) }),
          always: { target: '#uploadQueue.idle' },
        },
      },
    },
  },
});
