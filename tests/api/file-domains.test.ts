import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../../server/schemas';
import { mayWriteRecord } from '../../engine/schema/writeRules';
import { LOGIN_EVENTS, SERVER_LOGS } from '../../server/audit';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { WHO, demoPeople, firstSeen, registryEntities, type Person, type Who } from './demo-people';
import { ROOT, startWithLogins, type Client, type Reply, type TestServer } from './helpers';
import { declare, pngBytes, uploadFile } from './upload-client';

/**
 * Who reaches which files (docs/files.md "Who reaches which files"): every demo account against
 * every file domain of spec §3, for the list, the download (by domain and by the link's alias),
 * the pictures, an upload's declaration and the deletes. A refusal writes nothing.
 */
let server: TestServer;
let clients: Record<Who, Client>;
let people: Record<Who, Person>;
let watch: WriteWatch;
const AUDIT = new Set([LOGIN_EVENTS, SERVER_LOGS]);
const entities = new Map(registryEntities().map((entity) => [entity.name, entity]));

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(WHO));
  people = await demoPeople(server.store);
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

/** `call`, which must answer `status`; a refusal must leave every collection as it was (login and server logs aside). */
async function expectCall(who: Who, label: string, status: number, call: () => Promise<Reply>): Promise<Reply> {
  const before = await watch.mark();
  const reply = await call();
  expect(reply.status, `${who} ${label}: ${reply.text.slice(0, 200)}`).toBe(status);
  if (status >= 400) expect((await watch.writtenSince(before)).filter((collection) => !AUDIT.has(collection)), `${who} ${label} wrote`).toEqual([]);
  return reply;
}

let picture: Buffer;
let seq = 0;
/** A new PNG each time (a distinct content, so no two files share a blob). */
const freshPicture = async () => pngBytes(40 + (seq++ % 50), 30 + Math.floor(seq / 50));

/** A service Maison Lumière orders from Atlas, moved by the store to `serviceStep` with the inspector assigned. */
async function serviceAt(serviceStep: string, contributors: number[]): Promise<number> {
  const company = async (name: string) => (await server.store.find('companies', (row) => row.name === name))[0].companyId as number;
  const shenzhen = await company('Shenzhen Textile Co');
  const contact = (await server.store.find('contacts', (row) => row.companyId === shenzhen))[0].contactId;
  const reply = await clients.quality.post('/back/bo/services', {
    roles: ['DECISION_MAKER'],
    service: {
      thirdPartyDepartment: 'INSP', type: 'INSP_FINAL_RANDOM', client: people.quality.companyId, supplier: shenzhen, serviceProvider: people.manager.companyId,
      startDate: `2032-03-${String(10 + seq++ % 18).padStart(2, '0')}`, exFactoryDate: '2032-04-01', orderTakerContacts: [contact],
    },
    purchaseOrderLines: [{ poNumber: `PO-DOMAINS-${seq}`, designation: 'Domains sample', orderedQuantity: { quantity: 10 } }],
  });
  expect(reply.status, reply.text).toBe(201);
  const serviceId = reply.body.service.serviceId as number;
  await server.store.update('services', serviceId, (current) => ({ ...current, serviceStep, providerConfirmed: true, contributors }));
  return serviceId;
}

interface Target {
  domain: string;
  entityId: number;
  /** Who uploads the file the others then try to reach. */
  uploader: Who;
  /** The status of a read (list, download, pictures) per caller. */
  read: (who: Who) => number;
  /** The status of an upload's declaration per caller (201: allowed). */
  add: (who: Who) => number;
  /** The status of a delete per caller (204: allowed, not tried: the file stays for the others). */
  remove: (who: Who) => number;
  /** The alias a download or delete link may name instead of the domain. */
  alias?: string;
  documentType?: string;
  fileId?: number;
}

const universeOne = (who: Who) => people[who].universeId === people.quality.universeId;
/** Maison Lumière's people and the platform's administrator. */
const lumiereOrPlatform = (who: Who) => people[who].companyId === people.quality.companyId || who === 'admin';
/** Those who administer Maison Lumière (MANAGER with COMPANY_ADMIN of the company, or a super admin). */
const administers = (who: Who) => who === 'quality' || who === 'admin';

/** An internal domain: nobody outside the company learns the files exist (404); its non-administrators may read only. */
const internal = (domain: string, entityId: number, alias: string): Target => ({
  domain, entityId, alias, uploader: 'quality',
  read: (who) => (lumiereOrPlatform(who) ? 200 : 404),
  add: (who) => (!lumiereOrPlatform(who) ? 404 : administers(who) ? 201 : 403),
  remove: (who) => (!lumiereOrPlatform(who) ? 404 : administers(who) ? 204 : 403),
});
/** An import document (docs/imports.md "Who"): read as internal; added and removed only by the company's own managers (not the platform's admin). */
const importDocuments = (domain: string, entityId: number, alias: string): Target => ({
  ...internal(domain, entityId, alias),
  add: (who) => (!lumiereOrPlatform(who) ? 404 : who === 'quality' ? 201 : 403),
  remove: (who) => (!lumiereOrPlatform(who) ? 404 : who === 'quality' ? 204 : 403),
});
/** Read in the whole universe; written by those who administer the company (or the contact itself). */
const universeWide = (domain: string, entityId: number, alias: string, extra: Partial<Target> = {}): Target => ({
  domain, entityId, alias, uploader: 'quality',
  read: (who) => (universeOne(who) ? 200 : 404),
  add: (who) => (!universeOne(who) ? 404 : administers(who) ? 201 : 403),
  remove: (who) => (!universeOne(who) ? 404 : administers(who) ? 204 : 403),
  ...extra,
});

/** A record's own GET as each caller sees it: its files follow the record's rule. */
async function recordRule(entityName: string, id: number): Promise<Record<Who, number>> {
  const api = entities.get(entityName)!.api!;
  return Object.fromEntries(await Promise.all(WHO.map(async (who) => [who, (await clients[who].get(`${api}/${id}`)).status] as const))) as Record<Who, number>;
}
const asWrite = (status: number, allowed: number) => (status === 200 ? allowed : status);

async function targets(): Promise<Target[]> {
  const lumiere = people.quality.companyId;
  const claire = people.quality.contactId;
  const list: Target[] = [
    internal('COMPANY', lumiere, 'companies'),
    importDocuments('COMPANY_IMPORT', lumiere, 'companies'),
    importDocuments('COMPANY_IMPORT_PURCHASE_ORDER', lumiere, 'companies'),
    internal('CONTACT_SIGNATURE', claire, 'contacts'),
    universeWide('COMPANY_PICTURE', lumiere, 'companies'),
    universeWide('SHARED_DOCUMENT', lumiere, 'companies', { documentType: 'CERTIFICATE' }),
    universeWide('CONTACT', claire, 'contacts'),
  ];
  // Records with their own rule (route roles, x-visibility): the files follow the record.
  const roles = Object.fromEntries(await Promise.all(WHO.map(async (who) => [who, (await clients[who].get('/back/auth/profile')).body.roles as string[]] as const))) as Record<Who, string[]>;
  for (const [name, domain, owner] of [['capa', 'CAPA', 'quality'], ['matrix8d', 'MATRIX8D', 'quality'], ['nonCompliance', 'NON_COMPLIANCE', 'quality'], ['qualityAlert', 'QUALITY_ALERT', 'quality'], ['fee', 'FEE', 'manager'], ['reference', 'REFERENCE', 'quality']] as const) {
    const def = entities.get(name)!;
    const id = (await firstSeen(server.store, def, people[owner]))!;
    const rule = await recordRule(name, id);
    // A fee sheet's files are its owners' (x-owners): an inspector it does not name reads them, and adds or removes none.
    // A reference's are its brand's managers' (x-writers): its suppliers and the brand's local manager read them only.
    const record = (await server.store.get(def.collection, id))!;
    const notOwner = (who: Who) => name === 'fee' && who === 'inspector' && !((record.contributors ?? []) as number[]).includes(people.inspector.contactId);
    const notTheirs = (who: Who) => notOwner(who) || !mayWriteRecord(def.schema, record, people[who].companyId, roles[who]);
    const write = (who: Who, allowed: number) => (notTheirs(who) && rule[who] === 200 ? 403 : asWrite(rule[who], allowed));
    list.push({ domain, entityId: id, uploader: owner, alias: { capa: 'capas', fee: 'fees', reference: 'references' }[name as string], read: (who) => rule[who], add: (who) => write(who, 201), remove: (who) => write(who, 204) });
  }
  // A reference of Maison Lumière naming Shenzhen its supplier (written by the store: its API is its own part): the brand and
  // its supplier read its files, the brand's MANAGER (and a super admin) writes them; anyone else finds nothing.
  const shenzhen = (await server.store.find('companies', (row) => row.name === 'Shenzhen Textile Co'))[0].companyId as number;
  const reference = await server.store.insert('references', 'referenceId', {
    companyId: lumiere, universeId: people.quality.universeId, sku: 'FD-REF-1', name: 'Domains sample', referenceType: 'FINISHED_PRODUCT', suppliers: [shenzhen], parentIds: [], tags: [],
  });
  const readsReference = (who: Who) => people[who].companyId === lumiere || people[who].companyId === shenzhen || who === 'admin';
  const referenceWrite = (who: Who, allowed: number) => (!readsReference(who) ? 404 : administers(who) ? allowed : 403);
  list.push({
    domain: 'REFERENCE', entityId: reference.referenceId as number, uploader: 'quality', alias: 'references',
    read: (who) => (readsReference(who) ? 200 : 404), add: (who) => referenceWrite(who, 201), remove: (who) => referenceWrite(who, 204),
  });
  // A confirmed service the inspector is assigned to: the sheet's writers delete, the provider's people add too.
  const serviceId = await serviceAt('CONFIRMED', [people.inspector.contactId]);
  const rule = await recordRule('service', serviceId);
  const sheetWriters: Who[] = ['admin', 'quality', 'buyer'];
  for (const domain of ['SERVICE', 'SYNTHESIS']) {
    list.push({
      domain, entityId: serviceId, uploader: 'quality', alias: 'services', read: (who) => rule[who],
      add: (who) => (rule[who] !== 200 ? rule[who] : [...sheetWriters, 'manager', 'inspector'].includes(who) ? 201 : 403),
      remove: (who) => (rule[who] !== 200 ? rule[who] : sheetWriters.includes(who) ? 204 : 403),
    });
  }
  return list;
}

describe('who reaches which files: every account × every file domain', () => {
  let all: Target[];
  beforeAll(async () => {
    picture = await freshPicture();
    all = await targets();
    for (const target of all) {
      const reply = await uploadFile(clients[target.uploader], await freshPicture(), { fileType: target.domain, entityId: target.entityId, mimeType: 'image/png', filename: 'internal.png', ...(target.documentType ? { documentType: target.documentType } : {}) });
      expect(reply.status, `${target.domain}: ${reply.text}`).toBe(200);
      target.fileId = reply.body.file.fileId;
    }
  });

  it('covers every domain of spec §3', () => {
    const domains = loadRegistry(join(ROOT, 'schemas')).enums.fileDomain.enum as string[];
    expect(domains).toHaveLength(15);
    expect(new Set(all.map((target) => target.domain))).toEqual(new Set(domains));
  });

  it('reads: the list, the download by domain and by alias, the thumbnail and the original', async () => {
    for (const target of all) {
      for (const who of WHO) {
        const status = target.read(who);
        const ref = `${target.entityId}_${target.fileId}`;
        const client = clients[who];
        const list = await expectCall(who, `list ${target.domain}`, status, () => client.get(`/back/bo/uploads/elements/${target.domain}/${target.entityId}`));
        if (status === 200) expect(list.body.map((file: { fileId: number }) => file.fileId), `${who} ${target.domain}`).toContain(target.fileId);
        await expectCall(who, `download ${target.domain}`, status, () => client.get(`/back/bo/files/${target.domain}/${ref}/`));
        if (target.alias) await expectCall(who, `download ${target.alias} (${target.domain})`, status, () => client.get(`/back/bo/files/${target.alias}/${ref}/`));
        await expectCall(who, `thumbnail ${target.domain}`, status, () => client.get(`/back/photos/48x48/${ref}/picture`));
        await expectCall(who, `original ${target.domain}`, status, () => client.get(`/back/photos/${target.fileId}/ORIGINAL`));
      }
    }
  });

  it('writes: an upload is declared only where the caller may add; a refused one writes nothing', async () => {
    for (const target of all) {
      for (const who of WHO) {
        const reply = await expectCall(who, `declare ${target.domain}`, target.add(who), () =>
          declare(clients[who], picture, { fileType: target.domain, entityId: target.entityId, mimeType: 'image/png', filename: 'try.png', ...(target.documentType ? { documentType: target.documentType } : {}) }),
        );
        if (reply.status === 201) expect((await clients[who].delete(`/back/bo/uploads/${reply.body.uuid}`)).status).toBe(204);
      }
    }
  });

  it('deletes: refused (403, or 404 out of reach) with nothing written, by the domain and by the link', async () => {
    for (const target of all) {
      for (const who of WHO.filter((caller) => target.remove(caller) !== 204)) {
        const status = target.remove(who);
        await expectCall(who, `delete ${target.domain}`, status, () => clients[who].delete(`/back/bo/uploads/elements/${target.domain}/${target.entityId}/${target.fileId}`));
        if (target.alias === 'contacts' || target.alias === 'services') {
          await expectCall(who, `delete ${target.alias} (${target.domain})`, status, () => clients[who].delete(`/back/bo/files/${target.alias}/${target.entityId}_${target.fileId}/`));
        }
        if (target.domain === 'SERVICE') {
          await expectCall(who, 'rename an element', status, () => clients[who].patch(`/back/bo/serviceElements/${target.entityId}/elements/${target.fileId}`, { fileName: 'mine.png' }));
        }
        if (target.domain === 'REFERENCE') {
          await expectCall(who, 'delete a reference file (the spec\'s link)', status, () => clients[who].delete(`/back/bo/files/references/${target.fileId}/${target.entityId}/`));
          await expectCall(who, 'rename a reference file', status, () => clients[who].patch(`/back/bo/files/references/${target.entityId}/elements/${target.fileId}`, { fileName: 'mine.png' }));
        }
      }
      expect(await server.store.get('files', target.fileId!), target.domain).toMatchObject({ fileName: 'internal.png' });
    }
  });

  it('an administrator of the company removes an internal file; the link of the entity reaches it too', async () => {
    const company = all.find((target) => target.domain === 'COMPANY')!;
    const signature = all.find((target) => target.domain === 'CONTACT_SIGNATURE')!;
    await expectCall('quality', 'delete its company file', 204, () => clients.quality.delete(`/back/bo/uploads/elements/COMPANY/${company.entityId}/${company.fileId}`));
    await expectCall('quality', 'delete its signature by the link', 204, () => clients.quality.delete(`/back/bo/files/contacts/${signature.entityId}_${signature.fileId}/`));
    expect(await server.store.get('files', company.fileId!)).toBeUndefined();
    expect(await server.store.get('files', signature.fileId!)).toBeUndefined();
  });
});

describe("the provider's people add elements to their service (spec §6.4, docs/files.md)", () => {
  const elementsOf = async (serviceId: number) => (await clients.quality.get(`/back/bo/serviceElements/${serviceId}/elements`)).body.map((file: { fileId: number }) => file.fileId);
  const add = async (who: Who, serviceId: number) => uploadFile(clients[who], await freshPicture(), { fileType: 'SERVICE', entityId: serviceId, mimeType: 'image/png', filename: `${who}.png` });

  it('on a terminated service (the sheet read-only for all): the assigned inspector and the provider’s manager add pictures, no one else', async () => {
    const serviceId = await serviceAt('TERMINATED', [people.inspector.contactId]);
    for (const who of ['inspector', 'manager'] as const) {
      const reply = await add(who, serviceId);
      expect(reply.status, `${who}: ${reply.text}`).toBe(200);
      expect(reply.body.file).toMatchObject({ picture: true, fileName: `${who}.png` });
      expect(await elementsOf(serviceId)).toContain(reply.body.file.fileId);
    }
    // The service says so, for the sheet's elements tab: the drop zone shows for them, the sheet stays read-only.
    for (const [who, adds] of [['inspector', true], ['manager', true], ['quality', false], ['sales', false]] as const) {
      expect((await clients[who].get(`/back/bo/services/${serviceId}`)).body.rights, who).toMatchObject({ sheet: { right: 'READ' }, addElements: adds });
    }
    // The brand keeps what it has: a terminated sheet is read for it; the supplier only reads; another universe sees nothing.
    for (const [who, status] of [['quality', 403], ['buyer', 403], ['sales', 403], ['outsider', 404]] as const) {
      await expectCall(who, 'declare on a terminated service', status, async () => declare(clients[who], await freshPicture(), { fileType: 'SERVICE', entityId: serviceId, mimeType: 'image/png' }));
    }
    // Adding is not editing: the inspector neither renames nor deletes an element of a read-only sheet.
    const [first] = await elementsOf(serviceId);
    await expectCall('inspector', 'rename', 403, () => clients.inspector.patch(`/back/bo/serviceElements/${serviceId}/elements/${first}`, { comment: 'mine' }));
    await expectCall('inspector', 'delete', 403, () => clients.inspector.delete(`/back/bo/files/services/${serviceId}_${first}/`));
  });

  it('a contributor not assigned to the service may not add; nor anyone on a cancelled service', async () => {
    const unassigned = await serviceAt('TERMINATED', []);
    await expectCall('inspector', 'declare unassigned', 403, async () => declare(clients.inspector, await freshPicture(), { fileType: 'SERVICE', entityId: unassigned, mimeType: 'image/png' }));
    expect((await add('manager', unassigned)).status).toBe(200);
    const cancelled = await serviceAt('CANCELLED', [people.inspector.contactId]);
    for (const who of ['inspector', 'manager'] as const) {
      await expectCall(who, 'declare cancelled', 403, async () => declare(clients[who], await freshPicture(), { fileType: 'SERVICE', entityId: cancelled, mimeType: 'image/png' }));
    }
  });

  it('the right is checked again at finalize: an inspector taken off the service cannot finish an upload', async () => {
    const serviceId = await serviceAt('TERMINATED', [people.inspector.contactId]);
    const bytes = await freshPicture();
    const declared = await declare(clients.inspector, bytes, { fileType: 'SERVICE', entityId: serviceId, mimeType: 'image/png' });
    expect(declared.status, declared.text).toBe(201);
    const sent = await clients.inspector.request('PATCH', `/back/bo/uploads/${declared.body.uuid}`, { raw: bytes, headers: { 'Content-Type': 'application/octet-stream', 'Content-Range': `bytes 0-${bytes.length - 1}/${bytes.length}` } });
    expect(sent.status, sent.text).toBe(200);
    await server.store.update('services', serviceId, (current) => ({ ...current, contributors: [] }));
    const before = (await server.store.all('files')).length;
    expect((await clients.inspector.put(`/back/bo/uploads/${declared.body.uuid}`)).status).toBe(403);
    expect((await server.store.all('files')).length).toBe(before);
  });
});
