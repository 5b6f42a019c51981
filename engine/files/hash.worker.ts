/**
 * sha-256 of a file off the main thread (a large file must not freeze the page): read in 65,536-byte slices,
 * hashed incrementally with hash-wasm (WebCrypto's digest takes the whole file at once). Answers
 * { progress: bytes } messages while reading, then { hash } (lowercase hex) or { error }.
 */
import { createSHA256 } from 'hash-wasm';

const SLICE_BYTES = 65_536;
/** A progress message every this many bytes, not per slice. */
const PROGRESS_EVERY = 4 * 1024 * 1024;

type Scope = { postMessage(message: unknown): void; onmessage: ((event: MessageEvent<{ file: Blob }>) => void) | null };
const scope = self as unknown as Scope;

scope.onmessage = async ({ data: { file } }) => {
  try {
    const hasher = await createSHA256();
    hasher.init();
    let reported = 0;
    for (let offset = 0; offset < file.size; offset += SLICE_BYTES) {
      hasher.update(new Uint8Array(await file.slice(offset, offset + SLICE_BYTES).arrayBuffer()));
      if (offset - reported >= PROGRESS_EVERY) {
        reported = offset;
        scope.postMessage({ progress: offset });
      }
    }
    scope.postMessage({ hash: hasher.digest('hex') });
  } catch (error) {
    scope.postMessage({ error: String(error) });
  }
};
