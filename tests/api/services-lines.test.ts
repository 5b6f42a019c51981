import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins, type Client, type Reply, type TestServer } from './helpers';
import { createService, expectRefused, fieldMessages, network, poLine, wizardBody, type Network } from './service-fixtures';

/** docs/services.md "Lines": GET and PATCH /back/bo/purchaseOrderLines/{serviceId} and /laboratoryLines. */
let server: TestServer;
let net: Network;
let quality: Client;
let sales: Client;
let inspector: Client;
let outsider: Client;

beforeAll(async () => {
  ({ server, clients: { quality, sales, inspector, outsider } } = await startWithLogins(['quality', 'sales', 'inspector', 'outsider']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const refused = (serviceId: number, call: () => Promise<Reply>, status: number) => expectRefused(server.store, call, status, [serviceId]);

describe('purchase order lines', () => {
  it('reads the lines, replaces them (ids kept for known lines, new ids otherwise) and reindexes the keywords', async () => {
    const service = await createService(quality, wizardBody(net, { purchaseOrderLines: [poLine('PO-A'), poLine('PO-B')] }));
    const url = `/back/bo/purchaseOrderLines/${service.serviceId}`;
    const lines = (await quality.get(url)).body;
    expect(lines.map((line: any) => line.poNumber)).toEqual(['PO-A', 'PO-B']);
    const reply = await quality.patch(url, { version: 1, lines: [{ ...lines[1], designation: 'Wool coat' }, poLine('PO-NEW-9')] });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.version).toBe(2);
    const [kept, added] = reply.body.purchaseOrderLines;
    expect(kept).toMatchObject({ purchaseOrderLineId: lines[1].purchaseOrderLineId, poNumber: 'PO-B', designation: 'Wool coat' });
    expect(added.purchaseOrderLineId).toEqual(expect.any(Number));
    expect([lines[0].purchaseOrderLineId, lines[1].purchaseOrderLineId]).not.toContain(added.purchaseOrderLineId);
    const searchText = (await server.store.get('services', service.serviceId))!.searchText as string;
    expect(searchText).toContain('PO-NEW-9');
    expect(searchText).not.toContain('PO-A');
    expect((await server.store.find('serviceHistory', (event) => event.serviceId === service.serviceId)).map((event) => event.event)).toEqual(['CREATED', 'UPDATED']);
  });

  it('at least one line, each valid, no negative quantity, with the version', async () => {
    const service = await createService(quality, wizardBody(net));
    const url = `/back/bo/purchaseOrderLines/${service.serviceId}`;
    const patch = (body: unknown, status: number) => refused(service.serviceId, () => quality.patch(url, body), status);
    expect(fieldMessages((await patch({ version: 1, lines: [] }, 400)).body)).toEqual({ '/lines': 'at least one purchase order line' });
    const bad = await patch({ version: 1, lines: [poLine('PO-1', -3), { designation: 'x', orderedQuantity: { quantity: 1 } }, 'line'] }, 400);
    expect(fieldMessages(bad.body)).toEqual({ '/lines/0/orderedQuantity/quantity': 'too small', '/lines/1/poNumber': 'required', '/lines/2': 'wrong type' });
    const otherQuantity = await patch({ version: 1, lines: [{ ...poLine(), refusedQuantity: { quantity: -1, unit: 'PIECE' } }] }, 400);
    expect(fieldMessages(otherQuantity.body)).toEqual({ '/lines/0/refusedQuantity/quantity': 'too small' });
    expect(fieldMessages((await patch({ lines: [poLine()] }, 400)).body)).toEqual({ '/version': 'required' });
    expect((await patch({ version: 7, lines: [poLine()] }, 409)).body.exception).toBe('OptimisticLockException');
    expect((await server.store.get('services', service.serviceId))!.version).toBe(1);
  });

  it('READ parties (the supplier, the provider\u2019s inspector) read but do not write; outsiders are refused', async () => {
    const service = await createService(quality, wizardBody(net));
    await server.store.update('services', service.serviceId, (current) => ({ ...current, providerConfirmed: true }));
    const url = `/back/bo/purchaseOrderLines/${service.serviceId}`;
    expect((await sales.get(url)).status).toBe(200);
    const write = await refused(service.serviceId, () => sales.patch(url, { version: 2, lines: [poLine()] }), 403);
    expect(write.body.message).toBe('You can only read this service: you cannot change it');
    expect((await outsider.get(url)).status).toBe(404);
    expect((await inspector.get(url)).status).toBe(200);
    await refused(service.serviceId, () => inspector.patch(url, { version: 2, lines: [poLine()] }), 403);
  });
});

describe('laboratory lines', () => {
  it('a laboratory service keeps at least one test line; results are validated', async () => {
    const lab = { service: { thirdPartyDepartment: 'LAB', type: 'LAB_PHYSICAL_TEST' }, laboratoryLines: [{ testName: 'Pilling', sampleCount: 2 }] };
    const service = await createService(quality, wizardBody(net, lab));
    const url = `/back/bo/purchaseOrderLines/${service.serviceId}/laboratoryLines`;
    const lines = (await quality.get(url)).body;
    expect(lines).toEqual([expect.objectContaining({ testName: 'Pilling', result: 'PENDING' })]);
    expect(fieldMessages((await refused(service.serviceId, () => quality.patch(url, { version: 1, lines: [] }), 400)).body)).toEqual({ '/lines': 'at least one laboratory test' });
    expect(fieldMessages((await refused(service.serviceId, () => quality.patch(url, { version: 1, lines: [{ ...lines[0], result: 'MAYBE', sampleCount: 0 }] }), 400)).body)).toEqual({
      '/lines/0/result': 'unknown value',
      '/lines/0/sampleCount': 'too small',
    });
    const reply = await quality.patch(url, { version: 1, lines: [{ ...lines[0], result: 'PASSED' }, { testName: 'Colour fastness', sampleCount: 1 }] });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.laboratoryLines.map((line: any) => [line.testName, line.result])).toEqual([['Pilling', 'PASSED'], ['Colour fastness', 'PENDING']]);
    expect(reply.body.laboratoryLines[0].laboratoryLineId).toBe(lines[0].laboratoryLineId);
  });

  it('refusals: READ party 403, invisible 404, no route role 403, version required, stale version 409, no negative count; nothing written', async () => {
    const lab = { service: { thirdPartyDepartment: 'LAB', type: 'LAB_CHEMICAL_TEST' }, laboratoryLines: [{ testName: 'Azo dyes', sampleCount: 3 }] };
    const service = await createService(quality, wizardBody(net, lab));
    const url = `/back/bo/purchaseOrderLines/${service.serviceId}/laboratoryLines`;
    const lines = [{ testName: 'Lead content', sampleCount: 1 }];
    await refused(service.serviceId, () => sales.get(url), 404); // the provider has not confirmed yet
    await server.store.update('services', service.serviceId, (current) => ({ ...current, providerConfirmed: true }));
    expect((await sales.get(url)).status).toBe(200);
    expect((await refused(service.serviceId, () => sales.patch(url, { version: 2, lines }), 403)).body.message).toBe('You can only read this service: you cannot change it');
    await refused(service.serviceId, () => outsider.patch(url, { version: 2, lines }), 404);
    await refused(service.serviceId, () => inspector.patch(url, { version: 2, lines }), 403);
    expect(fieldMessages((await refused(service.serviceId, () => quality.patch(url, { lines }), 400)).body)).toEqual({ '/version': 'required' });
    await refused(service.serviceId, () => quality.patch(url, { version: 1, lines }), 409);
    expect(fieldMessages((await refused(service.serviceId, () => quality.patch(url, { version: 2, lines: [{ testName: 'x', sampleCount: -2 }] }), 400)).body)).toEqual({
      '/lines/0/sampleCount': 'too small',
    });
    expect((await quality.patch(url, { version: 2, lines })).body.laboratoryLines).toEqual([expect.objectContaining({ testName: 'Lead content' })]);
  });

  it('an inspection may have no test line', async () => {
    const service = await createService(quality, wizardBody(net));
    const reply = await quality.patch(`/back/bo/purchaseOrderLines/${service.serviceId}/laboratoryLines`, { version: 1, lines: [] });
    expect([reply.status, reply.body.laboratoryLines]).toEqual([200, []]);
  });
});
