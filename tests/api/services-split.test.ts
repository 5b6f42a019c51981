import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins, type Client, type Reply, type TestServer } from './helpers';
import { createService, expectRefused, fieldMessages, network, poLine, wizardBody, type Network } from './service-fixtures';

/** docs/services.md "Split and merge". */
let server: TestServer;
let net: Network;
let quality: Client;
let manager: Client;
let outsider: Client;
let sales: Client;

beforeAll(async () => {
  ({ server, clients: { quality, manager, outsider, sales } } = await startWithLogins(['quality', 'manager', 'outsider', 'sales']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const twoServices = async () => {
  const source = await createService(quality, wizardBody(net, { purchaseOrderLines: [poLine('PO-S1'), poLine('PO-S2'), poLine('PO-S3')] }));
  const target = await createService(quality, wizardBody(net, { purchaseOrderLines: [poLine('PO-T1')] }));
  return { source, target };
};
const refused = (serviceIds: number[], call: () => Promise<Reply>, status: number) => expectRefused(server.store, call, status, serviceIds);
const history = async (serviceId: number) => (await server.store.find('serviceHistory', (event) => event.serviceId === serviceId)).map((event) => event.event);

describe('split', () => {
  it('moves the chosen PO lines to the target, ids kept', async () => {
    const { source, target } = await twoServices();
    const [, second, third] = source.purchaseOrderLines;
    const reply = await quality.post(`/back/bo/services/${source.serviceId}/split`, {
      targetServiceId: target.serviceId,
      purchaseOrderLineIds: [second.purchaseOrderLineId, third.purchaseOrderLineId],
      version: 1,
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.source.purchaseOrderLines.map((line: any) => line.poNumber)).toEqual(['PO-S1']);
    expect(reply.body.target.purchaseOrderLines.map((line: any) => line.poNumber)).toEqual(['PO-T1', 'PO-S2', 'PO-S3']);
    expect(reply.body.target.purchaseOrderLines[1].purchaseOrderLineId).toBe(second.purchaseOrderLineId);
    expect((await server.store.get('services', target.serviceId))!.searchText).toContain('PO-S3');
    expect(await history(source.serviceId)).toEqual(['CREATED', 'SPLIT']);
    expect(await history(target.serviceId)).toEqual(['CREATED', 'SPLIT']);
  });

  it('refusals: same service 422, unknown target 404, no line left 400, unknown line 400, stale version 409', async () => {
    const { source, target } = await twoServices();
    const url = `/back/bo/services/${source.serviceId}/split`;
    const ids = source.purchaseOrderLines.map((line: any) => line.purchaseOrderLineId);
    const split = (body: unknown, status: number) => refused([source.serviceId, target.serviceId], () => quality.post(url, body), status);
    expect((await split({ targetServiceId: source.serviceId, purchaseOrderLineIds: [ids[0]] }, 422)).body.message).toBe('source and target cannot be the same');
    expect((await split({ targetServiceId: 999999, purchaseOrderLineIds: [ids[0]] }, 404)).body.message).toBe('target service not found');
    const all = await split({ targetServiceId: target.serviceId, purchaseOrderLineIds: ids }, 400);
    expect(fieldMessages(all.body)).toEqual({ '/purchaseOrderLineIds': 'the source service must keep at least one purchase order line' });
    const stranger = await split({ targetServiceId: target.serviceId, purchaseOrderLineIds: [target.purchaseOrderLines[0].purchaseOrderLineId] }, 400);
    expect(fieldMessages(stranger.body)).toEqual({ '/purchaseOrderLineIds/0': 'unknown or unavailable value' });
    expect(fieldMessages((await split({ targetServiceId: target.serviceId, purchaseOrderLineIds: [] }, 400)).body)).toEqual({ '/purchaseOrderLineIds': 'required' });
    expect((await split({ targetServiceId: target.serviceId, purchaseOrderLineIds: [ids[0]], version: 5 }, 409)).body.exception).toBe('OptimisticLockException');
    expect((await server.store.get('services', source.serviceId))!.purchaseOrderLines).toHaveLength(3);
  });

  it('needs WRITE on both services; an outsider does not see them', async () => {
    const { source, target } = await twoServices();
    const line = [source.purchaseOrderLines[0].purchaseOrderLineId];
    // The provider sees both (READ): 403.
    await refused([source.serviceId, target.serviceId], () => manager.post(`/back/bo/services/${source.serviceId}/split`, { targetServiceId: target.serviceId, purchaseOrderLineIds: line }), 403);
    // A target the caller can read but not write.
    const atlasOwned = await createService(manager, wizardBody(net, { roles: ['SERVICE_PROVIDER'] }));
    await server.store.update('services', atlasOwned.serviceId, (current) => ({ ...current, providerConfirmed: true }));
    const readOnlyTarget = await refused([source.serviceId, atlasOwned.serviceId], () => quality.post(`/back/bo/services/${source.serviceId}/split`, { targetServiceId: atlasOwned.serviceId, purchaseOrderLineIds: line }), 403);
    expect(readOnlyTarget.body.message).toBe('You can only read this service: you cannot change it');
    expect((await outsider.post(`/back/bo/services/${source.serviceId}/split`, { targetServiceId: target.serviceId, purchaseOrderLineIds: line })).status).toBe(404);
  });
});

describe('merge', () => {
  it('moves every line to the target and cancels the source', async () => {
    const lab = { service: { thirdPartyDepartment: 'LAB', type: 'LAB_PHYSICAL_TEST' } };
    const source = await createService(quality, wizardBody(net, { ...lab, laboratoryLines: [{ testName: 'Pilling', sampleCount: 2 }] }));
    const target = await createService(quality, wizardBody(net, { ...lab, laboratoryLines: [{ testName: 'Shrinkage', sampleCount: 1 }] }));
    const tasksOf = async (serviceId: number) => (await server.store.find('tasks', (task) => task.serviceId === serviceId)).map((task) => `${task.type}:${task.status}`);
    expect(await tasksOf(source.serviceId)).toEqual(['REQUEST_INSPECTION_DATE:OPEN']);
    const reply = await quality.post(`/back/bo/services/${source.serviceId}/merge`, { targetServiceId: target.serviceId, deleteSource: false, version: 1 });
    expect(reply.status, reply.text).toBe(200);
    // Cancelled by the merge, the source has nothing left to do; the target keeps its request.
    expect(await tasksOf(source.serviceId)).toEqual(['REQUEST_INSPECTION_DATE:EXPIRED']);
    expect(await tasksOf(target.serviceId)).toEqual(['REQUEST_INSPECTION_DATE:OPEN']);
    expect(reply.body.target.purchaseOrderLines).toHaveLength(2);
    expect(reply.body.target.laboratoryLines.map((line: any) => line.testName)).toEqual(['Shrinkage', 'Pilling']);
    expect(reply.body.source).toMatchObject({ serviceStep: 'CANCELLED', purchaseOrderLines: [], laboratoryLines: [] });
    expect(await history(source.serviceId)).toEqual(['CREATED', 'CANCEL']);
    expect(await history(target.serviceId)).toEqual(['CREATED', 'MERGED']);
  });

  it('with deleteSource the source is gone (irreversible)', async () => {
    const { source, target } = await twoServices();
    await quality.post(`/back/bo/servicenotes/${source.serviceId}`, { text: 'goes with the source' });
    // Its assignment and reminder go too (written here as the popup and the Reminders tab would leave them).
    const sourceId = source.serviceId as number;
    await server.store.insert('assignments', 'assignmentId', { serviceId: sourceId, universeId: net.universeId, serviceProvider: net.atlas, startDate: source.startDate, endDate: source.startDate, contactIds: [], assignments: [] });
    await server.store.insert('reminders', 'reminderId', { serviceId: sourceId, universeId: net.universeId, status: 'PENDING', sendAt: '2099-01-01T08:00:00.000Z', subject: 'Bring the samples', text: '', contactIds: [] });
    const dependents = async () =>
      (await Promise.all(['tasks', 'assignments', 'reminders'].map(async (collection) => [collection, (await server.store.find(collection, (row) => row.serviceId === sourceId)).length]))).filter(([, count]) => count);
    expect((await dependents()).map(([collection]) => collection)).toEqual(['tasks', 'assignments', 'reminders']);
    const reply = await quality.post(`/back/bo/services/${source.serviceId}/merge`, { targetServiceId: target.serviceId, deleteSource: true });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.source).toBeNull();
    expect(reply.body.target.purchaseOrderLines.map((line: any) => line.poNumber)).toEqual(['PO-T1', 'PO-S1', 'PO-S2', 'PO-S3']);
    expect((await quality.get(`/back/bo/services/${source.serviceId}`)).status).toBe(404);
    expect(await server.store.find('serviceNotes', (note) => note.serviceId === source.serviceId)).toEqual([]);
    expect(await dependents()).toEqual([]);
  });

  it('refusals: same service, unknown target, bad flag, stale version; nothing changes', async () => {
    const { source, target } = await twoServices();
    const url = `/back/bo/services/${source.serviceId}/merge`;
    const merge = (body: unknown, status: number) => refused([source.serviceId, target.serviceId], () => quality.post(url, body), status);
    expect((await merge({ targetServiceId: source.serviceId, deleteSource: true }, 422)).body.message).toBe('source and target cannot be the same');
    expect((await merge({ targetServiceId: 424242, deleteSource: true }, 404)).body.message).toBe('target service not found');
    expect(fieldMessages((await merge({ targetServiceId: target.serviceId, deleteSource: 'yes' }, 400)).body)).toEqual({ '/deleteSource': 'wrong type' });
    expect(fieldMessages((await merge({ deleteSource: true }, 400)).body)).toEqual({ '/targetServiceId': 'required' });
    expect((await merge({ targetServiceId: target.serviceId, deleteSource: true, version: 9 }, 409)).body.exception).toBe('OptimisticLockException');
    expect(await server.store.get('services', source.serviceId)).toMatchObject({ serviceStep: 'OPENED', version: 1 });
    expect((await server.store.get('services', target.serviceId))!.purchaseOrderLines).toHaveLength(1);
  });

  it('needs WRITE on both services and a target in sight: 403 / 404, nothing written', async () => {
    const { source, target } = await twoServices();
    const ids = [source.serviceId, target.serviceId];
    const merge = (client: Client, from: number, body: unknown) => client.post(`/back/bo/services/${from}/merge`, body);
    // The provider reads both (READ): 403.
    await refused(ids, () => merge(manager, source.serviceId, { targetServiceId: target.serviceId, deleteSource: true }), 403);
    // A target the caller reads but does not write.
    const atlasOwned = await createService(manager, wizardBody(net, { roles: ['SERVICE_PROVIDER'] }));
    const readOnly = await refused([source.serviceId, atlasOwned.serviceId], () => merge(quality, source.serviceId, { targetServiceId: atlasOwned.serviceId, deleteSource: false }), 403);
    expect(readOnly.body.message).toBe('You can only read this service: you cannot change it');
    // A target the caller does not see (the supplier's request, not confirmed by the provider yet), for merge and split alike.
    const hidden = await createService(sales, wizardBody(net, { roles: ['ORDER_TAKER'] }));
    const unseen = await refused([source.serviceId, hidden.serviceId], () => merge(quality, source.serviceId, { targetServiceId: hidden.serviceId, deleteSource: true }), 404);
    expect(unseen.body.message).toBe('target service not found');
    const line = [source.purchaseOrderLines[0].purchaseOrderLineId];
    await refused([source.serviceId, hidden.serviceId], () => quality.post(`/back/bo/services/${source.serviceId}/split`, { targetServiceId: hidden.serviceId, purchaseOrderLineIds: line }), 404);
    // An outsider does not see the source.
    await refused(ids, () => merge(outsider, source.serviceId, { targetServiceId: target.serviceId, deleteSource: true }), 404);
  });
});
