import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/boot';
import { computeRecord } from '../../engine/schema/computed';
import { loadRegistry } from '../../server/schemas';
import { seedDemo } from '../../server/seed';
import { LowdbStore } from '../../server/store/lowdb';
import type { Row } from '../../server/store/types';
import { fieldErrors } from '../../server/validation';
import { ACCOUNTS, ROOT, copySchemas, currentMonth, loginAs, shiftDay, startServer, tempDir, today, type Client, type TestServer } from './helpers';

/** The demo universe: accounts, volumes, dates, states, visibility, and records valid per their schemas. */
let server: TestServer;
let admin: Client;

const resources = [
  { api: '/back/bo/capas', collection: 'capas', idField: 'capaId', date: 'startDate', min: 40, states: ['NEW', 'IN_PROGRESS', 'COMPLETED'] },
  { api: '/back/bo/qualityAlerts', collection: 'qualityAlerts', idField: 'qualityAlertId', date: 'creationDate', min: 25, states: ['OPENED', 'CLOSED', 'DRAFT', 'SENT', 'ADDRESSED'] },
  { api: '/back/bo/nonCompliances', collection: 'nonCompliances', idField: 'nonComplianceId', date: 'creationDate', min: 40 },
  { api: '/back/bo/matrix8ds', collection: 'matrix8ds', idField: 'matrixId', date: 'createDate', min: 15, states: ['PROBLEMS', 'ANALYSIS', 'RESULT'] },
  { api: '/back/bo/structuralCost', collection: 'structuralCosts', idField: 'structuralCostId', date: 'date', min: 60, states: ['CREATED', 'GENERATED', 'VERIFIED'] },
];

beforeAll(async () => {
  server = await startServer();
  admin = await loginAs(server, ACCOUNTS.admin);
});
afterAll(() => server?.close());

describe('demo seed', () => {
  it('opens the seven demo accounts with the right companies and profiles', async () => {
    const expected: Record<string, [string, string]> = {
      [ACCOUNTS.admin]: ['QCFlow Admin', 'SUPER_ADMIN'],
      [ACCOUNTS.manager]: ['Atlas Inspection', 'MANAGER'],
      [ACCOUNTS.inspector]: ['Atlas Inspection', 'CONTRIBUTOR'],
      [ACCOUNTS.quality]: ['Maison Lumière', 'MANAGER'],
      [ACCOUNTS.buyer]: ['Maison Lumière', 'SEARCH_SERVICE'],
      [ACCOUNTS.sales]: ['Shenzhen Textile Co', 'SEARCH_SERVICE'],
      [ACCOUNTS.outsider]: ['Northwind Goods', 'MANAGER'],
    };
    for (const [email, [company, role]] of Object.entries(expected)) {
      const profile = (await (await loginAs(server, email)).get('/back/auth/profile')).body;
      expect(profile.companyName).toBe(company);
      expect(profile.roles).toContain(role);
      expect(profile.universeId).toBe(email === ACCOUNTS.outsider ? 2 : 1);
    }
  });

  it.each(resources)('$collection: volume, dates over six months with a third in the current month, every state', async (resource) => {
    const rows = (await server.store.all(resource.collection)).filter((row) => row.universeId === 1);
    expect(rows.length).toBeGreaterThanOrEqual(resource.min);
    const dates = rows.map((row) => String(row[resource.date]));
    const inCurrentMonth = dates.filter((date) => date.startsWith(currentMonth())).length;
    expect(inCurrentMonth).toBeGreaterThanOrEqual(rows.length / 3);
    const sevenMonthsAgo = new Date(Date.now() - 214 * 86_400_000).toISOString().slice(0, 10);
    for (const date of dates) {
      expect(date.slice(0, 10) <= today()).toBe(true);
      expect(date.slice(0, 7) >= sevenMonthsAgo.slice(0, 7)).toBe(true);
    }
    if (resource.states) expect(new Set(rows.map((row) => row.status))).toEqual(new Set(resource.states));
    expect((await server.store.all(resource.collection)).some((row) => row.universeId === 2)).toBe(true);
  });

  it.each(resources)('$collection: shows records to Maison Lumière and Atlas Inspection, and only its own to the outsider', async (resource) => {
    for (const email of [ACCOUNTS.quality, ACCOUNTS.manager]) {
      const client = await loginAs(server, email);
      const all = (await client.get(`${resource.api}/`)).body as unknown[];
      const thisMonth = (await client.get(`${resource.api}/`, { fromDate: `${currentMonth()}-01`, toDate: today() })).body as unknown[];
      expect(all.length).toBeGreaterThan(3);
      expect(thisMonth.length).toBeGreaterThan(0);
    }
    const outsider = await loginAs(server, ACCOUNTS.outsider);
    const theirs = (await outsider.get(`${resource.api}/`)).body as { universeId: number }[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((row) => row.universeId === 2)).toBe(true);
  });

  it.each(resources)('$collection: every seeded record passes its schema and lookup checks (PUT back unchanged)', async (resource) => {
    const records = (await admin.get(`${resource.api}/`)).body as Record<string, unknown>[];
    expect(records.length).toBeGreaterThanOrEqual(resource.min);
    for (const record of records) {
      const reply = await admin.put(`${resource.api}/${record[resource.idField]}`, record);
      expect(reply.status, `${resource.collection} ${record[resource.idField]}: ${reply.text}`).toBe(200);
    }
  });

  it('services: 40 of the brand over −60/+30 days in every step and department, several within ±7 days, 3 of Northwind', async () => {
    const all = await server.store.all('services');
    // The two years of inspections behind the KPIs start before these (below).
    const main = all.filter((service) => service.universeId === 1 && String(service.startDate) >= shiftDay(today(), -60));
    expect(main).toHaveLength(40);
    expect(all.filter((service) => service.universeId === 2)).toHaveLength(3);
    expect(new Set(main.map((service) => service.serviceStep))).toEqual(new Set(['OPENED', 'REQUESTED', 'CONFIRMED', 'TERMINATED', 'CANCELLED']));
    expect(new Set(main.map((service) => service.thirdPartyDepartment))).toEqual(new Set(['INSP', 'LAB', 'AUDIT', 'CON']));
    const [from, to] = [shiftDay(today(), -60), shiftDay(today(), 30)];
    for (const service of main) expect(String(service.startDate) >= from && String(service.startDate) <= to).toBe(true);
    const near = main.filter((service) => String(service.startDate) >= shiftDay(today(), -7) && String(service.startDate) <= shiftDay(today(), 7));
    expect(near.length).toBeGreaterThanOrEqual(8);
    const companyId = async (name: string) => (await server.store.find('companies', (row) => row.name === name))[0].companyId;
    const [lumiere, atlas] = [await companyId('Maison Lumière'), await companyId('Atlas Inspection')];
    const drafts = main.filter((service) => service.serviceStep === 'OPENED' && !service.providerConfirmed && service.creatorCompany === lumiere);
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    for (const draft of drafts) expect(draft.serviceProvider).toBe(atlas);
    expect(main.filter((service) => service.serviceProvider === atlas).length).toBeGreaterThan(30);
    expect(main.some((service) => service.cancelRequestDate)).toBe(true);
    expect(main.some((service) => service.serviceStatus === 'PENDING')).toBe(true);
    for (const service of main) {
      expect((service.purchaseOrderLines as unknown[]).length).toBeGreaterThanOrEqual(1);
      expect(service.searchText).toContain(service.number);
      if (service.thirdPartyDepartment === 'LAB') expect((service.laboratoryLines as unknown[]).length).toBeGreaterThan(0);
      // A terminated inspection has its report, summed up on the service; other departments have none.
      if (service.serviceStep === 'TERMINATED' && service.thirdPartyDepartment === 'INSP') {
        const [report] = await server.store.find('reports', (row) => row.serviceId === service.serviceId);
        expect(service.report).toEqual({
          reportResult: report.reportResult, reportType: report.reportType, clientDecision: (report.decision as Row).clientDecision,
          // What the KPIs sum (docs/kpis.md): the computed defects and the pieces inspected.
          defects: (report.computed as Row).totals, inspectedQuantity: (report.lines as Row[]).reduce((sum, line) => sum + Number(line.inspectedQuantity ?? 0), 0),
        });
      } else expect(service.report).toBeUndefined();
      const history = await server.store.find('serviceHistory', (event) => event.serviceId === service.serviceId);
      expect(history.find((event) => event.event === 'CREATED')).toBeDefined();
      for (const event of history) expect(String(event.date).slice(0, 10) <= today()).toBe(true);
      expect((await server.store.find('serviceDateLines', (line) => line.serviceId === service.serviceId)).length).toBeGreaterThan(0);
    }
    expect(main.filter((service) => service.serviceStep === 'TERMINATED').some((service) => (service.report as { clientDecision: string } | undefined)?.clientDecision === 'PENDING')).toBe(true);
    expect((await server.store.all('serviceNotes')).length).toBeGreaterThan(0);
    expect((await server.store.find('tags', (tag) => (tag.sources as string[]).includes('SERVICE'))).length).toBeGreaterThan(0);
  });

  it('history: two years of terminated inspections with reports, decisions, confirmations and man-days, as the calls write them', async () => {
    const recent = shiftDay(today(), -60);
    const history = (await server.store.all('services')).filter((service) => String(service.startDate) < recent);
    expect(history.length).toBeGreaterThanOrEqual(120);
    expect(history.every((service) => service.universeId === 1 && service.serviceStep === 'TERMINATED' && service.thirdPartyDepartment === 'INSP')).toBe(true);
    // Every month of the two years has some.
    const months = new Set(history.map((service) => String(service.startDate).slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(22);
    expect(history.some((service) => String(service.startDate) <= shiftDay(today(), -700))).toBe(true);
    const results = new Set(history.map((service) => (service.report as Row).reportResult));
    expect(results).toEqual(new Set(['ACCEPTED', 'REFUSED', 'NA', 'PENDING']));
    const decisions = new Set(history.map((service) => (service.report as Row).clientDecision));
    for (const decision of ['ACCEPTED', 'REFUSED', 'SUBJECTED', 'NA']) expect(decisions.has(decision)).toBe(true);
    // The lead time from the request to the provider's confirmation, by the service level's limit (domain/leadTime.ts).
    const { confirmationOf } = await import('../../domain/leadTime');
    const onTime = new Set<number>();
    const assignments = await server.store.all('assignments');
    for (const service of history) {
      const [accepted] = (await server.store.find('serviceHistory', (event) => event.serviceId === service.serviceId && event.event === 'ACCEPT_DATE'));
      expect(service.confirmation).toEqual(confirmationOf(String(service.creationDate), service.serviceLevel, String(accepted.date)));
      onTime.add((service.confirmation as Row).onTime as number);
      // Man-days: the field days of its assignment, as the assignment call counts them.
      const assignment = assignments.find((row) => row.serviceId === service.serviceId)!;
      const fieldDays = (assignment.assignments as Row[]).flatMap((one) => one.typePlannings as Row[]).filter((day) => day.typePlanning !== 'NOT_ON_FIELD').length;
      expect(service.manDays).toBe(fieldDays);
      expect(service.contributors).toEqual(assignment.contactIds);
      // Its season is the one its goods ship for.
      const month = Number(String(service.startDate).slice(5, 7));
      expect(String(service.season).slice(0, 2)).toBe(month >= 4 && month <= 9 ? 'FW' : 'SS');
    }
    expect(onTime).toEqual(new Set([0, 1]));
    // The recent demo services confirmed by their provider keep their lead time too.
    const confirmedRecently = (await server.store.all('services')).filter((service) => String(service.startDate) >= recent && service.providerConfirmed === true);
    expect(confirmedRecently.length).toBeGreaterThan(0);
    for (const service of confirmedRecently) expect(service.confirmation).toMatchObject({ workingDays: expect.any(Number) });
  });

  it('reports: one per terminated inspection, in every result, with defects of the brand’s library and its computed verdict; some wait for a decision', async () => {
    const reports = await server.store.all('reports');
    const library = new Set((await server.store.all('defects')).map((defect) => defect.defectId));
    const rules = loadRegistry(join(ROOT, 'schemas')).reports;
    expect(new Set(reports.map((report) => report.reportResult))).toEqual(new Set(['ACCEPTED', 'REFUSED', 'NA', 'PENDING']));
    expect(reports.some((report) => (report.decision as Row).clientDecision === 'PENDING')).toBe(true);
    expect(reports.some((report) => (report.decision as Row).clientDecision !== 'PENDING')).toBe(true);
    for (const report of reports) {
      // The verdict stored is the one the rules give for the report's numbers.
      expect(report.computed).toEqual(JSON.parse(JSON.stringify(rules.computeReport(report))));
      expect(report.reportResult).toBe((report.computed as Row).result);
      for (const defect of report.defects as Row[]) expect(library.has(defect.defectId)).toBe(true);
      if (report.reportType !== 'GNR') expect((report.defects as Row[]).length).toBeGreaterThan(0);
    }
  });

  it('invoices: Atlas Inspection to Maison Lumière in every status over the last three months, a few of Northwind; PUT back unchanged', async () => {
    const companyId = async (name: string) => (await server.store.find('companies', (row) => row.name === name))[0].companyId;
    const [atlas, lumiere] = [await companyId('Atlas Inspection'), await companyId('Maison Lumière')];
    const all = await server.store.all('invoices');
    const main = all.filter((invoice) => invoice.universeId === 1);
    expect(main.length).toBeGreaterThanOrEqual(15);
    expect(all.filter((invoice) => invoice.universeId === 2).length).toBeGreaterThanOrEqual(2);
    expect(main.every((invoice) => invoice.companyId === atlas && invoice.client === lumiere)).toBe(true);
    expect(new Set(main.map((invoice) => invoice.status))).toEqual(new Set(['W', 'I', 'M', 'L']));
    expect(new Set(main.map((invoice) => invoice.type))).toEqual(new Set(['INVOICING', 'CREDIT_NOTE']));
    const threeMonthsAgo = `${shiftDay(`${currentMonth()}-01`, -62).slice(0, 7)}-01`;
    const previousMonth = shiftDay(`${currentMonth()}-01`, -1).slice(0, 7);
    for (const invoice of main) expect(String(invoice.date) >= threeMonthsAgo && String(invoice.date) <= today()).toBe(true);
    expect(main.some((invoice) => String(invoice.date).startsWith(currentMonth()))).toBe(true);
    expect(main.some((invoice) => String(invoice.date).startsWith(previousMonth))).toBe(true);
    expect(main.every((invoice) => invoice.number === `INV-${String(invoice.invoiceIdHK).padStart(6, '0')}`)).toBe(true);
    const manager = await loginAs(server, ACCOUNTS.manager);
    for (const invoice of (await manager.get('/back/bo/invoices/')).body as Row[]) {
      const reply = await manager.put(`/back/bo/invoices/${invoice.invoiceIdHK}`, invoice);
      expect(reply.status, `invoice ${invoice.invoiceIdHK}: ${reply.text}`).toBe(200);
    }
  });

  it('invoice lines: on Atlas services, some of two services, some with a seeded invoice number; copies and totals as the server writes them', async () => {
    const atlas = (await server.store.find('companies', (row) => row.name === 'Atlas Inspection'))[0].companyId;
    const lines = (await server.store.all('invoiceLines')).filter((line) => line.universeId === 1);
    expect(lines.length).toBeGreaterThanOrEqual(15);
    expect((await server.store.all('invoiceLines')).some((line) => line.universeId === 2)).toBe(true);
    const numbers = new Set((await server.store.all('invoices')).map((invoice) => invoice.number));
    expect(lines.filter((line) => (line.services as number[]).length === 2).length).toBeGreaterThan(0);
    expect(lines.filter((line) => numbers.has(line.invoiceNumber)).length).toBeGreaterThan(0);
    const near = lines.filter((line) => String(line.serviceDate) >= shiftDay(today(), -7) && String(line.serviceDate) <= shiftDay(today(), 7));
    expect(near.length).toBeGreaterThan(0);
    for (const line of lines) {
      const services = await Promise.all((line.services as number[]).map((id) => server.store.get('services', id)));
      expect(services.every((service) => service?.serviceProvider === atlas && service?.serviceStep !== 'CANCELLED')).toBe(true);
      expect(line.companyId).toBe(atlas);
      expect(line.serviceDate).toBe(services.map((service) => String(service!.startDate)).sort()[0]);
      expect(line.client).toEqual([...new Set(services.map((service) => service!.client))]);
      expect(line.searchText).toContain(services[0]!.number);
      const total = Math.round(((line.unit as number) * (line.unitPrice as number) + (line.serviceFees as number) + (line.otherFees as number)) * 100) / 100;
      expect(line.totalAmount).toBe(total);
    }
  });

  it('fees: sheets of Atlas inspectors over six months in every status, 1–5 lines, totals as the schema computes them, 2 of Northwind', async () => {
    const registry = loadRegistry(join(ROOT, 'schemas'));
    const schema = registry.entities.get('fee')!.schema;
    const all = await server.store.all('fees');
    const main = all.filter((fee) => fee.universeId === 1);
    expect(main.length).toBeGreaterThanOrEqual(15);
    expect(all.filter((fee) => fee.universeId === 2)).toHaveLength(2);
    const companyId = async (name: string) => (await server.store.find('companies', (row) => row.name === name))[0].companyId;
    const atlas = await companyId('Atlas Inspection');
    const atlasStaff = new Set((await server.store.find('contacts', (contact) => contact.companyId === atlas)).map((contact) => contact.contactId));
    const atlasServices = new Set((await server.store.find('services', (service) => service.serviceProvider === atlas)).map((service) => service.serviceId));
    const inspector = (await server.store.find('contacts', (contact) => contact.email === ACCOUNTS.inspector))[0].contactId;
    expect(new Set(main.map((fee) => fee.status))).toEqual(new Set(['CREATED', 'TOVALIDATE', 'TOFIX', 'VALID']));
    expect(main.filter((fee) => String(fee.creationDate).startsWith(currentMonth())).length).toBeGreaterThanOrEqual(main.length / 3);
    expect(main.some((fee) => (fee.contributors as number[]).includes(inspector as number))).toBe(true);
    for (const fee of main) {
      expect(fee).toMatchObject({ companyId: atlas, number: expect.stringMatching(/^FS-\d{6}$/) });
      expect(String(fee.creationDate) <= today()).toBe(true);
      for (const contributor of fee.contributors as number[]) expect(atlasStaff.has(contributor)).toBe(true);
      const lines = fee.feeLines as Row[];
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(5);
      expect(lines.map((line) => line.feeLineId)).toEqual(lines.map((_, i) => i + 1));
      for (const line of lines) for (const service of (line.services as number[] | undefined) ?? []) expect(atlasServices.has(service)).toBe(true);
      const { version: _version, ...fields } = fee;
      expect(await computeRecord(schema, fields)).toEqual(fields);
      expect(fee.totalAmount).toBeGreaterThan(0);
    }
    const toFix = main.filter((fee) => fee.status === 'TOFIX');
    expect(toFix.length).toBeGreaterThanOrEqual(1);
    // The manager's send-back comment has a field of its own; the inspector's comment stays theirs.
    for (const fee of toFix) {
      expect(fee).toMatchObject({ fixComment: expect.any(String), comment: expect.any(String), fixCount: 1 });
      expect(fee.comment).not.toBe(fee.fixComment);
    }
    for (const fee of main.filter((row) => row.status !== 'TOFIX')) expect(fee.fixComment).toBeUndefined();
    for (const fee of main.filter((row) => row.status === 'VALID')) {
      expect(atlasStaff.has(fee.validatorContact)).toBe(true);
      expect(String(fee.validationDate) >= String(fee.creationDate) && String(fee.validationDate) <= today()).toBe(true);
    }
    expect(main.some((fee) => (fee.feeLines as Row[]).some((line) => (line.services as unknown[] | undefined)?.length))).toBe(true);
    const records = (await admin.get('/back/bo/fee/')).body as Row[];
    expect(records).toHaveLength(main.length);
    for (const record of records) {
      const reply = await admin.put(`/back/bo/fee/${record.feeIdHK}`, record);
      // A validated sheet is frozen (x-frozen): the server refuses to rewrite it.
      if (record.status === 'VALID') {
        expect(reply.status, `fee ${record.feeIdHK}`).toBe(409);
        continue;
      }
      expect(reply.status, `fee ${record.feeIdHK}: ${reply.text}`).toBe(200);
      expect(reply.body.feeLines).toEqual(record.feeLines);
      expect(reply.body.totalAmount).toBe(record.totalAmount);
    }
  });

  it('fills the admin monitors: a month of login events of every type and a few server logs', async () => {
    // A store of its own: the server's already holds the logins of these tests.
    const dir = await tempDir();
    const store = await LowdbStore.open(join(dir, 'audit.json'));
    const now = Date.now();
    await seedDemo(store, loadRegistry(join(ROOT, 'schemas')), new Date(now));
    const monthAgo = new Date(now - 31 * 86_400_000).toISOString();
    const events = store.all('loginEvents');
    expect(events.length).toBeGreaterThanOrEqual(30);
    const types = events.map((event) => event.loginEventType);
    expect(new Set(types)).toEqual(new Set(['SUCCESS', 'FAILURE', 'LOCKED', 'IMPERSONATE', 'RENEW']));
    expect(types.filter((type) => type === 'SUCCESS').length).toBeGreaterThan(events.length / 2);
    expect(types.filter((type) => type === 'LOCKED')).toHaveLength(1);
    const impersonation = events.find((event) => event.loginEventType === 'IMPERSONATE')!;
    expect(typeof impersonation.impersonatorId).toBe('number');
    for (const event of events) {
      expect(String(event.date) > monthAgo && Date.parse(String(event.date)) <= now).toBe(true);
      expect(event.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(event.ip).not.toBe('127.0.0.1'); // the tests' own address
    }
    expect(events.filter((event) => String(event.date).startsWith(currentMonth())).length).toBeGreaterThan(0);
    // Ids grow with time, like live events (the monitors list newest first by id).
    const byId = [...events].sort((a, b) => Number(a.loginEventId) - Number(b.loginEventId)).map((event) => event.date);
    expect(byId).toEqual([...byId].sort());

    const logs = store.all('serverLogs');
    expect(logs.length).toBeGreaterThanOrEqual(12);
    expect(new Set(logs.map((log) => log.level))).toEqual(new Set(['INFO', 'WARN', 'ERROR']));
    expect(new Set(logs.map((log) => log.application))).toEqual(new Set(['AUTH', 'SECURITY', 'MAIL', 'SERVER']));
    for (const log of logs) expect(String(log.date) > monthAgo && Date.parse(String(log.date)) <= now).toBe(true);
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is deterministic', async () => {
    const dir = await tempDir();
    const now = new Date();
    const stores = await Promise.all(['a.json', 'b.json'].map((file) => LowdbStore.open(join(dir, file))));
    const registry = loadRegistry(join(ROOT, 'schemas'));
    await Promise.all(stores.map((store) => seedDemo(store, registry, now)));
    const withoutHashes = (store: LowdbStore) =>
      ['capas', 'qualityAlerts', 'nonCompliances', 'matrix8ds', 'structuralCosts', 'tags', 'companies', 'alerts', 'loginEvents', 'serverLogs', 'services', 'serviceDateLines', 'serviceHistory', 'serviceNotes', 'fees', 'invoices', 'invoiceLines'].map((name) =>
        store.all(name),
      );
    expect(withoutHashes(stores[0])).toEqual(withoutHashes(stores[1]));
    await rm(dir, { recursive: true, force: true });
  });
});

describe('the seed goes through the validation of the API', () => {
  /** The demo store as written on disk: every collection and its records. */
  async function seededCollections(schemasDir: string): Promise<Record<string, Record<string, Row>>> {
    const dir = await tempDir();
    try {
      const { db } = await openStore({ dbFile: join(dir, 'db.json'), seed: 'demo', schemasDir });
      await db.close();
      return JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')).collections;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('every collection of the demo store has an entity schema, and every record passes it', async () => {
    const registry = loadRegistry(join(ROOT, 'schemas'));
    const collections = await seededCollections(join(ROOT, 'schemas'));
    const entities = new Map([...registry.entities.values()].map((entity) => [entity.collection, entity]));
    const seeded = Object.keys(collections).filter((name) => Object.keys(collections[name]).length > 0);
    expect(seeded.filter((name) => !entities.has(name)), 'collections without a schema').toEqual([]);
    const faults: string[] = [];
    for (const name of seeded) {
      const entity = entities.get(name)!;
      const properties = (entity.schema.properties ?? {}) as Record<string, { readOnly?: boolean }>;
      for (const record of Object.values(collections[name])) {
        // The store's bookkeeping and read-only fields the server cleared with null are not the schema's.
        const checked = Object.fromEntries(
          Object.entries(record).filter(([key, value]) => (key in properties ? !(value === null && properties[key].readOnly) : !['version', 'universeId'].includes(key))),
        );
        if (!entity.validateUpdate(checked)) for (const { path, key } of fieldErrors(entity.validateUpdate.errors)) faults.push(`${name} #${String(record[entity.idField])} ${path}: ${key} (${JSON.stringify(checked[path.split('/')[1]])})`);
      }
    }
    expect(faults).toEqual([]);
  });

  it('a seeded record its schema refuses stops the seed, naming it; nothing is written', async () => {
    const schemas = await copySchemas();
    try {
      const file = join(schemas, 'entities', 'capa.json');
      const capa = JSON.parse(await readFile(file, 'utf8'));
      capa.properties.title.maxLength = 5;
      await writeFile(file, JSON.stringify(capa));
      const dir = await tempDir();
      await expect(openStore({ dbFile: join(dir, 'db.json'), seed: 'demo', schemasDir: schemas })).rejects.toThrow(/The demo seed breaks the entity schemas .*\n.*capas #1 \/title: too long/);
      const store = await LowdbStore.open(join(dir, 'db.json'));
      expect(store.isEmpty()).toBe(true);
      await store.close();
      await rm(dir, { recursive: true, force: true });
    } finally {
      await rm(schemas, { recursive: true, force: true });
    }
  });
});
