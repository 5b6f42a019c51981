import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, jobOfKey } from '../../server/jobs/queue';
import { JobWorker } from '../../server/jobs/worker';
import { createMailer } from '../../server/mail';
import { handleReminderJobs, sendReminder } from '../../server/reminders/send';
import { loadRegistry } from '../../server/schemas';
import { ROOT, startWithLogins, type Client, type Reply, type TestServer } from './helpers';
import { waitForMails } from './outbox';
import { createService, fieldMessages, network, wizardBody, type Network } from './service-fixtures';

/** Reminders of a service (spec §7.4, docs/jobs.md): CRUD, refusals, visibility, the job beside each reminder, sending once. */
let server: TestServer;
let net: Network;
let quality: Client;
let manager: Client;
let sales: Client;
let outsider: Client;

const URL = '/back/bo/notifyreminder/reminders';
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

beforeAll(async () => {
  ({ server, clients: { quality, manager, sales, outsider } } = await startWithLogins(['quality', 'manager', 'sales', 'outsider']));
  net = await network(server.store);
});
afterAll(() => server?.close());

/** What reminders and jobs the store holds (a refused call changes neither). */
const footprint = async () => ({ reminders: await server.store.all('reminders'), jobs: await server.store.all(JOBS) });

async function expectNothingWritten(call: () => Promise<Reply>, status: number): Promise<Reply> {
  const before = await footprint();
  const reply = await call();
  expect(reply.status, reply.text).toBe(status);
  expect(await footprint(), 'nothing written').toEqual(before);
  return reply;
}

const newReminder = async (serviceId: number, changes: Record<string, unknown> = {}) => {
  const reply = await quality.post(URL, { serviceId, sendAt: inHours(24), tos: [net.contacts['quality@brand.test']], comment: 'Bring the golden sample', ...changes });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
};

describe('reminders', () => {
  it('the owner creates, lists, moves and deletes a reminder; its job follows it', async () => {
    const service = await createService(quality, wizardBody(net));
    const sendAt = inHours(24);
    const tos = [net.contacts['quality@brand.test'], net.contacts['manager@inspect.test']];
    const created = await quality.post(URL, { serviceId: service.serviceId, sendAt, tos, subject: 'Inspection tomorrow', locale: 'fr' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ serviceId: service.serviceId, sendAt, tos, status: 'PENDING', createdBy: net.contacts['quality@brand.test'], universeId: net.universeId, version: 1 });
    const key = `reminder:${created.body.reminderId}`;
    expect(await jobOfKey(server.db, key)).toMatchObject({ name: 'reminder.send', runAt: sendAt, state: 'QUEUED', payload: { reminderId: created.body.reminderId } });

    const later = await newReminder(service.serviceId, { sendAt: inHours(48) });
    const listed = await quality.get(URL, { serviceId: service.serviceId });
    expect(listed.status).toBe(200);
    expect(listed.body.map((row: any) => row.reminderId)).toEqual([created.body.reminderId, later.reminderId]);
    // The provider sees the service, so it reads its reminders.
    expect((await manager.get(URL, { serviceId: service.serviceId })).body).toHaveLength(2);

    const movedAt = inHours(72);
    const moved = await quality.put(`${URL}/${created.body.reminderId}`, { sendAt: movedAt, tos: [tos[0]], comment: 'Moved', version: 1 });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ sendAt: movedAt, tos: [tos[0]], comment: 'Moved', version: 2 });
    expect(moved.body.subject).toBeUndefined(); // PUT replaces the editable fields
    expect(await jobOfKey(server.db, key)).toMatchObject({ runAt: movedAt, availableAt: movedAt, state: 'QUEUED' });

    const stale = await expectNothingWritten(() => quality.put(`${URL}/${created.body.reminderId}`, { sendAt: movedAt, tos, version: 1 }), 409);
    expect(stale.body.exception).toBe('OptimisticLockException');

    const removed = await quality.delete(`${URL}/${created.body.reminderId}`);
    expect([removed.status, removed.body]).toEqual([200, true]);
    expect(await jobOfKey(server.db, key)).toBeUndefined();
    expect((await quality.get(URL, { serviceId: service.serviceId })).body.map((row: any) => row.reminderId)).toEqual([later.reminderId]);
    expect((await quality.delete(`${URL}/${created.body.reminderId}`)).status).toBe(404);
  });

  it('refuses a time past, recipients outside the service, bad fields: 4xx with a clear message, nothing written', async () => {
    const service = await createService(quality, wizardBody(net));
    const serviceId = service.serviceId;
    const me = net.contacts['quality@brand.test'];
    const post = (body: Record<string, unknown>, status: number) => expectNothingWritten(() => quality.post(URL, { serviceId, sendAt: inHours(1), tos: [me], ...body }), status);

    const past = await post({ sendAt: new Date(Date.now() - 60_000).toISOString() }, 422);
    expect(past.body.message).toBe("The reminder's time has passed: choose a time to come");
    expect(fieldMessages(past.body)).toHaveProperty('/sendAt');
    const stranger = await post({ tos: [me, net.contacts['outsider@other.test']] }, 422);
    expect(stranger.body.message).toBe("A reminder goes only to contacts of the service's parties");
    expect(Object.keys(fieldMessages(stranger.body))).toEqual(['/tos/1']);
    // Porto is no party of this service.
    expect(Object.keys(fieldMessages((await post({ tos: [(await server.store.find('contacts', (c) => c.companyId === net.porto))[0].contactId] }, 422)).body))).toEqual(['/tos/0']);

    expect(fieldMessages((await post({ subject: 'x'.repeat(201) }, 400)).body)).toEqual({ '/subject': 'too long' });
    expect(fieldMessages((await post({ comment: 'x'.repeat(2001) }, 400)).body)).toEqual({ '/comment': 'too long' });
    expect(Object.keys(fieldMessages((await post({ sendAt: 'tomorrow' }, 400)).body))).toEqual(['/sendAt']);
    expect(Object.keys(fieldMessages((await post({ tos: [] }, 400)).body))).toEqual(['/tos']);
    expect(Object.keys(fieldMessages((await post({ locale: 'de' }, 400)).body))).toEqual(['/locale']);
    expect(fieldMessages((await post({ status: 'SENT' }, 400)).body)).toEqual({ '/status': 'unknown field' });
    expect((await expectNothingWritten(() => quality.post(URL, { sendAt: inHours(1), tos: [me] }), 400)).body.message).toMatch(/id of its service/);
    expect((await quality.get(URL, { serviceId: 'abc' })).status).toBe(400);
    expect((await quality.get(URL)).status).toBe(400);

    const reminder = await newReminder(serviceId);
    const put = (body: Record<string, unknown>, status: number) => expectNothingWritten(() => quality.put(`${URL}/${reminder.reminderId}`, { sendAt: reminder.sendAt, tos: [me], version: 1, ...body }), status);
    expect((await put({ sendAt: new Date(Date.now() - 1000).toISOString() }, 422)).body.message).toMatch(/has passed/);
    await put({ tos: [net.contacts['outsider@other.test']] }, 422);
    await put({ serviceId: serviceId + 1 }, 400);
    await put({ version: undefined }, 400);
  });

  it('visibility: out of reach → 404; a reader who may not write the service → 403', async () => {
    const service = await createService(quality, wizardBody(net));
    const reminder = await newReminder(service.serviceId);
    const body = { serviceId: service.serviceId, sendAt: inHours(5), tos: [net.contacts['quality@brand.test']] };
    // Not confirmed by the provider: the supplier does not see the service yet; another universe never does.
    for (const client of [sales, outsider]) {
      expect((await client.get(URL, { serviceId: service.serviceId })).status).toBe(404);
      await expectNothingWritten(() => client.post(URL, body), 404);
      await expectNothingWritten(() => client.put(`${URL}/${reminder.reminderId}`, { ...body, version: 1 }), 404);
      await expectNothingWritten(() => client.delete(`${URL}/${reminder.reminderId}`), 404);
    }
    // The provider sees the service but does not own it.
    await expectNothingWritten(() => manager.post(URL, body), 403);
    await expectNothingWritten(() => manager.put(`${URL}/${reminder.reminderId}`, { ...body, version: 1 }), 403);
    await expectNothingWritten(() => manager.delete(`${URL}/${reminder.reminderId}`), 403);
    expect((await quality.get(URL, { serviceId: 999_999 })).status).toBe(404);
    expect((await quality.put(`${URL}/999999`, { ...body, version: 1 })).status).toBe(404);
  });

  it('sends at its time, once, in each recipient\u2019s language; a sent reminder is no longer edited (409)', async () => {
    const service = await createService(quality, wizardBody(net));
    const french = (await server.store.find('contacts', (c) => c.companyId === net.lumiere && c.language === 'fr' && !!c.email))[0];
    const reminder = await newReminder(service.serviceId, { tos: [net.contacts['quality@brand.test'], french.contactId as number], comment: 'Golden sample ready?' });
    const key = `reminder:${reminder.reminderId}`;
    const outbox = join(server.dir, 'worker-outbox');
    const services = { db: server.db, registry: loadRegistry(join(ROOT, 'schemas')), mailer: createMailer({ outbox }), appUrl: 'https://qcflow.example', linkSecret: 'reminder test secret' };
    const worker = handleReminderJobs(new JobWorker(server.db, { log: () => undefined }), services);
    expect(await worker.runDue()).toBe(false); // not due yet
    // Its time comes.
    const due = new Date(Date.now() - 1000).toISOString();
    await server.store.update('reminders', reminder.reminderId, (current) => ({ ...current, sendAt: due }));
    await server.store.update(JOBS, (await jobOfKey(server.db, key))!.jobId, (current) => ({ ...current, runAt: due, availableAt: due }));
    expect(await worker.runDue()).toBe(true);
    const sent = await server.store.get('reminders', reminder.reminderId);
    expect(sent).toMatchObject({ status: 'SENT', sentAt: expect.any(String) });
    expect(await jobOfKey(server.db, key)).toBeUndefined();
    while (await worker.runDue()); // the mails' job
    const mails = await waitForMails(outbox, 2);
    expect(mails).toHaveLength(2);
    const [en, fr] = [mails.find((mail) => mail.to === 'quality@brand.test')!, mails.find((mail) => mail.to === french.email)!];
    expect(en.subject).toBe(`QCFlow: reminder about service ${service.number}`);
    expect(en.text).toContain(`https://qcflow.example/services/${service.serviceId}`);
    expect(en.text).toContain('Golden sample ready?');
    expect(en.text).toContain(service.startDate);
    // The shared templates (server/mailTemplates.ts): an HTML part with the button's link, the comment escaped and quoted.
    expect(en.html).toContain(`href="https://qcflow.example/services/${service.serviceId}"`);
    expect(en.html).toContain('Golden sample ready?');
    // Recorded like every notification: the form's lastSend; and the bell of each recipient.
    const [record] = await server.store.find('notifications', (row) => row.serviceId === service.serviceId && row.type === 'SERVICE_REMINDER');
    expect(record).toMatchObject({ sentAt: sent!.sentAt, tos: expect.arrayContaining([net.contacts['quality@brand.test'], french.contactId]) });
    expect((await quality.get(`/back/bo/notify/services/${service.serviceId}/rules/SERVICE_REMINDER`)).body.lastSend).toBe(sent!.sentAt);
    const qualityId = net.contacts['quality@brand.test'];
    expect((await server.store.find('alerts', (alert) => alert.contactId === qualityId && alert.titleLink === `/services/${service.serviceId}`)).map((alert) => alert.message)).toContain('Golden sample ready?');
    expect(fr.subject).toBe(`QCFlow : rappel pour l'audit ${service.number}`);
    expect(fr.text).toContain(`Un rappel concernant l'audit ${service.number}`);
    // Running again (a crash before the jobs were removed) sends nothing more.
    await sendReminder(services, reminder.reminderId);
    expect((await server.store.get('reminders', reminder.reminderId))!.version).toBe(sent!.version);
    expect(await jobOfKey(server.db, `${key}:mail`)).toBeUndefined();
    expect(await worker.runDue()).toBe(false);
    expect(await waitForMails(outbox, 3, 300)).toHaveLength(2);

    const edit = await expectNothingWritten(() => quality.put(`${URL}/${reminder.reminderId}`, { sendAt: inHours(3), tos: reminder.tos, version: sent!.version }), 409);
    expect(edit.body.message).toBe('This reminder is Sent: it can no longer be changed');
  });
});
