import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/store/postgres/store';
import type { AsyncStore } from '../../server/store/types';
import { startPgCluster, type PgCluster } from '../support/pgCluster';
import { ACCOUNTS, Client, loginAs, startProcess, testStore, today, type ServerProcess } from './helpers';
import { network, wizardBody, type Network } from './service-fixtures';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: nothing a request
 * depends on lives in one process (sessions, lockouts, alerts, sequences). Then kill -9 of a
 * server in the middle of writes: every write it answered with a 2xx is there after a restart.
 */
let cluster: PgCluster;
let db: AsyncStore;
let net: Network;
let a: ServerProcess;
let b: ServerProcess;
const started: ServerProcess[] = [];

async function start(): Promise<ServerProcess> {
  const server = await startProcess({ DATABASE_URL: cluster.url, SEED: 'demo' });
  started.push(server);
  return server;
}

/** A client of `server` holding the cookies (the session) of `client`. */
function sameSession(client: Client, server: ServerProcess): Client {
  const other = new Client(server.url);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

beforeAll(async () => {
  cluster = await startPgCluster();
  // Started together on an empty database: one migrates and seeds it, the other waits and uses it.
  [a, b] = await Promise.all([start(), start()]);
  db = await openPostgresStore({ url: cluster.url });
  net = await network(testStore(db));
}, 120_000);

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(started.map((server) => server.exited));
  await db?.close();
  await cluster?.stop();
});

describe('two servers on one database', () => {
  it('seeded the demo universe once', async () => {
    const contacts = await testStore(db).find('contacts', (contact) => contact.email === ACCOUNTS.quality);
    expect(contacts).toHaveLength(1);
  });

  it('accept on one a session opened on the other', async () => {
    const onA = await loginAs(a, ACCOUNTS.quality);
    const onB = sameSession(onA, b);
    const profile = await onB.get('/back/auth/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.userFullName).toBe('Claire Dubois');
    // Ended on A: the same cookie is refused on B (the profile answers 403 without a session).
    expect((await onA.request('POST', '/back/logout')).status).toBe(200);
    expect((await onB.get('/back/auth/profile')).status).toBe(403);
  });

  it('read on one what was written on the other, and refuse a stale PUT on the second with 409', async () => {
    const onA = await loginAs(a, ACCOUNTS.manager);
    const onB = await loginAs(b, ACCOUNTS.manager);
    const created = await onA.post('/back/bo/capas', { title: 'Written on A', capaType: 'CONTAINMENT', startDate: today() });
    expect(created.status).toBe(201);
    const read = await onB.get(`/back/bo/capas/${created.body.capaId}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const updated = await onA.put(`/back/bo/capas/${created.body.capaId}`, { ...created.body, title: 'Changed on A' });
    expect(updated.status).toBe(200);
    const stale = await onB.put(`/back/bo/capas/${created.body.capaId}`, { ...created.body, title: 'Changed on B from the old version' });
    expect(stale.status).toBe(409);
    expect((await onB.get(`/back/bo/capas/${created.body.capaId}`)).body.title).toBe('Changed on A');
  });

  it('hold on one a lockout counted on both', async () => {
    for (const server of [a, b, a, b, a]) expect((await new Client(server.url).login(ACCOUNTS.sales, 'wrong-password')).status).toBe(401);
    // The fifth failure locked the account: the right password is refused on either server.
    for (const server of [b, a]) expect((await new Client(server.url).login(ACCOUNTS.sales)).status).toBe(401);
    const events = await testStore(db).find('loginEvents', (event) => event.email === ACCOUNTS.sales);
    expect(events.map((event) => event.loginEventType)).toEqual(['FAILURE', 'FAILURE', 'FAILURE', 'FAILURE', 'LOCKED', 'LOCKED', 'LOCKED']);
  });

  it('poll on one an alert raised on the other', async () => {
    const provider = await loginAs(b, ACCOUNTS.manager);
    await provider.get('/back/alerts/poll'); // what was there before is shown once
    const brand = await loginAs(a, ACCOUNTS.quality);
    const created = await brand.post('/back/bo/services', wizardBody(net));
    expect(created.status).toBe(201);
    const poll = await provider.get('/back/alerts/poll');
    expect(poll.status).toBe(200);
    expect(JSON.stringify(poll.body.snacks)).toContain(String(created.body.service.number));
  });

  it('give 50 concurrent creates spread over both 50 distinct ids and readable numbers', async () => {
    const clients = [await loginAs(a, ACCOUNTS.quality), await loginAs(b, ACCOUNTS.quality)];
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => clients[i % 2].post('/back/bo/services', wizardBody(net))));
    expect(replies.filter((reply) => reply.status !== 201).map((reply) => `${reply.status} ${reply.text}`), a.output() + b.output()).toEqual([]);
    const services = replies.map((reply) => reply.body.service);
    expect(new Set(services.map((service) => service.serviceId)).size).toBe(50);
    expect(new Set(services.map((service) => service.number)).size).toBe(50);
    for (const service of services) expect(service.number).toBe(`S-${String(service.serviceId).padStart(6, '0')}`);
  });
});

describe('kill -9 on PostgreSQL', () => {
  it('keeps every write that was answered with a 2xx', async () => {
    const victim = await start();
    const client = await loginAs(victim, ACCOUNTS.manager);
    const answered: { capaId: number; body: unknown }[] = [];
    let killed = false;
    const writes = Array.from({ length: 60 }, (_, i) =>
      client
        .post('/back/bo/capas', { title: `Before the kill ${i}`, capaType: 'CONTAINMENT', startDate: today() })
        .then((reply) => {
          if (reply.status === 201) answered.push({ capaId: reply.body.capaId, body: reply.body });
          // Killed once some writes are answered and others are still on their way.
          if (answered.length === 15 && !killed) {
            killed = true;
            victim.child.kill('SIGKILL');
          }
        })
        .catch(() => undefined), // a request cut by the kill has no answer
    );
    await Promise.all(writes);
    await victim.exited;
    expect(killed).toBe(true);
    expect(answered.length).toBeGreaterThanOrEqual(15);

    const restarted = await start();
    const reader = sameSession(client, restarted);
    for (const { capaId, body } of answered) {
      const read = await reader.get(`/back/bo/capas/${capaId}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(body);
    }
  });
});

describe('stopping a server (SIGTERM) on PostgreSQL', () => {
  it('answers the request it holds, then closes its connections and exits', async () => {
    const stopping = await start();
    const client = await loginAs(stopping, ACCOUNTS.manager);
    const body = JSON.stringify({ title: 'Sent across a SIGTERM', capaType: 'CONTAINMENT', startDate: today() });
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const request = http.request(`${stopping.url}/back/bo/capas`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', Cookie: cookie },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, text }));
      });
    });
    // Half the body: the request is in flight (its route waits for the rest) when the signal comes.
    request.write(body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));
    stopping.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.end(body.slice(20));
    const reply = await answered;
    expect(reply.status, reply.text).toBe(201);
    const [code] = (await stopping.exited) as [number | null];
    expect(code).toBe(0);
    const { capaId } = JSON.parse(reply.text);
    expect(await db.get('capas', capaId)).toMatchObject({ title: 'Sent across a SIGTERM' });
  });
});
