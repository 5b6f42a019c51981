import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, shiftDay, startWithLogins, type Client, type TestServer } from './helpers';
import { sentMails } from './outbox';
import { createService, fieldMessages, freshDate, network, poLine, wizardBody, type Network } from './service-fixtures';

/** docs/services.md "Create, edit, duplicate — the wizard", the light wizard, one service (GET, DELETE). */
let server: TestServer;
let net: Network;
let quality: Client;
let sales: Client;
let manager: Client;
let inspector: Client;
let outsider: Client;
let buyer: Client;

beforeAll(async () => {
  ({ server, clients: { quality, sales, manager, inspector, outsider, buyer } } = await startWithLogins(['quality', 'sales', 'manager', 'inspector', 'outsider', 'buyer']));
  net = network(server.store);
});
afterAll(() => server?.close());

/** The provider confirmed (what the workflow does), written straight into the store for the fixture. */
const markConfirmed = (serviceId: number, serviceStep = 'OPENED') =>
  server.store.update('services', serviceId, (current) => ({ ...current, providerConfirmed: true, serviceStep }));

async function refused(client: Client, body: unknown, status = 400) {
  const reply = await client.post('/back/bo/services', body);
  expect(reply.status, reply.text).toBe(status);
  return reply;
}

describe('wizard rules (spec §5.4): 400 with the message on the field', () => {
  it('at least one service date', async () => {
    const reply = await refused(quality, wizardBody(net, { service: { startDate: undefined, endDate: undefined } }));
    expect(reply.body.exception).toBe('ValidationException');
    expect(fieldMessages(reply.body)['/service/startDate']).toBe('at least one service date');
  });

  it('at least one purchase order line', async () => {
    const reply = await refused(quality, wizardBody(net, { purchaseOrderLines: [] }));
    expect(fieldMessages(reply.body)['/purchaseOrderLines']).toBe('at least one purchase order line');
  });

  it('at least one laboratory test line for a laboratory service', async () => {
    const lab = { thirdPartyDepartment: 'LAB', type: 'LAB_CHEMICAL_TEST' };
    const reply = await refused(quality, wizardBody(net, { service: lab }));
    expect(fieldMessages(reply.body)['/laboratoryLines']).toBe('at least one laboratory test');
    const ok = await quality.post('/back/bo/services', wizardBody(net, { service: lab, laboratoryLines: [{ testName: 'Azo dyes', sampleCount: 3 }] }));
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.service.laboratoryLines).toEqual([expect.objectContaining({ testName: 'Azo dyes', laboratoryLineId: expect.any(Number), result: 'PENDING' })]);
  });

  it('at least one order-taker contact, in the audit vocabulary for an audit', async () => {
    const reply = await refused(quality, wizardBody(net, { service: { orderTakerContacts: [] } }));
    expect(fieldMessages(reply.body)['/service/orderTakerContacts']).toBe('at least one order taker contact');
    const audit = await refused(quality, wizardBody(net, { service: { thirdPartyDepartment: 'AUDIT', type: 'AUDIT_SOCIAL', orderTakerContacts: [] } }));
    expect(fieldMessages(audit.body)['/service/orderTakerContacts']).toBe('at least one contact at the manufacturing site');
  });

  it('order-taker contacts work for the supplier, factory or agent', async () => {
    const reply = await refused(quality, wizardBody(net, { service: { orderTakerContacts: [net.ningboContact, net.lumiereContact] } }));
    expect(fieldMessages(reply.body)).toEqual({ '/service/orderTakerContacts/1': 'this contact does not work for the supplier, factory or agent' });
  });

  it('the ex-factory date for an order taker on an inspection, unless the party type is destination', async () => {
    const asOrderTaker = { roles: ['ORDER_TAKER'], service: { exFactoryDate: undefined } };
    const reply = await refused(sales, wizardBody(net, asOrderTaker));
    expect(fieldMessages(reply.body)['/service/exFactoryDate']).toBe('the ex-factory date is required for an order taker on an inspection');
    const destination = wizardBody(net, { roles: ['ORDER_TAKER'], service: { exFactoryDate: undefined, servicePartyType: 'DESTINATION' } });
    const created = await createService(sales, destination);
    expect([created.serviceStep, created.creatorSide, created.pendingDateBy]).toEqual(['REQUESTED', 'ORDER_TAKER', 'ORDER_TAKER']);
    // A decision maker needs no ex-factory date.
    await createService(quality, wizardBody(net, { service: { exFactoryDate: undefined } }));
  });

  it('the end date is not before the start date', async () => {
    const startDate = freshDate();
    const reply = await refused(quality, wizardBody(net, { service: { startDate, endDate: shiftDay(startDate, -1) } }));
    expect(fieldMessages(reply.body)['/service/endDate']).toBe('the end date cannot be before the start date');
  });

  it('no negative quantity; each line checked on its own path', async () => {
    const reply = await refused(quality, wizardBody(net, { purchaseOrderLines: [poLine('PO-1'), { ...poLine('PO-2', -5), designation: ' ' }] }));
    expect(fieldMessages(reply.body)).toEqual({
      '/purchaseOrderLines/1/orderedQuantity/quantity': 'too small',
      '/purchaseOrderLines/1/designation': 'required',
    });
  });

  it('every failing rule is reported at once', async () => {
    const reply = await refused(quality, wizardBody(net, { purchaseOrderLines: [], service: { orderTakerContacts: [], startDate: undefined, endDate: undefined } }));
    expect(Object.keys(fieldMessages(reply.body)).sort()).toEqual(['/purchaseOrderLines', '/service/orderTakerContacts', '/service/startDate']);
  });

  it('unknown fields and a body that is not an object are refused', async () => {
    expect(fieldMessages((await refused(quality, { ...wizardBody(net), extra: 1 })).body)).toEqual({ '/extra': 'unknown field' });
    expect((await refused(quality, [1, 2])).body.exception).toBe('ValidationException');
    expect(fieldMessages((await refused(quality, { ...wizardBody(net), service: 'x' })).body)['/service']).toBe('wrong type');
  });
});

describe('roles, company slots, department and companies', () => {
  it('the role picker (spec §6.4): a role is required, a company takes only the sides it holds', async () => {
    const none = await refused(quality, wizardBody(net, { roles: [] }));
    expect(fieldMessages(none.body)['/roles']).toBe('choose at least one role');
    for (const roles of [['SERVICE_PROVIDER'], ['ORDER_TAKER'], ['DECISION_MAKER', 'SERVICE_PROVIDER'], ['DECISION_MAKER', 'DECISION_MAKER']]) {
      const reply = await refused(quality, wizardBody(net, { roles }));
      expect(fieldMessages(reply.body)['/roles'], roles.join()).toBe('your company cannot take this role on the service');
    }
    expect(fieldMessages((await refused(quality, wizardBody(net, { roles: ['BOSS'] }))).body)['/roles']).toBe('unknown value');
  });

  it('the caller’s company fills the slot of its role', async () => {
    const asProvider = { roles: ['SERVICE_PROVIDER'], service: { serviceProvider: net.atlas } };
    const admin = network(server.store);
    const adminCompany = server.store.find('companies', (row) => row.name === 'QCFlow Admin')[0].companyId as number;
    const reply = await refused(manager, wizardBody(admin, { ...asProvider, service: { serviceProvider: adminCompany } }));
    expect(fieldMessages(reply.body)).toEqual({ '/service/serviceProvider': 'your company must fill the party of the role you chose' });
    const created = await createService(manager, wizardBody(net, asProvider));
    expect([created.creatorSide, created.side, created.serviceStep, created.providerConfirmed]).toEqual(['SERVICE_PROVIDER', 'SERVICE_PROVIDER', 'OPENED', true]);
    const slotless = await refused(sales, wizardBody(net, { roles: ['ORDER_TAKER'], service: { supplier: net.ningbo } }));
    expect(fieldMessages(slotless.body)['/service/supplier']).toBe('your company must fill the party of the role you chose');
  });

  it('the type belongs to the chosen department', async () => {
    const reply = await refused(quality, wizardBody(net, { service: { thirdPartyDepartment: 'AUDIT' } }));
    expect(fieldMessages(reply.body)).toEqual({ '/service/type': 'the service type does not belong to the chosen department' });
  });

  it('each company of the right kind and of the caller’s universe', async () => {
    const reply = await refused(quality, wizardBody(net, { service: { supplier: net.northwind, serviceProvider: net.lumiere, orderTakerContacts: [net.ningboContact] } }));
    expect(fieldMessages(reply.body)).toEqual({
      '/service/supplier': 'unknown or unavailable value',
      '/service/serviceProvider': 'unknown or unavailable value',
    });
  });
});

describe('creating a service', () => {
  it('201 as quality@brand.test: OPENED, S-number, first date line, history CREATED, searchText kept server-side', async () => {
    const body = wizardBody(net, { note: 'Please check the seams', purchaseOrderLines: [{ ...poLine('PO-7788'), referenceObj: 'REF-Été' }] });
    const reply = await quality.post('/back/bo/services', body);
    expect(reply.status, reply.text).toBe(201);
    const { service, created } = reply.body;
    expect(created).toBe(true);
    expect(service).toMatchObject({
      serviceStep: 'OPENED',
      creatorSide: 'DECISION_MAKER',
      pendingDateBy: 'DECISION_MAKER',
      dateRelevance: 'IN_PROGRESS',
      providerConfirmed: false,
      side: 'DECISION_MAKER',
      owner: true,
      userRoles: ['DECISION_MAKER'],
      rights: { sheet: { right: 'WRITE', forced: false } },
      serviceLevel: 'NORMAL',
      version: 1,
    });
    expect(service.number).toBe(`S-${String(service.serviceId).padStart(6, '0')}`);
    expect(service.purchaseOrderLines[0].purchaseOrderLineId).toEqual(expect.any(Number));
    expect(service).not.toHaveProperty('searchText');
    const stored = server.store.get('services', service.serviceId)!;
    expect(stored.searchText).toContain('PO-7788');
    expect(stored.searchText).toContain('REF-ETE');
    expect(stored.searchText).toContain('MAISON LUMIERE');
    expect(stored.searchText).toContain(service.number);
    const dateLines = server.store.find('serviceDateLines', (line) => line.serviceId === service.serviceId);
    expect(dateLines).toEqual([
      expect.objectContaining({ startDate: body.service.startDate, endDate: body.service.endDate, status: 'PROPOSED', proposedBy: 'DECISION_MAKER' }),
    ]);
    const events = server.store.find('serviceHistory', (event) => event.serviceId === service.serviceId).map((event) => event.event);
    expect(events).toEqual(['CREATED', 'NOTE_ADDED']);
    expect(server.store.find('serviceNotes', (note) => note.serviceId === service.serviceId).map((note) => note.text)).toEqual(['Please check the seams']);
    const got = await quality.get(`/back/bo/services/${service.serviceId}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ serviceId: service.serviceId, number: service.number, actions: expect.arrayContaining(['CANCEL']) });
  });

  it('an OPENED service is hidden from the order taker until the provider confirms; the provider sees it', async () => {
    const service = await createService(quality, wizardBody(net));
    const url = `/back/bo/services/${service.serviceId}`;
    const hidden = await sales.get(url);
    expect([hidden.status, hidden.body.message]).toEqual([404, 'service not found']);
    const provider = await manager.get(url);
    expect(provider.status).toBe(200);
    expect([provider.body.side, provider.body.rights.sheet.right]).toEqual(['SERVICE_PROVIDER', 'READ']);
    expect((await outsider.get(url)).status).toBe(404);
    await markConfirmed(service.serviceId);
    const shown = await sales.get(url);
    expect(shown.status).toBe(200);
    expect([shown.body.side, shown.body.userRoles, shown.body.rights.sheet.right]).toEqual(['ORDER_TAKER', ['SUPPLIER'], 'READ']);
  });

  it('the same type, parties and start date merge into the open service: 200 created:false, lines appended', async () => {
    const body = wizardBody(net);
    const first = await createService(quality, body);
    const again = await quality.post('/back/bo/services', { ...body, purchaseOrderLines: [poLine('PO-2'), poLine('PO-3')] });
    expect(again.status, again.text).toBe(200);
    expect(again.body.created).toBe(false);
    expect(again.body.service.serviceId).toBe(first.serviceId);
    expect(again.body.service.purchaseOrderLines.map((line: any) => line.poNumber)).toEqual(['PO-1', 'PO-2', 'PO-3']);
    const ids = again.body.service.purchaseOrderLines.map((line: any) => line.purchaseOrderLineId);
    expect(new Set(ids).size).toBe(3);
    expect(server.store.find('serviceHistory', (event) => event.serviceId === first.serviceId).map((event) => event.event)).toEqual(['CREATED', 'MERGED']);
    // Another provider is another service.
    const adminCompany = server.store.find('companies', (row) => row.name === 'QCFlow Admin')[0].companyId as number;
    expect((await quality.post('/back/bo/services', { ...body, service: { ...body.service, serviceProvider: adminCompany } })).status).toBe(201);
  });

  it('the notification step e-mails the chosen contacts; sending needs a recipient', async () => {
    const none = await refused(quality, wizardBody(net, { notification: { doSend: true, tos: [], ccs: [] } }));
    expect(fieldMessages(none.body)).toEqual({ '/notification/tos': 'required' });
    const elsewhere = await refused(quality, wizardBody(net, { notification: { doSend: true, tos: [network(server.store).lumiereContact], ccs: [999999] } }));
    expect(fieldMessages(elsewhere.body)).toEqual({ '/notification/ccs/0': 'unknown or unavailable value' });
    const before = (await sentMails(server.outbox!)).length;
    const manager = server.store.find('contacts', (row) => row.email === ACCOUNTS.manager)[0];
    const service = await createService(quality, wizardBody(net, { notification: { doSend: true, tos: [manager.contactId], ccs: [], comment: 'Urgent lot' } }));
    const mails = (await sentMails(server.outbox!)).slice(before);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[ACCOUNTS.manager, `QCFlow: service ${service.number} created`]]);
    expect(mails[0].text).toContain('Urgent lot');
    expect(mails[0].text).toContain(`/services/${service.serviceId}`);
  });

  it('route roles: the inspector (no service flag) gets 403; reading alone does not create', async () => {
    expect((await inspector.post('/back/bo/services', wizardBody(net))).status).toBe(403);
    const service = await createService(quality, wizardBody(net));
    expect((await inspector.get(`/back/bo/services/${service.serviceId}`)).status).toBe(403);
  });
});

describe('editing (PUT)', () => {
  it('replaces the fields with the version; a stale version is 409; the dates move only by postponing', async () => {
    const service = await createService(quality, wizardBody(net));
    const url = `/back/bo/services/${service.serviceId}`;
    const fields = { ...service, serviceLevel: 'URGENT', standardMessage: 'Bring the golden sample' };
    const edited = await quality.put(url, { version: service.version, service: fields });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ serviceLevel: 'URGENT', standardMessage: 'Bring the golden sample', version: 2, number: service.number, serviceStep: 'OPENED' });
    const stale = await quality.put(url, { version: service.version, service: fields });
    expect([stale.status, stale.body.exception]).toEqual([409, 'OptimisticLockException']);
    const moved = await quality.put(url, { version: 2, service: { ...fields, startDate: shiftDay(service.startDate, 3) } });
    expect([moved.status, fieldMessages(moved.body)]).toEqual([400, { '/service/startDate': 'the dates of an existing service change only by postponing it' }]);
    const noVersion = await quality.put(url, { service: fields });
    expect(fieldMessages(noVersion.body)).toEqual({ '/version': 'required' });
    const lines = await quality.put(url, { version: 2, service: fields, purchaseOrderLines: [] });
    expect(fieldMessages(lines.body)).toEqual({ '/purchaseOrderLines': 'at least one purchase order line' });
    expect(server.store.find('serviceHistory', (event) => event.serviceId === service.serviceId).map((event) => event.event)).toEqual(['CREATED', 'UPDATED']);
  });

  it('needs WRITE: a party with READ gets 403; an invisible service is 404', async () => {
    const service = await createService(quality, wizardBody(net));
    await markConfirmed(service.serviceId);
    const url = `/back/bo/services/${service.serviceId}`;
    const reply = await sales.put(url, { version: 2, service });
    expect([reply.status, reply.body.message]).toEqual([403, 'You can only read this service: you cannot change it']);
    expect((await outsider.put(url, { version: 2, service })).status).toBe(404);
  });
});

describe('the light wizard (quickService)', () => {
  const flat = (changes: Record<string, unknown> = {}) => ({
    type: 'INSP_DURING_PRODUCTION',
    client: net.lumiere,
    supplier: net.shenzhen,
    factory: net.ningbo,
    serviceProvider: net.atlas,
    startDate: freshDate(),
    poNumber: 'PO-Q1',
    designation: 'Silk scarf',
    quantity: 300,
    unit: 'PIECE',
    orderTakerContacts: [net.shenzhenContact],
    ...changes,
  });

  it('creates from one flat body with the caller’s role; reads and edits it flat', async () => {
    const reply = await buyer.post('/back/bo/quickService', flat());
    expect(reply.status, reply.text).toBe(201);
    const { service, created } = reply.body;
    expect(created).toBe(true);
    expect(service).toMatchObject({ creatorSide: 'DECISION_MAKER', thirdPartyDepartment: 'INSP', serviceStep: 'OPENED' });
    expect(service.purchaseOrderLines).toEqual([expect.objectContaining({ poNumber: 'PO-Q1', designation: 'Silk scarf', orderedQuantity: { quantity: 300, unit: 'PIECE' } })]);
    const view = await buyer.get(`/back/bo/quickService/${service.serviceId}`);
    expect(view.body).toMatchObject({ serviceId: service.serviceId, number: service.number, version: 1, poNumber: 'PO-Q1', quantity: 300, type: 'INSP_DURING_PRODUCTION' });
    const edited = await buyer.put(`/back/bo/quickService/${service.serviceId}`, { ...view.body, designation: 'Silk scarf, printed', quantity: 280, serviceId: undefined, number: undefined });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.purchaseOrderLines).toEqual([expect.objectContaining({ purchaseOrderLineId: service.purchaseOrderLines[0].purchaseOrderLineId, designation: 'Silk scarf, printed', orderedQuantity: { quantity: 280, unit: 'PIECE' } })]);
    expect(edited.body.version).toBe(2);
  });

  it('the same rules, with errors on the flat fields', async () => {
    const noLine = await buyer.post('/back/bo/quickService', flat({ poNumber: undefined, designation: undefined, quantity: undefined, unit: undefined, startDate: undefined }));
    expect(noLine.status).toBe(400);
    expect(fieldMessages(noLine.body)).toEqual({ '/poNumber': 'at least one purchase order line', '/startDate': 'at least one service date' });
    const negative = await buyer.post('/back/bo/quickService', flat({ quantity: -1, orderTakerContacts: [] }));
    expect(fieldMessages(negative.body)).toEqual({ '/quantity': 'too small', '/orderTakerContacts': 'at least one order taker contact' });
    expect((await inspector.post('/back/bo/quickService', flat())).status).toBe(403);
  });
});

describe('deleting', () => {
  it('an OPENED service never confirmed: true, with its date lines and notes', async () => {
    const service = await createService(quality, wizardBody(net, { note: 'to delete' }));
    const url = `/back/bo/services/${service.serviceId}`;
    expect((await sales.delete(url)).status).toBe(404);
    const reply = await quality.delete(url);
    expect([reply.status, reply.body]).toEqual([200, true]);
    expect((await quality.get(url)).status).toBe(404);
    expect(server.store.find('serviceDateLines', (line) => line.serviceId === service.serviceId)).toEqual([]);
    expect(server.store.find('serviceNotes', (note) => note.serviceId === service.serviceId)).toEqual([]);
  });

  it('refused with 422 once the provider confirmed it; 403 without WRITE', async () => {
    const service = await createService(quality, wizardBody(net));
    await markConfirmed(service.serviceId, 'CONFIRMED');
    const url = `/back/bo/services/${service.serviceId}`;
    const reply = await quality.delete(url);
    expect([reply.status, reply.body.exception, reply.body.message]).toEqual([
      422,
      'BusinessException',
      'The server rejected the service deletion. You may have to cancel the service instead.',
    ]);
    expect((await sales.delete(url)).status).toBe(403);
    expect((await manager.delete(url)).status).toBe(403);
    expect(server.store.get('services', service.serviceId)).toBeDefined();
  });
});

describe('profile and network lookups for the wizard', () => {
  it('the profile carries the wizard type (customServiceType)', async () => {
    expect((await buyer.get('/back/auth/profile')).body.customServiceType).toBe('BOTH');
    expect((await quality.get('/back/auth/profile')).body.customServiceType).toBe('FULL');
  });

  it('serviceproviders, countries and the contacts of chosen companies', async () => {
    const providers = (await quality.get('/back/bo/networkcombo/serviceproviders')).body.map((option: any) => option.label);
    expect(providers).toEqual(['Atlas Inspection', 'QCFlow Admin']);
    const countries = (await quality.get('/back/bo/networkcombo/countries')).body;
    expect(countries).toContainEqual({ value: 'China', label: 'China' });
    expect(countries.map((option: any) => option.value)).not.toContain('United States');
    expect((await quality.get('/back/bo/networkcombo/countries', { q: 'port' })).body).toEqual([{ value: 'Portugal', label: 'Portugal' }]);
    const contacts = (await quality.get('/back/bo/networkcombo/contacts', { companyId: [net.shenzhen, net.ningbo] })).body;
    const companies = new Set(contacts.map((option: any) => server.store.get('contacts', option.value)!.companyId));
    expect(companies).toEqual(new Set([net.shenzhen, net.ningbo]));
    expect((await quality.get('/back/bo/networkcombo/contacts', { companyId: 'abc' })).status).toBe(400);
    expect((await quality.get('/back/bo/networkcombo/contacts')).body.length).toBeGreaterThan(contacts.length);
  });
});
