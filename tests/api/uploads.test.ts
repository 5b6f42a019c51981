import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPeople, firstSeen, registryEntities, type Person, type Who } from './demo-people';
import { startWithLogins, type Client, type TestServer } from './helpers';
import { declare, finalize, pdfBytes, sendChunk, sha256, uploadFile } from './upload-client';

/**
 * The upload protocol (files-contract "Calls"): declare, chunks with Content-Range, resume after
 * an interruption, finalize with the SHA-256 checked, abort; the refusals of each step; the
 * content checked by its magic bytes; uploads private to their contact; the record's rights.
 */
let server: TestServer;
let quality: Client, buyer: Client, outsider: Client, manager: Client;
let people: Record<Who, Person>;
/** A CAPA of Maison Lumière (quality's company). */
let capaId: number;

beforeAll(async () => {
  ({ server, clients: { quality, buyer, outsider, manager } } = await startWithLogins(['quality', 'buyer', 'outsider', 'manager']));
  people = await demoPeople(server.store);
  const capa = registryEntities().find((entity) => entity.name === 'capa')!;
  capaId = (await firstSeen(server.store, capa, people.quality, (record) => record.companyCreator === people.quality.companyId))!;
  expect(capaId).toBeGreaterThan(0);
});
afterAll(() => server?.close());

const onCapa = (extra: Record<string, unknown> = {}) => ({ fileType: 'CAPA', entityId: capaId, ...extra });
const blobOf = (hash: string) => join(server.filesDir, 'blobs', hash.slice(0, 2), hash.slice(2, 4), hash);
const partialOf = (uuid: string) => join(server.filesDir, 'partial', uuid);

/** Sends `head` of a chunk announced as `length` bytes, then drops the connection (a network cut). */
function cutChunk(client: Client, uuid: string, first: number, length: number, total: number, head: Uint8Array): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL(`/back/bo/uploads/${uuid}`, server.url);
    const req = request(url, {
      method: 'PATCH',
      headers: {
        Cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(length),
        'Content-Range': `bytes ${first}-${first + length - 1}/${total}`,
      },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(head, () => setTimeout(() => req.destroy(), 100));
  });
}

describe('an upload in chunks', () => {
  it('declares, sends three chunks, shows its progress and finalizes into a file entry and a blob', async () => {
    const bytes = pdfBytes(12_000, 1);
    const declared = await declare(quality, bytes, onCapa({ filename: 'report.pdf' }));
    expect(declared.status, declared.text).toBe(201);
    expect(declared.body).toMatchObject({ uploadState: 'TOUPLOAD', filename: 'report.pdf', mimeType: 'application/pdf', byteSize: 12_000, hash: sha256(bytes), fileType: 'CAPA', entityId: capaId, transferredBytes: 0 });
    const { uuid } = declared.body;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);

    for (const [index, first] of [0, 4000, 8000].entries()) {
      const sent = await sendChunk(quality, uuid, bytes.subarray(first, first + 4000), first, bytes.length);
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body).toEqual({ uuid, uploadState: 'TOUPDATE', transferredBytes: first + 4000 });
      if (index === 0) expect((await quality.get(`/back/bo/uploads/${uuid}`)).body).toMatchObject({ uploadState: 'TOUPDATE', transferredBytes: 4000 });
    }
    const done = await finalize(quality, uuid);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ uuid, uploadState: 'DONE', transferredBytes: 12_000 });
    expect(done.body.file).toMatchObject({ fileId: done.body.fileId, entityId: capaId, fileType: 'CAPA', fileName: 'report.pdf', mimeType: 'application/pdf', byteSize: 12_000, picture: false, contactId: people.quality.contactId, author: 'Claire Dubois' });
    expect(done.body.file.creationDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await quality.get(`/back/bo/uploads/${uuid}`)).body).toMatchObject({ uploadState: 'DONE', fileId: done.body.fileId });
    expect(existsSync(blobOf(sha256(bytes)))).toBe(true);
    expect(existsSync(partialOf(uuid))).toBe(false);
    // A second finalize answers the same (a client retrying after a lost answer); a chunk after it is a conflict.
    expect((await finalize(quality, uuid)).body).toMatchObject({ uploadState: 'DONE', fileId: done.body.fileId });
    expect((await sendChunk(quality, uuid, bytes.subarray(8000), 8000, bytes.length)).status).toBe(409);
  });

  it('resumes after a connection cut in the middle of a chunk: GET tells where to go on', async () => {
    const bytes = pdfBytes(9000, 2);
    const { uuid } = (await declare(quality, bytes, onCapa())).body;
    expect((await sendChunk(quality, uuid, bytes.subarray(0, 4500), 0, bytes.length)).status).toBe(200);
    // The second chunk is cut after 1,000 of its 4,500 bytes, and with other bytes than the file's.
    await cutChunk(quality, uuid, 4500, 4500, bytes.length, Buffer.alloc(1000, 0x41));
    const status = await quality.get(`/back/bo/uploads/${uuid}`);
    expect(status.body).toMatchObject({ uploadState: 'TOUPDATE', transferredBytes: 4500 });
    expect((await sendChunk(quality, uuid, bytes.subarray(4500), status.body.transferredBytes, bytes.length)).body.transferredBytes).toBe(9000);
    const done = await finalize(quality, uuid);
    expect(done.status, done.text).toBe(200);
    expect(done.body.uploadState).toBe('DONE');
  });

  it('refuses a chunk that does not start where the upload stands (409 with transferredBytes)', async () => {
    const bytes = pdfBytes(8000, 3);
    const { uuid } = (await declare(quality, bytes, onCapa())).body;
    await sendChunk(quality, uuid, bytes.subarray(0, 5000), 0, bytes.length);
    const ahead = await sendChunk(quality, uuid, bytes.subarray(6000), 6000, bytes.length);
    expect(ahead.status).toBe(409);
    expect(ahead.body).toMatchObject({ exception: 'UploadConflictException', transferredBytes: 5000 });
    const again = await sendChunk(quality, uuid, bytes.subarray(0, 5000), 0, bytes.length);
    expect(again.status).toBe(409);
    expect((await quality.get(`/back/bo/uploads/${uuid}`)).body.transferredBytes).toBe(5000);
  });

  it('refuses a bad Content-Range, a total other than the declared size, and a body of another length (400)', async () => {
    const bytes = pdfBytes(5000, 4);
    const { uuid } = (await declare(quality, bytes, onCapa())).body;
    const patch = (range: string, body: Uint8Array) =>
      quality.request('PATCH', `/back/bo/uploads/${uuid}`, { raw: body, headers: { 'Content-Type': 'application/octet-stream', 'Content-Range': range } });
    expect((await patch('bytes 0-99', bytes.subarray(0, 100))).status).toBe(400);
    expect((await patch('bytes 0-99/6000', bytes.subarray(0, 100))).status).toBe(400);
    expect((await patch('bytes 0-5000/5000', bytes)).status).toBe(400);
    expect((await patch('bytes 0-199/5000', bytes.subarray(0, 100))).status).toBe(400);
    expect((await quality.get(`/back/bo/uploads/${uuid}`)).body).toMatchObject({ uploadState: 'TOUPLOAD', transferredBytes: 0 });
  });

  it('refuses a chunk over 16 MiB with 413', async () => {
    const total = 20 * 1024 * 1024;
    const { uuid } = (await declare(quality, pdfBytes(10, 5), onCapa({ byteSize: total }))).body;
    const chunk = Buffer.alloc(16 * 1024 * 1024 + 1);
    Buffer.from('%PDF-1.7\n').copy(chunk);
    const sent = await sendChunk(quality, uuid, chunk, 0, total).catch((error: Error) => ({ status: 0, text: error.message, body: undefined }));
    expect(sent.status, sent.text).toBe(413);
    expect((await quality.get(`/back/bo/uploads/${uuid}`)).body.transferredBytes).toBe(0);
  });

  it('finalizes only a complete upload (409) whose SHA-256 matches (422: the bytes are dropped, back to TOUPLOAD)', async () => {
    const bytes = pdfBytes(6000, 6);
    const { uuid } = (await declare(quality, bytes, onCapa({ hash: sha256(pdfBytes(6000, 7)) }))).body;
    await sendChunk(quality, uuid, bytes.subarray(0, 5000), 0, bytes.length);
    const early = await finalize(quality, uuid);
    expect(early.status).toBe(409);
    expect(early.body.transferredBytes).toBe(5000);
    await sendChunk(quality, uuid, bytes.subarray(5000), 5000, bytes.length);
    const wrong = await finalize(quality, uuid);
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toMatch(/checksum/);
    expect((await quality.get(`/back/bo/uploads/${uuid}`)).body).toMatchObject({ uploadState: 'TOUPLOAD', transferredBytes: 0 });
    expect(existsSync(partialOf(uuid))).toBe(false);
  });

  it('aborts: DELETE removes the partial data from disk', async () => {
    const bytes = pdfBytes(7000, 8);
    const { uuid } = (await declare(quality, bytes, onCapa())).body;
    await sendChunk(quality, uuid, bytes.subarray(0, 4200), 0, bytes.length);
    expect(existsSync(partialOf(uuid))).toBe(true);
    expect((await quality.delete(`/back/bo/uploads/${uuid}`)).status).toBe(204);
    expect(existsSync(partialOf(uuid))).toBe(false);
    expect((await quality.get(`/back/bo/uploads/${uuid}`)).status).toBe(404);
    expect((await quality.delete(`/back/bo/uploads/${uuid}`)).status).toBe(404);
  });
});

describe('abandoned uploads', () => {
  it("are dropped with their partial data a week after they were declared, when their contact declares another", async () => {
    const bytes = pdfBytes(6000, 11);
    const recent = (await declare(quality, bytes, onCapa())).body.uuid;
    await sendChunk(quality, recent, bytes.subarray(0, 4200), 0, bytes.length);
    const old = (await declare(quality, bytes, onCapa())).body.uuid;
    await sendChunk(quality, old, bytes.subarray(0, 4200), 0, bytes.length);
    const [row] = await server.store.find('uploads', (upload) => upload.uuid === old);
    await server.store.update('uploads', row.uploadId as number, (current) => ({ ...current, creationDate: new Date(Date.now() - 8 * 86_400_000).toISOString() }));
    expect((await declare(quality, bytes, onCapa())).status).toBe(201);
    expect((await quality.get(`/back/bo/uploads/${old}`)).status).toBe(404);
    expect(existsSync(partialOf(old))).toBe(false);
    expect((await quality.get(`/back/bo/uploads/${recent}`)).body.transferredBytes).toBe(4200);
    expect(existsSync(partialOf(recent))).toBe(true);
  });
});

describe('what an upload may declare', () => {
  it('refuses an empty file (400) and a file over 262,144,000 bytes (413 with the limit)', async () => {
    const empty = await declare(quality, new Uint8Array(0), onCapa());
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file is empty');
    const huge = await declare(quality, pdfBytes(10), onCapa({ byteSize: 262_144_001 }));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toContain('262144000');
    expect((await declare(quality, pdfBytes(10), onCapa({ byteSize: 262_144_000 }))).status).toBe(201);
  });

  it('refuses a bad hash, a missing field, a name over 255 characters, an unknown type (400) and an unknown domain or record (404)', async () => {
    const bytes = pdfBytes(100);
    expect((await declare(quality, bytes, onCapa({ hash: 'ABC' }))).status).toBe(400);
    expect((await declare(quality, bytes, onCapa({ hash: sha256(bytes).toUpperCase() }))).status).toBe(400);
    expect((await quality.post('/back/bo/uploads/', { filename: 'a.pdf', mimeType: 'application/pdf', byteSize: 100, fileType: 'CAPA', entityId: capaId })).status).toBe(400);
    expect((await declare(quality, bytes, onCapa({ filename: `${'a'.repeat(252)}.pdf` }))).status).toBe(400);
    expect((await declare(quality, bytes, onCapa({ mimeType: 'application/x-msdownload' }))).status).toBe(400);
    expect((await declare(quality, bytes, onCapa({ fileType: 'NOT_A_DOMAIN' }))).status).toBe(404);
    expect((await declare(quality, bytes, onCapa({ entityId: 99_999_999 }))).status).toBe(404);
  });

  it('refuses content that is not what was declared (magic bytes) and drops the upload; Office documents are zips; text must be UTF-8 without NUL', async () => {
    const pdf = pdfBytes(3000, 9);
    const asPng = (await declare(quality, pdf, onCapa({ mimeType: 'image/png', filename: 'a.png' }))).body.uuid;
    const refused = await sendChunk(quality, asPng, pdf, 0, pdf.length);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("The file's content does not match its type");
    expect((await quality.get(`/back/bo/uploads/${asPng}`)).status).toBe(404);
    expect(existsSync(partialOf(asPng))).toBe(false);

    const text = Buffer.from('quantity;colour\n12;écru\n', 'utf8');
    const asPdf = (await declare(quality, text, onCapa())).body.uuid;
    expect((await sendChunk(quality, asPdf, text, 0, text.length)).status).toBe(400);
    expect((await uploadFile(quality, text, onCapa({ mimeType: 'text/csv', filename: 'lots.csv' }))).status).toBe(200);
    // An Office document is a zip: accepted as what it declares, and as a zip.
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Lots').addRow(['PO-1', 12]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    for (const mimeType of ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip']) {
      expect((await uploadFile(quality, xlsx, onCapa({ mimeType, filename: 'lots.xlsx' }))).status, mimeType).toBe(200);
    }
    const xlsxAsPdf = (await declare(quality, xlsx, onCapa())).body.uuid;
    expect((await sendChunk(quality, xlsxAsPdf, xlsx, 0, xlsx.length)).status).toBe(400);
    const binary = Buffer.from([0x71, 0x00, 0x72, 0x73]);
    const asText = (await declare(quality, binary, onCapa({ mimeType: 'text/plain', filename: 'a.txt' }))).body.uuid;
    expect((await sendChunk(quality, asText, binary, 0, binary.length)).status).toBe(400);
  });
});

describe('who may upload', () => {
  it('finalize of an unknown uuid is 404 UploadNotFoundException', async () => {
    const reply = await finalize(quality, '00000000-0000-4000-8000-000000000000');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ exception: 'UploadNotFoundException', message: 'Unknown upload' });
  });

  it("keeps an upload private to the contact who declared it (another contact's calls are 404)", async () => {
    const bytes = pdfBytes(5000, 10);
    const { uuid } = (await declare(quality, bytes, onCapa())).body;
    expect((await manager.get(`/back/bo/uploads/${uuid}`)).status).toBe(404);
    expect((await sendChunk(manager, uuid, bytes, 0, bytes.length)).status).toBe(404);
    expect((await finalize(manager, uuid)).status).toBe(404);
    expect((await manager.delete(`/back/bo/uploads/${uuid}`)).status).toBe(404);
    expect((await quality.get(`/back/bo/uploads/${uuid}`)).status).toBe(200);
  });

  it("needs the record's write right: another universe's record is 404, a caller without the record's roles 403", async () => {
    const bytes = pdfBytes(100);
    expect((await declare(outsider, bytes, onCapa())).status).toBe(404);
    expect((await declare(buyer, bytes, onCapa())).status).toBe(403);
  });

});
