import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client, startProcess, tempDir, today, type ServerProcess } from './helpers';

/** An acknowledged write survives `kill -9`; sessions and id sequences live in the data file too. */
const started: ServerProcess[] = [];
let dir: string;

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function start(dbFile: string) {
  const server = await startProcess({ DB_FILE: dbFile, SEED: 'demo' });
  started.push(server);
  return server;
}

describe('durability', () => {
  it('keeps every acknowledged write after kill -9 and a restart', async () => {
    dir = await tempDir();
    const dbFile = join(dir, 'data', 'db.json');
    const first = await start(dbFile);
    const client = new Client(first.url);
    expect((await client.login(ACCOUNTS.manager)).status).toBe(200);

    const bodies = Array.from({ length: 5 }, (_, i) => ({ title: `Durable CAPA ${i}`, capaType: 'CONTAINMENT', startDate: today() }));
    const replies = await Promise.all(bodies.map((body) => client.post('/back/bo/capas', body)));
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201, 201]);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await start(dbFile);
    const restarted = new Client(second.url);
    for (const [name, value] of client.cookies) restarted.cookies.set(name, value);
    expect((await restarted.get('/back/auth/profile')).status).toBe(200);
    for (const reply of replies) {
      const read = await restarted.get(`/back/bo/capas/${reply.body.capaId}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(reply.body);
    }
    const next = await restarted.post('/back/bo/capas', bodies[0]);
    expect(next.body.capaId).toBeGreaterThan(Math.max(...replies.map((reply) => reply.body.capaId)));
    second.child.kill('SIGKILL');
    await second.exited;
  });
});
