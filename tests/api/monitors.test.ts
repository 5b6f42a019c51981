import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../server/identity';
import { ACCOUNTS, Client, loginAs, shiftDay, startServer, today, type TestServer } from './helpers';

/** The admin monitors (docs/identity.md "Administration"): login events and server logs, SUPER_ADMIN only, with their filters. */
let server: TestServer;
let admin: Client;

const EVENTS = '/back/bo/admin/loginEvent/';
const LOGS = '/back/bo/admin/serverLogs/';
type Row = Record<string, any>;
const contactOf = async (email: string) => (await server.store.find<Contact>('contacts', (contact) => contact.email === email))[0];

beforeAll(async () => {
  server = await startServer();
  admin = await loginAs(server, ACCOUNTS.admin);
});
afterAll(() => server?.close());

describe('access', () => {
  it('is for SUPER_ADMIN only (403 for managers, even of another universe)', async () => {
    for (const email of [ACCOUNTS.manager, ACCOUNTS.quality, ACCOUNTS.buyer, ACCOUNTS.outsider]) {
      const client = await loginAs(server, email);
      expect((await client.get(EVENTS)).status, email).toBe(403);
      expect((await client.get(LOGS)).status, email).toBe(403);
    }
    expect((await new Client(server.url).get(EVENTS)).status).toBe(403);
    expect((await admin.get(EVENTS)).status).toBe(200);
    expect((await admin.get(LOGS)).status).toBe(200);
  });

  it('is read-only', async () => {
    expect((await admin.post('/back/bo/admin/loginEvent', { ip: '1.2.3.4' })).status).toBe(404);
    expect((await admin.delete('/back/bo/admin/serverLogs/1')).status).toBe(404);
  });
});

describe('login events', () => {
  it('shows the universe and the unknown e-mails, newest first, not the other universe', async () => {
    const rows: Row[] = (await admin.get(EVENTS)).body;
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.map((row) => row.loginEventId)).toEqual([...rows.map((row) => row.loginEventId)].sort((a, b) => b - a));
    expect(rows.every((row) => row.universeId === 1 || row.universeId === null)).toBe(true);
    expect(rows.some((row) => row.universeId === null && row.loginEventType === 'FAILURE')).toBe(true);
    expect(rows.some((row) => row.email === ACCOUNTS.outsider)).toBe(false);
  });

  it('shows records of no universe only to the platform’s own administrators, not to a customer’s super admin', async () => {
    const other = await startServer();
    try {
      // Northwind's manager made SUPER_ADMIN of their own universe: rules it, not the platform.
      const outsider = (await other.store.find<Contact>('contacts', (contact) => contact.email === ACCOUNTS.outsider))[0];
      await other.store.update<Contact>('contacts', outsider.contactId, (contact) => ({ ...contact, account: { ...contact.account!, profiles: ['SUPER_ADMIN'] } }));
      await new Client(other.url).login('nobody@nowhere.test', 'x');
      const customerAdmin = await loginAs(other, ACCOUNTS.outsider);
      const seen: Row[] = (await customerAdmin.get(EVENTS)).body;
      expect(seen.some((row) => row.email === ACCOUNTS.outsider)).toBe(true);
      expect(seen.filter((row) => row.universeId === null)).toEqual([]);
      const logs: Row[] = (await customerAdmin.get(LOGS)).body;
      expect(logs.filter((row) => row.universeId === null)).toEqual([]);
      const platformNoUniverse = (await loginAs(other, ACCOUNTS.admin).then((client) => client.get(EVENTS))).body.filter((row: Row) => row.universeId === null);
      expect(platformNoUniverse.some((row: Row) => row.email === 'nobody@nowhere.test')).toBe(true);
      const id = platformNoUniverse[0].loginEventId;
      expect((await customerAdmin.get(`/back/bo/admin/loginEvent/${id}`)).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('records a failed login with the address 127.0.0.1, found by ip, type, contact and company', async () => {
    await new Client(server.url).login(ACCOUNTS.quality, 'not-my-password');
    const quality = await contactOf(ACCOUNTS.quality);
    const rows: Row[] = (await admin.get(EVENTS, { ip: '127.0.0.1', loginEventType: 'FAILURE' })).body;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: ACCOUNTS.quality, ip: '127.0.0.1', loginEventType: 'FAILURE', contactId: quality.contactId, companyId: quality.companyId });
    expect(rows[0].date.slice(0, 10)).toBe(today());
    const byContact: Row[] = (await admin.get(EVENTS, { contactId: quality.contactId })).body;
    expect(byContact.length).toBeGreaterThan(1);
    expect(byContact.every((row) => row.contactId === quality.contactId)).toBe(true);
    const byCompany: Row[] = (await admin.get(EVENTS, { companyId: quality.companyId, loginEventType: 'FAILURE' })).body;
    expect(byCompany.map((row) => row.loginEventId)).toContain(rows[0].loginEventId);
    expect(byCompany.every((row) => row.companyId === quality.companyId && row.loginEventType === 'FAILURE')).toBe(true);
  });

  it('filters by date range, both ends inclusive', async () => {
    const all: Row[] = (await admin.get(EVENTS)).body;
    const from = shiftDay(today(), -10);
    const to = shiftDay(today(), -3);
    const ranged: Row[] = (await admin.get(EVENTS, { fromDate: from, toDate: to })).body;
    const expected = all.filter((row) => row.date.slice(0, 10) >= from && row.date.slice(0, 10) <= to);
    expect(ranged.map((row) => row.loginEventId)).toEqual(expected.map((row) => row.loginEventId));
    expect(ranged.length).toBeLessThan(all.length);
    const todays: Row[] = (await admin.get(EVENTS, { fromDate: today(), toDate: today() })).body;
    expect(todays.every((row) => row.date.startsWith(today()))).toBe(true);
    expect(todays.length).toBeGreaterThan(0); // the logins of this test file
  });

  it('shows an impersonation as IMPERSONATE with the impersonator', async () => {
    const support = await loginAs(server, ACCOUNTS.admin);
    expect((await support.get('/back/login/impersonate', { username: ACCOUNTS.manager })).status).toBe(200);
    const rows: Row[] = (await admin.get(EVENTS, { loginEventType: 'IMPERSONATE', ip: '127.0.0.1' })).body;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: ACCOUNTS.manager, contactId: (await contactOf(ACCOUNTS.manager)).contactId, impersonatorId: (await contactOf(ACCOUNTS.admin)).contactId });
  });

  it('refuses malformed criteria (400)', async () => {
    expect((await admin.get(EVENTS, { loginEventType: 'HACKED' })).status).toBe(400);
    expect((await admin.get(EVENTS, { fromDate: '2026-13-01' })).status).toBe(400);
    expect((await admin.get(EVENTS, { contactId: 'me' })).status).toBe(400);
  });
});

describe('server logs', () => {
  it('filters by level and application', async () => {
    for (const [level, application] of [['WARN', 'SECURITY'], ['ERROR', 'MAIL'], ['INFO', 'SERVER']]) {
      const rows: Row[] = (await admin.get(LOGS, { level, application })).body;
      expect(rows.length, `${level} ${application}`).toBeGreaterThan(0);
      expect(rows.every((row) => row.level === level && row.application === application)).toBe(true);
    }
    expect((await admin.get(LOGS, { level: 'LOUD' })).status).toBe(400);
  });

  it('filters by contact, company and date; a lock written by the server shows up', async () => {
    const buyer = await contactOf(ACCOUNTS.buyer);
    const client = new Client(server.url);
    for (let i = 0; i < 5; i++) await client.login(ACCOUNTS.buyer, 'wrong-password');
    const rows: Row[] = (await admin.get(LOGS, { contactId: buyer.contactId, fromDate: today(), toDate: today() })).body;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ level: 'WARN', application: 'SECURITY', companyId: buyer.companyId });
    expect(rows[0].message).toContain(`Account ${ACCOUNTS.buyer} locked`);
    const byCompany: Row[] = (await admin.get(LOGS, { companyId: buyer.companyId })).body;
    expect(byCompany.map((row) => row.serverLogId)).toContain(rows[0].serverLogId);
    expect(byCompany.every((row) => row.companyId === buyer.companyId)).toBe(true);
    const before: Row[] = (await admin.get(LOGS, { contactId: buyer.contactId, toDate: shiftDay(today(), -1) })).body;
    expect(before).toEqual([]);
  });
});
