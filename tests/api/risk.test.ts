import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row, Stored } from '../../server/store/types';
import { ACCOUNTS, ROOT, startWithLogins, type Client, type TestServer } from './helpers';

/**
 * Risk analysis (docs/risk.md): a supplier's charts and defect synthesis, a service's reference
 * risks. Every figure is recomputed here from the seeded services and reports read from the
 * store, with the visibility rule of docs/services.md, never typed in.
 */
let server: TestServer;
let clients: Record<'quality' | 'buyer' | 'sales' | 'manager' | 'outsider' | 'admin', Client>;
let shenzhen: Stored<Row>;
let quality: { companyId: number; universeId: number };

const frLabels = JSON.parse(readFileSync(join(ROOT, 'schemas/locales/fr.json'), 'utf8')) as Record<string, string>;
const charts = (companyId: number) => `/back/bo/risk/company/${companyId}/charts`;
const synthesis = (companyId: number) => `/back/bo/risk/company/${companyId}/defectSynthesis`;

/** docs/services.md visibility for a company of no SUPER_ADMIN. */
const sees = (service: Row, viewer: { companyId: number; universeId: number }) =>
  service.universeId === viewer.universeId &&
  (service.creatorCompany === viewer.companyId ||
    service.serviceProvider === viewer.companyId ||
    (service.providerConfirmed === true && [service.client, service.supplier, service.factory, service.agent].includes(viewer.companyId)));
const summary = (service: Row) => (service.report ?? {}) as Row;

/** The terminated, reported inspections of a company that quality@brand.test sees. */
async function expectedInspections(companyId: number, keep: (service: Row) => boolean = () => true) {
  return (await server.store.all('services')).filter(
    (service) =>
      service.serviceStep === 'TERMINATED' && service.report && sees(service, quality) && [service.supplier, service.factory, service.agent].includes(companyId) && keep(service),
  );
}

async function expectedDefects(services: Row[]) {
  const ids = new Set(services.map((service) => service.serviceId));
  const reports = (await server.store.all('reports')).filter((report) => ids.has(report.serviceId));
  const library = new Map((await server.store.all('defects')).map((defect) => [defect.defectId, defect]));
  const perDefect = new Map<number, { total: number; critical: number; major: number; minor: number }>();
  const perCategory = new Map<string, number>();
  for (const line of reports.flatMap((report) => report.defects as Row[])) {
    const row = perDefect.get(line.defectId as number) ?? { total: 0, critical: 0, major: 0, minor: 0 };
    const count = line.count as number;
    row.total += count;
    row[String(line.severity).toLowerCase() as 'critical' | 'major' | 'minor'] += count;
    perDefect.set(line.defectId as number, row);
    const category = String(library.get(line.defectId)!.category);
    perCategory.set(category, (perCategory.get(category) ?? 0) + count);
  }
  return { perDefect, perCategory, library };
}

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(['quality', 'buyer', 'sales', 'manager', 'outsider', 'admin']));
  shenzhen = (await server.store.find('companies', (company) => company.name === 'Shenzhen Textile Co'))[0];
  const lumiere = (await server.store.find('companies', (company) => company.name === 'Maison Lumière'))[0];
  quality = { companyId: lumiere.companyId as number, universeId: lumiere.universeId as number };
});
afterAll(() => server?.close());

describe('GET /back/bo/risk/company/{companyId}/charts', () => {
  it("answers a supplier's figures from the reports the caller sees", async () => {
    const services = await expectedInspections(shenzhen.companyId as number);
    expect(services.length).toBeGreaterThan(2);
    const reply = await clients.quality.get(charts(shenzhen.companyId as number));
    expect(reply.status).toBe(200);
    const body = reply.body;
    expect(body.company).toEqual({ companyId: shenzhen.companyId, name: shenzhen.name });
    expect(body.inspections).toBe(services.length);
    // Results and decisions: every enum value present, counts from the services' report summaries.
    const count = (field: string, value: string) => services.filter((service) => summary(service)[field] === value).length;
    for (const result of ['ACCEPTED', 'REFUSED', 'PENDING', 'NA']) expect(body.results[result]).toBe(count('reportResult', result));
    for (const decision of ['PENDING', 'REFUSED', 'ACCEPTED', 'SUBJECTED', 'NA']) expect(body.decisions[decision]).toBe(count('clientDecision', decision));
    // Pass rate per month, months in order.
    const months = [...new Set(services.map((service) => String(service.startDate).slice(0, 7)))].sort();
    expect(body.passRate.map((row: Row) => row.month)).toEqual(months);
    for (const row of body.passRate) {
      const inMonth = services.filter((service) => String(service.startDate).startsWith(row.month));
      const accepted = inMonth.filter((service) => summary(service).reportResult === 'ACCEPTED').length;
      const refused = inMonth.filter((service) => summary(service).reportResult === 'REFUSED').length;
      expect(row).toEqual({ month: row.month, inspections: inMonth.length, accepted, refused, rate: accepted + refused ? Math.round((accepted / (accepted + refused)) * 1000) / 10 : null });
    }
    // Defects by category and the top ten.
    const { perDefect, perCategory } = await expectedDefects(services);
    expect(Object.fromEntries(body.defectsByCategory.map((row: Row) => [row.category, row.count]))).toEqual(Object.fromEntries(perCategory));
    const counts = body.defectsByCategory.map((row: Row) => row.count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(body.topDefects.length).toBe(Math.min(10, perDefect.size));
    for (const top of body.topDefects) expect(top.count).toBe(perDefect.get(top.defectId)!.total);
    const highest = Math.max(...[...perDefect.values()].map((row) => row.total));
    expect(body.topDefects[0].count).toBe(highest);
  });

  it('speaks the caller’s language', async () => {
    // Messages and labels follow the contact's language (server/context.ts languageOf).
    const contact = (await server.store.find('contacts', (row) => row.email === ACCOUNTS.quality))[0];
    await server.store.update('contacts', contact.contactId as number, (row) => ({ ...row, language: 'fr' }));
    const reply = await clients.quality.get(charts(shenzhen.companyId as number));
    await server.store.update('contacts', contact.contactId as number, (row) => ({ ...row, language: contact.language }));
    expect(reply.status).toBe(200);
    for (const row of reply.body.defectsByCategory) expect(row.label).toBe(frLabels[`enum.defectCategory.${row.category}`]);
    const library = new Map((await server.store.all('defects')).map((defect) => [defect.defectId, defect]));
    for (const top of reply.body.topDefects) expect(top.label).toBe((library.get(top.defectId)!.names as Row).fr);
  });

  it('bounds the inspections by start date, and by season instead when seasons are given', async () => {
    const all = await expectedInspections(shenzhen.companyId as number);
    const dates = all.map((service) => String(service.startDate)).sort();
    const [fromDate, toDate] = [dates[1], dates[dates.length - 2]];
    const bounded = await clients.quality.get(charts(shenzhen.companyId as number), { fromDate, toDate });
    expect(bounded.body.inspections).toBe(all.filter((service) => String(service.startDate) >= fromDate && String(service.startDate) <= toDate).length);
    // A period lists each of its months (a time axis), empty ones without a rate.
    const year = await clients.quality.get(charts(shenzhen.companyId as number), { fromDate: '2025-12-05', toDate: '2026-11-20' });
    expect(year.body.passRate.map((row: Row) => row.month)).toEqual(['2025-12', ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`)]);
    for (const row of year.body.passRate) if (!row.inspections) expect(row).toMatchObject({ accepted: 0, refused: 0, rate: null });
    const season = String(all[0].season);
    // Dates far away are dropped when a season is given (spec §7.4).
    const seasonal = await clients.quality.get(charts(shenzhen.companyId as number), { fromDate: '2040-01-01', toDate: '2040-01-31', seasonIds: [season] });
    expect(seasonal.status).toBe(200);
    expect(seasonal.body.inspections).toBe(all.filter((service) => service.season === season).length);
    expect(seasonal.body.inspections).toBeGreaterThan(0);
  });

  it('bounds the inspections to one reference', async () => {
    const all = await expectedInspections(shenzhen.companyId as number);
    const reference = String((all[0].purchaseOrderLines as Row[])[0].referenceObj);
    const reply = await clients.quality.get(charts(shenzhen.companyId as number), { referenceId: reference });
    expect(reply.status).toBe(200);
    expect(reply.body.inspections).toBe(all.filter((service) => (service.purchaseOrderLines as Row[]).some((line) => line.referenceObj === reference)).length);
  });
});

describe('GET /back/bo/risk/company/{companyId}/defectSynthesis', () => {
  it('sums each defect per severity, most frequent first', async () => {
    const services = await expectedInspections(shenzhen.companyId as number);
    const { perDefect, library } = await expectedDefects(services);
    const reply = await clients.quality.get(synthesis(shenzhen.companyId as number));
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBe(perDefect.size);
    for (const row of reply.body) {
      const expected = perDefect.get(row.defectId)!;
      expect(row).toMatchObject({ ...expected, code: library.get(row.defectId)!.code, category: library.get(row.defectId)!.category, label: (library.get(row.defectId)!.names as Row).en });
      expect(row.critical + row.major + row.minor).toBe(row.total);
      expect(typeof row.family).toBe('string');
    }
    const totals = reply.body.map((row: Row) => row.total);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
  });
});

describe('GET /back/bo/risk/services/{id}/references', () => {
  it('gives each reference its past inspections, refused share and risk', async () => {
    const services = (await server.store.all('services')).filter((service) => service.serviceStep === 'TERMINATED' && service.report && sees(service, quality));
    const service = services[services.length - 1];
    const reply = await clients.quality.get(`/back/bo/risk/services/${service.serviceId}/references`);
    expect(reply.status).toBe(200);
    const references = [...new Set((service.purchaseOrderLines as Row[]).map((line) => String(line.referenceObj || line.sku)))];
    expect(reply.body.map((row: Row) => row.reference)).toEqual(references);
    for (const row of reply.body) {
      const past = services.filter((other) => other.serviceId !== service.serviceId && (other.purchaseOrderLines as Row[]).some((line) => (line.referenceObj || line.sku) === row.reference));
      const accepted = past.filter((other) => summary(other).reportResult === 'ACCEPTED').length;
      const refused = past.filter((other) => summary(other).reportResult === 'REFUSED').length;
      expect(row).toMatchObject({ inspections: past.length, accepted, refused });
      const share = accepted + refused ? (refused / (accepted + refused)) * 100 : null;
      const shareRisk = share === null ? 'NA' : share >= 30 ? 'HIGH' : share >= 10 ? 'MODERATE' : 'LOW';
      // A line whose reference has a record answers the record's stored risk (docs/risk.md), the others the refused share's.
      const record = row.referenceId ? await server.store.get('references', row.referenceId as number) : undefined;
      expect(row.risk).toBe(record ? record.risk : shareRisk);
    }
  });
});

describe('refusals', () => {
  it('403 without the MANAGER flag (spec §6.4)', async () => {
    const service = (await server.store.all('services')).find((row) => sees(row, quality))!;
    for (const client of [clients.buyer, clients.sales]) {
      expect((await client.get(charts(shenzhen.companyId as number))).status).toBe(403);
      expect((await client.get(synthesis(shenzhen.companyId as number))).status).toBe(403);
      expect((await client.get(`/back/bo/risk/services/${service.serviceId}/references`)).status).toBe(403);
    }
  });

  it('404 for a company out of the universe or unknown, and a service out of sight', async () => {
    expect((await clients.outsider.get(charts(shenzhen.companyId as number))).status).toBe(404);
    expect((await clients.outsider.get(synthesis(shenzhen.companyId as number))).status).toBe(404);
    expect((await clients.quality.get(charts(999999))).status).toBe(404);
    const lumiereService = (await server.store.all('services')).find((row) => sees(row, quality))!;
    expect((await clients.outsider.get(`/back/bo/risk/services/${lumiereService.serviceId}/references`)).status).toBe(404);
    expect((await clients.quality.get('/back/bo/risk/services/999999/references')).status).toBe(404);
  });

  it('400 with the error body for a bad query', async () => {
    const bad: Record<string, string | string[]>[] = [
      { fromDate: '2026-13-45' },
      { fromDate: '2026-05-01', toDate: '2026-04-01' },
      { seasonIds: ['WINTER'] },
      { referenceId: 'x'.repeat(101) },
      { unknown: '1' },
    ];
    for (const query of bad) {
      const reply = await clients.quality.get(charts(shenzhen.companyId as number), query);
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(reply.body).toMatchObject({ level: 'ERROR', exception: 'ValidationException' });
      expect(reply.body.errors.length).toBeGreaterThan(0);
    }
    expect((await clients.quality.get(synthesis(shenzhen.companyId as number), { toDate: 'yesterday' })).status).toBe(400);
  });

  it('a manager of the provider and the super admin read them too', async () => {
    expect((await clients.manager.get(charts(shenzhen.companyId as number))).status).toBe(200);
    expect((await clients.admin.get(synthesis(shenzhen.companyId as number))).status).toBe(200);
  });
});
