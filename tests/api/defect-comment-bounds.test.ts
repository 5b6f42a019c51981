import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { startWithLogins, type Client, type TestServer } from './helpers';
import { fieldMessages, insertService, network, type Network } from './service-fixtures';

/**
 * The defect comment's bound (schema maxLength, README "Bounds") is the server's: a longer one is
 * a 400 naming the field and nothing is written, through the report and through its defects
 * call; one within the bound is stored whole. The report wizard keeps a longer one in the field,
 * counted, and waits (tests/e2e/typed-locale.spec.ts).
 */
let server: TestServer;
let inspector: Client;
let net: Network;
const MAX = 500;

beforeAll(async () => {
  ({ server, clients: { inspector } } = await startWithLogins(['inspector']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const confirmed = { serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true };
const url = (id: number, tail = '') => `/back/bo/reports/${id}${tail}`;
const words = (length: number) => 'Open seam at the collar, loose thread near the buttonholes; '.repeat(Math.ceil(length / 60)).slice(0, length);

async function reportOf(id: number): Promise<Row[]> {
  return server.store.find('reports', (row) => row.serviceId === id);
}

async function newService(): Promise<number> {
  const service = await insertService(server.store, { fields: { orderTakerContacts: [net.shenzhenContact], ...confirmed } });
  return service.serviceId as number;
}

async function defectsOf(id: number): Promise<Row[]> {
  const reply = await inspector.get(url(id, '/defects'));
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

describe('a defect comment past its maxLength', () => {
  it('the schema bounds it at 500 characters', async () => {
    const { readFileSync } = await import('node:fs');
    const schema = JSON.parse(readFileSync('schemas/entities/report.json', 'utf8'));
    expect(schema.properties.defects.items.properties.comment.maxLength).toBe(MAX);
  });

  it('a report whose defect comment has 3,320 characters is refused with the field named, and nothing is written', async () => {
    const id = await newService();
    const base = { ...(await inspector.get(url(id, '/default'))).body, computed: undefined };
    const [defect] = await defectsOf(id);
    const reply = await inspector.post(url(id), { report: { ...base, defects: [{ defectId: defect.defectId, severity: 'MAJOR', count: 1, comment: words(3320) }] } });
    expect(reply.status).toBe(400);
    expect(Object.keys(fieldMessages(reply.body))).toEqual(['/report/defects/0/comment']);
    expect(await reportOf(id)).toEqual([]);
  });

  it('one of 500 characters is stored whole; then 501 through the defects call is refused and the report stays as it was', async () => {
    const id = await newService();
    const base = { ...(await inspector.get(url(id, '/default'))).body, computed: undefined };
    const [defect] = await defectsOf(id);
    const comment = words(MAX);
    const created = await inspector.post(url(id), { report: { ...base, defects: [{ defectId: defect.defectId, severity: 'MAJOR', count: 1, comment }] } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.report.defects[0].comment).toBe(comment);
    const [before] = await reportOf(id);
    expect((before.defects as Row[])[0].comment).toBe(comment);

    const longer = await inspector.post(url(id, '/reportDefects'), { version: before.version, defects: [{ defectId: defect.defectId, severity: 'MAJOR', count: 1, comment: `${comment}x` }] });
    expect(longer.status).toBe(400);
    // The field is named (under `/report`, as the whole report is checked again).
    expect(Object.keys(fieldMessages(longer.body))).toEqual([expect.stringMatching(/\/defects\/0\/comment$/)]);
    expect(await reportOf(id)).toEqual([before]);
  });
});
