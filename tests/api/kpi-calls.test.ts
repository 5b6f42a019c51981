import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { startWithLogins, today, type Client, type TestServer } from './helpers';
import { createService, network, wizardBody, type Network } from './service-fixtures';

/**
 * The KPI calls (docs/kpis.md) on a small known set of services made here, years ahead
 * (the demo seed has none there) and marked with a tag of their own so that the season calls
 * leave the demo's services out: exact figures computed by hand, what each company sees, the
 * defaults of spec §9, the refusals.
 */
let server: TestServer;
let quality: Client, manager: Client, sales: Client, outsider: Client;
let net: Network;
const Y = Number(today().slice(0, 4)) + 6;
const day = (month: number, date: number) => `${Y}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
const window = { start: day(3, 1), end: day(5, 31) };
let tag: number, secretTag: number, season1: number, season2: number, foreignSeason: number;

interface Made {
  supplier: 'shenzhen' | 'porto';
  start: string;
  step?: string;
  department?: string;
  confirmed?: boolean;
  creator?: 'lumiere' | 'atlas';
  season?: string;
  report?: { result: string; decision: string; defects: [number, number, number]; pieces: number };
  /** Working days from request to confirmation, and whether that was on time. */
  lead?: [number, 0 | 1];
}
/** S1 … S7 of the table in the tests below. */
const MADE: Made[] = [
  { supplier: 'shenzhen', start: day(3, 5), season: 'KPI-SS', report: { result: 'ACCEPTED', decision: 'ACCEPTED', defects: [0, 1, 2], pieces: 100 }, lead: [2, 1] },
  { supplier: 'shenzhen', start: day(3, 20), season: 'KPI-SS', report: { result: 'REFUSED', decision: 'SUBJECTED', defects: [0, 4, 1], pieces: 50 }, lead: [6, 0] },
  { supplier: 'shenzhen', start: day(4, 2), season: 'KPI-FW', report: { result: 'REFUSED', decision: 'REFUSED', defects: [1, 2, 0], pieces: 50 }, lead: [3, 1] },
  { supplier: 'porto', start: day(4, 10), season: 'KPI-FW', report: { result: 'NA', decision: 'NA', defects: [0, 0, 0], pieces: 0 } },
  { supplier: 'porto', start: day(4, 15), department: 'AUDIT', step: 'CONFIRMED' },
  // Cancelled: never counted.
  { supplier: 'porto', start: day(4, 20), step: 'CANCELLED', report: { result: 'ACCEPTED', decision: 'ACCEPTED', defects: [0, 0, 0], pieces: 10 } },
  // Opened by the provider, not confirmed: only Atlas (creator and provider) sees it.
  { supplier: 'shenzhen', start: day(5, 1), step: 'OPENED', confirmed: false, creator: 'atlas' },
];

async function make(made: Made): Promise<void> {
  const report = made.report && {
    reportResult: made.report.result,
    reportType: made.report.result === 'NA' ? 'GNR' : 'NORMAL',
    clientDecision: made.report.decision,
    defects: { CRITICAL: made.report.defects[0], MAJOR: made.report.defects[1], MINOR: made.report.defects[2] },
    inspectedQuantity: made.report.pieces,
  };
  await server.store.insert('services', 'serviceId', {
    universeId: net.universeId,
    thirdPartyDepartment: made.department ?? 'INSP',
    type: made.department === 'AUDIT' ? 'AUDIT_SOCIAL' : 'INSP_FINAL_RANDOM',
    serviceLevel: 'NORMAL',
    serviceStep: made.step ?? 'TERMINATED',
    serviceStatus: 'OK',
    client: net.lumiere,
    supplier: net[made.supplier],
    serviceProvider: net.atlas,
    creatorCompany: net[made.creator ?? 'lumiere'],
    providerConfirmed: made.confirmed ?? true,
    startDate: made.start,
    endDate: made.start,
    season: made.season,
    tags: [tag],
    ...(report ? { report } : {}),
    // S1 and S2 were done in 2 and 3 man-days.
    ...(made.lead && made.lead[1] === 1 && made.start === day(3, 5) ? { manDays: 2 } : {}),
    ...(made.start === day(3, 20) ? { manDays: 3 } : {}),
    ...(made.lead ? { confirmation: { date: `${made.start}T10:00:00.000Z`, workingDays: made.lead[0], onTime: made.lead[1], late: 1 - made.lead[1] } } : {}),
  });
}

const get = async (client: Client, call: string, query: Record<string, string | number | (string | number)[]> = {}) => {
  const reply = await client.get(call.includes('/') || call === 'generate' ? `/back/bo/kpi/${call}` : `/back/bo/kpi/supplier/${call}`, query);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
};

/** The figures of S1 … S5 (the services Maison Lumière sees), by hand. */
const LUMIERE = {
  services: 5,
  inspections: 4,
  results: { ACCEPTED: 1, REFUSED: 2, PENDING: 1, NA: 1 },
  resultRate: 1 / 3,
  decisions: { ACCEPTED: 1, SUBJECTED: 1, REFUSED: 1, PENDING: 1, NA: 1 },
  decisionRates: { ACCEPTED: 1 / 3, SUBJECTED: 1 / 3, REFUSED: 1 / 3 },
  defects: { CRITICAL: 1, MAJOR: 7, MINOR: 3 },
  inspectedPieces: 200,
  defectsPerPiece: { CRITICAL: 1 / 200, MAJOR: 7 / 200, MINOR: 3 / 200 },
  manDays: 5,
  confirmed: 3,
  leadTime: 11 / 3,
  onTimeRate: 2 / 3,
};

beforeAll(async () => {
  ({ server, clients: { quality, manager, sales, outsider } } = await startWithLogins(['quality', 'manager', 'sales', 'outsider']));
  net = await network(server.store);
  const tagOf = async (privacy: string, companyId: number) =>
    (await server.store.insert('tags', 'tagId', { universeId: net.universeId, companyId, localizedName: { en: `KPI ${privacy}` }, color: '#000000', privacy, disabled: false, sources: ['SERVICE'] })).tagId as number;
  tag = await tagOf('VISIBLE', net.lumiere);
  secretTag = await tagOf('SECRET', net.atlas);
  const seasonOf = async (code: string, universeId: number) => (await server.store.insert('seasons', 'seasonId', { universeId, code, names: { en: code }, year: Y, period: 'SS' })).seasonId as number;
  season1 = await seasonOf('KPI-SS', net.universeId);
  season2 = await seasonOf('KPI-FW', net.universeId);
  const northwind = (await server.store.get<Row>('companies', net.northwind))!;
  foreignSeason = await seasonOf('KPI-SS', northwind.universeId as number);
  for (const made of MADE) await make(made);
  // Northwind's own service, in the other universe: only its people see it.
  await server.store.insert('services', 'serviceId', {
    universeId: northwind.universeId, thirdPartyDepartment: 'INSP', type: 'INSP_FINAL_RANDOM', serviceStep: 'TERMINATED', client: net.northwind, serviceProvider: net.northwind,
    creatorCompany: net.northwind, providerConfirmed: true, startDate: day(3, 10), report: { reportResult: 'ACCEPTED', clientDecision: 'ACCEPTED' },
  });
});
afterAll(() => server?.close());

describe('supplier KPIs: the figures', () => {
  it('overview: totals and the suppliers ranked by services, computed by hand', async () => {
    const body = await get(quality, 'overview', { ...window, tagIds: tag });
    expect(body.start).toBe(window.start);
    expect(body.end).toBe(window.end);
    expect(body.totals).toEqual(LUMIERE);
    expect(body.suppliers.map((row: any) => [row.name, row.figures.services, row.figures.resultRate])).toEqual([
      ['Shenzhen Textile Co', 3, 1 / 3],
      ['Porto Malhas Lda', 2, null],
    ]);
    expect(body.suppliers[1].figures.results).toEqual({ ACCEPTED: 0, REFUSED: 0, PENDING: 1, NA: 1 });
    // limit keeps the first rows of the ranking.
    expect((await get(quality, 'overview', { ...window, tagIds: tag, limit: 1 })).suppliers.map((row: any) => row.supplier)).toEqual([net.shenzhen]);
  });

  it('chart: one block per month (and per quarter)', async () => {
    const body = await get(quality, 'chart', { ...window, tagIds: tag });
    expect(body.unit).toBe('month');
    expect(body.series.map((row: any) => [row.period, row.services, row.results.REFUSED, row.defects.MAJOR, row.inspectedPieces])).toEqual([
      [`${Y}-03`, 2, 1, 5, 150],
      [`${Y}-04`, 3, 1, 2, 50],
    ]);
    const quarters = await get(quality, 'chart', { ...window, tagIds: tag, unit: 'quarter' });
    expect(quarters.series.map((row: any) => [row.period, row.services])).toEqual([[`${Y}-Q1`, 2], [`${Y}-Q2`, 3]]);
  });

  it('heatmap: the days of the whole year of start', async () => {
    const body = await get(quality, 'heatmap', { start: day(6, 1), tagIds: tag });
    expect([body.start, body.end, body.unit]).toEqual([`${Y}-01-01`, `${Y}-12-31`, 'day']);
    expect(body.series.map((row: any) => [row.period, row.services])).toEqual([[day(3, 5), 1], [day(3, 20), 1], [day(4, 2), 1], [day(4, 10), 1], [day(4, 15), 1]]);
  });

  it('compare: two periods and the change in per cent', async () => {
    const body = await get(quality, 'compare', { tagIds: tag, period1FromDate: day(4, 1), period1ToDate: day(4, 30), period2FromDate: day(3, 1), period2ToDate: day(3, 31) });
    expect(body.period1).toMatchObject({ start: day(4, 1), end: day(4, 30), figures: { services: 3, inspections: 2 } });
    expect(body.period2).toMatchObject({ start: day(3, 1), end: day(3, 31), figures: { services: 2, resultRate: 0.5 } });
    expect(body.change.services).toBe(50);
    expect(body.change.defects.MAJOR).toBe(-60); // 2 against 5
    expect(body.change.defects.CRITICAL).toBeNull(); // against 0
  });

  it('compareSeason: the services of each season', async () => {
    const body = await get(quality, 'compareSeason', { tagIds: tag, period1Season: season1, period2Season: season2 });
    expect(body.period1).toMatchObject({ seasonId: season1, code: 'KPI-SS', figures: { services: 2, results: { ACCEPTED: 1, REFUSED: 1 } } });
    expect(body.period2).toMatchObject({ seasonId: season2, code: 'KPI-FW', figures: { services: 2, results: { REFUSED: 1, NA: 1 } } });
    expect(body.change.services).toBe(0);
  });

  it('filters: season, supplier, client, type, country, tags', async () => {
    const services = async (query: Record<string, string | number | number[]>) => (await get(quality, 'overview', { ...window, tagIds: tag, ...query })).totals.services;
    expect(await services({ seasonIds: season1 })).toBe(2);
    expect(await services({ seasonIds: [season1, season2] })).toBe(4);
    expect(await services({ supplierIds: net.porto })).toBe(2);
    expect(await services({ clientId: net.lumiere })).toBe(5);
    expect(await services({ clientId: net.como })).toBe(0);
    expect(await services({ serviceTypeId: 'AUDIT_SOCIAL' })).toBe(1);
    expect(await services({ countryIds: 'Portugal' })).toBe(2);
    expect(await services({ countryIds: 'China' })).toBe(3);
  });
});

describe('supplier KPIs: who sees what', () => {
  it('each company counts the services it sees', async () => {
    const count = async (client: Client) => (await get(client, 'overview', { ...window, tagIds: tag })).totals.services;
    expect(await count(quality)).toBe(5);
    // Atlas also sees the service it opened and has not confirmed.
    const atlas = (await get(manager, 'overview', { ...window, tagIds: tag })).totals;
    expect(atlas).toMatchObject({ services: 6, results: { PENDING: 2 } });
    // Shenzhen, the supplier: its three confirmed services only.
    expect((await get(sales, 'overview', { ...window, tagIds: tag })).totals).toMatchObject({ services: 3, results: { ACCEPTED: 1, REFUSED: 2 } });
    // Northwind, of the other universe: its own service, none of these (the tag is not its).
    expect(await count(outsider)).toBe(0);
    expect((await get(outsider, 'overview', window)).totals).toMatchObject({ services: 1, results: { ACCEPTED: 1 } });
  });

  it("an order taker sums the defects and pieces only of the reports it may read whole (spec §6.4)", async () => {
    const details = async () => {
      const { totals, suppliers } = await get(sales, 'overview', { ...window, tagIds: tag });
      const chart = await get(sales, 'chart', { ...window, tagIds: tag });
      return { totals: { defects: totals.defects, inspectedPieces: totals.inspectedPieces, services: totals.services, results: totals.results }, ranked: suppliers[0].figures.inspectedPieces, months: chart.series.map((month: Row) => month.inspectedPieces) };
    };
    const setLumiere = (change: Row) => server.store.update<Row>('companies', net.lumiere, (company) => ({ ...company, ...change }));
    // Shenzhen neither owns S1–S3 nor may download Lumière's reports: their verdicts count, their details do not.
    expect(await details()).toEqual({ totals: { defects: { CRITICAL: 0, MAJOR: 0, MINOR: 0 }, inspectedPieces: 0, services: 3, results: { ACCEPTED: 1, REFUSED: 2, PENDING: 0, NA: 0 } }, ranked: 0, months: [0, 0] });
    // The client lets its suppliers download reports: the details of all three.
    await setLumiere({ reportSupplierDownload: true });
    expect(await details()).toMatchObject({ totals: { defects: { CRITICAL: 1, MAJOR: 7, MINOR: 3 }, inspectedPieces: 200 }, ranked: 200, months: [150, 50] });
    await setLumiere({ reportSupplierDownload: false });
    // Shenzhen owns S1 (its creator's company): S1's details only.
    const [s1] = await server.store.find<Row>('services', (service) => service.startDate === day(3, 5) && service.supplier === net.shenzhen);
    await server.store.update<Row>('services', s1.serviceId as number, (service) => ({ ...service, creatorCompany: net.shenzhen }));
    try {
      expect(await details()).toMatchObject({ totals: { defects: { CRITICAL: 0, MAJOR: 1, MINOR: 2 }, inspectedPieces: 100 }, ranked: 100, months: [100, 0] });
    } finally {
      await server.store.update<Row>('services', s1.serviceId as number, (service) => ({ ...service, creatorCompany: net.lumiere }));
    }
    // The brand, decision maker, reads every report of its services whole.
    expect((await get(quality, 'overview', { ...window, tagIds: tag })).totals).toMatchObject({ defects: LUMIERE.defects, inspectedPieces: LUMIERE.inspectedPieces });
  });

  it('a report the caller may not read (not yet terminated, not its own) counts as none: no verdict, no details, in the figures and the search (spec §6.4)', async () => {
    const [s3] = await server.store.find<Row>('services', (service) => service.startDate === day(4, 2) && service.supplier === net.shenzhen);
    const s3Id = s3.serviceId as number;
    const totals = async (client: Client) => (await get(client, 'overview', { ...window, tagIds: tag })).totals;
    const shown = async (client: Client) => (await client.get(`/back/bo/services/${s3Id}`)).body.report;
    const searched = async (client: Client) => ((await client.get('/back/bo/services/', { fromDate: day(4, 2), toDate: day(4, 2), tags: tag })).body.services as Row[]).find((service) => service.serviceId === s3Id)!.report;
    const change = (fields: Row) => server.store.update<Row>('services', s3Id, (service) => ({ ...service, ...fields }));
    const setLumiere = (fields: Row) => server.store.update<Row>('companies', net.lumiere, (company) => ({ ...company, ...fields }));
    // S3 back at CONFIRMED, its report a draft (REFUSED, 1 critical and 2 major defects in 50 pieces): Shenzhen, a
    // supplier not owning it, may not read it, even with the client letting suppliers download reports.
    await change({ serviceStep: 'CONFIRMED' });
    await setLumiere({ reportSupplierDownload: true });
    try {
      expect(await totals(sales)).toMatchObject({ services: 3, results: { ACCEPTED: 1, REFUSED: 1, PENDING: 1 }, decisions: { ACCEPTED: 1, SUBJECTED: 1, REFUSED: 0, PENDING: 1 }, defects: { CRITICAL: 0, MAJOR: 1 + 4, MINOR: 2 + 1 }, inspectedPieces: 150 });
      expect(await shown(sales)).toBeUndefined();
      expect(await searched(sales)).toBeUndefined();
      // Lumière owns it (its creator's company): the draft's verdict and details count, and show.
      expect(await totals(quality)).toMatchObject({ results: LUMIERE.results, defects: LUMIERE.defects, inspectedPieces: LUMIERE.inspectedPieces });
      expect(await searched(quality)).toMatchObject({ reportResult: 'REFUSED' });
      // Created by Atlas instead: Lumière, the client but not the owner, reads none of it; Atlas, the provider, all of it.
      await change({ creatorCompany: net.atlas });
      expect(await totals(quality)).toMatchObject({ services: 5, results: { REFUSED: 1, PENDING: 2 }, defects: { CRITICAL: 0, MAJOR: 5, MINOR: 3 }, inspectedPieces: 150 });
      expect(await shown(quality)).toBeUndefined();
      expect((await totals(manager)).results.REFUSED).toBe(2);
      expect(await shown(manager)).toMatchObject({ reportResult: 'REFUSED' });
    } finally {
      await change({ serviceStep: 'TERMINATED', creatorCompany: net.lumiere });
      await setLumiere({ reportSupplierDownload: false });
    }
    // Terminated again: Shenzhen reads its verdict.
    expect(await searched(sales)).toMatchObject({ reportResult: 'REFUSED' });
    expect((await totals(sales)).results).toMatchObject({ ACCEPTED: 1, REFUSED: 2, PENDING: 0 });
  });

  it('an id the caller may not see is answered as an unknown one', async () => {
    // A secret tag of Atlas filters nothing for Lumière: as an unknown tag.
    const hidden = await get(quality, 'overview', { ...window, tagIds: secretTag });
    expect(hidden).toEqual(await get(quality, 'overview', { ...window, tagIds: 99_999_999 }));
    expect(hidden.totals.services).toBe(0);
    expect((await get(quality, 'overview', { ...window, seasonIds: foreignSeason })).totals.services).toBe(0);
    // A season of the other universe, required: 404 as an unknown one.
    const foreign = await quality.get('/back/bo/kpi/supplier/compareSeason', { period1Season: foreignSeason, period2Season: season2 });
    const unknown = await quality.get('/back/bo/kpi/supplier/compareSeason', { period1Season: 99_999_999, period2Season: season2 });
    expect(foreign.status).toBe(404);
    expect([unknown.status, unknown.body]).toEqual([foreign.status, foreign.body]);
  });
});

describe('supplier KPIs: defaults and refusals', () => {
  it('defaults: the last 6 months, the current and previous quarters, the current year, month', async () => {
    const now = dayjs(today());
    const sixMonths = now.subtract(6, 'month').startOf('month').format('YYYY-MM-DD');
    const overview = await get(quality, 'overview');
    expect([overview.start, overview.end]).toEqual([sixMonths, today()]);
    expect(overview.totals).toEqual((await get(quality, 'overview', { start: sixMonths, end: today() })).totals);
    expect((await get(quality, 'chart')).unit).toBe('month');
    const quarterStart = now.startOf('month').subtract(now.month() % 3, 'month');
    const compare = await get(quality, 'compare');
    expect([compare.period1.start, compare.period1.end]).toEqual([quarterStart.format('YYYY-MM-DD'), quarterStart.add(2, 'month').endOf('month').format('YYYY-MM-DD')]);
    expect([compare.period2.start, compare.period2.end]).toEqual([quarterStart.subtract(3, 'month').format('YYYY-MM-DD'), quarterStart.subtract(1, 'day').format('YYYY-MM-DD')]);
    const heatmap = await get(quality, 'heatmap');
    expect([heatmap.start, heatmap.end]).toEqual([`${now.year()}-01-01`, `${now.year()}-12-31`]);
  });

  it('bad periods, units and limits: a 400 in the contract format', async () => {
    const refused = async (call: string, query: Record<string, string | number>, path: string) => {
      const reply = await quality.get(`/back/bo/kpi/supplier/${call}`, query);
      expect(reply.status, reply.text).toBe(400);
      expect(reply.body).toMatchObject({ level: 'ERROR', exception: 'ValidationException' });
      expect(typeof reply.body.message).toBe('string');
      expect(reply.body.errors.map((error: any) => error.path)).toContain(path);
    };
    await refused('overview', { start: day(5, 1), end: day(4, 1) }, '/end');
    await refused('overview', { start: `${Y}-13-01` }, '/start');
    await refused('overview', { end: `${Y}-02-30` }, '/end');
    await refused('chart', { unit: 'fortnight' }, '/unit');
    await refused('overview', { limit: -1 }, '/limit');
    // Only the end given, before the default start.
    await refused('overview', { end: '2019-01-01' }, '/end');
    await refused('compare', { period1FromDate: day(5, 1), period1ToDate: day(4, 1) }, '/period1ToDate');
    await refused('compare', { period2ToDate: '2019-01-01' }, '/period2ToDate');
    await refused('compareSeason', { period1Season: season1 }, '/period2Season');
    await refused('overview', { unknownParameter: 1 }, '/unknownParameter');
  });

  it('no session: 403', async () => {
    const reply = await fetch(`${server.url}/back/bo/kpi/supplier/overview`);
    expect(reply.status).toBe(403);
  });
});

describe('internal and service provider KPIs', () => {
  it('internal/yearMonth: one block per month; internal/bySeason: per season code', async () => {
    const months = await get(quality, 'internal/yearMonth', { ...window, seasonIds: [season1, season2] });
    expect(months.unit).toBe('month');
    // The tag is not a filter here (the internal form has none): the seasons keep the demo's services out.
    expect(months.series.map((row: any) => [row.period, row.services, row.results.REFUSED])).toEqual([[`${Y}-03`, 2, 1], [`${Y}-04`, 2, 1]]);
    const seasons = await get(quality, 'internal/bySeason', { ...window, seasonIds: [season1, season2] });
    expect(seasons.series.map((row: any) => [row.season, row.services, row.inspectedPieces])).toEqual([['KPI-FW', 2, 50], ['KPI-SS', 2, 150]]);
    expect(seasons.totals).toMatchObject({ services: 4, defects: { CRITICAL: 1, MAJOR: 7, MINOR: 3 } });
    // The supplier form's filters are not the internal calls' (400, the field named).
    const refused = await quality.get('/back/bo/kpi/internal/yearMonth', { tagIds: tag });
    expect([refused.status, refused.body.errors?.[0]?.path]).toEqual([400, '/tagIds']);
  });

  it('serviceprovider/overview ranks the providers; compare and compareSeason as the supplier ones', async () => {
    const overview = await get(manager, 'serviceprovider/overview', { ...window, seasonIds: [season1, season2] });
    expect(overview.serviceProviders).toEqual([{ serviceProvider: net.atlas, name: 'Atlas Inspection', figures: expect.objectContaining({ services: 4, resultRate: 1 / 3 }) }]);
    const compare = await get(manager, 'serviceprovider/compare', { seasonIds: [season1, season2], period1FromDate: day(4, 1), period1ToDate: day(4, 30), period2FromDate: day(3, 1), period2ToDate: day(3, 31) });
    expect([compare.period1.figures.services, compare.period2.figures.services, compare.change.services]).toEqual([2, 2, 0]);
    const seasons = await get(manager, 'serviceprovider/compareSeason', { period1Season: season1, period2Season: season2, seasonIds: [season1, season2] });
    expect([seasons.period1.code, seasons.period1.figures.services, seasons.period2.figures.results.NA]).toEqual(['KPI-SS', 2, 1]);
    const foreign = await manager.get('/back/bo/kpi/serviceprovider/compareSeason', { period1Season: foreignSeason, period2Season: season1 });
    expect(foreign.status).toBe(404);
  });
});

describe('the lead time', () => {
  it("is stored at the provider's first confirmation: working days since the request, on time within the service level", async () => {
    const created = await createService(quality, wizardBody(net, { service: { startDate: day(9, 7), endDate: day(9, 7), exFactoryDate: day(9, 20), serviceLevel: 'EXPRESS' } }));
    expect((await server.store.get<Row>('services', created.serviceId))!.confirmation).toBeUndefined();
    const accepted = await manager.post('/back/bo/serviceDateLines/acceptDate', { serviceId: created.serviceId });
    expect(accepted.status, accepted.text).toBe(200);
    const stored = (await server.store.get<Row>('services', created.serviceId))!;
    expect(stored.confirmation).toMatchObject({ workingDays: 0, onTime: 1, late: 0 });
    expect((await get(quality, 'overview', { start: day(9, 1), end: day(9, 30) })).totals).toMatchObject({ confirmed: 1, leadTime: 0, onTimeRate: 1 });
  });
});

describe('the dynamic KPI', () => {
  it('groups the figures by the chosen groupings, filtered by offices and order taker', async () => {
    const seasons = { seasonIds: [season1, season2] };
    const byMonth = await get(quality, 'generate', { ...window, ...seasons });
    expect(byMonth.groupBy).toEqual(['period']);
    expect(byMonth.rows.map((row: any) => [row.period, row.figures.services])).toEqual([[`${Y}-03`, 2], [`${Y}-04`, 2]]);
    const bySupplierAndType = await get(quality, 'generate', { ...window, ...seasons, groupBy: ['supplier', 'period'], unit: 'quarter' });
    expect(bySupplierAndType.rows.map((row: any) => [row.supplier, row.period, row.figures.services, row.figures.resultRate])).toEqual([
      [net.shenzhen, `${Y}-Q1`, 2, 0.5],
      [net.shenzhen, `${Y}-Q2`, 1, 0],
      [net.porto, `${Y}-Q2`, 1, null],
    ].sort((a, b) => (a[0] as number) - (b[0] as number)));
    expect(bySupplierAndType.totals).toMatchObject({ services: 4, confirmed: 3 });
    // Each row is labelled with its groupings' values: the supplier's name, then the period.
    const nameOf = async (id: number) => (await server.store.get<Row>('companies', id))!.name as string;
    expect(bySupplierAndType.rows.map((row: any) => row.label)).toEqual(
      await Promise.all(bySupplierAndType.rows.map(async (row: any) => `${await nameOf(row.supplier)} · ${row.period}`)),
    );
    // Enum values read as their labels, in the caller's language.
    const byLevel = await get(quality, 'generate', { ...window, ...seasons, groupBy: 'serviceLevel' });
    expect(byLevel.rows.map((row: any) => row.label)).toContain('Normal');
    expect((await get(quality, 'generate', { ...window, ...seasons, ordertakerId: net.porto })).totals.services).toBe(1);
    expect((await get(quality, 'generate', { ...window, ...seasons, officeIds: net.atlas })).totals.services).toBe(4);
    expect((await get(quality, 'generate', { ...window, ...seasons, officeIds: net.como })).totals.services).toBe(0);
    expect((await get(quality, 'generate', { ...window, ...seasons, groupBy: 'serviceLevel', limit: 1 })).rows).toHaveLength(1);
    // Sales (Shenzhen) sees its own three only.
    expect((await get(sales, 'generate', { ...window, ...seasons })).totals.services).toBe(3);
  });

  it('refuses an unknown grouping, more than two, and a brand or partner that is no id', async () => {
    const queries: Record<string, string | number | string[]>[] = [{ groupBy: 'brand' }, { groupBy: ['period', 'client', 'type'] }, { brandId: 'abc' }, { partnerId: 0 }];
    for (const query of queries) {
      const reply = await quality.get('/back/bo/kpi/generate', query);
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(reply.body.exception).toBe('ValidationException');
    }
  });
});
