import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins, type Client, type Reply, type TestServer } from './helpers';
import { createService, expectRefused, fieldMessages, network, wizardBody, type Network } from './service-fixtures';

/**
 * Custom fields extend the forms at run time (DESIGN.md rule 10, docs/schemas.md "Custom fields"):
 * a manager adds a field, GET /back/schemas merges it into the service schema with its labels, the
 * server validates the service wizard's writes with that same schema, a disabled field keeps its
 * stored values, and keyword searches find the values.
 */
let server: TestServer;
let quality: Client;
let buyer: Client;
let outsider: Client;
let manager: Client;
let net: Network;

beforeAll(async () => {
  ({ server, clients: { quality, buyer, outsider, manager } } = await startWithLogins(['quality', 'buyer', 'outsider', 'manager']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const INSPECTIONS = ['INSP_PRE_PRODUCTION', 'INSP_DURING_PRODUCTION', 'INSP_FINAL_RANDOM', 'INSP_CONTAINER_LOADING'];
const API = '/back/bo/customFields/admin';

/** A LIST field for inspections, with labels in English and French only (Italian falls back to English). */
const packagingField = (changes: Record<string, unknown> = {}) => ({
  code: 'PACKAGING',
  i18n: { en: 'Packaging', fr: 'Emballage' },
  functionalGroup: 'SERVICE',
  fieldType: 'LIST',
  serviceTypes: INSPECTIONS,
  listOptions: [
    { code: 'POLYBAG', i18n: { en: 'Polybag', fr: 'Sachet', it: 'Busta' } },
    { code: 'HANGER', i18n: { en: 'On hanger' } },
  ],
  ...changes,
});

async function created(reply: Reply): Promise<Record<string, any>> {
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

const customFields = () => server.store.all('customFields');

describe('a manager adds a LIST custom field for inspections', () => {
  let field: Record<string, any>;
  let serviceId: number;

  beforeAll(async () => {
    field = await created(await quality.post(API, packagingField()));
  });

  it('stores it with spec §9 defaults for its company', async () => {
    expect(field).toMatchObject({ code: 'PACKAGING', companyId: net.lumiere, enabled: true, required: false, nbDecimal: 0, dateWithHour: false });
    const listed = (await quality.get(API, { companyId: net.lumiere })).body as { code: string }[];
    expect(listed.map((row) => row.code)).toContain('PACKAGING');
  });

  it('reaches the browser merged into the service schema, labelled in en, fr and it (English when missing)', async () => {
    const { body } = await quality.get('/back/schemas');
    const property = body.entities.service.properties.customFieldService.properties.PACKAGING;
    expect(property).toMatchObject({ type: 'string', enum: ['POLYBAG', 'HANGER'], title: 'customField.label.PACKAGING', 'x-serviceTypes': INSPECTIONS });
    expect(body.locales.en['customField.label.PACKAGING']).toBe('Packaging');
    expect(body.locales.fr['customField.label.PACKAGING']).toBe('Emballage');
    expect(body.locales.it['customField.label.PACKAGING']).toBe('Packaging');
    expect(body.locales.it['enum.customField.PACKAGING.POLYBAG']).toBe('Busta');
    expect(body.locales.fr['enum.customField.PACKAGING.HANGER']).toBe('On hanger');
    // Another company's schema does not hold it.
    const other = (await outsider.get('/back/schemas')).body;
    expect(other.entities.service.properties.customFieldService.properties?.PACKAGING).toBeUndefined();
  });

  it('refuses a service whose value is outside its options (400 naming the field), nothing written', async () => {
    const reply = await expectRefused(server.store, () => quality.post('/back/bo/services', wizardBody(net, { service: { customFieldService: { PACKAGING: 'CRATE' } } })), 400);
    expect(fieldMessages(reply.body)).toHaveProperty('/service/customFieldService/PACKAGING');
  });

  it('stores a value among its options, and refuses one outside them on an update, nothing written', async () => {
    const service = await createService(quality, wizardBody(net, { service: { customFieldService: { PACKAGING: 'POLYBAG' } } }));
    serviceId = service.serviceId;
    expect(service.customFieldService).toEqual({ PACKAGING: 'POLYBAG' });
    const reply = await expectRefused(
      server.store,
      () => quality.put(`/back/bo/services/${serviceId}`, { version: service.version, service: { ...editable(service), customFieldService: { PACKAGING: 'CRATE' } } }),
      400,
      [serviceId],
    );
    expect(fieldMessages(reply.body)).toHaveProperty('/service/customFieldService/PACKAGING');
  });

  it('refuses a value naming no custom field of the company', async () => {
    const reply = await expectRefused(server.store, () => quality.post('/back/bo/services', wizardBody(net, { service: { customFieldService: { NO_SUCH_FIELD: 'x' } } })), 400);
    expect(fieldMessages(reply.body)).toHaveProperty('/service/customFieldService/NO_SUCH_FIELD');
  });

  it('is searchable: the service keywords find the value', async () => {
    const found = (await quality.get('/back/bo/services/', { keywords: 'POLYBAG', fromDate: '2020-01-01', toDate: '2040-12-31' })).body;
    expect(found.services.map((row: { serviceId: number }) => row.serviceId)).toEqual([serviceId]);
  });

  it('accepts a new option as soon as the manager adds it, without a restart', async () => {
    const current = (await quality.get(`${API}/${field.customFieldId}`)).body;
    const updated = await quality.put(`${API}/${field.customFieldId}`, { ...current, listOptions: [...current.listOptions, { code: 'BOX', i18n: { en: 'Box' } }] });
    expect(updated.status, updated.text).toBe(200);
    field = updated.body;
    const service = await createService(quality, wizardBody(net, { service: { customFieldService: { PACKAGING: 'BOX' } } }));
    expect(service.customFieldService).toEqual({ PACKAGING: 'BOX' });
  });

  it('makes it mandatory when marked required, only for the service types it names', async () => {
    const current = (await quality.get(`${API}/${field.customFieldId}`)).body;
    field = (await quality.put(`${API}/${field.customFieldId}`, { ...current, required: true })).body;
    expect(field.required).toBe(true);
    const reply = await expectRefused(server.store, () => quality.post('/back/bo/services', wizardBody(net)), 400);
    expect(fieldMessages(reply.body)).toHaveProperty('/service/customFieldService/PACKAGING');
    const audit = await createService(quality, wizardBody(net, { service: { thirdPartyDepartment: 'AUDIT', type: 'AUDIT_SOCIAL', exFactoryDate: undefined } }));
    expect(audit.customFieldService).toEqual({});
    const reset = (await quality.get(`${API}/${field.customFieldId}`)).body;
    field = (await quality.put(`${API}/${field.customFieldId}`, { ...reset, required: false })).body;
  });

  it('once disabled, leaves the forms but keeps the stored values readable, which a write no longer changes', async () => {
    const current = (await quality.get(`${API}/${field.customFieldId}`)).body;
    field = (await quality.put(`${API}/${field.customFieldId}`, { ...current, enabled: false })).body;
    const property = (await quality.get('/back/schemas')).body.entities.service.properties.customFieldService.properties.PACKAGING;
    expect(property.readOnly).toBe(true);
    const service = (await quality.get(`/back/bo/services/${serviceId}`)).body;
    expect(service.customFieldService).toEqual({ PACKAGING: 'POLYBAG' });
    const edited = await quality.put(`/back/bo/services/${serviceId}`, { version: service.version, service: { ...editable(service), customFieldService: { PACKAGING: 'HANGER' } } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.customFieldService).toEqual({ PACKAGING: 'POLYBAG' });
  });
});

/** The fields the wizard's EDIT sends back (the service as read, less what the server presents or owns). */
function editable(service: Record<string, unknown>) {
  const { thirdPartyDepartment, type, serviceLevel, client, supplier, factory, agent, serviceProvider, orderTakerContacts, startDate, endDate, exFactoryDate, servicePartyType, assessmentMethod } = service;
  return { thirdPartyDepartment, type, serviceLevel, client, supplier, factory, agent, serviceProvider, orderTakerContacts, startDate, endDate, exFactoryDate, servicePartyType, assessmentMethod };
}

describe('who may administer custom fields', () => {
  it('a caller without the MANAGER flag is refused (403), nothing written', async () => {
    const before = await customFields();
    expect((await buyer.post(API, packagingField({ code: 'BUYER_FIELD' }))).status).toBe(403);
    expect((await buyer.get(API)).status).toBe(403);
    expect(await customFields()).toEqual(before);
  });

  it("another company's field is not found (404) to read, change or delete, nothing written", async () => {
    const lumiereField = (await customFields()).find((row) => row.companyId === net.lumiere && row.code === 'COLOUR_LOT')!;
    const before = await customFields();
    expect((await outsider.get(`${API}/${lumiereField.customFieldId}`)).status).toBe(404);
    expect((await outsider.put(`${API}/${lumiereField.customFieldId}`, { ...lumiereField, enabled: false })).status).toBe(404);
    expect((await outsider.delete(`${API}/${lumiereField.customFieldId}`)).status).toBe(404);
    expect((await outsider.get(API, { companyId: net.lumiere })).status).toBe(404);
    expect(await customFields()).toEqual(before);
  });

  it("another company of the same universe reaches none of them either (404), nothing written", async () => {
    const lumiereField = (await customFields()).find((row) => row.companyId === net.lumiere && row.code === 'COLOUR_LOT')!;
    const before = await customFields();
    expect((await manager.get(`${API}/${lumiereField.customFieldId}`)).status).toBe(404);
    expect((await manager.put(`${API}/${lumiereField.customFieldId}`, { ...lumiereField, enabled: false })).status).toBe(404);
    expect((await manager.delete(`${API}/${lumiereField.customFieldId}`)).status).toBe(404);
    expect(await customFields()).toEqual(before);
  });

  it("a code already used by the company's fields is refused (422 'code already in use'), whatever its case; another company may use it", async () => {
    const before = await customFields();
    const reply = await quality.post(API, packagingField({ code: 'colour_lot' }));
    expect(reply.status, reply.text).toBe(422);
    expect(reply.body.errors.map((error: { path: string }) => error.path)).toEqual(['/code']);
    expect(await customFields()).toEqual(before);
    const atlas = await created(await manager.post(API, packagingField({ code: 'COLOUR_LOT' })));
    expect(atlas.companyId).toBe(net.atlas);
  });

  it('a code that cannot name a value is refused (400), nothing written', async () => {
    const before = await customFields();
    const reply = await quality.post(API, packagingField({ code: 'colour lot' }));
    expect(reply.status).toBe(400);
    expect(fieldMessages(reply.body)).toHaveProperty('/code');
    expect(await customFields()).toEqual(before);
  });
});

describe('report criteria', () => {
  it('deleting one first removes its sections and custom fields, in one transaction', async () => {
    const criterion = await created(await quality.post('/back/bo/reportCriteria', { code: 'FINISH', i18n: { en: 'Finish', fr: 'Finition' } }));
    const section = await created(await quality.post('/back/bo/customFieldSections/admin', { code: 'SEAMS', i18n: { en: 'Seams' }, reportCriterion: criterion.reportCriterionId }));
    const field = await created(await quality.post(API, { code: 'SEAM_TEST', i18n: { en: 'Seam test' }, fieldType: 'PASSED_FAILED', reportCriterion: criterion.reportCriterionId, section: section.customFieldSectionId }));
    const other = await created(await quality.post(API, { code: 'PILLING', i18n: { en: 'Pilling' }, fieldType: 'NUMERIC' }));
    const reply = await quality.delete(`/back/bo/reportCriteria/${criterion.reportCriterionId}`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toBe(true);
    expect(await server.store.get('reportCriteria', criterion.reportCriterionId)).toBeUndefined();
    expect(await server.store.get('customFieldSections', section.customFieldSectionId)).toBeUndefined();
    expect(await server.store.get('customFields', field.customFieldId)).toBeUndefined();
    expect(await server.store.get('customFields', other.customFieldId)).toBeDefined();
  });

  it("another company's criterion is not deleted (404), nor are its sections and fields", async () => {
    const criterion = (await server.store.all('reportCriteria')).find((row) => row.companyId === net.lumiere && row.code === 'APPEARANCE')!;
    const before = [await server.store.all('reportCriteria'), await customFields(), await server.store.all('customFieldSections')];
    expect((await outsider.delete(`/back/bo/reportCriteria/${criterion.reportCriterionId}`)).status).toBe(404);
    expect([await server.store.all('reportCriteria'), await customFields(), await server.store.all('customFieldSections')]).toEqual(before);
  });

  it('the service-type links answer per company and service type', async () => {
    const criterion = (await server.store.all('reportCriteria')).find((row) => row.companyId === net.lumiere && row.code === 'APPEARANCE')!;
    const listed = (await quality.get('/back/bo/serviceTypeReportCriterions/admin', { companyId: net.lumiere, serviceTypeId: 'INSP_FINAL_RANDOM' })).body;
    expect(listed.map((row: { reportCriterionId: number }) => row.reportCriterionId)).toEqual([criterion.reportCriterionId]);
    expect((await quality.get('/back/bo/serviceTypeReportCriterions/admin', { companyId: net.lumiere, serviceTypeId: 'AUDIT_SOCIAL' })).body).toEqual([]);
    expect((await outsider.get('/back/bo/serviceTypeReportCriterions/admin', { companyId: net.lumiere })).status).toBe(404);
  });
});
