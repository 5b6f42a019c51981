import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins, type Client, type TestServer } from './helpers';
import { createService, expectRefused, fieldMessages, network, poLine, wizardBody, type Network } from './service-fixtures';

/**
 * ORDER and GLOBAL custom fields on purchase-order lines (docs/schemas.md "Custom fields"): merged
 * into the line schema of GET /back/schemas, checked on every line write (the wizard's POST and
 * PUT, PATCH /back/bo/purchaseOrderLines/{serviceId}) for the service's type and the line's product
 * type, kept read-only once disabled, and found by the service search.
 */
let server: TestServer;
let quality: Client;
let outsider: Client;
let net: Network;
let dress: number;
let bag: number;
let otherUniverseProduct: number;

const API = '/back/bo/customFields/admin';
const PATH = '/purchaseOrderLines/0/customFieldOrder/SWING_TAG';

/** A required LIST field for dresses (the demo's own CARE_LABEL has another code), in English and French. */
const swingTag = (productTypes: number[]) => ({
  code: 'SWING_TAG',
  i18n: { en: 'Swing tag', fr: 'Étiquette volante' },
  functionalGroup: 'ORDER',
  fieldType: 'LIST',
  productTypes,
  required: true,
  listOptions: [
    { code: 'BARCODED', i18n: { en: 'Sewn in', fr: 'Cousue' } },
    { code: 'BLANK', i18n: { en: 'Blank', fr: 'Vierge' } },
  ],
});

const line = (changes: Record<string, unknown>) => ({ ...poLine(), ...changes });
const withLines = (...lines: Record<string, unknown>[]) => wizardBody(net, { purchaseOrderLines: lines });
const productId = async (code: string, universeId: number) =>
  ((await server.store.all('products')) as { productId: number; code: string; universeId: number }[]).find((row) => row.code === code && row.universeId === universeId)!.productId;

let field: Record<string, any>;
/** The demo's services, as seeded (before this file writes any). */
let seeded: Record<string, any>[];

beforeAll(async () => {
  ({ server, clients: { quality, outsider } } = await startWithLogins(['quality', 'outsider']));
  net = await network(server.store);
  seeded = (await server.store.all('services')) as Record<string, any>[];
  const lumiereCompany = (await server.store.get('companies', net.lumiere)) as { universeId: number };
  const outsiderProducts = ((await server.store.all('products')) as { productId: number; universeId: number }[]).filter((row) => row.universeId !== lumiereCompany.universeId);
  dress = await productId('DRESS', lumiereCompany.universeId);
  bag = await productId('BAG', lumiereCompany.universeId);
  otherUniverseProduct = outsiderProducts[0].productId;
  const reply = await quality.post(API, swingTag([dress]));
  expect(reply.status, reply.text).toBe(201);
  field = reply.body;
});
afterAll(() => server?.close());

describe('GET /back/schemas', () => {
  it('merges the company’s ORDER and GLOBAL fields into the line schema, with their product types and labels', async () => {
    const global = await quality.post(API, { code: 'LOT_REF', i18n: { en: 'Lot reference' }, functionalGroup: 'GLOBAL', fieldType: 'TEXT' });
    expect(global.status, global.text).toBe(201);
    const { body } = await quality.get('/back/schemas');
    const order = body.entities.purchaseOrderLine.properties.customFieldOrder;
    expect(order.properties.SWING_TAG).toMatchObject({ type: 'string', enum: ['BARCODED', 'BLANK'], 'x-productTypes': [dress], 'x-required': true });
    expect(order.properties.CARTON_COUNT).toMatchObject({ type: 'integer' });
    expect(order.properties.LOT_REF).toMatchObject({ type: 'string' });
    // SERVICE fields stay on the service; GLOBAL ones go to both.
    expect(order.properties.COLOUR_LOT).toBeUndefined();
    expect(body.entities.service.properties.customFieldService.properties.LOT_REF).toBeDefined();
    expect(body.locales.fr['customField.label.SWING_TAG']).toBe('Étiquette volante');
    expect(body.locales.it['customField.label.SWING_TAG']).toBe('Swing tag');
    expect(order.maxBytes).toBe(16384);
    // Another company's line schema does not hold it.
    expect((await outsider.get('/back/schemas')).body.entities.purchaseOrderLine.properties.customFieldOrder.properties?.SWING_TAG).toBeUndefined();
    expect((await quality.delete(`${API}/${global.body.customFieldId}`)).status).toBe(200);
  });
});

describe('the wizard’s writes check each line’s ORDER values', () => {
  it('a required field of a product type refuses a line of that type without a value (400 naming the line and the field), nothing written', async () => {
    const reply = await expectRefused(server.store, () => quality.post('/back/bo/services', withLines(line({ productType: bag }), line({ productType: dress }))), 400);
    expect(Object.keys(fieldMessages(reply.body))).toEqual(['/purchaseOrderLines/1/customFieldOrder/SWING_TAG']);
  });

  it('refuses a value outside the options, nothing written', async () => {
    const reply = await expectRefused(server.store, () => quality.post('/back/bo/services', withLines(line({ productType: dress, customFieldOrder: { SWING_TAG: 'STAPLED' } }))), 400);
    expect(fieldMessages(reply.body)).toHaveProperty(PATH);
  });

  it('refuses a value of a field that does not apply to the line’s product type, and a code naming no field, nothing written', async () => {
    // A bag's line: SWING_TAG is for dresses only; the company knows the code, so its value is left as stored (none).
    const service = await createService(quality, withLines(line({ productType: bag, customFieldOrder: { SWING_TAG: 'BLANK', CARTON_COUNT: 12 } })));
    expect(service.purchaseOrderLines[0].customFieldOrder).toEqual({ CARTON_COUNT: 12 });
    const reply = await expectRefused(server.store, () => quality.post('/back/bo/services', withLines(line({ productType: bag, customFieldOrder: { NO_SUCH_FIELD: 'x' } }))), 400);
    expect(fieldMessages(reply.body)).toHaveProperty('/purchaseOrderLines/0/customFieldOrder/NO_SUCH_FIELD');
  });

  it('refuses a number field given a text, nothing written', async () => {
    const reply = await expectRefused(server.store, () => quality.post('/back/bo/services', withLines(line({ productType: bag, customFieldOrder: { CARTON_COUNT: 'twelve' } }))), 400);
    expect(fieldMessages(reply.body)).toHaveProperty('/purchaseOrderLines/0/customFieldOrder/CARTON_COUNT');
  });

  it('refuses a product type the caller cannot pick (another universe’s), nothing written', async () => {
    const reply = await expectRefused(server.store, () => quality.post('/back/bo/services', withLines(line({ productType: otherUniverseProduct }))), 400);
    expect(fieldMessages(reply.body)).toHaveProperty('/purchaseOrderLines/0/productType');
  });

  it('stores the values of a dress line, and the search finds the service by them', async () => {
    const service = await createService(quality, withLines(line({ productType: dress, customFieldOrder: { SWING_TAG: 'BARCODED', CARTON_COUNT: 40 } })));
    expect(service.purchaseOrderLines[0]).toMatchObject({ productType: dress, customFieldOrder: { SWING_TAG: 'BARCODED', CARTON_COUNT: 40 } });
    const found = (await quality.get('/back/bo/services/', { keywords: 'BARCODED', fromDate: '2020-01-01', toDate: '2040-12-31' })).body;
    expect(found.services.map((row: { serviceId: number }) => row.serviceId)).toEqual([service.serviceId]);
  });
});

describe('PATCH /back/bo/purchaseOrderLines/{serviceId} and PUT /back/bo/services/{id}', () => {
  let service: Record<string, any>;

  beforeAll(async () => {
    service = await createService(quality, withLines(line({ productType: dress, customFieldOrder: { SWING_TAG: 'BLANK' } })));
  });

  const linesUrl = () => `/back/bo/purchaseOrderLines/${service.serviceId}`;
  const current = async () => (await quality.get(`/back/bo/services/${service.serviceId}`)).body;

  it('refuses a line emptied of a required value (400 at /lines/0/…), nothing written', async () => {
    const now = await current();
    const lines = now.purchaseOrderLines.map((stored: Record<string, unknown>) => ({ ...stored, customFieldOrder: {} }));
    const reply = await expectRefused(server.store, () => quality.patch(linesUrl(), { version: now.version, lines }), 400, [service.serviceId]);
    expect(Object.keys(fieldMessages(reply.body))).toEqual(['/lines/0/customFieldOrder/SWING_TAG']);
  });

  it('stores a changed value, and a new line of another product type needs none', async () => {
    const now = await current();
    const lines = [{ ...now.purchaseOrderLines[0], customFieldOrder: { SWING_TAG: 'BARCODED' } }, line({ productType: bag })];
    const reply = await quality.patch(linesUrl(), { version: now.version, lines });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.purchaseOrderLines.map((row: Record<string, unknown>) => row.customFieldOrder)).toEqual([{ SWING_TAG: 'BARCODED' }, {}]);
  });

  it('once the field is disabled, a write keeps its stored value (read-only) and no longer requires it', async () => {
    const stored = (await quality.get(`${API}/${field.customFieldId}`)).body;
    expect((await quality.put(`${API}/${field.customFieldId}`, { ...stored, enabled: false })).status).toBe(200);
    const schema = (await quality.get('/back/schemas')).body.entities.purchaseOrderLine.properties.customFieldOrder.properties.SWING_TAG;
    expect(schema.readOnly).toBe(true);
    const now = await current();
    const lines = [{ ...now.purchaseOrderLines[0], customFieldOrder: { SWING_TAG: 'BLANK' } }, line({ productType: dress })];
    const reply = await quality.patch(linesUrl(), { version: now.version, lines });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.purchaseOrderLines.map((row: Record<string, unknown>) => row.customFieldOrder)).toEqual([{ SWING_TAG: 'BARCODED' }, {}]);
    const disabled = (await quality.get(`${API}/${field.customFieldId}`)).body;
    expect((await quality.put(`${API}/${field.customFieldId}`, { ...disabled, enabled: true })).status).toBe(200);
  });

  it('keeps a product type stored as a text before the list when the line leaves it out, and refuses a new text', async () => {
    const now = await current();
    const legacy = now.purchaseOrderLines.map((stored: Record<string, unknown>, index: number) => (index === 1 ? { ...stored, productType: 'Handbag' } : stored));
    await server.store.update('services', service.serviceId, (stored) => ({ ...stored, purchaseOrderLines: legacy }));
    const again = await current();
    expect(again.purchaseOrderLines[1].productType).toBe('Handbag');
    const { productType: _dropped, ...withoutType } = again.purchaseOrderLines[1];
    const reply = await quality.patch(linesUrl(), { version: again.version, lines: [again.purchaseOrderLines[0], withoutType] });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.purchaseOrderLines[1].productType).toBe('Handbag');
    const refused = await expectRefused(server.store, () => quality.patch(linesUrl(), { version: reply.body.version, lines: [again.purchaseOrderLines[0], { ...withoutType, productType: 'Purse' }] }), 400, [service.serviceId]);
    expect(fieldMessages(refused.body)).toHaveProperty('/lines/1/productType');
  });

  it('PUT refuses a line of the wizard’s EDIT without the required value, nothing written', async () => {
    const now = await current();
    const { thirdPartyDepartment, type, client, supplier, factory, serviceProvider, orderTakerContacts, exFactoryDate } = now;
    const body = { version: now.version, service: { thirdPartyDepartment, type, client, supplier, factory, serviceProvider, orderTakerContacts, exFactoryDate }, purchaseOrderLines: [line({ productType: dress })] };
    const reply = await expectRefused(server.store, () => quality.put(`/back/bo/services/${service.serviceId}`, body), 400, [service.serviceId]);
    expect(Object.keys(fieldMessages(reply.body))).toEqual([PATH]);
  });
});

describe('the demo seed', () => {
  it('gives the brand’s lines a product type of the list, and its ORDER values: a care label on dresses, shirts and knitwear only', async () => {
    const careLabel = ((await server.store.all('customFields')) as Record<string, any>[]).find((row) => row.companyId === net.lumiere && row.code === 'CARE_LABEL')!;
    expect(careLabel).toMatchObject({ functionalGroup: 'ORDER', fieldType: 'LIST' });
    const services = seeded.filter((row) => row.client === net.lumiere);
    const lines = services.flatMap((row) => row.purchaseOrderLines as Record<string, any>[]);
    const typed = lines.filter((row) => typeof row.productType === 'number');
    expect(typed.length).toBeGreaterThan(lines.length / 2);
    const labelled = lines.filter((row) => row.customFieldOrder?.CARE_LABEL);
    expect(labelled.length).toBeGreaterThan(0);
    expect(labelled.every((row) => careLabel.productTypes.includes(row.productType))).toBe(true);
    expect(lines.filter((row) => careLabel.productTypes.includes(row.productType)).every((row) => row.customFieldOrder?.CARE_LABEL)).toBe(true);
    expect(lines.every((row) => typeof row.customFieldOrder?.CARTON_COUNT === 'number')).toBe(true);
  });
});

describe('split and merge check the moving lines against the target’s ORDER fields', () => {
  /** Required on final random inspections only: the during-production source's lines need none. */
  const pallet = {
    code: 'PALLET',
    i18n: { en: 'Pallet', fr: 'Palette' },
    functionalGroup: 'ORDER',
    fieldType: 'LIST',
    serviceTypes: ['INSP_FINAL_RANDOM'],
    required: true,
    listOptions: [{ code: 'EURO', i18n: { en: 'Euro pallet' } }],
  };
  const PALLET_AT = (index: number) => `/purchaseOrderLines/${index}/customFieldOrder/PALLET`;
  let palletField: Record<string, any>;

  beforeAll(async () => {
    const reply = await quality.post(API, pallet);
    expect(reply.status, reply.text).toBe(201);
    palletField = reply.body;
  });
  afterAll(async () => {
    expect((await quality.put(`${API}/${palletField.customFieldId}`, { ...palletField, required: false, enabled: false })).status).toBe(200);
  });

  /** A during-production source of two bag lines, a final random target whose line holds its pallet. */
  const twoServices = async () => {
    const source = await createService(quality, wizardBody(net, { service: { type: 'INSP_DURING_PRODUCTION' }, purchaseOrderLines: [line({ poNumber: 'PO-S1', productType: bag }), line({ poNumber: 'PO-S2', productType: bag })] }));
    const target = await createService(quality, withLines(line({ poNumber: 'PO-T1', productType: bag, customFieldOrder: { PALLET: 'EURO' } })));
    return { source, target };
  };
  /** Puts `values` on the source's second line, as stored before the move. */
  const storeValues = (serviceId: number, values: Record<string, unknown>) =>
    server.store.update('services', serviceId, (stored) => ({ ...stored, purchaseOrderLines: (stored.purchaseOrderLines as Record<string, unknown>[]).map((row, index) => (index === 1 ? { ...row, customFieldOrder: values } : row)) }));
  const split = (source: any, target: any) => quality.post(`/back/bo/services/${source.serviceId}/split`, { targetServiceId: target.serviceId, purchaseOrderLineIds: [source.purchaseOrderLines[1].purchaseOrderLineId] });

  it('split refuses a line without the target’s required value (400 at its place among the target’s lines), nothing written', async () => {
    const { source, target } = await twoServices();
    const reply = await expectRefused(server.store, () => split(source, target), 400, [source.serviceId, target.serviceId]);
    expect(Object.keys(fieldMessages(reply.body))).toEqual([PALLET_AT(1)]);
  });

  it('split refuses a value outside the target’s options, nothing written', async () => {
    const { source, target } = await twoServices();
    await storeValues(source.serviceId, { PALLET: 'CRATE', CARTON_COUNT: 4 });
    const reply = await expectRefused(server.store, () => split(source, target), 400, [source.serviceId, target.serviceId]);
    expect(Object.keys(fieldMessages(reply.body))).toEqual([PALLET_AT(1)]);
  });

  it('merge refuses the source’s lines without the value, nothing written', async () => {
    const { source, target } = await twoServices();
    const merge = () => quality.post(`/back/bo/services/${source.serviceId}/merge`, { targetServiceId: target.serviceId });
    const reply = await expectRefused(server.store, merge, 400, [source.serviceId, target.serviceId]);
    expect(Object.keys(fieldMessages(reply.body))).toEqual([PALLET_AT(1), PALLET_AT(2)]);
  });

  it('the light wizard’s line is checked the same: refused without the value at /customFieldOrder/PALLET, nothing written; stored with it, read back flat', async () => {
    const { service } = wizardBody(net);
    const flat = { ...service, thirdPartyDepartment: undefined, poNumber: 'PO-QUICK-PALLET', designation: 'Knit sweater', quantity: 40, unit: 'PIECE' };
    const reply = await expectRefused(server.store, () => quality.post('/back/bo/quickService', flat), 400);
    expect(Object.keys(fieldMessages(reply.body))).toEqual(['/customFieldOrder/PALLET']);
    const created = await quality.post('/back/bo/quickService', { ...flat, customFieldOrder: { PALLET: 'EURO', CARTON_COUNT: 2 } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.service.purchaseOrderLines[0].customFieldOrder).toEqual({ PALLET: 'EURO', CARTON_COUNT: 2 });
    expect((await quality.get(`/back/bo/quickService/${created.body.service.serviceId}`)).body.customFieldOrder).toEqual({ PALLET: 'EURO', CARTON_COUNT: 2 });
  });

  it('a line holding a value of the target’s options moves with its values', async () => {
    const { source, target } = await twoServices();
    await storeValues(source.serviceId, { PALLET: 'EURO', CARTON_COUNT: 4 });
    const reply = await split(source, target);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.target.purchaseOrderLines.map((row: Record<string, unknown>) => [row.poNumber, row.customFieldOrder])).toEqual([
      ['PO-T1', { PALLET: 'EURO' }],
      ['PO-S2', { PALLET: 'EURO', CARTON_COUNT: 4 }],
    ]);
  });
});
