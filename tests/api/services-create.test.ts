import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, shiftDay, startWithLogins, type Client, type Reply, type TestServer } from './helpers';
import { mailCount, sentMails } from './outbox';
import { createService, expectRefused, fieldMessages, footprint, freshDate, network, poLine, wizardBody, type Network } from './service-fixtures';

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
  net = await network(server.store);
});
afterAll(() => server?.close());

/** The provider confirmed (what the workflow does), written straight into the store for the fixture. */
const markConfirmed = (serviceId: number, serviceStep = 'OPENED') =>
  server.store.update('services', serviceId, (current) => ({ ...current, providerConfirmed: true, serviceStep }));

/** The call's answer, once checked: this status, and no service data written (no service, date line, note, history event or alert). */
const refusedCall = (call: () => Promise<Reply>, status: number) => expectRefused(server.store, call, status);
const refused = (client: Client, body: unknown, status = 400) => refusedCall(() => client.post('/back/bo/services', body), status);

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
    const adminCompany = (await server.store.find('companies', (row) => row.name === 'QCFlow Admin'))[0].companyId as number;
    const reply = await refused(manager, wizardBody(net, { ...asProvider, service: { serviceProvider: adminCompany } }));
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
    const stored = (await server.store.get('services', service.serviceId))!;
    expect(stored.searchText).toContain('PO-7788');
    expect(stored.searchText).toContain('REF-ETE');
    expect(stored.searchText).toContain('MAISON LUMIERE');
    expect(stored.searchText).toContain(service.number);
    const dateLines = await server.store.find('serviceDateLines', (line) => line.serviceId === service.serviceId);
    expect(dateLines).toEqual([
      expect.objectContaining({ startDate: body.service.startDate, endDate: body.service.endDate, status: 'PROPOSED', proposedBy: 'DECISION_MAKER' }),
    ]);
    const events = (await server.store.find('serviceHistory', (event) => event.serviceId === service.serviceId)).map((event) => event.event);
    expect(events).toEqual(['CREATED', 'NOTE_ADDED']);
    expect((await server.store.find('serviceNotes', (note) => note.serviceId === service.serviceId)).map((note) => note.text)).toEqual(['Please check the seams']);
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
    expect((await server.store.find('serviceHistory', (event) => event.serviceId === first.serviceId)).map((event) => event.event)).toEqual(['CREATED', 'MERGED']);
    // Another provider is another service.
    const adminCompany = (await server.store.find('companies', (row) => row.name === 'QCFlow Admin'))[0].companyId as number;
    expect((await quality.post('/back/bo/services', { ...body, service: { ...body.service, serviceProvider: adminCompany } })).status).toBe(201);
  });

  it('the notification step e-mails the chosen contacts; sending needs a recipient', async () => {
    const none = await refused(quality, wizardBody(net, { notification: { doSend: true, tos: [], ccs: [] } }));
    expect(fieldMessages(none.body)).toEqual({ '/notification/tos': 'required' });
    const elsewhere = await refused(quality, wizardBody(net, { notification: { doSend: true, tos: [net.lumiereContact], ccs: [999999] } }));
    expect(fieldMessages(elsewhere.body)).toEqual({ '/notification/ccs/0': 'unknown or unavailable value' });
    const before = await mailCount(server);
    const manager = (await server.store.find('contacts', (row) => row.email === ACCOUNTS.manager))[0];
    const service = await createService(quality, wizardBody(net, { notification: { doSend: true, tos: [manager.contactId], ccs: [], comment: 'Urgent lot' } }));
    const mails = (await sentMails(server.outbox!)).slice(before);
    // The chosen contact, with the comment; the provider's other people are told of the new order without it.
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [ACCOUNTS.manager, `QCFlow: service ${service.number} created`],
      [ACCOUNTS.inspector, `QCFlow: service ${service.number} created`],
    ]);
    expect(mails[0].text).toContain('Urgent lot');
    expect(mails[1].text).not.toContain('Urgent lot');
    expect(mails[0].text).toContain(`/services/${service.serviceId}`);
  });

  it('route roles: the inspector (CONTRIBUTOR: no CREATE_SERVICE flag) gets 403 creating; it reads its company’s services', async () => {
    expect((await inspector.post('/back/bo/services', wizardBody(net))).status).toBe(403);
    const service = await createService(quality, wizardBody(net));
    const read = await inspector.get(`/back/bo/services/${service.serviceId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ side: 'SERVICE_PROVIDER', rights: { sheet: { right: 'READ' } } });
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
    const stale = await refusedCall(() => quality.put(url, { version: service.version, service: fields }), 409);
    expect(stale.body.exception).toBe('OptimisticLockException');
    const moved = await refusedCall(() => quality.put(url, { version: 2, service: { ...fields, startDate: shiftDay(service.startDate, 3) } }), 400);
    expect(fieldMessages(moved.body)).toEqual({ '/service/startDate': 'the dates of an existing service change only by postponing it' });
    const noVersion = await refusedCall(() => quality.put(url, { service: fields }), 400);
    expect(fieldMessages(noVersion.body)).toEqual({ '/version': 'required' });
    const lines = await refusedCall(() => quality.put(url, { version: 2, service: fields, purchaseOrderLines: [] }), 400);
    expect(fieldMessages(lines.body)).toEqual({ '/purchaseOrderLines': 'at least one purchase order line' });
    expect((await server.store.find('serviceHistory', (event) => event.serviceId === service.serviceId)).map((event) => event.event)).toEqual(['CREATED', 'UPDATED']);
  });

  it('needs WRITE: a party with READ gets 403; an invisible service is 404', async () => {
    const service = await createService(quality, wizardBody(net));
    await markConfirmed(service.serviceId);
    const url = `/back/bo/services/${service.serviceId}`;
    const reply = await refusedCall(() => sales.put(url, { version: 2, service }), 403);
    expect(reply.body.message).toBe('You can only read this service: you cannot change it');
    await refusedCall(() => manager.put(url, { version: 2, service }), 403);
    await refusedCall(() => outsider.put(url, { version: 2, service }), 404);
  });

  it('the §5.4 rules hold on an edit: 400 on the field, nothing written', async () => {
    const service = await createService(quality, wizardBody(net));
    const url = `/back/bo/services/${service.serviceId}`;
    const put = async (changes: Record<string, unknown>, lines: Record<string, unknown> = {}) =>
      fieldMessages((await refusedCall(() => quality.put(url, { version: 1, service: { ...service, ...changes }, ...lines }), 400)).body);
    expect(await put({ orderTakerContacts: [] })).toEqual({ '/service/orderTakerContacts': 'at least one order taker contact' });
    expect(await put({ thirdPartyDepartment: 'AUDIT', type: 'AUDIT_SOCIAL', orderTakerContacts: [] })).toEqual({ '/service/orderTakerContacts': 'at least one contact at the manufacturing site' });
    expect(await put({ orderTakerContacts: [net.lumiereContact] })).toEqual({ '/service/orderTakerContacts/0': 'this contact does not work for the supplier, factory or agent' });
    expect(await put({ thirdPartyDepartment: 'LAB', type: 'LAB_CHEMICAL_TEST' })).toEqual({ '/laboratoryLines': 'at least one laboratory test' });
    expect(await put({}, { purchaseOrderLines: [poLine('PO-1', -1)] })).toEqual({ '/purchaseOrderLines/0/orderedQuantity/quantity': 'too small' });
    expect(await put({}, { laboratoryLines: [{ testName: 'Azo dyes', sampleCount: -1 }] })).toEqual({ '/laboratoryLines/0/sampleCount': 'too small' });
    // The service dates cannot be removed nor put out of order here: they move only by postponing.
    expect(await put({ startDate: null })).toEqual({ '/service/startDate': 'the dates of an existing service change only by postponing it' });
    expect(await put({ endDate: shiftDay(service.startDate, -1) })).toEqual({ '/service/endDate': 'the dates of an existing service change only by postponing it' });
    // The ex-factory date rule applies to a service an order taker created.
    const requested = await createService(sales, wizardBody(net, { roles: ['ORDER_TAKER'] }));
    const put2 = await refusedCall(() => sales.put(`/back/bo/services/${requested.serviceId}`, { version: 1, service: { ...requested, exFactoryDate: undefined } }), 400);
    expect(fieldMessages(put2.body)).toEqual({ '/service/exFactoryDate': 'the ex-factory date is required for an order taker on an inspection' });
  });

  it('forced READ once locked, terminated or cancelled: the owner gets 403 on PUT, PO lines and DELETE, nothing written', async () => {
    for (const change of [{ locked: true }, { serviceStep: 'TERMINATED', providerConfirmed: true }, { serviceStep: 'CANCELLED' }]) {
      const service = await createService(quality, wizardBody(net));
      await server.store.update('services', service.serviceId, (current) => ({ ...current, ...change }));
      const url = `/back/bo/services/${service.serviceId}`;
      const seen = await quality.get(url);
      expect(seen.body.rights.sheet, JSON.stringify(change)).toEqual({ right: 'READ', forced: true });
      const calls = [
        () => quality.put(url, { version: 2, service: { ...seen.body, serviceLevel: 'URGENT' } }),
        () => quality.patch(`/back/bo/purchaseOrderLines/${service.serviceId}`, { version: 2, lines: [poLine('PO-9')] }),
        () => quality.delete(url),
      ];
      for (const call of calls) expect((await refusedCall(call, 403)).body.message).toBe('You can only read this service: you cannot change it');
    }
  });
});

describe('rights from the account’s flags (spec §6.4)', () => {
  /** Runs `work` with the account's profiles changed (flags are read on every call), then puts them back. */
  async function withProfiles(email: string, profiles: string[], work: () => Promise<void>) {
    const contactId = net.contacts[email];
    const saved = (await server.store.get('contacts', contactId))!.account;
    await server.store.update('contacts', contactId, (contact) => ({ ...contact, account: { ...(contact.account as object), profiles } }));
    try {
      await work();
    } finally {
      await server.store.update('contacts', contactId, (contact) => ({ ...contact, account: saved }));
    }
  }

  it('without a CREATE_SERVICE flag (ADMIN_ACCOUNTING: SEARCH_SERVICE only): reads, forced READ on its company’s service, creates nothing', async () => {
    const service = await createService(quality, wizardBody(net));
    const url = `/back/bo/services/${service.serviceId}`;
    await withProfiles(ACCOUNTS.buyer, ['ADMIN_ACCOUNTING'], async () => {
      const seen = await buyer.get(url);
      expect(seen.status, seen.text).toBe(200);
      expect([seen.body.owner, seen.body.rights.sheet]).toEqual([true, { right: 'READ', forced: true }]);
      await refusedCall(() => buyer.put(url, { version: 1, service: { ...service, serviceLevel: 'URGENT' } }), 403);
      await refusedCall(() => buyer.delete(url), 403);
      await refusedCall(() => buyer.post('/back/bo/services', wizardBody(net)), 403);
      await refusedCall(() => buyer.post('/back/bo/quickService', { type: 'INSP_FINAL_RANDOM' }), 403);
    });
  });

  it('ALWAYS_OWNER (the OWNER profile) writes a service its company sees without owning it', async () => {
    const service = await createService(quality, wizardBody(net));
    await markConfirmed(service.serviceId);
    const url = `/back/bo/services/${service.serviceId}`;
    await refusedCall(() => sales.put(url, { version: 2, service: { ...service, serviceLevel: 'URGENT' } }), 403);
    await withProfiles(ACCOUNTS.sales, ['OWNER'], async () => {
      const seen = await sales.get(url);
      expect([seen.body.owner, seen.body.side, seen.body.rights.sheet]).toEqual([true, 'ORDER_TAKER', { right: 'WRITE', forced: false }]);
      const edited = await sales.put(url, { version: 2, service: { ...service, serviceLevel: 'URGENT' } });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.body).toMatchObject({ serviceLevel: 'URGENT', version: 3 });
    });
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
    const noLine = await refusedCall(() => buyer.post('/back/bo/quickService', flat({ poNumber: undefined, designation: undefined, quantity: undefined, unit: undefined, startDate: undefined })), 400);
    expect(fieldMessages(noLine.body)).toEqual({ '/poNumber': 'at least one purchase order line', '/startDate': 'at least one service date' });
    const negative = await refusedCall(() => buyer.post('/back/bo/quickService', flat({ quantity: -1, orderTakerContacts: [] })), 400);
    expect(fieldMessages(negative.body)).toEqual({ '/quantity': 'too small', '/orderTakerContacts': 'at least one order taker contact' });
    await refusedCall(() => inspector.post('/back/bo/quickService', flat()), 403);
  });

  it('every §5.4 rule speaks on its flat field; nothing written', async () => {
    const start = freshDate();
    const cases: [Client, Record<string, unknown>, Record<string, string>][] = [
      [sales, {}, { '/exFactoryDate': 'the ex-factory date is required for an order taker on an inspection' }],
      [buyer, { startDate: start, endDate: shiftDay(start, -1) }, { '/endDate': 'the end date cannot be before the start date' }],
      [buyer, { type: 'AUDIT_SOCIAL', orderTakerContacts: [] }, { '/orderTakerContacts': 'at least one contact at the manufacturing site' }],
      [buyer, { orderTakerContacts: [net.lumiereContact] }, { '/orderTakerContacts/0': 'this contact does not work for the supplier, factory or agent' }],
      // No test lines in the light wizard: a laboratory service needs the full one.
      [buyer, { type: 'LAB_CHEMICAL_TEST' }, { '/laboratoryLines': 'at least one laboratory test' }],
      [buyer, { quantity: 'many' }, { '/quantity': 'wrong type' }],
    ];
    for (const [client, changes, errors] of cases) {
      const reply = await refusedCall(() => client.post('/back/bo/quickService', flat(changes)), 400);
      expect(fieldMessages(reply.body), JSON.stringify(changes)).toEqual(errors);
    }
    // The order taker with its ex-factory date: created, as order taker.
    const ok = await sales.post('/back/bo/quickService', flat({ exFactoryDate: shiftDay(start, 20) }));
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.service).toMatchObject({ creatorSide: 'ORDER_TAKER', serviceStep: 'REQUESTED' });
  });

  it('PUT takes back what GET gave (its read-only serviceId and number ignored)', async () => {
    const created = await buyer.post('/back/bo/quickService', flat({ poNumber: 'PO-Q-ROUND' }));
    expect(created.status, created.text).toBe(201);
    const url = `/back/bo/quickService/${created.body.service.serviceId}`;
    const view = (await buyer.get(url)).body;
    expect(view).toMatchObject({ serviceId: created.body.service.serviceId, number: created.body.service.number });
    const same = await buyer.put(url, view);
    expect(same.status, same.text).toBe(200);
    expect((await buyer.get(url)).body).toEqual({ ...view, version: view.version + 1 });
    const renamed = await buyer.put(url, { ...view, version: view.version + 1, serviceId: 1, number: 'S-OTHER', designation: 'Silk scarf, lined' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ serviceId: view.serviceId, number: view.number });
    expect((await server.store.get('services', 1))!.number).not.toBe('S-OTHER');
  });

  it('PUT changes only the flat fields given: the others, and the first PO line’s, keep their value', async () => {
    const created = await buyer.post('/back/bo/quickService', flat({ poNumber: 'PO-Q2' }));
    expect(created.status, created.text).toBe(201);
    const { serviceId, purchaseOrderLines } = created.body.service;
    const url = `/back/bo/quickService/${serviceId}`;
    const quantity = await buyer.put(url, { version: 1, quantity: 250 });
    expect(quantity.status, quantity.text).toBe(200);
    const [first] = purchaseOrderLines;
    expect(first).toMatchObject({ poNumber: 'PO-Q2', designation: 'Silk scarf', orderedQuantity: { quantity: 300, unit: 'PIECE' } });
    const line = { ...first, orderedQuantity: { ...first.orderedQuantity, quantity: 250 } };
    expect(quantity.body.purchaseOrderLines).toEqual([line]);
    const exFactoryDate = shiftDay(created.body.service.startDate, 5);
    const serviceOnly = await buyer.put(url, { version: 2, exFactoryDate });
    expect(serviceOnly.status, serviceOnly.text).toBe(200);
    expect(serviceOnly.body.purchaseOrderLines).toEqual([line]);
    expect((await buyer.get(url)).body).toMatchObject({ version: 3, type: 'INSP_DURING_PRODUCTION', exFactoryDate, poNumber: 'PO-Q2', designation: 'Silk scarf', quantity: 250, unit: 'PIECE' });
  });

  it('PUT refusals: version required, stale version, dates only by postponing, rules, READ party, invisible; nothing written', async () => {
    const created = await buyer.post('/back/bo/quickService', flat());
    const { serviceId, startDate } = created.body.service;
    await markConfirmed(serviceId);
    const url = `/back/bo/quickService/${serviceId}`;
    const put = (client: Client, body: unknown, status: number) => refusedCall(() => client.put(url, body), status);
    expect(fieldMessages((await put(buyer, { quantity: 3 }, 400)).body)).toEqual({ '/version': 'required' });
    expect((await put(buyer, { version: 1, quantity: 3 }, 409)).body.exception).toBe('OptimisticLockException');
    expect(fieldMessages((await put(buyer, { version: 2, endDate: shiftDay(startDate, -1) }, 400)).body)).toEqual({ '/endDate': 'the dates of an existing service change only by postponing it' });
    expect(fieldMessages((await put(buyer, { version: 2, quantity: -3, orderTakerContacts: [] }, 400)).body)).toEqual({ '/quantity': 'too small', '/orderTakerContacts': 'at least one order taker contact' });
    expect((await put(sales, { version: 2, quantity: 3 }, 403)).body.message).toBe('You can only read this service: you cannot change it');
    await put(outsider, { version: 2, quantity: 3 }, 404);
    expect((await outsider.get(url)).status).toBe(404);
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
    expect(await server.store.find('serviceDateLines', (line) => line.serviceId === service.serviceId)).toEqual([]);
    expect(await server.store.find('serviceNotes', (note) => note.serviceId === service.serviceId)).toEqual([]);
    expect(await server.store.find('serviceHistory', (event) => event.serviceId === service.serviceId)).toEqual([]);
  });

  it('a REQUESTED service never confirmed (an order taker’s): its creator deletes it', async () => {
    const service = await createService(sales, wizardBody(net, { roles: ['ORDER_TAKER'] }));
    expect(service.serviceStep).toBe('REQUESTED');
    await refusedCall(() => quality.delete(`/back/bo/services/${service.serviceId}`), 404);
    expect((await sales.delete(`/back/bo/services/${service.serviceId}`)).body).toBe(true);
    expect(await server.store.get('services', service.serviceId)).toBeUndefined();
  });

  it('refused with 422 once the provider confirmed it; 403 without WRITE', async () => {
    const service = await createService(quality, wizardBody(net));
    await markConfirmed(service.serviceId, 'CONFIRMED');
    const url = `/back/bo/services/${service.serviceId}`;
    const reply = await refusedCall(() => quality.delete(url), 422);
    expect([reply.body.exception, reply.body.message]).toEqual(['BusinessException', 'The server rejected the service deletion. You may have to cancel the service instead.']);
    await refusedCall(() => sales.delete(url), 403);
    await refusedCall(() => manager.delete(url), 403);
    expect(await server.store.get('services', service.serviceId)).toBeDefined();
  });

  it('still OPENED, but the provider proposed a date (so confirmed it): 422, nothing deleted', async () => {
    const service = await createService(quality, wizardBody(net));
    const counter = await manager.post('/back/bo/serviceDateLines/requestDate', { serviceId: service.serviceId, startDate: shiftDay(service.startDate, 2) });
    expect(counter.body).toMatchObject({ serviceStep: 'OPENED', providerConfirmed: true });
    expect((await refusedCall(() => quality.delete(`/back/bo/services/${service.serviceId}`), 422)).body.exception).toBe('BusinessException');
    expect((await footprint(server.store, service.serviceId)).dateLines).toHaveLength(2);
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
    const companies = new Set(await Promise.all(contacts.map(async (option: any) => (await server.store.get('contacts', option.value))!.companyId)));
    expect(companies).toEqual(new Set([net.shenzhen, net.ningbo]));
    expect((await quality.get('/back/bo/networkcombo/contacts', { companyId: 'abc' })).status).toBe(400);
    expect((await quality.get('/back/bo/networkcombo/contacts')).body.length).toBeGreaterThan(contacts.length);
  });

  it('the lookups stay in the caller’s universe', async () => {
    expect((await outsider.get('/back/bo/networkcombo/serviceproviders')).body).toEqual([]);
    expect((await outsider.get('/back/bo/networkcombo/contacts', { companyId: [net.shenzhen, net.ningbo] })).body).toEqual([]);
    const countries = (await outsider.get('/back/bo/networkcombo/countries')).body.map((option: any) => option.value);
    expect(countries).toContain('United States');
    expect(countries).not.toContain('China');
  });
});
