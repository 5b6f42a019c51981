import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { shiftDay, startWithLogins, today, type Client, type Reply, type TestServer } from './helpers';
import { createService, network, wizardBody, type Network } from './service-fixtures';
import { pdfBytes, uploadFile } from './upload-client';

/**
 * Tasks through the real calls (docs/tasks.md): created and expired by each service event in its
 * transaction, listed per company (GET /back/bo/tasks), closed by PATCH; refusals 400/403/404/409.
 */
let server: TestServer;
let net: Network;
let quality: Client; // Maison Lumière: decision maker, owner of the services it creates
let manager: Client; // Atlas Inspection: provider
let inspector: Client; // Atlas, CONTRIBUTOR: reads its company's tasks, closes none
let sales: Client; // Shenzhen Textile Co: supplier
let outsider: Client; // another universe

beforeAll(async () => {
  ({ server, clients: { quality, manager, inspector, sales, outsider } } = await startWithLogins(['quality', 'manager', 'inspector', 'sales', 'outsider']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const dates = (call: string) => `/back/bo/serviceDateLines/${call}`;
const action = (id: number, name: string) => `/back/bo/services/${id}/${name}`;

function ok(reply: Reply): any {
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

/** The open tasks the caller's company has on the service, as `TYPE:LEVEL`. */
async function openTasks(client: Client, serviceId: number): Promise<string[]> {
  const rows: Row[] = ok(await client.get('/back/bo/tasks', { serviceId: String(serviceId) }));
  return rows.map((row) => `${String(row.type)}:${String(row.level)}`).sort();
}

/** Every task of the service in the store, as `TYPE:STATUS:companyId[:expiredBy]`. */
async function storedTasks(serviceId: number): Promise<string[]> {
  const rows = await server.store.find('tasks', (task) => task.serviceId === serviceId);
  return rows.map((task) => [task.type, task.status, task.companyId, task.expiredBy].filter((part) => part !== undefined).join(':')).sort();
}

async function taskOf(serviceId: number, type: string, status = 'OPEN'): Promise<Row> {
  const [task] = await server.store.find('tasks', (row) => row.serviceId === serviceId && row.type === type && row.status === status);
  expect(task, `${type} ${status} on ${serviceId}`).toBeDefined();
  return task;
}

/** A new service of Lumière ordered from Atlas through the wizard: the decision maker's date waits for the provider. */
async function ordered(): Promise<Row> {
  return createService(quality, wizardBody(net));
}

describe('tasks follow the service events', () => {
  it('date request, to prepare, missing element: created by the proposals and the confirmation, expired by the answers and the element file', async () => {
    const service = await ordered();
    const id = service.serviceId as number;
    // Created: the provider answers the decision maker's date (HIGH); nobody else has a task.
    expect(await storedTasks(id)).toEqual([`REQUEST_INSPECTION_DATE:OPEN:${net.atlas}`]);
    expect(await openTasks(manager, id)).toEqual(['REQUEST_INSPECTION_DATE:HIGH']);
    expect(await openTasks(inspector, id)).toEqual(['REQUEST_INSPECTION_DATE:HIGH']);
    expect(await openTasks(quality, id)).toEqual([]);
    const levels = ok(await manager.get('/back/bo/services/', { keywords: String(service.number) })).taskLevels;
    expect(levels).toEqual({ [String(id)]: 'HIGH' });
    expect(ok(await quality.get('/back/bo/services/', { keywords: String(service.number) })).taskLevels).toEqual({});

    // The provider proposes other dates: its request expires, the decision maker now confirms a date.
    const start = shiftDay(String(service.startDate), 200);
    ok(await manager.post(dates('requestDate'), { serviceId: id, startDate: start, endDate: shiftDay(start, 1) }));
    expect(await storedTasks(id)).toEqual([`REQUEST_CONFIRMATION_DATE:OPEN:${net.lumiere}`, `REQUEST_INSPECTION_DATE:EXPIRED:${net.atlas}:REQUEST_DATE`]);
    expect(await openTasks(quality, id)).toEqual(['REQUEST_CONFIRMATION_DATE:HIGH']);
    expect(await openTasks(manager, id)).toEqual([]);
    const line = (await taskOf(id, 'REQUEST_CONFIRMATION_DATE')) as Row;
    expect(line).toMatchObject({ level: 'HIGH', dueDate: start, createdBy: 'REQUEST_DATE', universeId: net.universeId });

    // The decision maker accepts: confirmed; the provider prepares, the owner adds elements.
    const accepted = ok(await quality.post(dates('acceptDate'), { serviceId: id }));
    expect(accepted.serviceStep).toBe('CONFIRMED');
    expect(await openTasks(quality, id)).toEqual(['MISSING_ELEMENT:LOW']);
    expect(await openTasks(manager, id)).toEqual(['SERVICE_TO_PREPARE:LOW']);
    expect((await taskOf(id, 'REQUEST_CONFIRMATION_DATE', 'EXPIRED')).expiredBy).toBe('ACCEPT_DATE');
    // The supplier (a party, not the owner) has none.
    expect(await openTasks(sales, id)).toEqual([]);

    // An element file answers MISSING_ELEMENT.
    const upload = await uploadFile(quality, pdfBytes(1500, 77), { fileType: 'SERVICE', entityId: id, filename: 'specification.pdf', mimeType: 'application/pdf' });
    expect(upload.status, upload.text).toBe(200);
    expect(await openTasks(quality, id)).toEqual([]);
    expect((await taskOf(id, 'MISSING_ELEMENT', 'EXPIRED')).expiredBy).toBe('ELEMENT_ADDED');
    // Deleting that last element file asks for one again.
    const [element] = ok(await quality.get(`/back/bo/uploads/elements/SERVICE/${id}`)) as { fileId: number }[];
    expect((await quality.delete(`/back/bo/uploads/elements/SERVICE/${id}/${element.fileId}`)).status).toBe(204);
    expect(await openTasks(quality, id)).toEqual(['MISSING_ELEMENT:LOW']);
    expect(await taskOf(id, 'MISSING_ELEMENT')).toMatchObject({ createdBy: 'ELEMENT_REMOVED', companyId: net.lumiere });

    // A postponement of the confirmed service drops the preparation and asks the provider again.
    const later = shiftDay(start, 30);
    ok(await quality.post(dates('postpone'), { serviceId: id, startDate: later, endDate: later }));
    expect(await openTasks(manager, id)).toEqual(['REQUEST_INSPECTION_DATE:HIGH']);
    expect((await taskOf(id, 'SERVICE_TO_PREPARE', 'EXPIRED')).expiredBy).toBe('POSTPONE');

    // A refusal answers it too.
    ok(await manager.post(dates('refuseDate'), { serviceId: id }));
    expect(await openTasks(manager, id)).toEqual([]);
  });

  it('a confirmation with an element already there asks for no element; a provider confirming asks nothing of the owner', async () => {
    const service = await ordered();
    const id = service.serviceId as number;
    expect((await uploadFile(quality, pdfBytes(1200, 78), { fileType: 'SERVICE', entityId: id, filename: 'spec.pdf', mimeType: 'application/pdf' })).status).toBe(200);
    ok(await manager.post(dates('acceptDate'), { serviceId: id }));
    expect(await openTasks(manager, id)).toEqual(['SERVICE_TO_PREPARE:LOW']);
    expect(await openTasks(quality, id)).toEqual([]);
    expect(await storedTasks(id)).toEqual([`REQUEST_INSPECTION_DATE:EXPIRED:${net.atlas}:ACCEPT_DATE`, `SERVICE_TO_PREPARE:OPEN:${net.atlas}`]);
  });

  it('cancel request: asked of the provider (HIGH), expired when declined; a cancellation expires every open task', async () => {
    const service = await ordered();
    const id = service.serviceId as number;
    ok(await manager.post(dates('acceptDate'), { serviceId: id }));
    ok(await quality.patch(action(id, 'REQUEST_CANCEL'), { comment: 'order withdrawn' }));
    expect(await openTasks(manager, id)).toEqual(['REQUEST_CANCEL:HIGH', 'SERVICE_TO_PREPARE:LOW']);
    ok(await manager.patch(action(id, 'DECLINE_CANCEL'), {}));
    expect(await openTasks(manager, id)).toEqual(['SERVICE_TO_PREPARE:LOW']);
    expect((await taskOf(id, 'REQUEST_CANCEL', 'EXPIRED')).expiredBy).toBe('DECLINE_CANCEL');

    ok(await quality.patch(action(id, 'REQUEST_CANCEL'), {}));
    ok(await manager.patch(action(id, 'CONFIRM_CANCEL'), {}));
    expect(await openTasks(manager, id)).toEqual([]);
    expect(await openTasks(quality, id)).toEqual([]);
    expect((await storedTasks(id)).filter((task) => task.includes(':OPEN:'))).toEqual([]);
  });

  it('to complete (seeded by the rule table for a confirmed service whose last day passed), then the decision: COMPLETE and the decision expire them', async () => {
    const services = await server.store.find(
      'services',
      (row) => row.serviceStep === 'CONFIRMED' && row.serviceProvider === net.atlas && String(row.endDate ?? row.startDate) < today() && !row.report,
    );
    expect(services.length).toBeGreaterThan(0);
    const id = services[0].serviceId as number;
    expect(await openTasks(manager, id)).toContain('SERVICE_TO_COMPLETE:MID');
    expect(await openTasks(manager, id)).not.toContain('SERVICE_TO_PREPARE:LOW');
    const flagged = ok(await manager.get('/back/bo/services/', { serviceToComplete: 'true' })).services.map((row: Row) => row.serviceId);
    expect(flagged).toContain(id);

    ok(await manager.patch(action(id, 'COMPLETE'), {}));
    expect(await openTasks(manager, id)).toEqual([]);
    expect((await taskOf(id, 'SERVICE_TO_COMPLETE', 'EXPIRED')).expiredBy).toBe('COMPLETE');
    expect(ok(await manager.get('/back/bo/services/', { serviceToComplete: 'true' })).services.map((row: Row) => row.serviceId)).not.toContain(id);

    // The report written once terminated waits for the decision maker's decision (MID).
    const defaults = ok(await inspector.get(`/back/bo/reports/${id}/default`));
    const written = await inspector.post(`/back/bo/reports/${id}`, { report: { ...defaults, computed: undefined } });
    expect(written.status, written.text).toBe(201);
    expect(await openTasks(quality, id)).toEqual(['WAITING_DECISION:MID']);
    expect(ok(await quality.get('/back/bo/services/', { waitingClientDecision: 'true' })).services.map((row: Row) => row.serviceId)).toContain(id);
    const decided = await quality.put(`/back/bo/reports/${id}/decision`, { version: written.body.report.version, clientDecision: 'ACCEPTED', recipients: [net.contacts['manager@inspect.test']] });
    expect(decided.status, decided.text).toBe(200);
    expect(await openTasks(quality, id)).toEqual([]);
    expect((await taskOf(id, 'WAITING_DECISION', 'EXPIRED')).expiredBy).toBe('DECIDED');
  });
});

describe('GET /back/bo/tasks: the dashboard form', () => {
  it("lists only the caller's company's open tasks on services it sees, highest level first, with the service for display", async () => {
    const rows: Row[] = ok(await manager.get('/back/bo/tasks'));
    expect(rows.length).toBeGreaterThan(0);
    const stored = await server.store.find('tasks', (task) => rows.some((row) => row.taskId === task.taskId));
    expect(stored.every((task) => task.companyId === net.atlas && task.status === 'OPEN')).toBe(true);
    const ranks = rows.map((row) => ['HIGH', 'MID', 'LOW'].indexOf(String(row.level)));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const service = (await server.store.get('services', rows[0].serviceId as number))!;
    expect(rows[0]).toMatchObject({ number: service.number, serviceType: service.type, startDate: service.startDate, clientName: 'Maison Lumière' });
    // Another universe sees none of them.
    const theirs: Row[] = ok(await outsider.get('/back/bo/tasks'));
    expect(theirs.some((row) => rows.some((mine) => mine.taskId === row.taskId))).toBe(false);
  });

  it('filters by task types, levels, service group, decision maker and dates; a bad query is 400', async () => {
    const all: Row[] = ok(await manager.get('/back/bo/tasks'));
    const high: Row[] = ok(await manager.get('/back/bo/tasks', { levels: 'HIGH' }));
    expect(high.length).toBeGreaterThan(0);
    expect(high.every((row) => row.level === 'HIGH')).toBe(true);
    expect(high.length).toBeLessThan(all.length);
    const requests: Row[] = ok(await manager.get('/back/bo/tasks?tasks=REQUEST_CANCEL&tasks=SERVICE_TO_COMPLETE'));
    expect(new Set(requests.map((row) => row.type))).toEqual(new Set(['REQUEST_CANCEL', 'SERVICE_TO_COMPLETE'].filter((type) => all.some((row) => row.type === type))));
    const labs: Row[] = ok(await manager.get('/back/bo/tasks', { serviceGroups: 'LAB' }));
    expect(labs.every((row) => String(row.serviceType).startsWith('LAB_'))).toBe(true);
    expect(ok(await manager.get('/back/bo/tasks', { decisionMaker: String(net.northwind) }))).toEqual([]);
    const [fromDate, toDate] = [today(), shiftDay(today(), 3)];
    const windowed: Row[] = ok(await manager.get('/back/bo/tasks', { fromDate, toDate }));
    for (const row of windowed) {
      expect(String(row.startDate) <= toDate).toBe(true);
      expect(String(row.endDate || row.startDate) >= fromDate).toBe(true);
    }
    for (const query of <Record<string, string>[]>[{ levels: 'URGENT' }, { tasks: 'NOPE' }, { serviceId: 'abc' }, { fromDate: '2026-13-01' }, { nope: '1' }]) {
      const reply = await manager.get('/back/bo/tasks', query);
      expect(reply.status, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('PATCH /back/bo/tasks/{id}', () => {
  it('closes a task of the caller’s company (DONE, with a comment): it leaves the list and the service level', async () => {
    const service = await ordered();
    const id = service.serviceId as number;
    const task = await taskOf(id, 'REQUEST_INSPECTION_DATE');
    const done = ok(await manager.patch(`/back/bo/tasks/${String(task.taskId)}`, { version: task.version, status: 'DONE', comment: 'agreed by phone' }));
    expect(done).toMatchObject({ status: 'DONE', comment: 'agreed by phone', closedBy: net.contacts['manager@inspect.test'] });
    expect(await openTasks(manager, id)).toEqual([]);
    expect(ok(await manager.get('/back/bo/services/', { keywords: String(service.number) })).taskLevels).toEqual({});
    // Done is final: closing it again is refused, and the event that would have expired it leaves it DONE.
    const again = await manager.patch(`/back/bo/tasks/${String(task.taskId)}`, { version: done.version, status: 'DONE' });
    expect(again.status).toBe(409);
    ok(await manager.post(dates('acceptDate'), { serviceId: id }));
    expect((await server.store.get('tasks', task.taskId as number))!.status).toBe('DONE');
  });

  it('refuses: another company’s or universe’s task 404, a contributor 403, a bad body 400, a stale version 409', async () => {
    const service = await ordered();
    const task = await taskOf(service.serviceId as number, 'REQUEST_INSPECTION_DATE');
    const path = `/back/bo/tasks/${String(task.taskId)}`;
    const body = { version: task.version, status: 'DONE' };
    for (const other of [quality, sales, outsider]) {
      const reply = await other.patch(path, body);
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ exception: 'NotFoundException' });
    }
    expect((await manager.patch('/back/bo/tasks/99999999', body)).status).toBe(404);
    const contributor = await inspector.patch(path, body);
    expect(contributor.status).toBe(403);
    expect(contributor.body.message).toBe("Your profile may not close your company's tasks.");
    for (const bad of [{ version: task.version, status: 'OPEN' }, { version: task.version, status: 'EXPIRED' }, { version: task.version }, { status: 'DONE' }, { version: task.version, comment: 'x'.repeat(1001) }, { version: task.version, level: 'LOW' }]) {
      const reply = await manager.patch(path, bad);
      expect(reply.status, JSON.stringify(bad)).toBe(400);
    }
    const stale = await manager.patch(path, { version: Number(task.version) + 5, status: 'DONE' });
    expect(stale.status).toBe(409);
    expect((await server.store.get('tasks', task.taskId as number))).toMatchObject({ status: 'OPEN', version: task.version });
  });
});
