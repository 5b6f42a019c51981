import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Contact } from '../../server/identity';
import type { Row } from '../../server/store/types';
import { ACCOUNTS, loginAs, startServer, type Client, type Reply, type TestServer } from './helpers';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { refusedWithoutWrites } from './refused';

/**
 * The companies of a universe (docs/companies.md): list and contacts by who may see them, archive ⇄ restore,
 * delete only when nothing refers to the company, merge (a confirmed preview), reset (typing RESET), moving a
 * contact, and spec §6.4's quick contact creation. Every refusal writes nothing.
 */
let server: TestServer;
let admin: Client, manager: Client, inspector: Client, outsider: Client;
let watch: WriteWatch;
const BASE = '/back/bo/companies';

beforeAll(async () => {
  server = await startServer();
  [admin, manager, inspector, outsider] = await Promise.all([ACCOUNTS.admin, ACCOUNTS.manager, ACCOUNTS.inspector, ACCOUNTS.outsider].map((email) => loginAs(server, email)));
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

const refused = (status: number, call: () => Promise<Reply>): Promise<Reply> => refusedWithoutWrites(watch, status, call);
const companyNamed = async (name: string) => (await server.store.find<Company>('companies', (company) => company.name === name))[0];
const idOf = async (name: string) => (await companyNamed(name)).companyId;
const names = (reply: Reply) => (reply.body as Company[]).map((company) => company.name);
/** A company no record refers to yet, in universe 1. */
const freshCompany = async (name: string, extra: Row = {}) =>
  (await server.store.insert<Row>('companies', 'companyId', { name, roles: ['FACTORY'], country: 'Italy', city: 'Biella', universeId: (await companyNamed('Atlas Inspection')).universeId, ...extra })).companyId as number;

describe('GET /back/bo/companies/', () => {
  it("lists the universe's active companies by name for a manager, with the filters of the search form", async () => {
    const all = await manager.get(`${BASE}/`);
    expect(all.status).toBe(200);
    expect(names(all)).toContain('Prato Filati');
    expect(names(all)).not.toContain('Northwind Goods');
    expect(names(all)).toEqual([...names(all)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names(await manager.get(`${BASE}/`, { name: 'prato' }))).toEqual(['Prato Filati']);
    expect(names(await manager.get(`${BASE}/`, { country: 'Portugal' })).sort()).toEqual(['Guimarães Têxteis', 'Porto Malhas Lda']);
    const agents = await manager.get(`${BASE}/?roles=AGENT&roles=DECISION_MAKER`);
    expect(names(agents).sort()).toEqual(['Anatolia Trade Agents', 'Maison Lumière', 'Pacific Sourcing Agency']);
    expect(names(await outsider.get(`${BASE}/`))).toEqual(['Harbor Apparel Ltd', 'Northwind Goods']);
  });

  it('refuses malformed criteria with 400', async () => {
    expect((await manager.get(`${BASE}/`, { roles: 'CHEF' })).status).toBe(400);
    expect((await manager.get(`${BASE}/`, { archived: 'maybe' })).status).toBe(400);
    expect((await manager.get(`${BASE}/`, { name: 'x'.repeat(201) })).status).toBe(400);
  });

  it("shows archived companies on request to the universe's managers only; a contributor sees the active network", async () => {
    const gone = await freshCompany('Biella Lane', { archived: true });
    expect(names(await manager.get(`${BASE}/`, { archived: 'true' }))).toContain('Biella Lane');
    expect(names(await manager.get(`${BASE}/`))).not.toContain('Biella Lane');
    expect(names(await inspector.get(`${BASE}/`, { archived: 'true' }))).toEqual([]);
    expect(names(await inspector.get(`${BASE}/`))).toContain('Atlas Inspection');
    await server.store.remove('companies', gone);
  });
});

describe('GET /back/bo/companies/{id}/contacts', () => {
  it("answers the company's active contacts without their account; another universe's company is not found", async () => {
    const porto = await idOf('Porto Malhas Lda');
    const reply = await inspector.get(`${BASE}/${porto}/contacts`);
    expect(reply.status).toBe(200);
    const stored = await server.store.find<Contact>('contacts', (contact) => contact.companyId === porto && !contact.archived);
    expect(reply.body.map((row: Contact) => row.contactId).sort()).toEqual(stored.map((contact) => contact.contactId).sort());
    expect(reply.text).not.toContain('account');
    expect(reply.text).not.toContain('profiles');
    expect((await outsider.get(`${BASE}/${porto}/contacts`)).status).toBe(404);
    expect((await admin.get(`${BASE}/999999/contacts`)).status).toBe(404);
  });
});

describe('PATCH /back/bo/companies/{id}/toggleVisibility', () => {
  it('is for UNIVERSE_ADMIN, within the universe, never the own company: refusals write nothing', async () => {
    const prato = await idOf('Prato Filati');
    await refused(403, async () => manager.patch(`${BASE}/${prato}/toggleVisibility`));
    await refused(404, async () => admin.patch(`${BASE}/${await idOf('Northwind Goods')}/toggleVisibility`));
    await refused(404, async () => admin.patch(`${BASE}/999999/toggleVisibility`));
    const own = await refused(422, async () => admin.patch(`${BASE}/${await idOf('QCFlow Admin')}/toggleVisibility`));
    expect(own.body.message).toBe("A user's own company cannot be archived");
  });

  it('archives then restores: the company leaves the lookups and comes back', async () => {
    const prato = await idOf('Prato Filati');
    const combo = async () => ((await admin.get('/back/bo/networkcombo/allcompanies')).body as { value: number }[]).map((option) => option.value);
    const archived = await admin.patch(`${BASE}/${prato}/toggleVisibility`);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ companyId: prato, archived: true });
    expect(await combo()).not.toContain(prato);
    const restored = await admin.patch(`${BASE}/${prato}/toggleVisibility`);
    expect(restored.body).toMatchObject({ companyId: prato, archived: false });
    expect(await combo()).toContain(prato);
  });
});

describe('DELETE /back/bo/companies/{id}', () => {
  it('refuses a company in use with the warning of spec §8 and writes nothing', async () => {
    const reply = await refused(422, async () => admin.delete(`${BASE}/${await idOf('Prato Filati')}`));
    expect(reply.body).toMatchObject({ message: 'This item may be in use: archive it instead', level: 'WARN' });
    await refused(403, async () => manager.delete(`${BASE}/${await idOf('Prato Filati')}`));
    await refused(404, async () => admin.delete(`${BASE}/${await idOf('Northwind Goods')}`));
  });

  it("takes the company's settings records with it (they share its id: not references)", async () => {
    const id = await freshCompany('Settings Only');
    await server.store.insert<Row>('companyTaskConfigs', 'companyId', { companyId: id, universeId: (await companyNamed('Atlas Inspection')).universeId, disabledTypes: [], levels: {} });
    expect((await admin.delete(`${BASE}/${id}`)).status).toBe(200);
    expect(await server.store.get('companyTaskConfigs', id)).toBeUndefined();
  });

  it('finds every kind of reference from the schemas: a lookup, a foreign key by name, a visibility field, a file', async () => {
    const references: [string, string, (id: number) => Row][] = [
      ['a service naming it as supplier (x-lookup)', 'services', (id) => ({ supplier: id })],
      ['a task of the company (companyId)', 'tasks', (id) => ({ companyId: id, type: 'X' })],
      ['an order line of it as factory (x-visibility)', 'orderLines', (id) => ({ factory: id })],
      ['one of its files (x-files)', 'files', (id) => ({ fileType: 'COMPANY_PICTURE', entityId: id, fileName: 'logo.png' })],
    ];
    for (const [what, collection, fields] of references) {
      const id = await freshCompany(`Referred ${what}`);
      const idField = { services: 'serviceId', tasks: 'taskId', orderLines: 'orderLineId', files: 'fileId' }[collection]!;
      const record = await server.store.insert<Row>(collection, idField, fields(id));
      await refused(422, async () => admin.delete(`${BASE}/${id}`));
      await server.store.remove(collection, record[idField] as number);
      expect((await admin.delete(`${BASE}/${id}`)).status, what).toBe(200);
      expect(await server.store.get('companies', id)).toBeUndefined();
    }
  });
});

describe('merge', () => {
  it('previews the counts, then moves every record into the target in one transaction and removes the source', async () => {
    const source = await freshCompany('Biella Spinning', { roles: ['SUPPLIER'] });
    const target = await idOf('Prato Filati');
    const contact = await server.store.insert<Row>('contacts', 'contactId', { firstName: 'Ada', lastName: 'Rossi', language: 'it', companyId: source, universeId: (await companyNamed('Prato Filati')).universeId });
    const service = (await server.store.all('services'))[0];
    await server.store.update<Row>('services', service.serviceId as number, (current) => ({ ...current, factory: source }));
    const reference = (await server.store.all('references'))[0];
    await server.store.update<Row>('references', reference.referenceId as number, (current) => ({ ...current, suppliers: [target, source] }));
    await server.store.insert<Row>('companyTaskConfigs', 'companyId', { companyId: source, universeId: service.universeId, disabledTypes: ['X'], levels: {} });
    const assignment = await server.store.insert<Row>('assignments', 'assignmentId', { serviceId: service.serviceId, universeId: service.universeId, serviceProvider: source, assignments: [] });

    const preview = await admin.get(`${BASE}/${source}/merge`, { into: target });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ source: { companyId: source, name: 'Biella Spinning' }, target: { companyId: target, name: 'Prato Filati' }, counts: { assignments: 1, contacts: 1, services: 1, references: 1 }, total: 4 });

    await refused(409, async () => admin.post(`${BASE}/${source}/merge`, { into: target, total: 3 }));
    await refused(400, async () => admin.post(`${BASE}/${source}/merge`, { into: target }));
    await refused(403, async () => manager.post(`${BASE}/${source}/merge`, { into: target, total: 4 }));
    const merged = await admin.post(`${BASE}/${source}/merge`, { into: target, total: 4 });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.body).toEqual({ moved: { assignments: 1, contacts: 1, services: 1, references: 1 }, total: 4, into: target });
    expect((await server.store.get<Row>('assignments', assignment.assignmentId as number))!.serviceProvider).toBe(target);
    expect((await server.store.get<Contact>('contacts', contact.contactId as number))!.companyId).toBe(target);
    expect((await server.store.get<Row>('services', service.serviceId as number))!.factory).toBe(target);
    expect((await server.store.get<Row>('references', reference.referenceId as number))!.suppliers).toEqual([target]);
    expect(await server.store.get('companies', source)).toBeUndefined();
    expect(await server.store.get('companyTaskConfigs', source)).toBeUndefined();
    expect([...(await server.store.get<Company>('companies', target))!.roles].sort()).toEqual(['FACTORY', 'SUPPLIER']);
  });

  it('refuses the same company, the own company, an archived target, another universe: nothing written', async () => {
    const prato = await idOf('Prato Filati');
    expect((await refused(422, async () => admin.post(`${BASE}/${prato}/merge`, { into: prato, total: 0 }))).body.message).toBe('Source and target cannot be the same company');
    await refused(422, async () => admin.get(`${BASE}/${prato}/merge`, { into: prato }));
    await refused(422, async () => admin.post(`${BASE}/${await idOf('QCFlow Admin')}/merge`, { into: prato, total: 0 }));
    const archived = await freshCompany('Archived Target', { archived: true });
    await refused(422, async () => admin.post(`${BASE}/${prato}/merge`, { into: archived, total: 0 }));
    await refused(404, async () => admin.post(`${BASE}/${prato}/merge`, { into: await idOf('Northwind Goods'), total: 0 }));
    await refused(400, async () => admin.get(`${BASE}/${prato}/merge`));
  });
});

describe('reset', () => {
  it('needs RESET typed in capitals (422, nothing written)', async () => {
    const atlas = await idOf('Atlas Inspection');
    for (const confirmation of [undefined, 'reset', 'Reset', ' RESET']) {
      const reply = await refused(422, async () => admin.post(`${BASE}/${atlas}/reset`, { confirmation }));
      expect(reply.body.message).toBe('Please type RESET in uppercase');
    }
    await refused(403, async () => manager.post(`${BASE}/${atlas}/reset`, { confirmation: 'RESET' }));
    await refused(404, async () => admin.post(`${BASE}/${await idOf('Northwind Goods')}/reset`, { confirmation: 'RESET' }));
  });

  it('puts the settings back to their defaults and empties its own lists, keeping what is in use, services and files', async () => {
    const atlas = await idOf('Atlas Inspection');
    await server.store.update<Company>('companies', atlas, (current) => ({ ...current, reportSupplierDownload: true, notificationsDisabled: true }));
    const counts = async () => Object.fromEntries(await Promise.all(['services', 'reports', 'files'].map(async (name) => [name, (await server.store.all(name)).length])));
    const before = await counts();
    const unused = await server.store.insert<Row>('strategies', 'strategyId', { code: 'ZZ-UNUSED', name: 'Unused', companyId: atlas, universeId: (await companyNamed('Atlas Inspection')).universeId });
    const ownLists = (await server.store.find<Row>('tags', (tag) => tag.companyId === atlas)).length;
    const universeId = (await companyNamed('Atlas Inspection')).universeId;
    if (!(await server.store.get('companyWorkflowConfigs', atlas))) await server.store.insert<Row>('companyWorkflowConfigs', 'companyId', { companyId: atlas, universeId, providerDateConfirms: true });

    const reply = await admin.post(`${BASE}/${atlas}/reset`, { confirmation: 'RESET' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.settings).toEqual(expect.arrayContaining(['reportSupplierDownload', 'notificationsDisabled', 'currency']));
    expect(reply.body.removed.strategies).toBeGreaterThanOrEqual(1);
    const company = (await server.store.get<Company>('companies', atlas))!;
    expect(company).toMatchObject({ reportSupplierDownload: false, notificationsDisabled: false, reportDisplayAttendeesListEnabled: false, name: 'Atlas Inspection', roles: ['SERVICE_PROVIDER'] });
    expect(await server.store.get('strategies', unused.strategyId as number)).toBeUndefined();
    // Its workflow settings are gone: the company has the defaults again.
    expect(await server.store.get('companyWorkflowConfigs', atlas)).toBeUndefined();
    expect(reply.body.removed.companyWorkflowConfigs).toBe(1);
    expect(await counts()).toEqual(before);
    // Tags services still carry stay (archived when the list archives, else kept).
    const tagsLeft = await server.store.find<Row>('tags', (tag) => tag.companyId === atlas);
    expect(tagsLeft.length).toBeLessThanOrEqual(ownLists);
    for (const tag of tagsLeft) expect((await server.store.find<Row>('services', (service) => ([service.tags].flat() as unknown[]).includes(tag.tagId))).length + (await server.store.find<Row>('capas', (capa) => ([capa.tags].flat() as unknown[]).includes(tag.tagId))).length + (await server.store.find<Row>('nonCompliances', (nc) => ([nc.tags].flat() as unknown[]).includes(tag.tagId))).length + (await server.store.find<Row>('matrix8ds', (m) => ([m.tagAssignments].flat() as unknown[]).includes(tag.tagId))).length).toBeGreaterThan(0);
  });
});

describe('moving a contact to another company', () => {
  it('moves it for a super admin; refusals write nothing', async () => {
    const porto = await idOf('Porto Malhas Lda');
    const prato = await idOf('Prato Filati');
    const joao = (await server.store.find<Contact>('contacts', (contact) => contact.companyId === porto))[0];
    const url = `${BASE}/${porto}/contacts/${joao.contactId}/move`;
    await refused(403, async () => manager.post(url, { into: prato }));
    await refused(404, async () => admin.post(`${BASE}/${prato}/contacts/${joao.contactId}/move`, { into: porto }));
    await refused(422, async () => admin.post(url, { into: porto }));
    await refused(404, async () => admin.post(url, { into: await idOf('Northwind Goods') }));
    await refused(400, async () => admin.post(url, { into: 'Prato' }));
    const moved = await admin.post(url, { into: prato });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ contactId: joao.contactId, companyId: prato });
    expect((await server.store.get<Contact>('contacts', joao.contactId))!.companyId).toBe(prato);
  });
});

describe('quick contact creation (spec §6.4)', () => {
  const contact = (companyId: number, extra: Row = {}) => ({ firstName: 'Quick', lastName: 'Contact', email: `quick${companyId}${Object.keys(extra).length}@example.test`, language: 'en', companyId, ...extra });

  it('lets a manager add a contact to a shared company (nobody of it signs in), never a login there', async () => {
    const shared = await freshCompany('Shared Dyeworks');
    // The company joins the manager's network first (ADD: nobody of it holds an account), as any company one picks must.
    const link = await manager.post('/back/bo/network/links', { partnerId: shared });
    expect(link.status, link.text).toBe(201);
    const created = await manager.post('/back/bo/contacts/admin', contact(shared));
    expect(created.status, created.text).toBe(201);
    expect(created.body.companyId).toBe(shared);
    await refused(403, async () => manager.post('/back/bo/contacts/admin', contact(shared, { profiles: ['CONTRIBUTOR'] })));
  });

  it('refuses a company that has its own users and is not managed by the caller', async () => {
    const reply = await refused(403, async () => manager.post('/back/bo/contacts/admin', contact(await idOf('Maison Lumière'))));
    expect(reply.body.message).toBe('Contacts can be created quickly only for shared companies and the companies you manage');
    const archived = await freshCompany('Archived Shared', { archived: true });
    await refused(403, async () => manager.post('/back/bo/contacts/admin', contact(archived)));
  });
});
