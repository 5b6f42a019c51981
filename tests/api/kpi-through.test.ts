import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanelConfig } from '../../engine/config';
import { throughPath, throughValues } from '../../engine/charts/through';
import type { Row } from '../../server/store/types';
import { startWithLogins, today, type Client, type TestServer } from './helpers';
import { network, type Network } from './service-fixtures';

/**
 * A KPI figure's click-through (docs/kpis.md "The supplier KPIs") opens exactly the services
 * the figure counts: for each bar of months, day of the heatmap and ranked supplier, the
 * service search called with the query the screen's own `through` builds (schemas/screens/
 * kpiSupplier.json, engine/charts/through.ts) answers as many services as the figure, with
 * several suppliers and seasons chosen, a service running from one month into the next, a
 * supplier that is another service's factory, a season not chosen and a cancelled service.
 */
let server: TestServer;
let quality: Client, sales: Client, outsider: Client;
let net: Network;
const Y = Number(today().slice(0, 4)) + 7;
const day = (month: number, date: number) => `${Y}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
const PRODUCT = 990_001;
let tag: number, seasonSS: number, seasonFW: number, seasonOther: number, foreignSeason: number;
let filters: Record<string, unknown>;

interface Made {
  supplier: 'shenzhen' | 'porto' | 'como';
  factory?: 'porto';
  start: string;
  end?: string;
  season: string;
  step?: string;
  product?: boolean;
}
const MADE: Made[] = [
  { supplier: 'shenzhen', start: day(3, 5), end: day(3, 6), season: 'THR-SS' },
  // Started in March, ended in April: a bar of March, never of April.
  { supplier: 'shenzhen', start: day(3, 28), end: day(4, 3), season: 'THR-SS' },
  { supplier: 'porto', start: day(4, 10), season: 'THR-FW' },
  // A supplier not chosen, though Porto is its factory.
  { supplier: 'como', factory: 'porto', start: day(4, 12), season: 'THR-FW' },
  { supplier: 'como', start: day(4, 11), season: 'THR-SS' },
  // A season not chosen; a cancelled service.
  { supplier: 'shenzhen', start: day(4, 15), season: 'THR-XX' },
  { supplier: 'porto', start: day(4, 16), season: 'THR-FW', step: 'CANCELLED' },
  { supplier: 'porto', start: day(4, 20), season: 'THR-FW', product: true },
  { supplier: 'shenzhen', start: day(5, 2), season: 'THR-SS' },
];

const screen = JSON.parse(readFileSync('schemas/screens/kpiSupplier.json', 'utf8')) as { panels: PanelConfig[] };
const panelNamed = (name: string) => screen.panels.find((panel) => panel.name === name)!;

const kpi = async (client: Client, call: string, query: Record<string, unknown>) => {
  const reply = await client.get(`/back/bo/kpi/supplier/${call}`, query as Record<string, string>);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
};
/** The services the search answers for the address a click on `row` opens. */
async function opened(client: Client, panel: string, answer: unknown, row: Row, screenFilters = filters): Promise<{ path: string; services: Row[] }> {
  const path = throughPath(panelNamed(panel).through, throughValues(screenFilters, answer, row))!;
  expect(path.startsWith('/services/search?'), path).toBe(true);
  const reply = await client.get(`/back/bo/services/${path.slice(path.indexOf('?'))}`);
  expect(reply.status, reply.text).toBe(200);
  expect(reply.headers.get('X-Hit-Limit')).toBeNull();
  return { path, services: reply.body.services };
}

beforeAll(async () => {
  ({ server, clients: { quality, sales, outsider } } = await startWithLogins(['quality', 'sales', 'outsider']));
  net = await network(server.store);
  tag = (await server.store.insert('tags', 'tagId', { universeId: net.universeId, companyId: net.lumiere, localizedName: { en: 'Through' }, color: '#000000', privacy: 'VISIBLE', disabled: false, sources: ['SERVICE'] })).tagId as number;
  const seasonOf = async (code: string, universeId: number) => (await server.store.insert('seasons', 'seasonId', { universeId, code, names: { en: code }, year: Y, period: 'SS' })).seasonId as number;
  seasonSS = await seasonOf('THR-SS', net.universeId);
  seasonFW = await seasonOf('THR-FW', net.universeId);
  seasonOther = await seasonOf('THR-XX', net.universeId);
  const northwind = (await server.store.get<Row>('companies', net.northwind))!;
  foreignSeason = await seasonOf('THR-SS', northwind.universeId as number);
  for (const made of MADE)
    await server.store.insert('services', 'serviceId', {
      universeId: net.universeId,
      thirdPartyDepartment: 'INSP',
      type: 'INSP_FINAL_RANDOM',
      serviceLevel: 'NORMAL',
      serviceStep: made.step ?? 'TERMINATED',
      serviceStatus: 'OK',
      client: net.lumiere,
      supplier: net[made.supplier],
      ...(made.factory ? { factory: net[made.factory] } : {}),
      serviceProvider: net.atlas,
      creatorCompany: net.lumiere,
      providerConfirmed: true,
      startDate: made.start,
      endDate: made.end ?? made.start,
      season: made.season,
      tags: [tag],
      ...(made.product ? { productTypes: [PRODUCT] } : {}),
    });
  // The screen's filter row: a period, two suppliers, two seasons, the client and the tag.
  filters = { start: day(3, 1), end: day(5, 31), supplierIds: [net.shenzhen, net.porto], seasonIds: [seasonSS, seasonFW], clientId: net.lumiere, tagIds: [tag] };
});
afterAll(() => server?.close());

describe('a KPI figure opens exactly the services it counts', () => {
  it('each bar of months: the search of its click-through finds as many services, each started in that month', async () => {
    const chart = await kpi(quality, 'chart', filters);
    // By hand: March the first two, April Porto's two (Como's, the other season's and the cancelled one left out), May one.
    expect(chart.series.map((row: Row) => [row.period, row.services])).toEqual([[`${Y}-03`, 2], [`${Y}-04`, 2], [`${Y}-05`, 1]]);
    for (const row of chart.series as Row[]) {
      const { path, services } = await opened(quality, 'kpiServicesPerMonth', chart, row);
      expect(services.length, path).toBe(row.services);
      for (const service of services) {
        expect(String(service.startDate).slice(0, 7)).toBe(row.period);
        expect(service.serviceStep).not.toBe('CANCELLED');
      }
    }
    // Without the start-date rule, April's window also holds the service started in March (what the figure does not count).
    const april = (chart.series as Row[])[1];
    const { path } = await opened(quality, 'kpiServicesPerMonth', chart, april);
    const running = await quality.get(`/back/bo/services/${path.slice(path.indexOf('?')).replace('startedInPeriod=true', '')}`);
    expect(running.body.services.length).toBe(3);
  });

  it('each day of the heatmap and each ranked supplier', async () => {
    const heatmap = await kpi(quality, 'heatmap', filters);
    const days = (heatmap.series as Row[]).filter((row) => (row.services as number) > 0);
    expect(days.length).toBe(5);
    for (const row of days) {
      const { path, services } = await opened(quality, 'kpiHeatmap', heatmap, row);
      expect(services.length, path).toBe(row.services);
      expect(services.map((service) => service.startDate)).toEqual([row.period]);
    }
    const overview = await kpi(quality, 'overview', filters);
    expect(overview.suppliers.map((row: Row) => [row.supplier, (row.figures as Row).services])).toEqual([[net.shenzhen, 3], [net.porto, 2]]);
    for (const row of overview.suppliers as Row[]) {
      const { path, services } = await opened(quality, 'kpiRanking', overview, row);
      expect(services.length, path).toBe((row.figures as Row).services);
      // Porto's factory service (Como's) is not among Porto's.
      expect(services.every((service) => service.supplier === row.supplier)).toBe(true);
    }
  });

  it('product types, and another company: its figures and its searches agree too', async () => {
    const byProduct = { ...filters, productTypeIds: [PRODUCT] };
    const chart = await kpi(quality, 'chart', byProduct);
    expect(chart.series.map((row: Row) => [row.period, row.services])).toEqual([[`${Y}-04`, 1]]);
    expect((await opened(quality, 'kpiServicesPerMonth', chart, chart.series[0], byProduct)).services.length).toBe(1);
    // The supplier (Shenzhen's sales) sees its own services only, in the figure and the search alike.
    const own = await kpi(sales, 'overview', filters);
    expect(own.suppliers.map((row: Row) => [row.supplier, (row.figures as Row).services])).toEqual([[net.shenzhen, 3]]);
    expect((await opened(sales, 'kpiRanking', own, own.suppliers[0])).services.length).toBe(3);
    // Another universe sees none of them.
    expect((await kpi(outsider, 'overview', filters)).totals.services).toBe(0);
    const seen = await outsider.get('/back/bo/services/', { fromDate: day(3, 1), toDate: day(5, 31), startedInPeriod: 'true', supplierIds: [net.shenzhen, net.porto] });
    expect(seen.body.services).toEqual([]);
  });
});

describe('the internal and provider figures open exactly the services they count', () => {
  const internalScreen = JSON.parse(readFileSync('schemas/screens/kpiInternal.json', 'utf8')) as { panels: PanelConfig[] };
  const providerScreen = JSON.parse(readFileSync('schemas/screens/kpiServiceProvider.json', 'utf8')) as { tabs: { panels: PanelConfig[] }[] };
  const table = (panels: PanelConfig[], url: string) => panels.find((panel) => panel.kind === 'dataTable' && panel.url === url)!;
  const searched = async (panel: PanelConfig, screenFilters: Record<string, unknown>, answer: unknown, row: Row) => {
    const path = throughPath(panel.through, throughValues(screenFilters, answer, row))!;
    expect(path.startsWith('/services/search?'), path).toBe(true);
    const reply = await quality.get(`/back/bo/services/${path.slice(path.indexOf('?'))}`);
    expect(reply.status, reply.text).toBe(200);
    return { path, services: reply.body.services as Row[] };
  };
  let brands: { lumiere: number; como: number };

  beforeAll(async () => {
    const brand = async (companyId: number) => (await server.store.insert('brands', 'brandId', { universeId: net.universeId, companyId, code: `T${companyId}`, name: `Through ${companyId}`, color: '#228be6', archived: false })).brandId as number;
    brands = { lumiere: await brand(net.lumiere), como: await brand(net.como) };
    // Beside the services above (all INSP, Lumière's): an audit of Lumière's and an inspection of Como's as client, in April.
    for (const [department, client] of [['AUDIT', net.lumiere], ['INSP', net.como]] as const)
      await server.store.insert('services', 'serviceId', {
        universeId: net.universeId, thirdPartyDepartment: department, type: department === 'AUDIT' ? 'AUDIT_SOCIAL' : 'INSP_FINAL_RANDOM', serviceLevel: 'NORMAL', serviceStep: 'TERMINATED', serviceStatus: 'OK',
        client, supplier: net.shenzhen, serviceProvider: net.atlas, creatorCompany: net.lumiere, providerConfirmed: true, startDate: day(4, 22), endDate: day(4, 22), season: 'THR-SS',
      });
  });

  it('each month of the internal figures, with a brand and a division', async () => {
    const panel = table(internalScreen.panels, '/back/bo/kpi/internal/yearMonth');
    const internal = { start: day(3, 1), end: day(5, 31), brand: brands.lumiere, division: 'INSP' };
    const answer = (await quality.get('/back/bo/kpi/internal/yearMonth', internal)).body;
    // By hand: Lumière's inspections, the cancelled one left out: March 2, April 5, May 1 (the audit and Como's not).
    expect(answer.series.map((row: Row) => [row.period, row.services])).toEqual([[`${Y}-03`, 2], [`${Y}-04`, 5], [`${Y}-05`, 1]]);
    for (const row of answer.series as Row[]) {
      const { path, services } = await searched(panel, internal, answer, row);
      expect(services.length, path).toBe(row.services);
      for (const service of services) expect([service.client, service.thirdPartyDepartment, String(service.startDate).slice(0, 7)]).toEqual([net.lumiere, 'INSP', row.period]);
    }
    // Como's brand: its one inspection, in April.
    const como = { ...internal, brand: brands.como };
    const ofComo = (await quality.get('/back/bo/kpi/internal/yearMonth', como)).body;
    expect(ofComo.series.map((row: Row) => [row.period, row.services])).toEqual([[`${Y}-04`, 1]]);
    expect((await searched(panel, como, ofComo, ofComo.series[0])).services.map((service) => service.client)).toEqual([net.como]);
  });

  it('each service provider of the ranking, with a division', async () => {
    const panel = table(providerScreen.tabs[0].panels, '/back/bo/kpi/serviceprovider/overview');
    for (const division of ['INSP', 'AUDIT']) {
      const filters = { start: day(3, 1), end: day(5, 31), division };
      const answer = (await quality.get('/back/bo/kpi/serviceprovider/overview', filters)).body;
      expect(answer.serviceProviders.map((row: Row) => [row.serviceProvider, (row.figures as Row).services])).toEqual([[net.atlas, division === 'INSP' ? 9 : 1]]);
      const { path, services } = await searched(panel, filters, answer, answer.serviceProviders[0]);
      expect(services.length, path).toBe(answer.serviceProviders[0].figures.services);
      expect(new Set(services.map((service) => service.thirdPartyDepartment))).toEqual(new Set([division]));
    }
  });

  it('a brand of another universe or unknown matches nothing in the search, as in the figures', async () => {
    const northwind = (await server.store.get<Row>('companies', net.northwind))!;
    const foreign = (await server.store.insert('brands', 'brandId', { universeId: northwind.universeId, companyId: net.northwind, code: 'TF', name: 'Foreign', color: '#228be6', archived: false })).brandId as number;
    for (const brand of [foreign, 999_999]) {
      expect((await quality.get('/back/bo/services/', { fromDate: day(3, 1), toDate: day(5, 31), brand })).body.services).toEqual([]);
      expect((await quality.get('/back/bo/kpi/internal/yearMonth', { start: day(3, 1), end: day(5, 31), brand })).body.totals.services).toBe(0);
    }
    const bad = await quality.get('/back/bo/services/', { division: 'NOPE' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('division');
  });
});

describe("the search's KPI criteria", () => {
  const search = (client: Client, query: Record<string, string | number | (string | number)[]>) => client.get('/back/bo/services/', { tags: tag, fromDate: day(3, 1), toDate: day(5, 31), ...query });

  it('a season of another universe matches nothing, as an unknown one; a chosen season keeps its services', async () => {
    expect((await search(quality, { seasonIds: [foreignSeason] })).body.services).toEqual([]);
    expect((await search(quality, { seasonIds: [999_999] })).body.services).toEqual([]);
    expect((await search(quality, { seasonIds: [seasonOther] })).body.services.map((service: Row) => service.startDate)).toEqual([day(4, 15)]);
  });

  it('bad values are refused with a clear 400 naming the field', async () => {
    for (const [name, value] of [
      ['supplierIds', 'abc'],
      ['seasonIds', '0'],
      ['productTypeIds', '-3'],
      ['startedInPeriod', 'maybe'],
    ]) {
      const reply = await search(quality, { [name]: value });
      expect(reply.status, `${name}=${value}`).toBe(400);
      expect(reply.body.exception).toBe('ValidationException');
      expect(JSON.stringify(reply.body.errors), name).toContain(name);
    }
    const many = await search(quality, { supplierIds: Array.from({ length: 51 }, (_, index) => index + 1) });
    expect(many.status).toBe(400);
  });
});
