import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { demoPeople, type Person } from './demo-people';
import { Client, startWithLogins, type TestServer } from './helpers';
import { refusedWithoutWrites } from './refused';
import { declare, pdfBytes, pngBytes, sha256, uploadFile } from './upload-client';

/**
 * A reference's files and elements (spec §7.3) and the calls between services and references
 * (spec §7.4): docs/files.md "A reference's elements", docs/services.md "Services and references".
 * The references are written straight into the store (their own API is another part); the
 * services go through the wizard so their keyword index is the server's.
 */
type Who = 'quality' | 'buyer' | 'sales' | 'manager' | 'outsider' | 'admin';
let server: TestServer;
let clients: Record<Who, Client>;
let people: Record<Who, Person>;
let watch: WriteWatch;
let shenzhen: number;
const SKU = 'RL-TEST-001';
/** x-writers' refusal (error.notWriter): the reference's readers who may not write it, its files and tags. */
const NOT_WRITER = 'You may read this record; only the company it belongs to changes it.';

/** R: Maison Lumière's, Shenzhen its supplier; private: Lumière's, no supplier; elsewhere: the other universe's. */
const refs = { R: 0, privateRef: 0, elsewhere: 0 };
/** The services of R (and one of a longer code) by what they test. */
const services = { opened: 0, confirmed: 0, terminated: 0, cancelled: 0, locked: 0, longerCode: 0, audit: 0 };

let day = 0;
/** A service Maison Lumière orders from Atlas at Shenzhen with these lines, then moved by the store. */
async function service(lines: Row[], change: Row = {}): Promise<number> {
  const contact = (await server.store.find('contacts', (row) => row.companyId === shenzhen))[0].contactId;
  day++;
  const reply = await clients.quality.post('/back/bo/services', {
    roles: ['DECISION_MAKER'],
    service: {
      thirdPartyDepartment: 'INSP', type: 'INSP_FINAL_RANDOM', client: people.quality.companyId, supplier: shenzhen, serviceProvider: people.manager.companyId,
      startDate: `2033-0${1 + (day % 9)}-${String(1 + day).padStart(2, '0')}`, exFactoryDate: '2033-12-01', orderTakerContacts: [contact],
    },
    purchaseOrderLines: lines.map((line, index) => ({ poNumber: `PO-RL-${day}-${index}`, designation: 'Linen shirt', orderedQuantity: { quantity: 10 }, ...line })),
  });
  expect(reply.status, reply.text).toBe(201);
  const serviceId = reply.body.service.serviceId as number;
  await server.store.update('services', serviceId, (current) => ({ ...current, providerConfirmed: true, ...change }));
  return serviceId;
}

const reference = async (fields: Row) =>
  (await server.store.insert('references', 'referenceId', { referenceType: 'FINISHED_PRODUCT', suppliers: [], parentIds: [], tags: [], risk: 'NA', score: 0, ...fields })).referenceId as number;

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(['quality', 'buyer', 'sales', 'manager', 'outsider', 'admin']));
  people = (await demoPeople(server.store)) as Record<Who, Person>;
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
  shenzhen = (await server.store.find('companies', (row) => row.name === 'Shenzhen Textile Co'))[0].companyId as number;
  const lumiere = { companyId: people.quality.companyId, universeId: people.quality.universeId };
  refs.R = await reference({ ...lumiere, sku: SKU, name: 'Linen shirt', designation: 'Linen shirt, slim', suppliers: [shenzhen] });
  refs.privateRef = await reference({ ...lumiere, sku: 'RL-PRIVATE', name: 'Prototype' });
  refs.elsewhere = await reference({ companyId: people.outsider.companyId, universeId: people.outsider.universeId, sku: SKU, name: 'Boots' });
  // The line's code in another case and with spaces, as its reference or only as its SKU.
  services.opened = await service([{ referenceObj: ' rl-test-001 ' }, { referenceObj: 'OTHER-9' }], { startDate: '2033-05-10' });
  services.confirmed = await service([{ sku: SKU }], { serviceStep: 'CONFIRMED', startDate: '2033-04-01' });
  services.terminated = await service([{ referenceObj: SKU }], {
    serviceStep: 'TERMINATED', startDate: '2033-02-01', report: { reportResult: 'REFUSED', clientDecision: 'ACCEPTED', reportType: 'FINAL' },
  });
  services.cancelled = await service([{ referenceObj: SKU }], { serviceStep: 'CANCELLED', startDate: '2033-03-01' });
  services.locked = await service([{ referenceObj: SKU }], { locked: true, startDate: '2033-06-01' });
  services.longerCode = await service([{ referenceObj: `${SKU}1` }], { startDate: '2033-01-15' });
  services.audit = await service([{ referenceObj: SKU, color: 'Navy' }, { designation: 'No reference' }], {
    thirdPartyDepartment: 'AUDIT', type: 'AUDIT_SOCIAL', startDate: '2033-07-01',
  });
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

const elementsUrl = (referenceId: number) => `/back/bo/referenceElements/${referenceId}/elements`;
const pushUrl = (referenceId: number) => `/back/bo/referenceElements/${referenceId}/pushToServices`;
const blobOf = (hash: string) => join(server.filesDir, 'blobs', hash.slice(0, 2), hash.slice(2, 4), hash);
const serviceFiles = async (serviceId: number) => server.store.find('files', (file) => file.fileType === 'SERVICE' && file.entityId === serviceId);

describe("a reference's files (spec §7.3)", () => {
  const files: Record<string, Row> = {};

  it("the brand's manager uploads pictures and documents through the resumable upload; the brand and its suppliers list them", async () => {
    const picture = await uploadFile(clients.quality, await pngBytes(64, 48), { fileType: 'REFERENCE', entityId: refs.R, mimeType: 'image/png', filename: 'front.png' });
    expect(picture.status, picture.text).toBe(200);
    expect(picture.body.file.picture).toBe(true);
    const sheet = await uploadFile(clients.quality, pdfBytes(4000, 31), { fileType: 'REFERENCE', entityId: refs.R, filename: 'spec-sheet.pdf' }, 1500);
    expect(sheet.status, sheet.text).toBe(200);
    Object.assign(files, { picture: picture.body.file, sheet: sheet.body.file });
    for (const who of ['quality', 'buyer', 'sales', 'admin'] as const) {
      const list = await clients[who].get(elementsUrl(refs.R));
      expect(list.status, who).toBe(200);
      expect(list.body.map((file: Row) => file.fileName), who).toEqual(['spec-sheet.pdf', 'front.png']);
      expect(list.body[0]).not.toHaveProperty('hash');
    }
    // Shenzhen is not a supplier of the private reference; Atlas none of either; the other universe nothing.
    expect((await clients.sales.get(elementsUrl(refs.privateRef))).status).toBe(404);
    expect((await clients.manager.get(elementsUrl(refs.R))).status).toBe(404);
    expect((await clients.outsider.get(elementsUrl(refs.R))).status).toBe(404);
    expect((await clients.quality.get(elementsUrl(refs.elsewhere))).status).toBe(404);
    expect((await clients.quality.get(elementsUrl(999999))).status).toBe(404);
  });

  it('only the brand’s MANAGER (or a super admin) adds one: a supplier, a buyer of the brand get 403, others 404, and nothing is written', async () => {
    const bytes = pdfBytes(1200, 32);
    const attempt = (who: Who, referenceId = refs.R) => () => declare(clients[who], bytes, { fileType: 'REFERENCE', entityId: referenceId });
    expect((await refusedWithoutWrites(watch, 403, attempt('sales'))).body.message).toBe(NOT_WRITER);
    expect((await refusedWithoutWrites(watch, 403, attempt('buyer'))).body.message).toBe(NOT_WRITER);
    await refusedWithoutWrites(watch, 404, attempt('manager'));
    await refusedWithoutWrites(watch, 404, attempt('outsider'));
    await refusedWithoutWrites(watch, 404, attempt('quality', refs.elsewhere));
    const admin = await uploadFile(clients.admin, bytes, { fileType: 'REFERENCE', entityId: refs.R, filename: 'admin.pdf' });
    expect(admin.status, admin.text).toBe(200);
    expect((await clients.admin.delete(`/back/bo/files/references/${admin.body.file.fileId}/${refs.R}/`)).status).toBe(204);
  });

  it('PATCH …/files/references/{id}/elements/{fileId} renames, comments and types a file; refusals write nothing', async () => {
    const url = `/back/bo/files/references/${refs.R}/elements/${files.sheet.fileId}`;
    const reply = await clients.quality.patch(url, { fileName: 'Spec sheet v2.pdf', comment: 'Approved sample', documentType: 'PROCESS' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ fileId: files.sheet.fileId, fileName: 'Spec sheet v2.pdf', comment: 'Approved sample', documentType: 'PROCESS' });
    expect((await server.store.get('files', files.sheet.fileId as number))).toMatchObject({ fileName: 'Spec sheet v2.pdf', documentType: 'PROCESS' });
    const cleared = await clients.quality.patch(url, { documentType: null });
    expect(cleared.body).not.toHaveProperty('documentType');
    expect((await refusedWithoutWrites(watch, 403, () => clients.sales.patch(url, { fileName: 'x.pdf' }))).body.message).toBe(NOT_WRITER);
    expect((await refusedWithoutWrites(watch, 403, () => clients.buyer.patch(url, { fileName: 'x.pdf' }))).body.message).toBe(NOT_WRITER);
    await refusedWithoutWrites(watch, 404, () => clients.outsider.patch(url, { fileName: 'x.pdf' }));
    await refusedWithoutWrites(watch, 400, () => clients.quality.patch(url, { fileName: '' }));
    await refusedWithoutWrites(watch, 400, () => clients.quality.patch(url, { hash: 'x' }));
    // The file of another record under this reference's path.
    await refusedWithoutWrites(watch, 404, () => clients.quality.patch(`/back/bo/files/references/${refs.privateRef}/elements/${files.sheet.fileId}`, { fileName: 'x.pdf' }));
  });

  it("GET …/pushToServices copies the elements to the reference's open services, once", async () => {
    expect((await refusedWithoutWrites(watch, 403, () => clients.sales.get(pushUrl(refs.R)))).body.message).toBe(NOT_WRITER);
    expect((await refusedWithoutWrites(watch, 403, () => clients.buyer.get(pushUrl(refs.R)))).body.message).toBe(NOT_WRITER);
    await refusedWithoutWrites(watch, 404, () => clients.manager.get(pushUrl(refs.R)));
    await refusedWithoutWrites(watch, 404, () => clients.outsider.get(pushUrl(refs.R)));
    // A GET that writes: a cookie call without X-Requested-With (a link, a cross-site page) is refused.
    const link = new Client(server.url, { xhr: false });
    for (const [name, value] of clients.quality.cookies) link.cookies.set(name, value);
    await refusedWithoutWrites(watch, 403, () => link.get(pushUrl(refs.R)));

    const first = await clients.quality.get(pushUrl(refs.R));
    expect(first.status, first.text).toBe(200);
    // Opened and confirmed take both files; the locked one is read-only for the brand; terminated, cancelled and a longer code are left out.
    expect(first.body).toEqual({ elements: 2, services: 3, copied: 6, alreadyThere: 0, readOnly: 1 });
    for (const serviceId of [services.opened, services.confirmed, services.audit]) {
      const copies = await serviceFiles(serviceId);
      expect(copies.map((file) => file.fileName).sort(), String(serviceId)).toEqual(['Spec sheet v2.pdf', 'front.png']);
      // The same blob: a new entry, no new bytes.
      const sheetCopy = copies.find((file) => file.fileName === 'Spec sheet v2.pdf')!;
      expect(sheetCopy.hash).toBe((await server.store.get('files', files.sheet.fileId as number))!.hash);
      expect(sheetCopy).toMatchObject({ comment: 'Approved sample', contactId: people.quality.contactId, universeId: people.quality.universeId });
      const elements = await clients.quality.get(`/back/bo/serviceElements/${serviceId}/elements`);
      expect(elements.body.map((file: Row) => file.fileName).sort()).toEqual(['Spec sheet v2.pdf', 'front.png']);
    }
    for (const serviceId of [services.terminated, services.cancelled, services.locked, services.longerCode]) expect(await serviceFiles(serviceId), String(serviceId)).toEqual([]);

    // Again: nothing new, nothing written.
    const before = await watch.mark();
    const again = await clients.quality.get(pushUrl(refs.R));
    expect(again.body).toEqual({ elements: 2, services: 3, copied: 0, alreadyThere: 6, readOnly: 1 });
    expect((await watch.writtenSince(before)).filter((collection) => collection === 'files')).toEqual([]);
  });

  it('DELETE …/files/references/{fileId}/{referenceId}/ (the file first) removes it; the pushed copies keep their bytes', async () => {
    const url = `/back/bo/files/references/${files.picture.fileId}/${refs.R}/`;
    expect((await refusedWithoutWrites(watch, 403, () => clients.sales.delete(url))).body.message).toBe(NOT_WRITER);
    await refusedWithoutWrites(watch, 404, () => clients.outsider.delete(url));
    // The reference and the file the other way round (the service order), or another reference: not found.
    expect(files.sheet.fileId).not.toBe(refs.R);
    await refusedWithoutWrites(watch, 404, () => clients.quality.delete(`/back/bo/files/references/${refs.R}/${files.sheet.fileId}/`));
    await refusedWithoutWrites(watch, 404, () => clients.quality.delete(`/back/bo/files/references/${files.picture.fileId}/${refs.privateRef}/`));
    const hash = (await server.store.get('files', files.picture.fileId as number))!.hash as string;
    expect((await clients.quality.delete(url)).status).toBe(204);
    expect(await server.store.get('files', files.picture.fileId as number)).toBeUndefined();
    expect(existsSync(blobOf(hash))).toBe(true);
    const copy = (await serviceFiles(services.opened)).find((file) => file.hash === hash)!;
    const download = await clients.quality.get(`/back/bo/files/services/${services.opened}_${copy.fileId}/`);
    expect(download.status).toBe(200);
    // The last entry of that content goes: so do its bytes.
    for (const serviceId of [services.opened, services.confirmed, services.audit]) {
      const entry = (await serviceFiles(serviceId)).find((file) => file.hash === hash)!;
      expect((await clients.quality.delete(`/back/bo/files/services/${serviceId}_${entry.fileId}/`)).status).toBe(204);
    }
    expect(existsSync(blobOf(hash))).toBe(false);
    // The upload test's bytes were a real PNG: the sha256 of the blob is its name.
    expect(hash).toBe(sha256(await pngBytes(64, 48)));
  });
});

describe("a reference's tags follow the same rule", () => {
  it('the brand and its suppliers read them; a supplier may not change them (403, nothing written); another universe 404', async () => {
    const url = `/back/bo/tags/REFERENCE_${refs.R}`;
    for (const who of ['quality', 'sales'] as const) expect((await clients[who].get(url)).status, who).toBe(200);
    const { version } = (await server.store.get('references', refs.R))!;
    expect((await refusedWithoutWrites(watch, 403, () => clients.sales.patch(url, [], { version: version as number }))).body.message).toBe(NOT_WRITER);
    await refusedWithoutWrites(watch, 404, () => clients.outsider.patch(url, [], { version: version as number }));
    expect((await clients.quality.patch(url, [], { version: version as number })).status).toBe(200);
  });
});

describe('services and references (spec §7.4)', () => {
  const numberOf = async (serviceId: number) => (await server.store.get('services', serviceId))!.number;

  it('GET /back/bo/services/references lists the services holding a line of the reference, newest first, for an order taker too', async () => {
    const reply = await clients.quality.get('/back/bo/services/references', { referenceId: refs.R });
    expect(reply.status, reply.text).toBe(200);
    const expected = [services.audit, services.locked, services.opened, services.confirmed, services.cancelled, services.terminated];
    expect(reply.body.map((row: Row) => row.serviceId)).toEqual(expected);
    const terminated = reply.body.find((row: Row) => row.serviceId === services.terminated);
    expect(terminated).toMatchObject({
      number: await numberOf(services.terminated), serviceStep: 'TERMINATED', startDate: '2033-02-01', supplier: shenzhen, supplierName: 'Shenzhen Textile Co',
      reportResult: 'REFUSED', clientDecision: 'ACCEPTED',
    });
    expect((await clients.quality.get('/back/bo/services/references', { referenceId: refs.R, orderTakerId: shenzhen })).body.map((row: Row) => row.serviceId)).toEqual(expected);
    expect((await clients.quality.get('/back/bo/services/references', { referenceId: refs.R, orderTakerId: people.manager.companyId })).body).toEqual([]);
    // The supplier reads its reference's services; the private reference, Atlas and the other universe: not found.
    expect((await clients.sales.get('/back/bo/services/references', { referenceId: refs.R })).body.map((row: Row) => row.serviceId)).toEqual(expected);
    expect((await clients.sales.get('/back/bo/services/references', { referenceId: refs.privateRef })).status).toBe(404);
    expect((await clients.manager.get('/back/bo/services/references', { referenceId: refs.R })).status).toBe(404);
    expect((await clients.outsider.get('/back/bo/services/references', { referenceId: refs.R })).status).toBe(404);
    // The other universe's reference of the same SKU holds none of these.
    expect((await clients.outsider.get('/back/bo/services/references', { referenceId: refs.elsewhere })).body).toEqual([]);
  });

  it('refuses a query without a reference, a bad id or an unknown parameter (400)', async () => {
    const queries: Record<string, string | number>[] = [{}, { referenceId: 'abc' }, { referenceId: 0 }, { referenceId: refs.R, orderTakerId: 'x' }, { referenceId: refs.R, other: 1 }];
    for (const query of queries) {
      const reply = await clients.quality.get('/back/bo/services/references', query);
      expect(reply.status, JSON.stringify(query)).toBe(400);
    }
  });

  it("GET /back/bo/services/{id}/historyReferences: each reference's services started before, with their report", async () => {
    const reply = await clients.quality.get(`/back/bo/services/${services.opened}/historyReferences`);
    expect(reply.status, reply.text).toBe(200);
    // OTHER-9 has no other service; RL-TEST-001's started on or before 2033-05-10, newest first (not this one, not a longer code).
    expect(reply.body.map((row: Row) => row.serviceId)).toEqual([services.confirmed, services.cancelled, services.terminated]);
    expect(reply.body[2]).toMatchObject({ reference: SKU, referenceId: refs.R, referenceName: 'Linen shirt', designation: 'Linen shirt, slim', reportResult: 'REFUSED', clientDecision: 'ACCEPTED' });
    // Atlas sees the services but not the brand's reference: the rows, without the reference record.
    const provider = await clients.manager.get(`/back/bo/services/${services.opened}/historyReferences`);
    expect(provider.body.map((row: Row) => row.serviceId)).toEqual([services.confirmed, services.cancelled, services.terminated]);
    expect(provider.body[0]).toMatchObject({ reference: 'rl-test-001', referenceId: null, referenceName: null });
    expect((await clients.outsider.get(`/back/bo/services/${services.opened}/historyReferences`)).status).toBe(404);
    expect((await clients.quality.get('/back/bo/services/999999/historyReferences')).status).toBe(404);
  });

  it('GET /back/bo/services/{id}/auditLine and /consultingLine: the reference lines of an audit, of a consulting service', async () => {
    const reply = await clients.quality.get(`/back/bo/services/${services.audit}/auditLine`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toHaveLength(1);
    expect(reply.body[0]).toMatchObject({ reference: SKU, referenceObj: SKU, color: 'Navy', designation: 'Linen shirt', referenceId: refs.R, referenceName: 'Linen shirt' });
    expect(typeof reply.body[0].purchaseOrderLineId).toBe('number');
    expect((await clients.manager.get(`/back/bo/services/${services.audit}/auditLine`)).body[0]).toMatchObject({ reference: SKU, referenceId: null });
    const refused = await clients.quality.get(`/back/bo/services/${services.audit}/consultingLine`);
    expect([refused.status, refused.body.exception]).toEqual([422, 'BusinessException']);
    expect((await clients.quality.get(`/back/bo/services/${services.opened}/auditLine`)).status).toBe(422);
    await server.store.update('services', services.longerCode, (current) => ({ ...current, thirdPartyDepartment: 'CON', type: 'CON_TRAINING' }));
    const consulting = await clients.quality.get(`/back/bo/services/${services.longerCode}/consultingLine`);
    expect(consulting.body.map((row: Row) => [row.reference, row.referenceId])).toEqual([[`${SKU}1`, null]]);
    expect((await clients.outsider.get(`/back/bo/services/${services.audit}/auditLine`)).status).toBe(404);
  });
});
