import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Client, Reply } from './helpers';

/** The upload protocol as a client drives it (files-contract), for the files tests. */
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface Declaration {
  fileType: string;
  entityId: number;
  filename?: string;
  mimeType?: string;
  documentType?: string;
  hash?: string;
  byteSize?: number;
}

export const declare = (client: Client, bytes: Uint8Array, declaration: Declaration): Promise<Reply> =>
  client.post('/back/bo/uploads/', {
    filename: 'sample.pdf',
    mimeType: 'application/pdf',
    byteSize: bytes.length,
    hash: sha256(bytes),
    ...declaration,
  });

/** One chunk: bytes [first, first + chunk.length) of a file of `total` bytes. */
export const sendChunk = (client: Client, uuid: string, chunk: Uint8Array, first: number, total: number): Promise<Reply> =>
  client.request('PATCH', `/back/bo/uploads/${uuid}`, {
    raw: chunk,
    headers: { 'Content-Type': 'application/octet-stream', 'Content-Range': `bytes ${first}-${first + chunk.length - 1}/${total}` },
  });

export const finalize = (client: Client, uuid: string): Promise<Reply> => client.request('PUT', `/back/bo/uploads/${uuid}`);

/** Declares, sends in chunks of `chunkSize` and finalizes; answers the finalize reply (each step must succeed). */
export async function uploadFile(client: Client, bytes: Uint8Array, declaration: Declaration, chunkSize = bytes.length): Promise<Reply> {
  const declared = await declare(client, bytes, declaration);
  if (declared.status !== 201) throw new Error(`declare: ${declared.status} ${declared.text}`);
  for (let first = 0; first < bytes.length; first += chunkSize) {
    const sent = await sendChunk(client, declared.body.uuid, bytes.subarray(first, first + chunkSize), first, bytes.length);
    if (sent.status !== 200) throw new Error(`chunk at ${first}: ${sent.status} ${sent.text}`);
  }
  return finalize(client, declared.body.uuid);
}

/** A small PDF: its magic bytes and some padding (file-type reads the header only). */
export function pdfBytes(size = 3000, seed = 0): Uint8Array {
  const bytes = Buffer.alloc(size, 0x20 + (seed % 90));
  Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n').copy(bytes);
  return bytes;
}

/** A real PNG of that size (a gradient, so thumbnails have something to crop). */
export const pngBytes = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();
