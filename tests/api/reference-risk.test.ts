import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceRisk } from '../../domain/referenceRisk';
import type { Row, Stored } from '../../server/store/types';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { ACCOUNTS, loginAs, shiftDay, startWithLogins, storedContactByEmail, type Client, type TestServer } from './helpers';
import { refusedWithoutWrites } from './refused';
import { createService, fieldMessages, freshDate, network, poLine, wizardBody, type Network } from './service-fixtures';

/**
 * A reference's risk and score (docs/risk.md "A reference's risk and score") stored on its record
 * and recomputed with each report write and decision; the risk calls reading reference records;
 * a supplier's risk for a client, the factory risk export, and the smart-data operations (the
 * figures of a reference, a new service for chosen references). Reference records, purchase
 * orders and their lines are put straight into the store.
 */
let server: TestServer;
let clients: Record<'quality' | 'inspector' | 'buyer' | 'manager' | 'outsider' | 'admin', Client>;
let net: Network;
let watch: WriteWatch;
let shirt: Stored<Row>;
let scarf: Stored<Row>;
let northwindRef: Stored<Row>;
let strategyId: number;
/** The service whose refused report made the shirt HIGH. */
let refusedShirtService: number;
const SUFFIX = Math.random().toString(36).slice(2, 7).toUpperCase();

const reportUrl = (id: number, tail = '') => `/back/bo/reports/${id}${tail}`;
const confirmed = { serviceStep: 'TERMINATED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true };

async function insertReference(fields: Row): Promise<Stored<Row>> {
  return server.store.insert('references', 'referenceId', { referenceType: 'FINISHED_PRODUCT', suppliers: [net.shenzhen], parentIds: [], tags: [], risk: 'NA', score: 0, companyId: net.lumiere, universeId: net.universeId, ...fields });
}

/** A service of Lumière at Shenzhen holding a line of each sku, terminated, with the provider's report (result and defects as given). */
async function inspected(skus: string[], report: { refused?: boolean; critical?: number; minor?: number } = {}): Promise<{ id: number; lines: Row[]; report: Row }> {
  const lines = skus.map((sku, index) => ({ ...poLine(`PO-RSK-${SUFFIX}-${index}`), referenceObj: sku }));
  const created = await createService(clients.quality, wizardBody(net, { purchaseOrderLines: lines }));
  const id = created.serviceId as number;
  await server.store.update('services', id, (current) => ({ ...current, ...confirmed }));
  const stored = (await server.store.get('services', id))!;
  const defaults = (await clients.inspector.get(reportUrl(id, '/default'))).body;
  const library = (await clients.inspector.get(reportUrl(id, '/defects'))).body as Row[];
  const firstLine = (stored.purchaseOrderLines as Row[])[0].purchaseOrderLineId;
  const defects = [
    ...(report.critical ? [{ defectId: library[0].defectId, severity: 'CRITICAL', count: report.critical, purchaseOrderLineId: firstLine }] : []),
    ...(report.minor ? [{ defectId: library[0].defectId, severity: 'MINOR', count: report.minor }] : []),
  ];
  const body = { ...defaults, computed: undefined, defects, ...(report.refused ? { resultOverride: 'REFUSED', overrideReason: 'Seams open' } : {}) };
  const reply = await clients.inspector.post(reportUrl(id), { report: body });
  expect(reply.status, reply.text).toBe(201);
  return { id, lines: stored.purchaseOrderLines as Row[], report: reply.body.report };
}

/** What the formula gives for a reference from the store's services and reports (brand-wide), as the test reads them. */
async function expectedFigures(reference: Row) {
  const services = (await server.store.all('services')).filter(
    (service) => service.client === reference.companyId && service.serviceStep === 'TERMINATED' && service.report && (service.purchaseOrderLines as Row[]).some((line) => String(line.referenceObj ?? line.sku ?? '').trim().toLowerCase() === String(reference.sku).toLowerCase()),
  );
  const reports = await server.store.all('reports');
  return referenceRisk(
    services.map((service) => {
      const own = new Set((service.purchaseOrderLines as Row[]).filter((line) => String(line.referenceObj).toLowerCase() === String(reference.sku).toLowerCase()).map((line) => line.purchaseOrderLineId));
      const defects = ((reports.find((report) => report.serviceId === service.serviceId)?.defects as Row[]) ?? []).filter((defect) => defect.purchaseOrderLineId === undefined || own.has(defect.purchaseOrderLineId));
      const count = (severity: string) => defects.filter((defect) => defect.severity === severity).reduce((sum, defect) => sum + (defect.count as number), 0);
      return { date: String(service.startDate), result: String((service.report as Row).reportResult), critical: count('CRITICAL'), major: count('MAJOR'), minor: count('MINOR') };
    }),
    new Date(),
  );
}

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(['quality', 'inspector', 'buyer', 'manager', 'outsider', 'admin']));
  net = await network(server.store);
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
  shirt = await insertReference({ name: 'Linen shirt', sku: `RSK-SHIRT-${SUFFIX}`, designation: 'Linen shirt, long sleeves' });
  scarf = await insertReference({ name: 'Silk scarf', sku: `rsk-scarf-${SUFFIX}`, riskOverride: 'HIGH' });
  northwindRef = await server.store.insert('references', 'referenceId', { name: 'Other brand', sku: `RSK-NW-${SUFFIX}`, referenceType: 'FINISHED_PRODUCT', companyId: net.northwind, universeId: (await server.store.get('companies', net.northwind))!.universeId, suppliers: [], parentIds: [], tags: [], risk: 'NA', score: 0 });
  strategyId = (await server.store.find('strategies', (row) => row.companyId === net.lumiere && row.archived === false))[0].strategyId as number;
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

describe("a reference's stored risk and score follow its reports", () => {
  it('a refused report with a critical on its line makes it HIGH; the other reference of the service takes only the defects naming no line', async () => {
    // The scarf's line is written in another case: the line match is trimmed and case-insensitive.
    const { id, report } = await inspected([String(shirt.sku), ` ${String(scarf.sku).toUpperCase()} `], { refused: true, critical: 1, minor: 2 });
    refusedShirtService = id;
    const storedShirt = (await server.store.get('references', shirt.referenceId as number))!;
    // Refused (0.8) + 1 critical (10) + 2 minor (2): 12 / 50 → badness 1, one inspection: 100 × 1 / 2 = 50.
    expect(storedShirt).toMatchObject({ risk: 'HIGH', score: 50 });
    const storedScarf = (await server.store.get('references', scarf.referenceId as number))!;
    // The critical was on the shirt's line: the scarf takes refused (0.8) + 2 minor (0.04) → 0.84 / 2 = 42.
    expect(storedScarf).toMatchObject({ risk: 'HIGH', score: 42, riskOverride: 'HIGH' });
    expect(await expectedFigures(storedShirt)).toMatchObject({ risk: 'HIGH', score: 50 });
    // The decision is a report write too: a stale stored figure is set right again.
    await server.store.update('references', shirt.referenceId as number, (current) => ({ ...current, score: 99, risk: 'LOW' }));
    const decided = await clients.quality.put(reportUrl(id, '/decision'), { version: report.version, clientDecision: 'REFUSED', recipients: [net.contacts[ACCOUNTS.quality]] });
    expect(decided.status, decided.text).toBe(200);
    expect(await server.store.get('references', shirt.referenceId as number)).toMatchObject({ risk: 'HIGH', score: 50 });
  });

  it('clean accepted inspections bring it down', async () => {
    await inspected([String(shirt.sku)]);
    await inspected([String(shirt.sku)]);
    const after = (await server.store.get('references', shirt.referenceId as number))!;
    // One refusal (badness 1) among three inspections: 100 / (3 + 1) = 25.
    expect(after).toMatchObject({ risk: 'MODERATE', score: 25 });
    expect(await expectedFigures(after)).toMatchObject({ risk: 'MODERATE', score: 25 });
  });

  it('a report of a service without a reference record writes no reference', async () => {
    const before = await server.store.all('references');
    await inspected([`NO-RECORD-${SUFFIX}`]);
    expect(await server.store.all('references')).toEqual(before);
  });
});

describe('GET /back/bo/risk/services/{id}/references', () => {
  it("answers the record's stored risk, override and effective risk; a line without a record keeps the refused share", async () => {
    const { id } = await inspected([String(scarf.sku), String(shirt.sku), `LOOSE-${SUFFIX}`]);
    const reply = await clients.quality.get(`/back/bo/risk/services/${id}/references`);
    expect(reply.status, reply.text).toBe(200);
    const bySku = new Map(reply.body.map((row: Row) => [row.reference, row]));
    const scarfNow = (await server.store.get('references', scarf.referenceId as number))!;
    expect(bySku.get(scarf.sku)).toMatchObject({ referenceId: scarf.referenceId, name: 'Silk scarf', sku: scarf.sku, risk: scarfNow.risk, score: scarfNow.score, riskOverride: 'HIGH', effectiveRisk: 'HIGH', overridden: true });
    const shirtNow = (await server.store.get('references', shirt.referenceId as number))!;
    expect(bySku.get(shirt.sku)).toMatchObject({ referenceId: shirt.referenceId, risk: shirtNow.risk, riskOverride: null, effectiveRisk: shirtNow.risk, overridden: false });
    // Its past inspections (the other services of the shirt the caller sees): three so far, one refused.
    expect(bySku.get(shirt.sku)).toMatchObject({ inspections: 3, accepted: 2, refused: 1, refusedRate: 33.3 });
    expect(bySku.get(`LOOSE-${SUFFIX}`)).toMatchObject({ referenceId: null, name: null, riskOverride: null, risk: 'NA', effectiveRisk: 'NA', score: null });
    expect(reply.body.map((row: Row) => row.reference)).toEqual([scarf.sku, shirt.sku, `LOOSE-${SUFFIX}`]);
  });
});

describe('GET /back/bo/risk/companies/{supplierId}_{clientId}', () => {
  it("answers the client's inspections at the supplier and the risks of the client's references naming it", async () => {
    const reply = await clients.quality.get(`/back/bo/risk/companies/${net.shenzhen}_${net.lumiere}`);
    expect(reply.status, reply.text).toBe(200);
    const sees = (service: Row) => service.creatorCompany === net.lumiere || (service.providerConfirmed === true && [service.client, service.supplier, service.factory, service.agent].includes(net.lumiere));
    const services = (await server.store.all('services')).filter(
      (service) => service.serviceStep === 'TERMINATED' && service.report && service.client === net.lumiere && [service.supplier, service.factory, service.agent].includes(net.shenzhen) && sees(service),
    );
    const result = (value: string) => services.filter((service) => (service.report as Row).reportResult === value).length;
    expect(reply.body).toMatchObject({ supplier: { companyId: net.shenzhen }, client: { companyId: net.lumiere }, inspections: services.length, accepted: result('ACCEPTED'), refused: result('REFUSED') });
    const references = (await server.store.all('references')).filter((row) => row.companyId === net.lumiere && (row.suppliers as number[]).includes(net.shenzhen));
    // The riskiest 50 of them (the seed names Shenzhen on more).
    expect(reply.body.references).toHaveLength(Math.min(50, references.length));
    expect(references.map((row) => row.referenceId)).toEqual(expect.arrayContaining(reply.body.references.map((row: Row) => row.referenceId)));
    expect(reply.body.referenceRisks.HIGH).toBe(references.filter((row) => (row.riskOverride ?? row.risk) === 'HIGH').length);
    // A HIGH reference (the scarf, overridden) makes the supplier HIGH whatever its refused share.
    expect(reply.body.risk).toBe('HIGH');
    // Riskiest first.
    const scores = reply.body.references.map((row: Row) => row.score);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
  });

  it("the supplier's own manager sees the references naming it; another brand's pair lists none", async () => {
    const admin = await clients.admin.get(`/back/bo/risk/companies/${net.shenzhen}_${net.lumiere}`);
    expect(admin.body.references.length).toBeGreaterThanOrEqual(2);
    // Atlas (the provider's manager) sees the inspections it may see, never Lumière's references.
    const atlas = await clients.manager.get(`/back/bo/risk/companies/${net.shenzhen}_${net.lumiere}`);
    expect(atlas.status).toBe(200);
    expect(atlas.body.references).toEqual([]);
  });
});

describe('GET /back/bo/risk/orderTakers/{companyId}/factoryExport/generate', () => {
  it('streams a workbook of the references and the inspections, named and labelled in the caller’s language', async () => {
    // Labels follow the contact's language (server/context.ts languageOf).
    const contact = (await server.store.find('contacts', (row) => row.contactId === net.contacts[ACCOUNTS.quality]))[0];
    await server.store.update('contacts', contact.contactId as number, (row) => ({ ...row, language: 'fr' }));
    const response = await fetch(`${server.url}/back/bo/risk/orderTakers/${net.shenzhen}/factoryExport/generate`, {
      headers: { Cookie: [...clients.quality.cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'X-Requested-With': 'XMLHttpRequest' },
    });
    await server.store.update('contacts', contact.contactId as number, (row) => ({ ...row, language: contact.language }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="\d{8}_\d{6}_.+\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const [references, inspections] = workbook.worksheets;
    const rows = (sheet: ExcelJS.Worksheet) => sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
    const referenceRows = rows(references);
    expect(referenceRows[0].slice(0, 3)).toEqual(['SKU', 'Nom', 'Risque']);
    expect(response.headers.get('content-disposition')).toContain('Risque%20usine');
    const scarfRow = referenceRows.find((row) => row[0] === scarf.sku)!;
    const scarfNow = (await server.store.get('references', scarf.referenceId as number))!;
    expect(scarfRow.slice(0, 6)).toEqual([scarf.sku, 'Silk scarf', 'Élevé', expect.any(String), 'Élevé', scarfNow.score]);
    const sees = (service: Row) => service.creatorCompany === net.lumiere || (service.providerConfirmed === true && [service.client, service.supplier, service.factory, service.agent].includes(net.lumiere));
    const expected = (await server.store.all('services')).filter((service) => service.serviceStep === 'TERMINATED' && service.report && [service.supplier, service.factory, service.agent].includes(net.shenzhen) && sees(service));
    expect(rows(inspections).length - 1).toBe(expected.length);
  });
});

describe('GET /back/bo/smartdata/operations/references/{id}', () => {
  it('answers the figures its score is made of, the formula, and its services the caller sees', async () => {
    const reply = await clients.quality.get(`/back/bo/smartdata/operations/references/${shirt.referenceId}`);
    expect(reply.status, reply.text).toBe(200);
    const stored = (await server.store.get('references', shirt.referenceId as number))!;
    const expected = await expectedFigures(stored);
    expect(reply.body.reference).toMatchObject({ referenceId: shirt.referenceId, sku: shirt.sku, risk: stored.risk, score: stored.score, effectiveRisk: stored.risk });
    expect(reply.body.figures).toMatchObject({ risk: expected.risk, score: expected.score, inspections: expected.inspections, accepted: expected.accepted, refused: expected.refused, critical: expected.critical });
    expect(reply.body.formula).toMatchObject({ refusedWeight: 0.8, halfLifeMonths: 12 });
    const holding = (await server.store.all('services')).filter((service) => (service.purchaseOrderLines as Row[]).some((line) => String(line.referenceObj ?? '').trim().toLowerCase() === String(shirt.sku).toLowerCase()));
    expect(reply.body.services.map((row: Row) => row.serviceId).sort()).toEqual(holding.map((service) => service.serviceId).sort());
    const refused = reply.body.services.find((row: Row) => row.reportResult === 'REFUSED');
    expect(refused).toMatchObject({ counted: true, critical: 1, badness: 1, weight: 1 });
  });
});

describe('POST /back/bo/smartdata/operations/newService', () => {
  const service = () => {
    const startDate = freshDate();
    return { type: 'INSP_FINAL_RANDOM', serviceProvider: net.atlas, startDate, endDate: shiftDay(startDate, 1), exFactoryDate: shiftDay(startDate, 10), orderTakerContacts: [net.shenzhenContact] };
  };

  it("opens a service of the references' brand with one line per reference, the strategy's department and their one supplier", async () => {
    const reply = await clients.quality.post('/back/bo/smartdata/operations/newService', { referenceId: [shirt.referenceId, scarf.referenceId], strategy: strategyId, service: service() });
    expect(reply.status, reply.text).toBe(201);
    const created = (await server.store.get('services', reply.body.service.serviceId))!;
    const strategy = (await server.store.get('strategies', strategyId))!;
    expect(created).toMatchObject({ serviceStep: 'OPENED', client: net.lumiere, supplier: net.shenzhen, thirdPartyDepartment: strategy.department, creatorCompany: net.lumiere });
    expect((created.purchaseOrderLines as Row[]).map((line) => [line.referenceObj, line.poNumber, line.designation])).toEqual([
      [shirt.sku, shirt.sku, shirt.designation],
      [scarf.sku, scarf.sku, scarf.name],
    ]);
  });

  it("takes the purchase order's lines of those references, its supplier and factory", async () => {
    const order = await server.store.insert('purchaseOrders', 'purchaseOrderId', { companyId: net.lumiere, poNumber: `PO-SD-${SUFFIX}`, supplier: net.shenzhen, factory: net.ningbo });
    const line = (sku: unknown, color: string, quantity: number) => ({ purchaseOrderId: order.purchaseOrderId, companyId: net.lumiere, supplier: net.shenzhen, poNumber: order.poNumber, sku, designation: 'From the order', color, orderedQuantity: quantity, unit: 'PIECE' });
    await server.store.insert('orderLines', 'orderLineId', line(shirt.sku, 'White', 300));
    await server.store.insert('orderLines', 'orderLineId', line(shirt.sku, 'Blue', 200));
    await server.store.insert('orderLines', 'orderLineId', line('SOMETHING-ELSE', 'Red', 100));
    const reply = await clients.quality.post('/back/bo/smartdata/operations/newService', { referenceId: [shirt.referenceId], strategy: strategyId, orderId: order.purchaseOrderId, service: service() });
    expect(reply.status, reply.text).toBe(201);
    const created = (await server.store.get('services', reply.body.service.serviceId))!;
    expect(created).toMatchObject({ supplier: net.shenzhen, factory: net.ningbo, serviceStep: 'OPENED' });
    expect((created.purchaseOrderLines as Row[]).map((row) => [row.poNumber, row.color, (row.orderedQuantity as Row).quantity, row.referenceObj])).toEqual([
      [order.poNumber, 'White', 300, shirt.sku],
      [order.poNumber, 'Blue', 200, shirt.sku],
    ]);
    // A reference with no line on the order is refused, and nothing is written.
    const refused = await refusedWithoutWrites(watch, 400, () => clients.quality.post('/back/bo/smartdata/operations/newService', { referenceId: [shirt.referenceId, scarf.referenceId], strategy: strategyId, orderId: order.purchaseOrderId, service: service() }));
    expect(Object.keys(fieldMessages(refused.body))).toEqual(['/referenceId/1']);
  });

  it('refuses what does not fit, writing nothing', async () => {
    const post = (client: Client, body: unknown) => () => client.post('/back/bo/smartdata/operations/newService', body);
    const good = { referenceId: [shirt.referenceId], strategy: strategyId, service: service() };
    const atlasStrategy = (await server.store.find('strategies', (row) => row.companyId === net.atlas))[0]?.strategyId ?? 999999;
    const foreignOrder = await server.store.insert('purchaseOrders', 'purchaseOrderId', { companyId: net.northwind, poNumber: `PO-NW-${SUFFIX}`, supplier: net.northwind });
    const cases: [unknown, string[]][] = [
      [{ ...good, referenceId: [] }, ['/referenceId']],
      [{ ...good, referenceId: [shirt.referenceId, shirt.referenceId] }, ['/referenceId/1']],
      [{ ...good, referenceId: [999999] }, ['/referenceId/0']],
      [{ ...good, referenceId: [northwindRef.referenceId] }, ['/referenceId/0']],
      [{ ...good, strategy: atlasStrategy }, ['/strategy']],
      [{ ...good, strategy: 'x' }, ['/strategy']],
      [{ ...good, orderId: foreignOrder.purchaseOrderId }, ['/orderId']],
      [{ ...good, service: { ...service(), startDate: undefined, endDate: undefined, exFactoryDate: undefined } }, ['/service/startDate']],
      [{ ...good, service: { ...service(), type: 'AUDIT_SOCIAL' } }, ['/service/type']],
      [{ ...good, unknown: 1 }, ['/unknown']],
    ];
    for (const [body, paths] of cases) {
      const reply = await refusedWithoutWrites(watch, 400, post(clients.quality, body));
      expect(Object.keys(fieldMessages(reply.body)), JSON.stringify(body)).toEqual(paths);
    }
    // The wizard's right: no CREATE_SERVICE flag, 403.
    await refusedWithoutWrites(watch, 403, post(clients.inspector, good));
  });
});

describe('refusals of the risk reads', () => {
  it('403 without the MANAGER flag, 404 out of the universe or unknown, 400 for a bad query', async () => {
    const calls = [`/back/bo/risk/companies/${net.shenzhen}_${net.lumiere}`, `/back/bo/risk/orderTakers/${net.shenzhen}/factoryExport/generate`, `/back/bo/smartdata/operations/references/${shirt.referenceId}`];
    for (const url of calls) {
      expect((await refusedWithoutWrites(watch, 403, () => clients.buyer.get(url))).status).toBe(403);
      expect((await refusedWithoutWrites(watch, 404, () => clients.outsider.get(url))).status).toBe(404);
    }
    await refusedWithoutWrites(watch, 404, () => clients.quality.get(`/back/bo/risk/companies/${net.shenzhen}_999999`));
    await refusedWithoutWrites(watch, 404, () => clients.quality.get(`/back/bo/risk/companies/${net.northwind}_${net.lumiere}`));
    await refusedWithoutWrites(watch, 404, () => clients.quality.get('/back/bo/risk/orderTakers/999999/factoryExport/generate'));
    await refusedWithoutWrites(watch, 404, () => clients.quality.get(`/back/bo/smartdata/operations/references/${northwindRef.referenceId}`));
    await refusedWithoutWrites(watch, 404, () => clients.quality.get('/back/bo/smartdata/operations/references/999999'));
    await refusedWithoutWrites(watch, 400, () => clients.quality.get(`/back/bo/risk/companies/${net.shenzhen}_${net.lumiere}`, { fromDate: '2026-13-01' }));
    await refusedWithoutWrites(watch, 400, () => clients.quality.get(`/back/bo/risk/orderTakers/${net.shenzhen}/factoryExport/generate`, { unknown: '1' }));
  });
});

/** A new login of `companyId` with these profiles, copied from a demo account (the demo has no such person). */
async function personOf(account: string, email: string, companyId: number, profiles: string[]): Promise<Client> {
  const { contactId: _id, version: _version, ...fields } = (await storedContactByEmail(server.store, account))!;
  await server.store.insert('contacts', 'contactId', { ...fields, email, companyId, account: { ...fields.account!, profiles } });
  return loginAs(server, email);
}

describe("the risk calls reach a reference by its x-visibility, as its own routes do", () => {
  it('a super admin reads any reference of its universe; one of another universe gets 404, and the reference is unknown to its new service', async () => {
    const otherAdmin = await personOf(ACCOUNTS.outsider, `risk.admin.${SUFFIX.toLowerCase()}@other.test`, net.northwind, ['SUPER_ADMIN']);
    const operations = (reference: Row) => `/back/bo/smartdata/operations/references/${reference.referenceId}`;
    expect((await clients.admin.get(operations(shirt))).status).toBe(200);
    expect((await otherAdmin.get(operations(northwindRef))).status).toBe(200);
    await refusedWithoutWrites(watch, 404, () => clients.admin.get(operations(northwindRef)));
    await refusedWithoutWrites(watch, 404, () => otherAdmin.get(operations(shirt)));
    await refusedWithoutWrites(watch, 404, () => otherAdmin.get('/back/bo/services/references', { referenceId: shirt.referenceId as number }));
    const body = { referenceId: [shirt.referenceId], strategy: strategyId, service: { type: 'INSP_FINAL_RANDOM', startDate: freshDate() } };
    const refused = await refusedWithoutWrites(watch, 400, () => otherAdmin.post('/back/bo/smartdata/operations/newService', body));
    expect(fieldMessages(refused.body)).toHaveProperty(['/referenceId/0']);
  });

  it("a supplier named beside another sees the references naming both in the other supplier's risk, not the brand's others", async () => {
    const both = await insertReference({ name: 'Shared trim', sku: `RSK-SHARED-${SUFFIX}`, suppliers: [net.shenzhen, net.ningbo] });
    const ningbo = await personOf(ACCOUNTS.sales, `risk.ningbo.${SUFFIX.toLowerCase()}@factory.test`, net.ningbo, ['MANAGER']);
    // It reads the reference itself (GET /back/bo/references/{id}), so the risk of its fellow supplier lists it.
    expect((await ningbo.get(`/back/bo/references/${both.referenceId}`)).status).toBe(200);
    const reply = await ningbo.get(`/back/bo/risk/companies/${net.shenzhen}_${net.lumiere}`);
    expect(reply.status, reply.text).toBe(200);
    const named = (row: Row, company: number) => (row.suppliers as number[]).includes(company);
    const expected = (await server.store.all('references')).filter((row) => row.companyId === net.lumiere && named(row, net.shenzhen) && named(row, net.ningbo)).map((row) => row.referenceId);
    expect(expected).toContain(both.referenceId);
    const counted = Object.values(reply.body.referenceRisks as Record<string, number>).reduce((sum, count) => sum + count, 0);
    expect(counted).toBe(expected.length);
    const listed = reply.body.references.map((row: Row) => row.referenceId);
    expect(listed).toHaveLength(Math.min(50, expected.length));
    expect(expected).toEqual(expect.arrayContaining(listed));
  });
});

describe('the workflow moves a reported service in and out of the history', () => {
  it('a reopened service leaves its references’ figures until it is completed again', async () => {
    const before = (await server.store.get('references', shirt.referenceId as number))!;
    expect(before.risk).not.toBe('LOW');
    const reopened = await clients.quality.patch(`/back/bo/services/${refusedShirtService}/REOPEN`, { comment: 'Seams to check again' });
    expect(reopened.status, reopened.text).toBe(200);
    const after = (await server.store.get('references', shirt.referenceId as number))!;
    // Its only refusal is out of the history: accepted inspections alone, score 0.
    expect(after).toMatchObject({ risk: 'LOW', score: 0 });
    expect(await expectedFigures(after)).toMatchObject({ risk: 'LOW', score: 0, refused: 0 });
  });
});
