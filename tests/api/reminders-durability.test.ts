import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginAs } from './helpers';
import { inMs, reminderMails, reminderOf, reminderServers, sleep, URL, waitFor } from './reminder-jobs';
import { createService, wizardBody } from './service-fixtures';

/**
 * docs/jobs.md: no reminder sent twice, none lost across a kill -9 — the real server
 * (server/main.ts, its job worker) killed around the reminders' time and started again.
 */
const { prepare, start } = reminderServers();

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

});
