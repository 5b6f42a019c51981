import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginAs } from './helpers';
import { inMs, reminderMails, reminderOf, reminderServers, sleep, URL, waitFor } from './reminder-jobs';
import { createService, wizardBody } from './service-fixtures';

/** docs/jobs.md: two servers sharing one PostgreSQL database send each reminder once (project api-pg only). */
const { prepare, start } = reminderServers();

describe('reminders across servers', () => {
  it('two servers on one PostgreSQL database send each reminder once', async () => {
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
