import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { CHUNK_BYTES, DONE_VISIBLE_MS, RETRY_DELAY_MS, uploadQueueMachine, type QueueItem, type UploadCallError, type UploadStatus } from '../../machines/uploadQueue';

/**
 * The upload queue machine against an in-memory server: the calls it makes, in which order, from which offset.
 * A test can make the next call of a kind fail (`failNext`) or hold it (`hold`) to look at the queue meanwhile.
 */
function fakeServer() {
  const uploads = new Map<string, { transferredBytes: number; byteSize: number; done: boolean }>();
  const calls: string[] = [];
  const failures: Record<string, UploadCallError[]> = {};
  const held: Record<string, (() => void)[]> = {};
  const holding = new Set<string>();
  let next = 1;

  async function call<T>(kind: string, label: string, answer: () => T): Promise<T> {
    calls.push(label);
    if (holding.has(kind)) await new Promise<void>((resolve) => (held[kind] ??= []).push(resolve));
    const failure = failures[kind]?.shift();
    if (failure) throw failure;
    return answer();
  }
  const status = (uuid: string): UploadStatus => ({ uuid, transferredBytes: uploads.get(uuid)!.transferredBytes, uploadState: uploads.get(uuid)!.done ? 'DONE' : 'TOUPDATE' });

  const log = vi.fn();
  const discarded: (string | undefined)[] = [];
  const stored: unknown[] = [];
  const machine = uploadQueueMachine.provide({
    actors: {
      hashFile: fromCallback(({ sendBack, input }: { sendBack: (event: { type: 'HASHED'; hash: string }) => void; input: { file: Blob; id: string } }) => {
        calls.push(`hash ${input.file.size}`);
        sendBack({ type: 'HASHED', hash: 'a'.repeat(64) });
      }),
      declareUpload: fromPromise(({ input }: { input: { item: QueueItem } }) =>
        call('declare', `declare ${input.item.fileName}`, () => {
          const uuid = `u${next++}`;
          uploads.set(uuid, { transferredBytes: 0, byteSize: input.item.byteSize, done: false });
          return status(uuid);
        }),
      ),
      readUpload: fromPromise(({ input }: { input: { uuid: string } }) => call('read', `read ${input.uuid}`, () => status(input.uuid))),
      sendChunk: fromPromise(({ input }: { input: { uuid: string; file: Blob; offset: number; chunkBytes: number } }) =>
        call('send', `send ${input.uuid} @${input.offset}`, () => {
          const upload = uploads.get(input.uuid)!;
          if (input.offset !== upload.transferredBytes) throw { status: 409, transferredBytes: upload.transferredBytes } satisfies UploadCallError;
          upload.transferredBytes = Math.min(upload.byteSize, input.offset + input.chunkBytes);
          return status(input.uuid);
        }),
      ),
      finalizeUpload: fromPromise(({ input }: { input: { uuid: string } }) =>
        call('finalize', `finalize ${input.uuid}`, () => {
          uploads.get(input.uuid)!.done = true;
          return { file: { fileId: 1, uuid: input.uuid } } as { file?: unknown };
        }),
      ),
    },
    actions: {
      logTransferError: (_, params) => log(params.error),
      discardUpload: (_, params) => void discarded.push(params.uuid),
      announceDone: (_, params) => void stored.push(params.file),
    },
  });
  return {
    actor: createActor(machine).start(),
    uploads,
    calls,
    log,
    discarded,
    stored,
    failNext: (kind: string, error: UploadCallError) => (failures[kind] ??= []).push(error),
    hold: (kind: string) => holding.add(kind),
    release: (kind: string) => {
      holding.delete(kind);
      (held[kind] ?? []).splice(0).forEach((resolve) => resolve());
    },
  };
}

function item(fileName: string, byteSize: number, extra: Partial<QueueItem> = {}): QueueItem {
  return { id: fileName, file: new Blob([new Uint8Array(byteSize)]), fileName, mimeType: 'application/pdf', byteSize, fileType: 'DOC', entityId: 7, transferredBytes: 0, state: 'queued', ...extra };
}

const items = (server: ReturnType<typeof fakeServer>) => server.actor.getSnapshot().context.items.map((i) => `${i.fileName}:${i.state}:${i.transferredBytes}`);
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('upload queue machine', () => {
  it('processes queued files one at a time: hash, declare, chunks, finalize', async () => {
    const server = fakeServer();
    server.hold('send');
    server.actor.send({ type: 'ENQUEUE', items: [item('a.pdf', CHUNK_BYTES + 10), item('b.pdf', 5)] });
    await settle();
    // a is sending its first chunk; b waits its turn.
    expect(items(server)).toEqual(['a.pdf:sending:0', 'b.pdf:queued:0']);
    expect(server.calls).toEqual([`hash ${CHUNK_BYTES + 10}`, 'declare a.pdf', 'send u1 @0']);
    server.release('send');
    await settle();
    expect(server.calls).toEqual([`hash ${CHUNK_BYTES + 10}`, 'declare a.pdf', 'send u1 @0', `send u1 @${CHUNK_BYTES}`, 'finalize u1', 'hash 5', 'declare b.pdf', 'send u2 @0', 'finalize u2']);
    expect(items(server)).toEqual([`a.pdf:done:${CHUNK_BYTES + 10}`, 'b.pdf:done:5']);
    expect(server.stored).toEqual([{ fileId: 1, uuid: 'u1' }, { fileId: 1, uuid: 'u2' }]);
    // Finished files leave the list a moment later: the panel closes.
    await vi.advanceTimersByTimeAsync(DONE_VISIBLE_MS);
    expect(items(server)).toEqual([]);
  });

  it('logs a transfer error and retries after 1000 ms, from the bytes the server holds', async () => {
    const server = fakeServer();
    server.actor.send({ type: 'ENQUEUE', items: [item('a.pdf', CHUNK_BYTES * 2 + 1)] });
    server.failNext('send', { status: 0 });
    server.hold('send');
    await settle();
    server.release('send');
    server.hold('send'); // the next chunk waits: the first one failed, so nothing more was sent
    await settle();
    expect(server.log).toHaveBeenCalledWith({ status: 0 });
    expect(items(server)).toEqual(['a.pdf:retrying:0']);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(server.calls.filter((c) => c.startsWith('read'))).toEqual([]);
    // Meanwhile the lost chunk had reached the server.
    server.uploads.get('u1')!.transferredBytes = CHUNK_BYTES;
    server.release('send');
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls.slice(2)).toEqual(['send u1 @0', 'read u1', `send u1 @${CHUNK_BYTES}`, `send u1 @${CHUNK_BYTES * 2}`, 'finalize u1']);
    expect(items(server)).toEqual([`a.pdf:done:${CHUNK_BYTES * 2 + 1}`]);
  });

  it('retries a 5xx too, but stops on a refusal with the server message; the refused file can be dismissed', async () => {
    const server = fakeServer();
    server.failNext('declare', { status: 503, message: 'Busy' });
    server.failNext('declare', { status: 400, message: 'The file is not a valid image' });
    server.actor.send({ type: 'ENQUEUE', items: [item('a.gif', 3), item('b.pdf', 3)] });
    await settle();
    expect(items(server)).toEqual(['a.gif:retrying:0', 'b.pdf:queued:0']);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(server.actor.getSnapshot().context.items[0]).toMatchObject({ state: 'refused', error: 'The file is not a valid image' });
    expect(items(server)[1]).toBe('b.pdf:done:3');
    await vi.advanceTimersByTimeAsync(DONE_VISIBLE_MS);
    expect(items(server)).toEqual(['a.gif:refused:0']);
    server.actor.send({ type: 'DISMISS', id: 'a.gif' });
    expect(items(server)).toEqual([]);
  });

  it('resumes a known upload (after a reload) from the server offset, and follows a 409 offset', async () => {
    const server = fakeServer();
    server.uploads.set('u9', { transferredBytes: CHUNK_BYTES, byteSize: CHUNK_BYTES * 3, done: false });
    server.actor.send({ type: 'ENQUEUE', items: [item('a.pdf', CHUNK_BYTES * 3, { uuid: 'u9', hash: 'b'.repeat(64) })] });
    await settle();
    server.hold('send');
    await settle();
    // The server received one more chunk than it had answered: the PATCH gets a 409 with its count.
    server.uploads.get('u9')!.transferredBytes = CHUNK_BYTES * 2;
    server.release('send');
    await settle();
    expect(server.calls).toEqual(['read u9', `send u9 @${CHUNK_BYTES}`, `send u9 @${CHUNK_BYTES * 2}`, 'finalize u9']);
    expect(items(server)).toEqual([`a.pdf:done:${CHUNK_BYTES * 3}`]);
  });

  it('announces a file stored just before the reload: finalizing again answers its entry', async () => {
    const server = fakeServer();
    server.uploads.set('u9', { transferredBytes: 8, byteSize: 8, done: true });
    server.actor.send({ type: 'ENQUEUE', items: [item('a.pdf', 8, { uuid: 'u9', hash: 'b'.repeat(64) })] });
    await settle();
    expect(server.calls).toEqual(['read u9', 'finalize u9']);
    expect(server.stored).toEqual([{ fileId: 1, uuid: 'u9' }]);
    expect(items(server)).toEqual(['a.pdf:done:8']);
  });

  it('declares again when the server no longer knows the upload', async () => {
    const server = fakeServer();
    server.failNext('read', { status: 404, message: 'Unknown upload' });
    server.actor.send({ type: 'ENQUEUE', items: [item('a.pdf', 4, { uuid: 'gone', hash: 'b'.repeat(64) })] });
    await settle();
    expect(server.calls).toEqual(['read gone', 'declare a.pdf', 'send u1 @0', 'finalize u1']);
  });

  it('aborts: the running file is discarded on the server and removed, the next one starts', async () => {
    const server = fakeServer();
    server.hold('send');
    server.actor.send({ type: 'ENQUEUE', items: [item('a.pdf', 10), item('b.pdf', 10), item('c.pdf', 10)] });
    await settle();
    server.actor.send({ type: 'ABORT', id: 'c.pdf' });
    expect(items(server)).toEqual(['a.pdf:sending:0', 'b.pdf:queued:0']);
    server.actor.send({ type: 'ABORT', id: 'a.pdf' });
    expect(server.discarded).toEqual([undefined, 'u1']);
    server.release('send');
    await settle();
    expect(items(server)).toEqual(['b.pdf:done:10']);
    expect(server.calls.filter((c) => c.startsWith('finalize'))).toEqual(['finalize u2']);
  });
});
