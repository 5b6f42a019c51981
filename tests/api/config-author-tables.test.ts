import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportRules, type ReportTables } from '../../domain/report';
import type { Row } from '../../server/store/types';
import { ROOT, copySchemas, startWithLogins, type Client, type TestServer } from './helpers';
import { insertService, network, type Network } from './service-fixtures';

/**
 * The reference tables are configuration: a SCHEMAS_DIR whose aql.json and reportStandards.json
 * differ from the repository's rules the server's plans and verdicts, and reaches the browser
 * (GET /back/schemas), which runs the same rules (domain/report.ts) on what it receives.
 *
 * The copy changes Table II-A, row J (lots of 281–1200 at level II): n 80 → 90 and, at AQL 2.5,
 * Ac/Re 5/6 → 1/2; and makes CLIENT_PROTOCOL an AQL standard (it gives no verdict in schemas/).
 */
const J = 'J';
const AQL_2_5 = 12; // the column of 2.5 in the tables (0.010 … 10)
let schemasDir: string;
let server: TestServer;
let inspector: Client;
let net: Network;

beforeAll(async () => {
  schemasDir = await copySchemas();
  const aqlFile = join(schemasDir, 'aql.json');
  const aql = JSON.parse(await readFile(aqlFile, 'utf8'));
  aql.inspections.NORMAL.sampleSizes[J] = 90;
  aql.inspections.NORMAL.rows[J][AQL_2_5] = [1, 2];
  await writeFile(aqlFile, JSON.stringify(aql));
  const standardsFile = join(schemasDir, 'reportStandards.json');
  const standards = JSON.parse(await readFile(standardsFile, 'utf8'));
  standards.standards.CLIENT_PROTOCOL = { aqlEligible: true, default: standards.standards.ISO_2859_1.default };
  await writeFile(standardsFile, JSON.stringify(standards));
  ({ server, clients: { inspector } } = await startWithLogins(['inspector'], { schemasDir }));
  net = await network(server.store);
});
afterAll(async () => {
  await server?.close();
  await rm(schemasDir, { recursive: true, force: true });
});

/** A confirmed service of Lumière done by Atlas, one order line of 1000 pieces (code letter J at level II). */
async function serviceOf1000(): Promise<number> {
  const service = await insertService(server.store, { fields: { orderTakerContacts: [net.shenzhenContact], serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true } });
  const lines: Row[] = (service.purchaseOrderLines as Row[]).map((line) => ({ ...line, orderedQuantity: { quantity: 1000, unit: 'PIECE', packing: 'BOX' } }));
  await server.store.transaction((tx) => tx.update('services', service.serviceId as number, (current) => ({ ...current, purchaseOrderLines: lines })));
  return service.serviceId as number;
}

describe("a configuration's AQL table", () => {
  it("gives the server's sampling plans and sample-size choices", async () => {
    // The repository's table says otherwise (so what follows cannot pass on schemas/).
    const repository = JSON.parse(await readFile(join(ROOT, 'schemas', 'aql.json'), 'utf8'));
    expect([repository.inspections.NORMAL.sampleSizes[J], repository.inspections.NORMAL.rows[J][AQL_2_5]]).toEqual([80, [5, 6]]);
    const plan = await inspector.get('/back/bo/reports/aql/plan', { lotSize: '1000', level: 'II', aql: '2.5' });
    expect(plan.status, plan.text).toBe(200);
    expect(plan.body).toEqual({ codeLetter: J, sampleSize: 90, accept: 1, reject: 2 });
    const sizes = await inspector.get('/back/bo/combospa/filters/aqlSampleNumber');
    expect(sizes.body.map((choice: { value: number }) => choice.value)).toContain(90);
  });

  it("gives a saved report's plans and verdict: two major defects refuse the lot (Re 2; the repository's table accepts up to 5)", async () => {
    const id = await serviceOf1000();
    const base = (await inspector.get(`/back/bo/reports/${id}/default`)).body;
    expect(base.computed).toMatchObject({ lotSize: 1000, codeLetter: J, plans: { MAJOR: { sampleSize: 90, accept: 1, reject: 2 }, CRITICAL: { sampleSize: 90, accept: 0, reject: 1 } } });
    const major = ((await inspector.get(`/back/bo/reports/${id}/defects`)).body as Row[]).find((defect) => defect.defaultSeverity === 'MAJOR')!;
    const saved = await inspector.post(`/back/bo/reports/${id}`, { report: { ...base, computed: undefined, defects: [{ defectId: major.defectId, severity: 'MAJOR', count: 2 }] } });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.report).toMatchObject({ reportResult: 'REFUSED', computed: { totals: { MAJOR: 2 }, result: 'REFUSED', plans: { MAJOR: { reject: 2 } } } });
  });

  it("gives a verdict to a standard the configuration's reportStandards.json makes AQL eligible", async () => {
    const id = await serviceOf1000();
    const base = (await inspector.get(`/back/bo/reports/${id}/default`)).body;
    const saved = await inspector.post(`/back/bo/reports/${id}`, { report: { ...base, computed: undefined, standard: 'CLIENT_PROTOCOL' } });
    expect(saved.status, saved.text).toBe(201);
    // On schemas/ a CLIENT_PROTOCOL report stays PENDING: no plan.
    expect(saved.body.report).toMatchObject({ standard: 'CLIENT_PROTOCOL', reportResult: 'ACCEPTED', computed: { codeLetter: J, result: 'ACCEPTED' } });
  });

  it('reaches the browser through GET /back/schemas, whose rules then compute what the server stored', async () => {
    const reply = await inspector.get('/back/schemas');
    expect(reply.status).toBe(200);
    const tables = reply.body.tables as ReportTables;
    expect(tables.aql.inspections.NORMAL.sampleSizes[J]).toBe(90);
    expect(tables.aql.inspections.NORMAL.rows[J][AQL_2_5]).toEqual([1, 2]);
    expect(tables.reportStandards.standards.CLIENT_PROTOCOL).toMatchObject({ aqlEligible: true });
    // What the report wizard's panels do with them (app/pages/reports/reportRules.ts).
    const id = await serviceOf1000();
    const base = (await inspector.get(`/back/bo/reports/${id}/default`)).body;
    const major = ((await inspector.get(`/back/bo/reports/${id}/defects`)).body as Row[]).find((defect) => defect.defaultSeverity === 'MAJOR')!;
    const report = { ...base, computed: undefined, defects: [{ defectId: major.defectId, severity: 'MAJOR', count: 1 }] };
    const browser = reportRules(tables).computeReport(report);
    expect(browser).toMatchObject({ result: 'ACCEPTED', plans: { MAJOR: { sampleSize: 90, accept: 1, reject: 2 } } });
    const saved = await inspector.post(`/back/bo/reports/${id}`, { report });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.report.computed).toEqual(JSON.parse(JSON.stringify(browser)));
  });
});
