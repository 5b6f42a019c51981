import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins, type Client, type Reply, type TestServer } from './helpers';
import { createService, expectRefused, fieldMessages, network, wizardBody, type Network } from './service-fixtures';

/** docs/services.md "Notes": whoever sees the service reads and adds; the author edits; the author or the owner deletes. */
let server: TestServer;
let net: Network;
let quality: Client;
let buyer: Client;
let manager: Client;
let sales: Client;
let outsider: Client;
let inspector: Client;

beforeAll(async () => {
  ({ server, clients: { quality, buyer, manager, sales, outsider, inspector } } = await startWithLogins(['quality', 'buyer', 'manager', 'sales', 'outsider', 'inspector']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const refused = (serviceId: number, call: () => Promise<Reply>, status: number) => expectRefused(server.store, call, status, [serviceId]);

describe('service notes', () => {
  it('any party who sees the service adds and reads notes, newest first', async () => {
    const service = await createService(quality, wizardBody(net));
    const url = `/back/bo/servicenotes/${service.serviceId}`;
    const first = await quality.post(url, { text: 'Golden sample sent' });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ serviceId: service.serviceId, text: 'Golden sample sent', creator: expect.any(Number), version: 1 });
    const provider = await manager.post(url, { text: 'Inspector booked' });
    expect(provider.status).toBe(201);
    const notes = (await buyer.get(url)).body;
    expect(notes.map((note: any) => note.text)).toEqual(['Inspector booked', 'Golden sample sent']);
    expect((await server.store.find('serviceHistory', (event) => event.serviceId === service.serviceId)).map((event) => event.event)).toEqual(['CREATED', 'NOTE_ADDED', 'NOTE_ADDED']);
  });

  it('hidden services: 404; the provider\u2019s inspector reads; blank text: 400', async () => {
    const service = await createService(quality, wizardBody(net));
    const url = `/back/bo/servicenotes/${service.serviceId}`;
    expect((await sales.get(url)).status).toBe(404); // not confirmed by the provider yet
    await refused(service.serviceId, () => sales.post(url, { text: 'hello' }), 404);
    expect((await outsider.get(url)).status).toBe(404);
    expect((await inspector.get(url)).status).toBe(200);
    const post = async (body: unknown) => fieldMessages((await refused(service.serviceId, () => quality.post(url, body), 400)).body);
    expect(await post({ text: '   ' })).toEqual({ '/text': 'required' });
    expect(await post({ text: 'x'.repeat(5001) })).toEqual({ '/text': 'too long' });
    expect(await post({ text: 'ok', creator: 1 })).toEqual({ '/creator': 'unknown field' });
    await server.store.update('services', service.serviceId, (current) => ({ ...current, providerConfirmed: true }));
    expect((await sales.post(url, { text: 'Factory ready on Monday' })).status).toBe(201);
  });

  it('only the author edits a note (with its version); the author or the owner deletes it', async () => {
    const service = await createService(quality, wizardBody(net));
    const url = `/back/bo/servicenotes/${service.serviceId}`;
    const byProvider = (await manager.post(url, { text: 'Provider note' })).body;
    const mine = (await quality.post(url, { text: 'Owner note' })).body;
    const notAuthor = await quality.put(url, { noteId: byProvider.noteId, text: 'changed', version: 1 });
    expect([notAuthor.status, notAuthor.body.message]).toEqual([403, 'Only the author of this note can change it']);
    const edited = await manager.put(url, { noteId: byProvider.noteId, text: 'Provider note, updated', version: 1 });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ text: 'Provider note, updated', version: 2 });
    expect((await manager.put(url, { noteId: byProvider.noteId, text: 'again', version: 1 })).status).toBe(409);
    expect((await manager.put(url, { noteId: 999999, text: 'again', version: 1 })).status).toBe(404);
    // The provider is neither the author of the owner's note nor the owner.
    expect((await manager.delete(`${url}/${mine.noteId}`)).status).toBe(403);
    // A colleague of the owner's company deletes the provider's note: owner.
    expect((await buyer.delete(`${url}/${byProvider.noteId}`)).body).toBe(true);
    expect((await quality.delete(`${url}/${mine.noteId}`)).body).toBe(true);
    expect((await quality.get(url)).body).toEqual([]);
    const other = await createService(quality, wizardBody(net));
    const foreign = (await quality.post(`/back/bo/servicenotes/${other.serviceId}`, { text: 'elsewhere' })).body;
    expect((await quality.delete(`${url}/${foreign.noteId}`)).status).toBe(404);
  });

  it('edit and delete refusals write nothing: no version, blank text, unknown field, not the author, a note of another service, a service out of sight', async () => {
    const service = await createService(quality, wizardBody(net));
    const url = `/back/bo/servicenotes/${service.serviceId}`;
    const note = (await quality.post(url, { text: 'Seams to check' })).body;
    const put = (client: Client, body: unknown, status: number) => refused(service.serviceId, () => client.put(url, body), status);
    expect(fieldMessages((await put(quality, { noteId: note.noteId, text: 'changed' }, 400)).body)).toEqual({ '/version': 'required' });
    expect(fieldMessages((await put(quality, { noteId: note.noteId, text: ' ', version: 1 }, 400)).body)).toEqual({ '/text': 'required' });
    expect(fieldMessages((await put(quality, { noteId: note.noteId, text: 'x', version: 1, creator: 5 }, 400)).body)).toEqual({ '/creator': 'unknown field' });
    await put(buyer, { noteId: note.noteId, text: 'changed', version: 1 }, 403); // same company, not the author
    await put(sales, { noteId: note.noteId, text: 'changed', version: 1 }, 404); // not confirmed by the provider yet
    await put(outsider, { noteId: note.noteId, text: 'changed', version: 1 }, 404);
    await put(inspector, { noteId: note.noteId, text: 'changed', version: 1 }, 403);
    await refused(service.serviceId, () => sales.delete(`${url}/${note.noteId}`), 404);
    await refused(service.serviceId, () => inspector.delete(`${url}/${note.noteId}`), 403);
    await refused(service.serviceId, () => quality.delete(`${url}/999999`), 404);
    const other = await createService(quality, wizardBody(net));
    await refused(service.serviceId, () => quality.put(`/back/bo/servicenotes/${other.serviceId}`, { noteId: note.noteId, text: 'moved?', version: 1 }), 404);
    expect(await server.store.get('serviceNotes', note.noteId)).toMatchObject({ text: 'Seams to check', version: 1 });
  });
});
