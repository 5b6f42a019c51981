import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '../../server/files/send';
import { FileStorage, filesDirOf } from '../../server/files/storage';
import { contentFits } from '../../server/files/contentType';

/** Where files go (FILES_DIR), how a chunk is written, what a download is named, what text passes as text. */
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const body = (...parts: string[]) => new Blob(parts).stream();

describe('FILES_DIR', () => {
  it('is the variable when set, else a files folder beside DB_FILE, else data/files on PostgreSQL', () => {
    expect(filesDirOf({ FILES_DIR: '/srv/files', DB_FILE: '/var/db.json' })).toBe('/srv/files');
    expect(filesDirOf({ DB_FILE: '/var/qcflow/db.json' })).toBe('/var/qcflow/files');
    expect(filesDirOf({})).toBe('data/files');
    expect(filesDirOf({ DATABASE_URL: 'postgres://x' })).toBe('data/files');
    expect(filesDirOf({ DATABASE_URL: 'postgres://x', DB_FILE: '/tmp/t/db.json' })).toBe('/tmp/t/files');
  });
});

describe('FileStorage', () => {
  it('writes chunks at their offset, refuses a body longer or shorter than announced, hashes the declared size', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qcflow-files-'));
    dirs.push(dir);
    const storage = new FileStorage(dir);
    await storage.writeChunk('u1', 0, body('hello '), 6);
    await expect(storage.writeChunk('u1', 6, body('world!!'), 6)).rejects.toThrow();
    await expect(storage.writeChunk('u1', 6, body('wor'), 6)).rejects.toThrow();
    await storage.writeChunk('u1', 6, body('world!'), 6);
    expect(await readFile(storage.partialPath('u1'), 'utf8')).toBe('hello world!');
    expect(await storage.hashPartial('u1', 11)).toBe(createHash('sha256').update('hello world').digest('hex'));
    expect(await readFile(storage.partialPath('u1'), 'utf8')).toBe('hello world');
    await expect(storage.writeChunk('gone', 5, body('x'), 1)).rejects.toThrow();
  });
});

describe('downloads and text', () => {
  it('names the attachment in ASCII and in UTF-8', () => {
    expect(contentDisposition('plan "final".pdf')).toBe(`attachment; filename="plan _final_.pdf"; filename*=UTF-8''plan%20%22final%22.pdf`);
    expect(contentDisposition("l'été.csv")).toBe(`attachment; filename="l'_t_.csv"; filename*=UTF-8''l%27%C3%A9t%C3%A9.csv`);
  });

  it('takes UTF-8 without NUL as text, a character cut at the end of a sample too, but not at the end of the file', async () => {
    const text = Buffer.from('colour;écru\n', 'utf8');
    expect(await contentFits('text/csv', text, true)).toBe(true);
    const cut = text.subarray(0, text.indexOf(0xc3) + 1);
    expect(await contentFits('text/plain', cut, false)).toBe(true);
    expect(await contentFits('text/plain', cut, true)).toBe(false);
    expect(await contentFits('text/plain', Buffer.from([0x61, 0x00]), true)).toBe(false);
    expect(await contentFits('text/plain', Buffer.from([0xff, 0xfe, 0x61]), true)).toBe(false);
  });
});
