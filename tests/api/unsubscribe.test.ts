import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/links/signedToken';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { ACCOUNTS, Client, startWithLogins, type TestServer } from './helpers';
import { mailCount, sentMails, type SentMail } from './outbox';
import { refusedWithoutWrites } from './refused';
import { createService, network, wizardBody, type Network } from './service-fixtures';

/**
 * Unsubscribe links (server/links/unsubscribe.ts): every notification e-mail carries a signed link
 * to /unsubscribe/{id}/{type}; opened logged out it turns that type off for that person only, and
 * the next e-mail of that type no longer reaches them. A bad link changes nothing.
 */
let server: TestServer;
let net: Network;
let quality: Client;
let watch: WriteWatch;

beforeAll(async () => {
  ({ server, clients: { quality } } = await startWithLogins(['quality']));
  net = await network(server.store);
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

/** The mails a service created by the client sends (SERVICE_CREATED to the provider's people). */
async function creationMails(): Promise<SentMail[]> {
  const before = await mailCount(server);
  await createService(quality, wizardBody(net));
  await server.settled();
  return (await sentMails(server.outbox!)).slice(before);
}

const linkIn = (mail: SentMail) => {
  const found = /https?:\/\/\S+\/unsubscribe\/\d+\/[A-Z_]+\?token=[\w.-]+/.exec(mail.text)?.[0];
  if (!found) throw new Error(`no unsubscribe link in: ${mail.text}`);
  const url = new URL(found);
  return { url, token: url.searchParams.get('token')!, path: url.pathname };
};

/** What the SPA page sends for a link: its path under /back, the token in the body. */
const open = (path: string, token: unknown) => new Client(server.url).post(`/back${path}`, token === undefined ? {} : { token });

describe('unsubscribe links', () => {
  it('every notification e-mail carries its link (text, HTML, List-Unsubscribe); opened logged out it stops the next e-mail of that type', async () => {
    const managerId = net.contacts[ACCOUNTS.manager];
    const first = await creationMails();
    const mail = first.find((one) => one.to === ACCOUNTS.manager)!;
    expect(mail).toBeDefined();
    const { url, token, path } = linkIn(mail);
    expect(url.origin).toBe(new URL(server.url).origin);
    expect(path).toBe(`/unsubscribe/${managerId}/SERVICE_CREATED`);
    expect(mail.html).toContain(`href="${url.href.replace(/&/g, '&amp;')}"`);
    expect(mail.text).toContain(`Stop e-mails of this kind: ${url.href}`);
    expect(await readFile(join(server.outbox!, mail.file), 'utf8')).toMatch(/^List-Unsubscribe:\s+<https?:\/\/[^>]+\/unsubscribe\/\d+\/SERVICE_CREATED\?token=/m);

    const reply = await open(path, token);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({ contactId: managerId, type: 'SERVICE_CREATED', unsubscribed: true, labels: { en: 'Service created', fr: expect.any(String), it: expect.any(String) } });
    const types = (await server.store.get('contacts', managerId))!.notificationTypes as string[];
    expect(types).not.toContain('SERVICE_CREATED');
    expect(types).toContain('SERVICE_CONFIRMED');

    const next = await creationMails();
    expect(next.map((one) => one.to)).toEqual([ACCOUNTS.inspector]);
    // Opening it again is harmless.
    expect((await open(path, token)).status).toBe(200);
  });

  it('a bad, tampered, foreign or missing token is refused with spec §8’s message, and nothing is written', async () => {
    const inspectorId = net.contacts[ACCOUNTS.inspector];
    const mail = (await creationMails()).find((one) => one.to === ACCOUNTS.inspector)!;
    const { token, path } = linkIn(mail);
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const otherId = net.contacts[ACCOUNTS.quality];
    const cases: [string, unknown][] = [
      [path, tampered],
      [path, undefined],
      [path, 12],
      [`/unsubscribe/${otherId}/SERVICE_CREATED`, token], // another person's link
      [`/unsubscribe/${inspectorId}/SERVICE_CANCELED`, token], // another type
      [path, signToken('not the server secret', 'unsubscribe', { sub: `${inspectorId}:SERVICE_CREATED` })],
      [`/unsubscribe/${inspectorId}/NOT_A_TYPE`, signToken('not the server secret', 'unsubscribe', { sub: `${inspectorId}:NOT_A_TYPE` })],
    ];
    for (const [where, given] of cases) {
      const reply = await refusedWithoutWrites(watch, 400, () => open(where, given));
      expect(reply.body.message).toBe('Unsubscribe failed: check the e-mail address');
    }
    expect((await server.store.get('contacts', inspectorId))!.notificationTypes ?? []).not.toEqual(expect.arrayContaining(['SERVICE_CANCELED']));
  });
});
