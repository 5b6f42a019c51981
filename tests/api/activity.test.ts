import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDay, startWithLogins, today, type Client, type TestServer } from './helpers';
import { createService, network, wizardBody, type Network } from './service-fixtures';

/**
 * GET /back/bo/activity/figures and GET /back/bo/dashboard/costs against records made here, in a
 * window two years ahead that the demo seed leaves empty: exact counts, who sees what, the default
 * window, bad dates; the costs' roles and totals.
 */
let server: TestServer;
let quality: Client, manager: Client, sales: Client, outsider: Client, inspector: Client, buyer: Client;
let net: Network;
const FIGURES = '/back/bo/activity/figures';
const COSTS = '/back/bo/dashboard/costs';
const from = shiftDay(today(), 730);
const to = shiftDay(from, 9);
const window = { fromDate: from, toDate: to };
let confirmedId: number;

const figures = async (client: Client, query: Record<string, string | number | (string | number)[]> = {}) => {
  const reply = await client.get(FIGURES, { ...window, ...query });
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
};
const stepsOn = (body: any, day: string) => {
  const row = body.byDay.find((item: any) => item.day === day);
  return Object.fromEntries(['OPENED', 'REQUESTED', 'CONFIRMED', 'TERMINATED', 'CANCELLED'].map((step) => [step, row[step]]).filter(([, n]) => n));
};

beforeAll(async () => {
  ({ server, clients: { quality, manager, sales, outsider, inspector, buyer } } = await startWithLogins(['quality', 'manager', 'sales', 'outsider', 'inspector', 'buyer']));
  net = await network(server.store);
  // Three services of Maison Lumière (client) at Atlas: two inspections, one audit; the first one confirmed by Atlas.
  const first = await createService(quality, wizardBody(net, { service: { startDate: from, endDate: shiftDay(from, 2), exFactoryDate: shiftDay(from, 10) } }));
  await createService(quality, wizardBody(net, { service: { startDate: shiftDay(from, 1), endDate: shiftDay(from, 1), exFactoryDate: shiftDay(from, 10) } }));
  await createService(quality, wizardBody(net, {
    service: { thirdPartyDepartment: 'AUDIT', type: 'AUDIT_SOCIAL', factory: undefined, startDate: shiftDay(from, 5), endDate: shiftDay(from, 6), exFactoryDate: undefined, address: { city: 'Porto', country: 'Portugal' } },
  }));
  confirmedId = first.serviceId;
  const accepted = await manager.post('/back/bo/serviceDateLines/acceptDate', { serviceId: confirmedId });
  expect(accepted.status, accepted.text).toBe(200);
  expect(accepted.body.serviceStep).toBe('CONFIRMED');
});
afterAll(() => server?.close());

describe('activity figures', () => {
  it('counts the services of the window per day and step, type, country and client', async () => {
    const body = await figures(quality);
    expect(body).toMatchObject({ fromDate: from, toDate: to, totals: { services: 3, serviceDays: 6, inspectorDays: 0 } });
    expect(body.byDay).toHaveLength(10);
    expect(stepsOn(body, from)).toEqual({ CONFIRMED: 1 });
    expect(stepsOn(body, shiftDay(from, 1))).toEqual({ CONFIRMED: 1, OPENED: 1 });
    expect(stepsOn(body, shiftDay(from, 5))).toEqual({ OPENED: 1 });
    expect(stepsOn(body, shiftDay(from, 9))).toEqual({});
    expect(body.byType).toEqual([
      { type: 'INSP_FINAL_RANDOM', label: 'Final random inspection', services: 2 },
      { type: 'AUDIT_SOCIAL', label: 'Social audit', services: 1 },
    ]);
    // The inspections' country is their factory's (Ningbo: China), the audit's its address's.
    expect(body.byCountry.map((row: any) => [row.label, row.services])).toEqual([['China', 2], ['Portugal', 1]]);
    expect(body.byClient).toEqual([{ key: net.lumiere, label: 'Maison Lumière', services: 3 }]);
    expect(body.table.find((row: any) => row.type === 'INSP_FINAL_RANDOM')).toMatchObject({ group: 'INSP', services: 2, serviceDays: 4, CONFIRMED: 1, OPENED: 1 });
  });

  it('filters on service groups, decision makers, vendors and countries', async () => {
    expect((await figures(quality, { serviceGroups: 'INSP' })).totals.services).toBe(2);
    expect((await figures(quality, { serviceGroups: ['AUDIT', 'LAB'] })).totals.services).toBe(1);
    expect((await figures(quality, { serviceGroups: 'LAB' })).totals.services).toBe(0);
    expect((await figures(quality, { decisionMakers: net.lumiere })).totals.services).toBe(3);
    expect((await figures(quality, { decisionMakers: [net.northwind, net.como] })).totals.services).toBe(0);
    expect((await figures(quality, { vendors: net.ningbo })).totals.services).toBe(2);
    expect((await figures(quality, { vendors: net.shenzhen })).totals.services).toBe(3);
    expect((await figures(quality, { countries: 'Portugal' })).totals.services).toBe(1);
    expect((await figures(quality, { countries: ['China', 'Portugal'], serviceGroups: 'INSP' })).totals.services).toBe(2);
  });

  it('counts the inspector-days of the assignments (field roles only), none without an assignment', async () => {
    const service = (await server.store.get('services', confirmedId))!;
    const day = (n: number, typePlanning: string) => ({ date: shiftDay(from, n), typePlanning });
    await server.store.transaction(async (tx) => {
      const assignmentId = await tx.nextId('assignments');
      await tx.insert('assignments', 'assignmentId', {
        assignmentId, serviceId: confirmedId, universeId: service.universeId, serviceProvider: net.atlas, startDate: from, endDate: shiftDay(from, 2),
        contactIds: [net.contacts['inspector@inspect.test'], net.contacts['manager@inspect.test']],
        assignments: [
          { contactId: net.contacts['inspector@inspect.test'], typePlannings: [day(0, 'FIELD_LEADER'), day(1, 'FIELD_LEADER'), day(2, 'FIELD_LEADER')] },
          { contactId: net.contacts['manager@inspect.test'], typePlannings: [day(0, 'FIELD_BACKUP'), day(1, 'NOT_ON_FIELD'), day(2, 'REPRESENTATIVE')] },
        ],
      });
    });
    const body = await figures(manager);
    expect(body.totals.inspectorDays).toBe(4);
    expect(body.byDay.slice(0, 4).map((row: any) => row.inspectorDays)).toEqual([2, 1, 1, 0]);
    // A window that leaves out the first day leaves out its inspector-days.
    expect((await figures(manager, { fromDate: shiftDay(from, 1) })).totals.inspectorDays).toBe(2);
  });

  it('shows each caller only the services it sees: the supplier the confirmed one, the other universe none', async () => {
    expect((await figures(manager)).totals.services).toBe(3);
    // Shenzhen (supplier) sees a service once Atlas confirmed it; the opened ones are not yet theirs.
    const supplier = await figures(sales);
    expect(supplier.totals.services).toBe(1);
    expect(stepsOn(supplier, from)).toEqual({ CONFIRMED: 1 });
    const other = await figures(outsider);
    expect(other.totals).toEqual({ services: 0, serviceDays: 0, inspectorDays: 0 });
    expect(other.byClient).toEqual([]);
  });

  it('defaults to −15 to +15 days around today', async () => {
    const reply = await quality.get(FIGURES);
    expect(reply.status).toBe(200);
    expect(reply.body.fromDate).toBe(shiftDay(today(), -15));
    expect(reply.body.toDate).toBe(shiftDay(today(), 15));
    expect(reply.body.byDay).toHaveLength(31);
  });

  it('refuses bad dates and values with 400', async () => {
    expect((await quality.get(FIGURES, { fromDate: '2030-02-30' })).status).toBe(400);
    expect((await quality.get(FIGURES, { fromDate: 'yesterday' })).status).toBe(400);
    const reversed = await quality.get(FIGURES, { fromDate: to, toDate: from });
    expect(reversed.status).toBe(400);
    const tooLong = await quality.get(FIGURES, { fromDate: '2030-01-01', toDate: '2031-06-30' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('The period is at most 366 days long');
    expect((await quality.get(FIGURES, { serviceGroups: 'KITCHEN' })).status).toBe(400);
    expect((await quality.get(FIGURES, { decisionMakers: 'abc' })).status).toBe(400);
  });
});

describe('dashboard costs', () => {
  const month = from.slice(0, 7);
  const costWindow = { fromDate: `${month}-01`, toDate: shiftDay(`${month}-01`, 27) };

  it('is refused (403) to callers without the structural cost and fee roles', async () => {
    for (const client of [inspector, buyer, sales]) expect((await client.get(COSTS, costWindow)).status).toBe(403);
  });

  it('totals the structural costs and fee sheets of the period in the company currency', async () => {
    const cost = async (body: Record<string, unknown>) => {
      const reply = await manager.post('/back/bo/structuralCost', { date: month, ...body });
      expect(reply.status, reply.text).toBe(201);
    };
    await cost({ type: 'CONTRIBUTOR', amount: 1200.5, currency: 'EUR' });
    await cost({ type: 'OFFICE', amount: 300, currency: 'EUR' });
    await cost({ type: 'OFFICE', amount: 80, currency: 'USD' });
    const inspectorId = net.contacts['inspector@inspect.test'];
    const sheet = async (body: Record<string, unknown>) => {
      const reply = await manager.post('/back/bo/fee', { reference: 'Trip', contributors: [inspectorId], creationDate: costWindow.fromDate, ...body });
      expect(reply.status, reply.text).toBe(201);
    };
    await sheet({ currency: 'EUR', feeLines: [{ date: costWindow.fromDate, contributors: [inspectorId], hotel: 100, meal: 20 }] });
    await sheet({ currency: 'USD', currencyRate: 0.5, feeLines: [{ date: costWindow.fromDate, contributors: [inspectorId], train: 60 }] });

    const reply = await manager.get(COSTS, costWindow);
    expect(reply.status, reply.text).toBe(200);
    const body = reply.body;
    expect(body.currency).toBe('EUR');
    expect(body.total).toEqual({ structuralCosts: 1500.5, fees: 150, all: 1650.5 });
    expect(body.structuralCostsByMonth).toEqual([{ month, CONTRIBUTOR: 1200.5, OFFICE: 300 }]);
    expect(body.feesByMonth).toEqual([{ month, CREATED: 150, TOFIX: 0, TOVALIDATE: 0, VALID: 0 }]);
    expect(body.feesByContributor).toEqual([{ contactId: inspectorId, label: expect.any(String), amount: 150 }]);
    expect(body.totals.map((row: any) => [row.key, row.count, row.amount, row.currency])).toEqual([
      ['structuralCosts', 2, 1500.5, 'EUR'],
      ['fees', 2, 150, 'EUR'],
      ['total', 4, 1650.5, 'EUR'],
      ['structuralCosts.USD', 1, 80, 'USD'],
    ]);
    // Another company's manager (the other universe) sees none of it.
    const other = await outsider.get(COSTS, costWindow);
    expect(other.status).toBe(200);
    expect(other.body.total).toEqual({ structuralCosts: 0, fees: 0, all: 0 });
    // Its figures are in its own company's currency.
    expect(other.body.currency).toBe('USD');
  });

  it('defaults to the last six months and refuses a reversed period', async () => {
    const reply = await manager.get(COSTS);
    expect(reply.status).toBe(200);
    expect(reply.body.toDate).toBe(today());
    expect(reply.body.structuralCostsByMonth).toHaveLength(7);
    expect((await manager.get(COSTS, { fromDate: costWindow.toDate, toDate: costWindow.fromDate })).status).toBe(400);
  });
});
