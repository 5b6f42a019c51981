import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPeople, firstSeen, registryEntities, type Person, type Who } from './demo-people';
import { startWithLogins, type Client, type TestServer } from './helpers';
import { declare, pdfBytes, pngBytes, sha256, uploadFile } from './upload-client';

/**
 * A record's files once uploaded (files-contract): the list, the download, the delete that
 * takes the bytes off the disk with the last file of that content, pictures and their
 * thumbnails, the contact picture, the service sheet's elements, and a deleted record's files.
 */
let server: TestServer;
let quality: Client, buyer: Client, outsider: Client, sales: Client;
let people: Record<Who, Person>;
let capaId: number;

beforeAll(async () => {
  ({ server, clients: { quality, buyer, outsider, sales } } = await startWithLogins(['quality', 'buyer', 'outsider', 'sales']));
  people = await demoPeople(server.store);
  const capa = registryEntities().find((entity) => entity.name === 'capa')!;
  capaId = (await firstSeen(server.store, capa, people.quality, (record) => record.companyCreator === people.quality.companyId))!;
});
afterAll(() => server?.close());

const onCapa = (extra: Record<string, unknown> = {}) => ({ fileType: 'CAPA', entityId: capaId, ...extra });
const blobOf = (hash: string) => join(server.filesDir, 'blobs', hash.slice(0, 2), hash.slice(2, 4), hash);
const thumbsOf = (hash: string) => join(server.filesDir, 'thumbs', hash);

async function uploaded(client: Client, bytes: Uint8Array, declaration: Parameters<typeof uploadFile>[2]): Promise<Record<string, any>> {
  const reply = await uploadFile(client, bytes, declaration);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.file;
}

describe("a record's files", () => {
  it('lists them newest first, downloads one with its type, name and length, and hides them from other universes', async () => {
    const older = await uploaded(quality, pdfBytes(2000, 20), onCapa({ filename: 'older.pdf' }));
    const bytes = pdfBytes(5000, 21);
    const newer = await uploaded(quality, bytes, onCapa({ filename: 'Rapport été "final".pdf' }));
    const list = await quality.get(`/back/bo/uploads/elements/CAPA/${capaId}`);
    expect(list.status).toBe(200);
    const ids = list.body.map((entry: { fileId: number }) => entry.fileId);
    expect(ids.indexOf(newer.fileId)).toBeLessThan(ids.indexOf(older.fileId));
    expect(list.body[0]).toEqual(newer);
    expect(list.body[0]).not.toHaveProperty('hash');

    for (const domain of ['CAPA', 'capas']) {
      const response = await fetch(`${server.url}/back/bo/files/${domain}/${capaId}_${newer.fileId}/`, { headers: { Cookie: [...quality.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-length')).toBe('5000');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Rapport _t_ _final_.pdf"; filename*=UTF-8''Rapport%20%C3%A9t%C3%A9%20%22final%22.pdf`);
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    }
    expect((await quality.get(`/back/bo/files/CAPA/${capaId + 1}_${newer.fileId}/`)).status).toBe(404);
    expect((await quality.get(`/back/bo/files/FEE/${capaId}_${newer.fileId}/`)).status).toBe(404);
    expect((await outsider.get(`/back/bo/uploads/elements/CAPA/${capaId}`)).status).toBe(404);
    expect((await outsider.get(`/back/bo/files/CAPA/${capaId}_${newer.fileId}/`)).status).toBe(404);
    expect((await buyer.get(`/back/bo/uploads/elements/CAPA/${capaId}`)).status).toBe(403);
  });

  it('deletes a file; its bytes leave the disk with the last file of that content', async () => {
    const bytes = pdfBytes(3000, 22);
    const first = await uploaded(quality, bytes, onCapa({ filename: 'one.pdf' }));
    const second = await uploaded(quality, bytes, onCapa({ filename: 'two.pdf' }));
    const blob = blobOf(sha256(bytes));
    expect(existsSync(blob)).toBe(true);
    expect((await buyer.delete(`/back/bo/uploads/elements/CAPA/${capaId}/${first.fileId}`)).status).toBe(403);
    expect((await outsider.delete(`/back/bo/uploads/elements/CAPA/${capaId}/${first.fileId}`)).status).toBe(404);
    expect((await quality.delete(`/back/bo/uploads/elements/CAPA/${capaId}/${first.fileId}`)).status).toBe(204);
    expect(existsSync(blob)).toBe(true);
    expect((await quality.delete(`/back/bo/uploads/elements/CAPA/${capaId}/${first.fileId}`)).status).toBe(404);
    expect((await quality.delete(`/back/bo/uploads/elements/CAPA/${capaId}/${second.fileId}`)).status).toBe(204);
    expect(existsSync(blob)).toBe(false);
    const left = (await quality.get(`/back/bo/uploads/elements/CAPA/${capaId}`)).body.map((entry: { fileId: number }) => entry.fileId);
    expect(left).not.toContain(second.fileId);
  });

  it("a deleted record takes its files, and their bytes, with it", async () => {
    const original = (await server.store.get('capas', capaId))!;
    const { version: _version, capaId: _id, ...fields } = original;
    const copy = await server.store.insert('capas', 'capaId', fields);
    const bytes = pdfBytes(2500, 23);
    const file = await uploaded(quality, bytes, { fileType: 'CAPA', entityId: copy.capaId as number });
    expect((await quality.delete(`/back/bo/capas/${copy.capaId}`)).status).toBe(200);
    expect(await server.store.get('files', file.fileId)).toBeUndefined();
    expect(existsSync(blobOf(sha256(bytes)))).toBe(false);
  });
});

describe('pictures', () => {
  it('makes thumbnails at finalize and serves them, and the original, cached for a year', async () => {
    const png = await pngBytes(400, 200);
    const file = await uploaded(quality, png, onCapa({ mimeType: 'image/png', filename: 'defect.png' }));
    expect(file.picture).toBe(true);
    const cookie = [...quality.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers: { Cookie: cookie, ...headers } });
    const sizes = { '48x48': [48, 48], '150x150': [150, 150], '160x160': [160, 160], '200x200': [200, 200], h48: [96, 48] } as const;
    for (const [resolution, [width, height]] of Object.entries(sizes)) {
      const response = await get(`/back/photos/${resolution}/${capaId}_${file.fileId}/defect.jpg?d=123`);
      expect(response.status, resolution).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height], resolution).toEqual(['jpeg', width, height]);
    }
    const original = await get(`/back/photos/${file.fileId}/ORIGINAL`);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('etag')).toBe(`"${sha256(png)}"`);
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true);
    expect((await get(`/back/photos/${file.fileId}/ORIGINAL`, { 'If-None-Match': `"${sha256(png)}"` })).status).toBe(304);
    expect((await get(`/back/photos/64x64/${capaId}_${file.fileId}/defect.jpg`)).status).toBe(404);
    expect((await get(`/back/photos/48x48/${capaId + 1}_${file.fileId}/defect.jpg`)).status).toBe(404);
    expect((await outsider.get(`/back/photos/${file.fileId}/ORIGINAL`)).status).toBe(404);
    expect((await buyer.get(`/back/photos/48x48/${capaId}_${file.fileId}/x`)).status).toBe(403);
    const pdf = await uploaded(quality, pdfBytes(1000, 24), onCapa());
    expect((await get(`/back/photos/${pdf.fileId}/ORIGINAL`)).status).toBe(404);
    expect((await get(`/back/photos/48x48/${capaId}_${pdf.fileId}/x`)).status).toBe(404);
  });

  it("sets a contact's picture at finalize, replaces it, and removes it", async () => {
    const me = people.quality.contactId;
    const first = await uploaded(quality, await pngBytes(120, 90), { fileType: 'CONTACT', entityId: me, mimeType: 'image/png', filename: 'me.png' });
    let profile = (await quality.get('/back/auth/profile')).body;
    expect([profile.pictureFileId, profile.contact.pictureFileId]).toEqual([first.fileId, first.fileId]);
    const small = await fetch(`${server.url}/back/photos/48x48/${me}_${first.fileId}/picture`, { headers: { Cookie: [...quality.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(small.status).toBe(200);

    const second = await uploaded(quality, await pngBytes(60, 60), { fileType: 'CONTACT', entityId: me, mimeType: 'image/png', filename: 'me2.png' });
    profile = (await quality.get('/back/auth/profile')).body;
    expect(profile.pictureFileId).toBe(second.fileId);
    expect(await server.store.get('files', first.fileId)).toBeUndefined();
    expect(existsSync(blobOf(sha256(await pngBytes(120, 90))))).toBe(false);
    expect(existsSync(thumbsOf(sha256(await pngBytes(120, 90))))).toBe(false);

    // Someone who does not administer Maison Lumière may not change it; another universe does not see it.
    expect((await sales.delete(`/back/bo/files/contacts/${me}_${second.fileId}/`)).status).toBe(403);
    expect((await outsider.delete(`/back/bo/files/contacts/${me}_${second.fileId}/`)).status).toBe(404);
    expect((await quality.delete(`/back/bo/files/contacts/${me}_${second.fileId}/`)).status).toBe(204);
    profile = (await quality.get('/back/auth/profile')).body;
    expect(profile.pictureFileId).toBeUndefined();
    expect(existsSync(blobOf(sha256(await pngBytes(60, 60))))).toBe(false);
  });

  it('accepts only JPEG, PNG or GIF where pictures are wanted: "not a valid image"', async () => {
    const me = people.buyer.contactId;
    const pdf = await declare(buyer, pdfBytes(100), { fileType: 'CONTACT', entityId: me });
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toBe('The file is not a valid image (JPEG, PNG or GIF)');
    const fakePng = await declare(buyer, pdfBytes(5000), { fileType: 'CONTACT', entityId: me, mimeType: 'image/png' });
    const sent = await buyer.request('PATCH', `/back/bo/uploads/${fakePng.body.uuid}`, { raw: pdfBytes(5000), headers: { 'Content-Type': 'application/octet-stream', 'Content-Range': 'bytes 0-4999/5000' } });
    expect(sent.status).toBe(400);
    expect(sent.body.message).toBe('The file is not a valid image (JPEG, PNG or GIF)');
  });

  it('a shared company document names its document type', async () => {
    const company = { fileType: 'SHARED_DOCUMENT', entityId: people.quality.companyId };
    const missing = await declare(quality, pdfBytes(100), company);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: '/documentType', message: 'choose a document type' }]);
    const file = await uploaded(quality, pdfBytes(1500, 25), { ...company, documentType: 'CERTIFICATE' });
    expect(file.documentType).toBe('CERTIFICATE');
    // A company's documents are for those who administer it.
    expect((await declare(sales, pdfBytes(100), { ...company, documentType: 'AUDIT' })).status).toBe(403);
  });
});

describe("the service sheet's elements", () => {
  let serviceId: number;
  let day = 0;
  /** A service Maison Lumière orders from Atlas (not yet confirmed, so it may still be deleted). */
  async function newService(): Promise<number> {
    const company = async (name: string) => (await server.store.find('companies', (row) => row.name === name))[0].companyId as number;
    const shenzhen = await company('Shenzhen Textile Co');
    const contact = (await server.store.find('contacts', (row) => row.companyId === shenzhen))[0].contactId;
    day += 1;
    const reply = await quality.post('/back/bo/services', {
      roles: ['DECISION_MAKER'],
      service: {
        thirdPartyDepartment: 'INSP', type: 'INSP_FINAL_RANDOM', client: await company('Maison Lumière'), supplier: shenzhen, serviceProvider: await company('Atlas Inspection'),
        startDate: `2031-05-${String(day).padStart(2, '0')}`, exFactoryDate: '2031-06-01', orderTakerContacts: [contact],
      },
      purchaseOrderLines: [{ poNumber: `PO-FILES-${day}`, designation: 'Files sample', orderedQuantity: { quantity: 10 } }],
    });
    expect(reply.status, reply.text).toBe(201);
    return reply.body.service.serviceId;
  }
  beforeAll(async () => {
    serviceId = await newService();
  });

  it('a deleted service takes its files with it; a service merged away hands them over', async () => {
    const doomed = await newService();
    const bytes = pdfBytes(2200, 27);
    const file = await uploaded(quality, bytes, { fileType: 'SYNTHESIS', entityId: doomed });
    const deleted = await quality.delete(`/back/bo/services/${doomed}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await server.store.get('files', file.fileId)).toBeUndefined();
    expect(existsSync(blobOf(sha256(bytes)))).toBe(false);

    const source = await newService();
    const target = await newService();
    const moving = await uploaded(quality, pdfBytes(2300, 28), { fileType: 'SERVICE', entityId: source });
    const merged = await quality.post(`/back/bo/services/${source}/merge`, { targetServiceId: target, deleteSource: true });
    expect(merged.status, merged.text).toBe(200);
    expect((await quality.get(`/back/bo/serviceElements/${target}/elements`)).body.map((entry: { fileId: number }) => entry.fileId)).toEqual([moving.fileId]);
  });

  it('lists, renames, comments and types an element; removes it by its link', async () => {
    const file = await uploaded(quality, pdfBytes(4000, 26), { fileType: 'SERVICE', entityId: serviceId, filename: 'checklist.pdf' });
    const list = await quality.get(`/back/bo/serviceElements/${serviceId}/elements`);
    expect(list.body.map((entry: { fileId: number }) => entry.fileId)).toEqual([file.fileId]);
    const url = `/back/bo/serviceElements/${serviceId}/elements/${file.fileId}`;
    const changed = await quality.patch(url, { fileName: 'Checklist v2.pdf', comment: 'Signed by the factory', documentType: 'PROCESS' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ fileId: file.fileId, fileName: 'Checklist v2.pdf', comment: 'Signed by the factory', documentType: 'PROCESS', byteSize: 4000 });
    expect((await quality.patch(url, { documentType: null })).body).not.toHaveProperty('documentType');
    expect((await quality.patch(url, { fileName: '' })).status).toBe(400);
    expect((await quality.patch(url, { byteSize: 1 })).status).toBe(400);
    expect((await quality.patch(url, { comment: 'x'.repeat(4001) })).status).toBe(400);
    expect((await outsider.patch(url, { comment: 'mine' })).status).toBe(404);
    expect((await quality.get(`/back/bo/serviceElements/${serviceId}/elements`)).body[0].fileName).toBe('Checklist v2.pdf');

    expect((await outsider.delete(`/back/bo/files/services/${serviceId}_${file.fileId}/`)).status).toBe(404);
    expect((await quality.delete(`/back/bo/files/services/${serviceId}_${file.fileId}/`)).status).toBe(204);
    expect((await quality.get(`/back/bo/serviceElements/${serviceId}/elements`)).body).toEqual([]);
  });
});
