import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { startWithLogins, today, type Client, type TestServer } from './helpers';

/**
 * What the CAPA sheet sends is what is kept: the closing service is a service picked by its
 * number (and only one the person may see), and completing a CAPA dates its closing.
 */
let server: TestServer;
let quality: Client;
let outsider: Client;
let manager: Client;

const capa = (extra: Record<string, unknown> = {}) => ({ title: 'Re-inspect the lot', capaType: 'CONTAINMENT', startDate: today(), ...extra });

beforeAll(async () => {
  ({ server, clients: { quality, outsider, manager } } = await startWithLogins(['quality', 'outsider', 'manager']));
});
afterAll(() => server?.close());

/** A service quality@brand.test sees (from its own search), and one of another universe. */
async function services() {
  const seen = (await quality.get('/back/bo/services/')).body.services as Row[];
  const mine = seen[0];
  const foreign = (await server.store.find('services', (service) => service.universeId !== mine.universeId))[0]
    ?? (await outsider.get('/back/bo/services/')).body.services[0];
  return { mine, foreign };
}

describe('CAPA closing service', () => {
  it('finds a service by its number in the service lookup and keeps it on the CAPA', async () => {
    const { mine } = await services();
    const found = await quality.get('/back/bo/services/lookup', { q: String(mine.number) });
    expect(found.status).toBe(200);
    expect(found.body).toContainEqual({ value: mine.serviceId, label: expect.stringContaining(String(mine.number)) });
    expect((await quality.get('/back/bo/services/lookup', { id: String(mine.serviceId) })).body).toEqual([found.body.find((o: Row) => o.value === mine.serviceId)]);

    const created = await quality.post('/back/bo/capas', capa({ closingService: mine.serviceId }));
    expect(created.status).toBe(201);
    const stored = await quality.get(`/back/bo/capas/${created.body.capaId}`);
    expect(stored.body.closingService).toBe(mine.serviceId);
  });

  it('refuses a service the person cannot see, naming the field', async () => {
    const { foreign } = await services();
    expect(foreign, 'the demo seed has a service in another universe').toBeDefined();
    expect((await quality.get('/back/bo/services/lookup', { id: String(foreign.serviceId) })).body).toEqual([]);
    const refused = await quality.post('/back/bo/capas', capa({ closingService: foreign.serviceId }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: '/closingService' })]);
  });

  it('refuses a service of its own universe that the service rules hide from it; nothing written', async () => {
    const { mine } = await services();
    let hidden: Row | undefined;
    for (const service of await server.store.find('services', (row) => row.universeId === mine.universeId)) {
      if ((await manager.get('/back/bo/services/lookup', { id: String(service.serviceId) })).body.length === 0) {
        hidden = service;
        break;
      }
    }
    expect(hidden, 'the demo seed has a service of its universe that manager@inspect.test does not see').toBeDefined();
    const before = (await server.store.all('capas')).length;
    const refused = await manager.post('/back/bo/capas', capa({ closingService: hidden!.serviceId }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: '/closingService', message: expect.any(String) })]);
    expect((await server.store.all('capas')).length).toBe(before);
  });
});

describe('CAPA completion', () => {
  it('COMPLETE sets the closing date to today', async () => {
    const created = (await quality.post('/back/bo/capas', capa())).body;
    expect(created.closingDate).toBeUndefined();
    const completed = await quality.patch(`/back/bo/capas/${created.capaId}/COMPLETE`, { version: created.version });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ status: 'COMPLETED', closingDate: today() });
    expect((await quality.get(`/back/bo/capas/${created.capaId}`)).body.closingDate).toBe(today());
  });

  it('COMPLETE keeps a closing date the person already gave', async () => {
    const created = (await quality.post('/back/bo/capas', capa({ closingDate: today() === '2026-01-01' ? '2026-01-02' : '2026-01-01', startDate: '2025-12-01' }))).body;
    const completed = await quality.patch(`/back/bo/capas/${created.capaId}/COMPLETE`, { version: created.version });
    expect(completed.body.closingDate).toBe(created.closingDate);
  });

  it('START does not date the closing', async () => {
    const created = (await quality.post('/back/bo/capas', capa())).body;
    const started = await quality.patch(`/back/bo/capas/${created.capaId}/START`, { version: created.version });
    expect(started.body.closingDate).toBeUndefined();
  });
});

describe('CAPA cost', () => {
  it('refuses a negative cost with a message on the field (no credit in the spec)', async () => {
    const refused = await quality.post('/back/bo/capas', capa({ cost: -500 }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: '/cost', message: expect.any(String) })]);
  });
});
