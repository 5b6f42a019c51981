import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { shiftDay, startWithLogins, today, type Client, type Reply, type TestServer } from './helpers';
import { emptyQuick, quickBody } from '../../app/pages/services/wizard/quick/quickService';
import { createService, expectRefused, fieldMessages, freshDate, insertService, network, wizardBody, type Network } from './service-fixtures';

/**
 * A company's settings (docs/settings.md) through the real calls: who reads and writes them
 * (MANAGER of the company; another company's or universe's: 404; refusals write nothing), and what
 * they drive — the service machine's path (the provider's workflow settings, the decision maker's),
 * the task rules (types off, levels), the wizard's defaults.
 */
let server: TestServer;
let net: Network;
let quality: Client; // Maison Lumière: decision maker, MANAGER
let buyer: Client; // Maison Lumière, no MANAGER flag
let manager: Client; // Atlas Inspection: provider, MANAGER
let sales: Client; // Shenzhen Textile Co: supplier, no MANAGER flag
let outsider: Client; // another universe, MANAGER there
let admin: Client; // super admin of the demo universe

beforeAll(async () => {
  ({ server, clients: { quality, buyer, manager, sales, outsider, admin } } = await startWithLogins(['quality', 'buyer', 'manager', 'sales', 'outsider', 'admin']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const COLLECTIONS = { workflowconfig: 'companyWorkflowConfigs', taskconfig: 'companyTaskConfigs', servicedefault: 'companyServiceDefaults' } as const;
type Kind = keyof typeof COLLECTIONS;
const url = (companyId: number, kind: Kind) => `/back/bo/profile/company/${companyId}/${kind}`;

// Each test starts from companies without settings: the defaults.
afterEach(async () => {
  await server.store.transaction(async (tx) => {
    for (const collection of Object.values(COLLECTIONS)) for (const row of await tx.query({ collection })) await tx.remove(collection, row.companyId as number);
  });
});

function ok(reply: Reply): any {
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

/** The call's status, with every settings collection unchanged. */
async function refusedSettings(call: () => Promise<Reply>, status: number): Promise<Reply> {
  const all = () => Promise.all(Object.values(COLLECTIONS).map((collection) => server.store.all(collection)));
  const before = await all();
  const reply = await call();
  expect(reply.status, reply.text).toBe(status);
  expect(await all(), 'nothing written').toEqual(before);
  return reply;
}

const dates = (call: string) => `/back/bo/serviceDateLines/${call}`;
const action = (id: number, name: string) => `/back/bo/services/${id}/${name}`;

/** Every task of the service in the store, as `TYPE:LEVEL:companyId` (open ones only). */
async function openTasks(serviceId: number): Promise<string[]> {
  const rows = await server.store.find('tasks', (task) => task.serviceId === serviceId && task.status === 'OPEN');
  return rows.map((task) => `${String(task.type)}:${String(task.level)}:${String(task.companyId)}`).sort();
}

/** A confirmed service of Lumière with Atlas, starting today (so COMPLETE is not too early), with these fields. */
const confirmedService = async (fields: Row = {}) =>
  (await insertService(server.store, { startDate: today(), endDate: today(), fields: { serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true, ...fields } })).serviceId as number;

describe('who reads and writes a company’s settings', () => {
  it('anyone of the company reads them (the defaults while none is stored); its MANAGER writes them, with a version', async () => {
    for (const kind of Object.keys(COLLECTIONS) as Kind[]) expect(ok(await buyer.get(url(net.lumiere, kind))).companyId).toBe(net.lumiere);
    expect(ok(await buyer.get(url(net.lumiere, 'workflowconfig')))).toEqual({ companyId: net.lumiere, providerDateConfirms: false, completeNeedsReport: false, reportNeedsDecision: true });
    expect(ok(await buyer.get(url(net.lumiere, 'taskconfig')))).toEqual({ companyId: net.lumiere, disabledTypes: [], levels: {} });
    expect(ok(await buyer.get(url(net.lumiere, 'servicedefault')))).toEqual({ companyId: net.lumiere });

    const saved = ok(await quality.put(url(net.lumiere, 'workflowconfig'), { reportNeedsDecision: false }));
    expect(saved).toEqual({ companyId: net.lumiere, providerDateConfirms: false, completeNeedsReport: false, reportNeedsDecision: false, version: 1 });
    expect(await server.store.get('companyWorkflowConfigs', net.lumiere)).toMatchObject({ companyId: net.lumiere, universeId: net.universeId, reportNeedsDecision: false });
    expect(ok(await buyer.get(url(net.lumiere, 'workflowconfig'))).reportNeedsDecision).toBe(false);
    expect(ok(await quality.put(url(net.lumiere, 'workflowconfig'), { reportNeedsDecision: true, version: 1 })).version).toBe(2);
    // A super admin administers every company of its universe.
    expect(ok(await admin.put(url(net.atlas, 'taskconfig'), { disabledTypes: ['SERVICE_TO_PREPARE'] })).disabledTypes).toEqual(['SERVICE_TO_PREPARE']);
  });

  it('refusals write nothing: no MANAGER flag 403, another company or universe 404, a bad body 400, a stale version 409', async () => {
    for (const kind of Object.keys(COLLECTIONS) as Kind[]) {
      await refusedSettings(() => buyer.put(url(net.lumiere, kind), {}), 403);
      await refusedSettings(() => sales.put(url(net.shenzhen, kind), {}), 403);
      await refusedSettings(() => manager.put(url(net.lumiere, kind), {}), 404);
      await refusedSettings(() => outsider.put(url(net.lumiere, kind), {}), 404);
      await refusedSettings(() => manager.get(url(net.lumiere, kind)), 404);
      await refusedSettings(() => outsider.get(url(net.atlas, kind)), 404);
      await refusedSettings(() => quality.put(url(net.lumiere, kind), { companyId: net.atlas }), 400);
      await refusedSettings(() => quality.put(url(999999, kind), {}), 404);
    }
    await refusedSettings(() => quality.put(url(net.lumiere, 'workflowconfig'), { providerDateConfirms: 'yes' }), 400);
    await refusedSettings(() => quality.put(url(net.lumiere, 'taskconfig'), { disabledTypes: ['NOT_A_TASK'] }), 400);
    await refusedSettings(() => quality.put(url(net.lumiere, 'taskconfig'), { levels: { SERVICE_TO_PREPARE: 'URGENT' } }), 400);
    await refusedSettings(() => quality.put(url(net.lumiere, 'servicedefault'), { standardMessage: 'x'.repeat(2001) }), 400);
    // The wizard's own rule: a default type of another department.
    const mismatch = await refusedSettings(() => quality.put(url(net.lumiere, 'servicedefault'), { thirdPartyDepartment: 'AUDIT', type: 'INSP_FINAL_RANDOM' }), 400);
    expect(mismatch.body.errors).toEqual([{ path: '/type', message: expect.stringMatching(/department/) }]);
    ok(await quality.put(url(net.lumiere, 'workflowconfig'), { completeNeedsReport: true }));
    await refusedSettings(() => quality.put(url(net.lumiere, 'workflowconfig'), { completeNeedsReport: false, version: 7 }), 409);
  });
});

describe('the workflow settings drive the service machine', () => {
  it('the provider’s providerDateConfirms: its proposed date confirms the service at once, no acceptance asked; off, it waits', async () => {
    const waiting = (await insertService(server.store)).serviceId as number;
    const proposed = shiftDay(today(), 40);
    const waits = ok(await manager.post(dates('requestDate'), { serviceId: waiting, startDate: proposed }));
    expect(waits).toMatchObject({ serviceStep: 'OPENED', pendingDateBy: 'SERVICE_PROVIDER', dateRelevance: 'IN_PROGRESS' });
    expect(await openTasks(waiting)).toEqual([`REQUEST_CONFIRMATION_DATE:HIGH:${net.lumiere}`]);

    // The decision maker's setting does not decide the provider's step: only Atlas's does.
    ok(await quality.put(url(net.lumiere, 'workflowconfig'), { providerDateConfirms: true }));
    const stillWaits = (await insertService(server.store)).serviceId as number;
    expect(ok(await manager.post(dates('requestDate'), { serviceId: stillWaits, startDate: proposed })).serviceStep).toBe('OPENED');

    ok(await manager.put(url(net.atlas, 'workflowconfig'), { providerDateConfirms: true }));
    const id = (await insertService(server.store)).serviceId as number;
    const confirmed = ok(await manager.post(dates('requestDate'), { serviceId: id, startDate: proposed }));
    expect(confirmed).toMatchObject({ serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true, startDate: proposed });
    const lines = await server.store.find('serviceDateLines', (line) => line.serviceId === id);
    expect(lines.map((line) => line.status).sort()).toEqual(['ACCEPTED', 'REPLACED']);
    // Nobody is asked to confirm; the provider prepares, the owner adds its elements.
    expect(await openTasks(id)).toEqual([`MISSING_ELEMENT:LOW:${net.lumiere}`, `SERVICE_TO_PREPARE:LOW:${net.atlas}`]);
    const history = await server.store.find('serviceHistory', (row) => row.serviceId === id);
    expect(history).toContainEqual(expect.objectContaining({ event: 'REQUEST_DATE', fromStep: 'OPENED', toStep: 'CONFIRMED', side: 'SERVICE_PROVIDER' }));
  });

  it('a service the provider creates with providerDateConfirms starts CONFIRMED', async () => {
    ok(await manager.put(url(net.atlas, 'workflowconfig'), { providerDateConfirms: true }));
    const created = await createService(manager, wizardBody(net, { roles: ['SERVICE_PROVIDER'] }));
    expect(created).toMatchObject({ serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED' });
    expect((await server.store.find('serviceDateLines', (line) => line.serviceId === created.serviceId)).map((line) => line.status)).toEqual(['ACCEPTED']);
  });

  it('the provider’s completeNeedsReport: COMPLETE without a report is refused (422, nothing written), with one it completes', async () => {
    const without = await confirmedService();
    expect(ok(await manager.patch(action(without, 'COMPLETE'), {})).serviceStep).toBe('TERMINATED');

    ok(await manager.put(url(net.atlas, 'workflowconfig'), { completeNeedsReport: true }));
    const id = await confirmedService();
    // Still offered: the call says why it is refused.
    expect(ok(await manager.get(`/back/bo/services/${id}`)).actions).toContain('COMPLETE');
    const refused = await expectRefused(server.store, () => manager.patch(action(id, 'COMPLETE'), {}), 422, [id]);
    expect(refused.body).toMatchObject({ exception: 'BusinessException', message: expect.stringMatching(/report/) });
    const reported = await confirmedService({ report: { reportResult: 'ACCEPTED', clientDecision: 'PENDING' } });
    expect(ok(await manager.patch(action(reported, 'COMPLETE'), {})).serviceStep).toBe('TERMINATED');
  });

  it('the decision maker’s reportNeedsDecision: off, a completed service’s report waits for no decision (no WAITING_DECISION)', async () => {
    const report = { report: { reportResult: 'ACCEPTED', clientDecision: 'PENDING' } };
    const waits = await confirmedService(report);
    ok(await manager.patch(action(waits, 'COMPLETE'), {}));
    expect(await openTasks(waits)).toEqual([`WAITING_DECISION:MID:${net.lumiere}`]);

    // The provider's setting does not decide the client's part.
    ok(await manager.put(url(net.atlas, 'workflowconfig'), { reportNeedsDecision: false }));
    const stillWaits = await confirmedService(report);
    ok(await manager.patch(action(stillWaits, 'COMPLETE'), {}));
    expect(await openTasks(stillWaits)).toEqual([`WAITING_DECISION:MID:${net.lumiere}`]);

    ok(await quality.put(url(net.lumiere, 'workflowconfig'), { reportNeedsDecision: false }));
    const id = await confirmedService(report);
    ok(await manager.patch(action(id, 'COMPLETE'), {}));
    expect(await openTasks(id)).toEqual([]);
  });
});

describe('the task settings drive the task rules', () => {
  it('a type turned off is not created for that company; a level set replaces the rule’s', async () => {
    const before = await createService(quality, wizardBody(net));
    expect(await openTasks(before.serviceId)).toEqual([`REQUEST_INSPECTION_DATE:HIGH:${net.atlas}`]);
    ok(await manager.post(dates('acceptDate'), { serviceId: before.serviceId }));
    expect(await openTasks(before.serviceId)).toEqual([`MISSING_ELEMENT:LOW:${net.lumiere}`, `SERVICE_TO_PREPARE:LOW:${net.atlas}`]);

    ok(await manager.put(url(net.atlas, 'taskconfig'), { disabledTypes: ['SERVICE_TO_PREPARE'], levels: { REQUEST_INSPECTION_DATE: 'MID' } }));
    const service = await createService(quality, wizardBody(net));
    expect(await openTasks(service.serviceId)).toEqual([`REQUEST_INSPECTION_DATE:MID:${net.atlas}`]);
    ok(await manager.post(dates('acceptDate'), { serviceId: service.serviceId }));
    // Atlas gets no SERVICE_TO_PREPARE; Lumière's MISSING_ELEMENT follows Lumière's settings (none).
    expect(await openTasks(service.serviceId)).toEqual([`MISSING_ELEMENT:LOW:${net.lumiere}`]);
  });
});

describe('the service defaults', () => {
  it('are the company’s values for a new service; with serviceId, those of the fields that service leaves empty', async () => {
    const defaults = { thirdPartyDepartment: 'INSP', type: 'INSP_PRE_PRODUCTION', serviceLevel: 'URGENT', servicePartyType: 'DESTINATION', standardMessage: 'Please bring the golden sample.' };
    expect(ok(await quality.put(url(net.lumiere, 'servicedefault'), defaults))).toEqual({ companyId: net.lumiere, ...defaults, version: 1 });
    expect(ok(await buyer.get(url(net.lumiere, 'servicedefault')))).toEqual({ companyId: net.lumiere, ...defaults, version: 1 });

    const id = (await insertService(server.store)).serviceId as number;
    // The fixture's service has a department, type, level and party type, but no standard message.
    expect(ok(await buyer.get(url(net.lumiere, 'servicedefault'), { serviceId: String(id) }))).toEqual({ companyId: net.lumiere, standardMessage: defaults.standardMessage, version: 1 });
    await refusedSettings(() => buyer.get(url(net.lumiere, 'servicedefault'), { serviceId: 'abc' }), 400);
    await refusedSettings(() => buyer.get(url(net.lumiere, 'servicedefault'), { serviceId: '999999' }), 404);
    // A service the caller does not see: 404, as the service's own calls answer.
    const foreign = (await insertService(server.store, { fields: { client: net.northwind, creatorCompany: net.northwind } })).serviceId as number;
    await refusedSettings(() => buyer.get(url(net.lumiere, 'servicedefault'), { serviceId: String(foreign) }), 404);
  });

  it('the light wizard starts from the same defaults as the full one, and its service keeps them', async () => {
    const defaults = { thirdPartyDepartment: 'INSP', type: 'INSP_PRE_PRODUCTION', serviceLevel: 'URGENT', servicePartyType: 'DESTINATION', standardMessage: 'Please bring the golden sample.' };
    ok(await quality.put(url(net.lumiere, 'servicedefault'), defaults));
    // The light form's start, from the answer of the call the browser makes (app/pages/services/wizard/serviceDefaults.ts).
    const buyerCaller = { companyId: net.lumiere, companyRoles: ['DECISION_MAKER'], superAdmin: false, segregatedUniverse: false };
    const start = emptyQuick(buyerCaller, ok(await buyer.get(url(net.lumiere, 'servicedefault'))));
    expect(start).toMatchObject({ client: net.lumiere, type: 'INSP_PRE_PRODUCTION', serviceLevel: 'URGENT', servicePartyType: 'DESTINATION', standardMessage: defaults.standardMessage });
    const typed = { ...start, supplier: net.shenzhen, serviceProvider: net.atlas, orderTakerContacts: [net.shenzhenContact], startDate: freshDate(), poNumber: 'PO-D1', designation: 'Linen shirt', quantity: 120 };
    const noCustomFields = { service: { type: 'object', properties: {} }, order: { type: 'object', properties: {} } };
    const created = await buyer.post('/back/bo/quickService', quickBody(typed, noCustomFields));
    expect(created.status, created.text).toBe(201);
    expect(created.body.service).toMatchObject({ type: 'INSP_PRE_PRODUCTION', thirdPartyDepartment: 'INSP', serviceLevel: 'URGENT', servicePartyType: 'DESTINATION', standardMessage: defaults.standardMessage });
    // What the person changes wins over the default; the light call reads the carried fields back.
    const view = ok(await buyer.get(`/back/bo/quickService/${created.body.service.serviceId}`));
    expect(view).toMatchObject({ serviceLevel: 'URGENT', standardMessage: defaults.standardMessage });
    const changed = await buyer.post('/back/bo/quickService', quickBody({ ...typed, type: 'INSP_FINAL_RANDOM', poNumber: 'PO-D2' }, noCustomFields));
    expect(changed.status, changed.text).toBe(201);
    expect(changed.body.service).toMatchObject({ type: 'INSP_FINAL_RANDOM', serviceLevel: 'URGENT' });
    // The carried fields are checked as the service's own: 400 on the flat field, nothing written.
    const bad = await expectRefused(server.store, () => buyer.post('/back/bo/quickService', { ...quickBody(typed, noCustomFields), serviceLevel: 'SOON', standardMessage: 'x'.repeat(2001) }), 400);
    expect(Object.keys(fieldMessages(bad.body)).sort()).toEqual(['/serviceLevel', '/standardMessage']);
  });
});
