import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { FileChooser, Page } from '@playwright/test';

const folder = mkdtempSync(join(tmpdir(), 'qcflow-e2e-files-'));
process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
/**
 * A file written to a temp folder, given to `setInputFiles` by its path: the browser reads it from
 * disk, where a buffer of megabytes would crawl through the DevTools protocol. The type comes from
 * the name's extension.
 */
export function onDisk(name: string, content: Buffer): string {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

/** A real PNG of `width`x`height` pixels in one colour (what sharp must read to make thumbnails). */
export function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => [r, g, b][i % 3])]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** A PDF of about `bytes` bytes: its magic header is what the server's content check reads, the rest is filler. */
export function largePdf(bytes: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n');
  const filler = Buffer.alloc(bytes - head.length, '% filler line of a large scanned report\n');
  return Buffer.concat([head, filler]);
}

/** Delays each chunk (PATCH) by `ms` so that percentages can be seen on the way. */
export const slowChunks = (page: Page, ms: number) =>
  page.route(/\/back\/bo\/uploads\/[^/]+$/, async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => undefined);
  });

/**
 * The next file chooser the page opens, listened for from now on. Playwright asks the browser to
 * intercept file choosers when the first listener is added, and does not wait for the browser's
 * answer: a listener added just before the key or click that opens a chooser can miss it (the
 * chooser then opens unseen and the wait never ends). Call this well before that action.
 */
export function nextFileChooser(page: Page): Promise<FileChooser> {
  const chooser = page.waitForEvent('filechooser', { timeout: 0 });
  // A test that fails before the chooser opens closes the page: that rejection is not a second failure.
  chooser.catch(() => undefined);
  return chooser;
}
