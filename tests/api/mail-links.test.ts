import { rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/boot';
import { ACCOUNTS, Client, loginAs, startProcess, startServer, storeEnv, storeLocation, tempDir, testStore, type ServerProcess, type StoreLocation, type TestServer } from './helpers';
import { sentMails, waitForMails, type SentMail } from './outbox';
import { network, wizardBody, type Network } from './service-fixtures';

/**
 * Links in e-mails come from configuration only (CONTRACT.md: APP_URL, default
 * `http://<HOST>:<PORT>`), never from the request's Host, Origin or X-Forwarded-* headers,
 * even with TRUST_PROXY: otherwise anyone could have a reset link point to their own site.
 * Every mail with a link is asked for with such headers: the password reset, the welcome
 * invitation, the wizard's notification and the service confirmation.
 */
const EVIL = 'evil.example';
const HOSTILE = { Host: EVIL, Origin: `http://${EVIL}`, 'X-Forwarded-Host': EVIL, 'X-Forwarded-Proto': 'https', Forwarded: `host=${EVIL};proto=https` };

/** fetch() cannot set Host: the call through node:http, with a client's cookies and the SPA's header. */
function hostileCall(base: string, method: string, path: string, options: { json?: unknown; client?: Client } = {}): Promise<{ status: number; body: any }> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { ...HOSTILE, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  if (options.client) headers.Cookie = [...options.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  if (body !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) });
  return new Promise((resolve, reject) => {
    const call = httpRequest(`${base}${path}`, { method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    call.on('error', reject);
    call.end(body);
  });
}

const links = (mail: SentMail) => mail.text.match(/https?:\/\/[^\s"<>]+/g) ?? [];

/** Runs `action` (expecting `status`) and returns the mails it sent. */
async function mailsOf(outbox: string, status: number, action: () => Promise<{ status: number; body: any }>) {
  const before = (await sentMails(outbox)).length;
  const reply = await action();
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  await waitForMails(outbox, before + 1);
  await new Promise((resolve) => setTimeout(resolve, 150)); // the other recipients of the same event
  return { reply, mails: (await sentMails(outbox)).slice(before) };
}

function expectLinksOn(mails: SentMail[], origin: string) {
  for (const mail of mails) {
    expect(links(mail).length, mail.text).toBeGreaterThan(0);
    for (const link of links(mail)) expect(link.startsWith(`${origin}/`), `${mail.subject}: ${link}`).toBe(true);
    expect(mail.text).not.toContain(EVIL);
    // The HTML part's button and links too.
    const hrefs = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
    expect(hrefs.length, mail.subject).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith(`${origin}/`), `${mail.subject}: ${href}`).toBe(true);
    expect(mail.html).not.toContain(EVIL);
  }
}

/** Every kind of mail with a link, each asked for with hostile headers; all its links must start with `origin`. */
async function everyMailLinksTo(base: string, outbox: string, net: Network, origin: string) {
  const [manager, quality] = await Promise.all([loginAs({ url: base }, ACCOUNTS.manager), loginAs({ url: base }, ACCOUNTS.quality)]);

  const reset = await mailsOf(outbox, 200, () => hostileCall(base, 'POST', '/back/password/forgotten', { json: { email: ACCOUNTS.buyer } }));
  expect(reset.mails.map((mail) => mail.subject)).toEqual(['QCFlow: choose a new password']);
  expect(links(reset.mails[0])[0]).toMatch(new RegExp(`^${origin.replace(/\./g, '\\.')}/auth/passwordReset\\?token=`));
  expectLinksOn(reset.mails, origin);

  const welcome = await mailsOf(outbox, 200, () => hostileCall(base, 'GET', `/back/bo/contacts/admin/${net.contacts[ACCOUNTS.inspector]}/welcome`, { client: manager }));
  expect(welcome.mails.map((mail) => mail.subject)).toEqual(['Welcome to QCFlow']);
  expectLinksOn(welcome.mails, origin);

  const body = wizardBody(net, { notification: { doSend: true, tos: [net.contacts[ACCOUNTS.manager]], ccs: [] } });
  const created = await mailsOf(outbox, 201, () => hostileCall(base, 'POST', '/back/bo/services', { json: body, client: quality }));
  // The chosen contact, and the provider's other people told of a service a client ordered.
  expect(created.mails.map((mail) => mail.to)).toContain(ACCOUNTS.manager);
  expect(created.mails.every((mail) => mail.subject.endsWith('created'))).toBe(true);
  expectLinksOn(created.mails, origin);

  const serviceId = created.reply.body.service.serviceId;
  const confirmed = await mailsOf(outbox, 200, () => hostileCall(base, 'POST', '/back/bo/serviceDateLines/acceptDate', { json: { serviceId }, client: manager }));
  expect(confirmed.mails.length).toBeGreaterThan(0);
  // The other parties: confirmed; the provider's people: their order (MANDAT).
  expect(confirmed.mails.every((mail) => mail.subject.endsWith('confirmed') || mail.subject.startsWith('QCFlow: order for service'))).toBe(true);
  expectLinksOn(confirmed.mails, origin);
}

describe('without APP_URL (the default)', () => {
  let dir: string;
  let net: Network;
  let server: ServerProcess;
  let location: StoreLocation;

  beforeAll(async () => {
    dir = await tempDir();
    // Seeded first, so the test knows the demo ids of the store the server then opens.
    location = await storeLocation(dir);
    const seeded = await openStore({ ...location, seed: 'demo' });
    net = await network(testStore(seeded.db));
    await seeded.db.close();
    server = await startProcess({ ...storeEnv(location), OUTBOX_DIR: join(dir, 'outbox'), TRUST_PROXY: '1' });
  }, 120_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await location?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('every e-mailed link goes to the server’s own HOST and PORT, whatever Host, Origin and X-Forwarded-* say (even with TRUST_PROXY)', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await everyMailLinksTo(server.url, join(dir, 'outbox'), net, server.url);
  });
});

describe('with APP_URL', () => {
  const APP_URL = 'https://qcflow.example.com';
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ appUrl: `${APP_URL}/` });
  });
  afterAll(() => server?.close());

  it('every e-mailed link goes to APP_URL, whatever Host, Origin and X-Forwarded-* say', async () => {
    await everyMailLinksTo(server.url, server.outbox!, await network(server.store), APP_URL);
  });
});
