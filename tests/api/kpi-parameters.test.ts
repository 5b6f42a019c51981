import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { startWithLogins, today, type Client, type TestServer } from './helpers';
import { createService, network, poLine, wizardBody, type Network } from './service-fixtures';

/**
 * The KPI parameters of docs/kpis.md "The services counted" beyond the first ones: product types
 * (of the services' order lines, kept on the service), brand and brandId (the brand's company as
 * client), division (the department), partnerId (a company in any role), and the figures per
 * product type. Four services of a season of their own, years ahead, counted by hand:
 *
 * | service | supplier (factory) | department | product types | result |
 * | P1 | Shenzhen | INSP | A | ACCEPTED |
 * | P2 | Shenzhen | INSP | A, B | REFUSED |
 * | P3 | Porto | AUDIT | none | none (PENDING) |
 * | P4 | Porto (Ningbo) | INSP | B | ACCEPTED |
 */
let server: TestServer;
let quality: Client, sales: Client, outsider: Client;
let net: Network;
const Y = Number(today().slice(0, 4)) + 7;
const window = { start: `${Y}-03-01`, end: `${Y}-05-31` };
let season: number, typeA: number, typeB: number;
let brands: { lumiere: number; como: number; foreign: number };

type Query = Record<string, string | number | (string | number)[]>;
const get = async (client: Client, call: string, query: Query = {}) => {
  const reply = await client.get(`/back/bo/kpi/${call}`, { ...window, seasonIds: season, ...query });
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
};
const services = async (call: string, query: Query, client = quality) => (await get(client, call, query)).totals.services as number;

beforeAll(async () => {
  ({ server, clients: { quality, sales, outsider } } = await startWithLogins(['quality', 'sales', 'outsider']));
  net = await network(server.store);
  const products = (await server.store.all('products')).filter((row) => row.universeId === net.universeId && !row.companyId && !row.archived);
  [typeA, typeB] = products.map((row) => row.productId as number);
  season = (await server.store.insert('seasons', 'seasonId', { universeId: net.universeId, code: 'KPI-PT', names: { en: 'KPI-PT' }, year: Y, period: 'SS' })).seasonId as number;
  const northwind = (await server.store.get<Row>('companies', net.northwind))!;
  const brand = async (companyId: number, universeId: number) =>
    (await server.store.insert('brands', 'brandId', { universeId, companyId, code: `B${companyId}`, name: `Brand ${companyId}`, color: '#228be6', archived: false })).brandId as number;
  brands = { lumiere: await brand(net.lumiere, net.universeId), como: await brand(net.como, net.universeId), foreign: await brand(net.northwind, northwind.universeId as number) };
  const made: [number, number | undefined, string, number[], string | undefined][] = [
    [net.shenzhen, undefined, 'INSP', [typeA], 'ACCEPTED'],
    [net.shenzhen, undefined, 'INSP', [typeA, typeB], 'REFUSED'],
    [net.porto, undefined, 'AUDIT', [], undefined],
    [net.porto, net.ningbo, 'INSP', [typeB], 'ACCEPTED'],
  ];
  for (const [index, [supplier, factory, department, productTypes, result]] of made.entries()) {
    await server.store.insert('services', 'serviceId', {
      universeId: net.universeId, thirdPartyDepartment: department, type: department === 'AUDIT' ? 'AUDIT_SOCIAL' : 'INSP_FINAL_RANDOM', serviceLevel: 'NORMAL',
      serviceStep: 'TERMINATED', serviceStatus: 'OK', client: net.lumiere, supplier, ...(factory ? { factory } : {}), serviceProvider: net.atlas,
      creatorCompany: net.lumiere, providerConfirmed: true, startDate: `${Y}-04-0${index + 1}`, season: 'KPI-PT', productTypes,
      ...(result ? { report: { reportResult: result, clientDecision: result } } : {}),
    });
  }
});
afterAll(() => server?.close());

describe('product types', () => {
  it('are kept on the service from its order lines when it is written', async () => {
    const lines = [{ ...poLine('PO-1'), productType: typeB }, { ...poLine('PO-2'), productType: typeA }, { ...poLine('PO-3'), productType: typeB }, poLine('PO-4')];
    const created = await createService(quality, wizardBody(net, { purchaseOrderLines: lines }));
    const stored = (await server.store.get<Row>('services', created.serviceId))!;
    expect(stored.productTypes).toEqual([typeA, typeB].sort((a, b) => a - b));
  });

  it('productTypeIds keeps the services with a line of one of them (supplier calls)', async () => {
    expect(await services('supplier/overview', { productTypeIds: typeA })).toBe(2);
    expect(await services('supplier/overview', { productTypeIds: typeB })).toBe(2);
    expect(await services('supplier/overview', { productTypeIds: [typeA, typeB] })).toBe(3);
    expect((await get(quality, 'supplier/overview', { productTypeIds: typeA })).totals.results).toMatchObject({ ACCEPTED: 1, REFUSED: 1 });
    expect(await services('supplier/chart', { productTypeIds: 99_999_999 })).toBe(0);
  });

  it('internal/byProductType: one block per product type, the totals counting each service once', async () => {
    const body = await get(quality, 'internal/byProductType');
    const rows = Object.fromEntries(body.series.map((row: any) => [String(row.productType), [row.services, row.results.ACCEPTED, row.results.REFUSED]]));
    expect(rows).toEqual({ [typeA]: [2, 1, 1], [typeB]: [2, 1, 1], null: [1, 0, 0] });
    expect(body.totals).toMatchObject({ services: 4, results: { ACCEPTED: 2, REFUSED: 1, PENDING: 1 } });
    expect([body.start, body.end]).toEqual([window.start, window.end]);
  });

  it('each company counts what it sees: Shenzhen its own two, Northwind none', async () => {
    const body = await get(sales, 'internal/byProductType');
    expect(Object.fromEntries(body.series.map((row: any) => [row.productType, row.services]))).toEqual({ [typeA]: 2, [typeB]: 1 });
    expect(body.totals.services).toBe(2);
    const foreign = await outsider.get('/back/bo/kpi/internal/byProductType', window);
    expect(foreign.status).toBe(200);
    expect(foreign.body.series.filter((row: any) => row.productType === typeA)).toEqual([]);
  });
});

describe('brand, division, partner', () => {
  it("brand (internal, provider) and brandId (generate): the services of the brand's company as client", async () => {
    expect(await services('internal/yearMonth', { brand: brands.lumiere })).toBe(4);
    expect(await services('serviceprovider/overview', { brand: brands.lumiere })).toBe(4);
    expect(await services('generate', { brandId: brands.lumiere })).toBe(4);
    expect(await services('internal/bySeason', { brand: brands.como })).toBe(0);
  });

  it('a brand of another universe is answered as an unknown one', async () => {
    const foreign = await get(quality, 'internal/yearMonth', { brand: brands.foreign });
    expect(foreign).toEqual(await get(quality, 'internal/yearMonth', { brand: 99_999_999 }));
    expect(foreign.totals.services).toBe(0);
    expect(await services('generate', { brandId: brands.foreign })).toBe(0);
  });

  it("division: the service's department", async () => {
    expect(await services('internal/yearMonth', { division: 'AUDIT' })).toBe(1);
    expect(await services('serviceprovider/overview', { division: 'INSP' })).toBe(3);
    expect(await services('internal/byProductType', { division: 'LAB' })).toBe(0);
  });

  it('partnerId: a company in any role of the service (generate)', async () => {
    expect(await services('generate', { partnerId: net.ningbo })).toBe(1);
    expect(await services('generate', { partnerId: net.porto })).toBe(2);
    expect(await services('generate', { partnerId: net.atlas })).toBe(4);
    expect(await services('generate', { partnerId: net.como })).toBe(0);
    // Shenzhen sees only its own two, whoever the partner.
    expect(await services('generate', { partnerId: net.atlas }, sales)).toBe(2);
  });

  it('refusals: a bad value, or a parameter the call family does not take, is a 400 naming it', async () => {
    const refused: [string, Query, string][] = [
      ['internal/yearMonth', { division: 'KITCHEN' }, '/division'],
      ['internal/byProductType', { brand: 'maison' }, '/brand'],
      ['internal/byProductType', { productTypeIds: typeA }, '/productTypeIds'],
      ['supplier/overview', { productTypeIds: 'A' }, '/productTypeIds/0'],
      ['supplier/overview', { brand: brands.lumiere }, '/brand'],
      ['supplier/overview', { division: 'INSP' }, '/division'],
      ['serviceprovider/compare', { productTypeIds: typeA }, '/productTypeIds'],
      ['generate', { brandId: -1 }, '/brandId'],
      ['generate', { partnerId: 'x' }, '/partnerId'],
      ['generate', { division: 'INSP' }, '/division'],
    ];
    for (const [call, query, path] of refused) {
      const reply = await quality.get(`/back/bo/kpi/${call}`, query);
      expect(reply.status, `${call} ${JSON.stringify(query)}`).toBe(400);
      expect(reply.body).toMatchObject({ level: 'ERROR', exception: 'ValidationException' });
      expect(reply.body.errors.map((error: any) => error.path)).toContain(path);
    }
  });
});
