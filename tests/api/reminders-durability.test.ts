import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { loginAs, processesOfFile, startProcess, storeEnv, testStore, type ServerProcess, type StoreLocation } from './helpers';
import { sentMails, type SentMail } from './outbox';
import { createService, network, wizardBody, type Network } from './service-fixtures';

/**
 * docs/jobs.md: no reminder sent twice, none lost across a kill -9 — the real server
 * (server/main.ts, its job worker) killed around the reminders' time and started again; on
 * PostgreSQL (project api-pg) also two servers sharing the database send each reminder once.
 */
const { started, demoStore } = processesOfFile();

const JOB_ENV = { JOBS_POLL_MS: '100', JOBS_LEASE_MS: '1500', JOBS_BACKOFF_MS: '200', APP_URL: 'https://qcflow.example' };
const URL = '/back/bo/notifyreminder/reminders';

async function prepare(): Promise<{ dir: string; location: StoreLocation; net: Network }> {
  const { dir, location, found: net } = await demoStore((db) => network(testStore(db)));
  return { dir, location, net };
}

async function start(location: StoreLocation, outbox: string): Promise<ServerProcess> {
  const server = await startProcess({ ...storeEnv(location), SEED: 'demo', OUTBOX_DIR: outbox, ...JOB_ENV });
  started.push(server);
  return server;
}

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The reminder a mail belongs to, from its Message-ID file name (`…-_reminder-<id>-<contact>_qcflow_.eml`). */
const reminderOf = (mail: SentMail) => Number(/reminder-(\d+)-\d+/.exec(mail.file)?.[1]);
/** The reminders' mails of an outbox (creating the service mails its provider too). */
const reminderMails = async (outbox: string) => (await sentMails(outbox)).filter((mail) => /reminder-\d+-\d+/.test(mail.file));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await sleep(100);
  }
}

describe('reminders across crashes and servers', () => {
  it('kill -9 around the reminders\u2019 time, then a restart: each reminder mailed exactly once', async () => {
    const { dir, location, net } = await prepare();
    const outbox = join(dir, 'outbox');
    const first = await start(location, outbox);
    const quality = await loginAs(first, 'quality@brand.test');
    const service = await createService(quality, wizardBody(net));
    const me = net.contacts['quality@brand.test'];
    // Due before, around and after the kill (the last while no server runs).
    const ids: number[] = [];
    for (const ms of [800, 1400, 1500, 1600, 4000]) {
      const reply = await quality.post(URL, { serviceId: service.serviceId, sendAt: inMs(ms), tos: [me] });
      expect(reply.status, reply.text).toBe(201);
      ids.push(reply.body.reminderId);
    }
    await sleep(1500);
    first.child.kill('SIGKILL');
    await first.exited;
    // The last one at least was due while no server ran: the restarted server must send it.
    expect((await reminderMails(outbox)).length).toBeLessThan(ids.length);

    const second = await start(location, outbox);
    const again = await loginAs(second, 'quality@brand.test');
    const statuses = async () => ((await again.get(URL, { serviceId: service.serviceId })).body as { status: string }[]).map((row) => row.status);
    expect(await waitFor(statuses, (all) => all.every((status) => status === 'SENT'))).toEqual(ids.map(() => 'SENT'));
    const mails = await waitFor(() => reminderMails(outbox), (all) => all.length >= ids.length);
    // Past a lease and a few polls, nothing more arrives.
    await sleep(2000);
    const final = await reminderMails(outbox);
    expect(final).toHaveLength(mails.length);
    expect(final.map(reminderOf).sort((a, b) => a - b)).toEqual(ids);
    expect(final.every((mail) => mail.to === 'quality@brand.test' && mail.subject === `QCFlow: reminder about service ${service.number}`)).toBe(true);
    second.child.kill('SIGKILL');
    await second.exited;
  }, 180_000);

  it.skipIf(!inject('pgTemplates'))('two servers on one PostgreSQL database send each reminder once', async () => {
    const { dir, location, net } = await prepare();
    expect(location.databaseUrl).toBeTruthy();
    const outboxes = [join(dir, 'outbox-a'), join(dir, 'outbox-b')];
    const [a] = await Promise.all([start(location, outboxes[0]), start(location, outboxes[1])]);
    const quality = await loginAs(a, 'quality@brand.test');
    const service = await createService(quality, wizardBody(net));
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const reply = await quality.post(URL, { serviceId: service.serviceId, sendAt: inMs(1000 + i * 50), tos: [net.contacts['quality@brand.test'], net.contacts['manager@inspect.test']] });
      expect(reply.status, reply.text).toBe(201);
      ids.push(reply.body.reminderId);
    }
    const all = async () => (await Promise.all(outboxes.map(reminderMails))).flat();
    await waitFor(all, (mails) => mails.length >= ids.length * 2);
    await sleep(2500);
    const mails = await all();
    // Each reminder's two mails, once, whichever server sent them (separate outboxes: a repeat would show).
    expect(mails.map((mail) => `${reminderOf(mail)} ${mail.to}`).sort()).toEqual(ids.flatMap((id) => [`${id} manager@inspect.test`, `${id} quality@brand.test`]).sort());
  }, 180_000);
});
