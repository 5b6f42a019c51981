import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { ACCOUNTS, loginAs, shiftDay, startWithLogins, storedContactByEmail, today, type Client, type Reply, type TestServer } from './helpers';
import { mailCount, sentMails, type SentMail } from './outbox';
import { refusedWithoutWrites } from './refused';
import { insertService, network, type Network } from './service-fixtures';

/**
 * The universe profile's settings (docs/profiles.md "The universe profile"): its admin configuration
 * (`/back/bo/profile/universe`, IMPERSONATE or SUPER_ADMIN), its notification types turned off
 * (`/notificationconfig`, read by the mailer) and its companies section (a screen `like` the companies'
 * search). Always the caller's own universe; every refusal writes nothing.
 */
let server: TestServer;
let admin: Client, quality: Client, manager: Client, sales: Client, outsider: Client;
/** A super admin of the other universe (Northwind's). */
let otherAdmin: Client;
let net: Network;
let watch: WriteWatch;

const ADMIN_CONFIG = '/back/bo/profile/universe';
const NOTIFICATIONS = '/back/bo/profile/universe/notificationconfig';

beforeAll(async () => {
  ({ server, clients: { admin, quality, manager, sales, outsider } } = await startWithLogins(['admin', 'quality', 'manager', 'sales', 'outsider']));
  net = await network(server.store);
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
  const { contactId: _id, version: _version, ...fields } = (await storedContactByEmail(server.store, ACCOUNTS.outsider))!;
  await server.store.insert('contacts', 'contactId', { ...fields, email: 'universe.owner@other.test', account: { ...fields.account!, profiles: ['SUPER_ADMIN'] } });
  otherAdmin = await loginAs(server, 'universe.owner@other.test');
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

const refused = (status: number, call: () => Promise<Reply>): Promise<Reply> => refusedWithoutWrites(watch, status, call);
const ok = (reply: Reply) => {
  expect(reply.status, reply.text.slice(0, 400)).toBe(200);
  return reply.body;
};
const paths = (reply: Reply) => (reply.body.errors as { path: string }[]).map((error) => error.path).sort();

/** The mails an action sends, once the server's after-answer work has settled. */
async function mailsOf(action: () => Promise<unknown>): Promise<SentMail[]> {
  const before = await mailCount(server);
  await action();
  await server.settled();
  return (await sentMails(server.outbox!)).slice(before);
}

/** Sales (the supplier) postpones a confirmed service: SERVICE_POSTPONED to every party. */
async function postponeMails(): Promise<SentMail[]> {
  const fields = { serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true };
  const id = (await insertService(server.store, { fields })).serviceId as number;
  return mailsOf(async () => ok(await sales.post('/back/bo/serviceDateLines/postpone', { serviceId: id, startDate: shiftDay(today(), 47) })));
}

describe('{product}AdminConfig: GET, PUT /back/bo/profile/universe', () => {
  it('a super admin reads and changes its universe; segregated reaches the profile the role picker reads', async () => {
    const before = ok(await admin.get(ADMIN_CONFIG));
    expect(before).toEqual({ universeId: net.universeId, name: 'Maison Lumière network', segregated: false, version: expect.any(Number) });
    try {
      const saved = ok(await admin.put(ADMIN_CONFIG, { name: '  Maison Lumière network  ', segregated: true, version: before.version }));
      expect(saved).toEqual({ universeId: net.universeId, name: 'Maison Lumière network', segregated: true, version: before.version + 1 });
      expect(ok(await quality.get('/back/auth/profile')).segregatedUniverse).toBe(true);
      // A stale version: 409, nothing written.
      await refused(409, () => admin.put(ADMIN_CONFIG, { name: 'Renamed', segregated: false, version: before.version }));
    } finally {
      ok(await admin.put(ADMIN_CONFIG, { name: before.name, segregated: false }));
    }
    expect(ok(await quality.get('/back/auth/profile')).segregatedUniverse).toBe(false);
  });

  it('IMPERSONATE or SUPER_ADMIN only: managers and others 403, nothing written', async () => {
    for (const client of [quality, manager, sales, outsider]) {
      await refused(403, () => client.get(ADMIN_CONFIG));
      await refused(403, () => client.put(ADMIN_CONFIG, { name: 'Taken over', segregated: true }));
    }
    expect(ok(await admin.get(ADMIN_CONFIG))).toMatchObject({ name: 'Maison Lumière network', segregated: false });
  });

  it('checks the body against the universe schema: 400 naming the fields, nothing written', async () => {
    expect(paths(await refused(400, () => admin.put(ADMIN_CONFIG, { name: '   ', segregated: false })))).toEqual(['/name']);
    expect(paths(await refused(400, () => admin.put(ADMIN_CONFIG, { segregated: false })))).toEqual(['/name']);
    expect(paths(await refused(400, () => admin.put(ADMIN_CONFIG, { name: 'x'.repeat(201), segregated: 'yes' })))).toEqual(['/name', '/segregated']);
    expect(paths(await refused(400, () => admin.put(ADMIN_CONFIG, { name: 'Other', universeId: 99 })))).toEqual(['/universeId']);
    expect(paths(await refused(400, () => admin.put(ADMIN_CONFIG, { name: 'Other', version: 'one' })))).toEqual(['/version']);
    await refused(400, () => admin.put(ADMIN_CONFIG, [{ name: 'Other' }]));
  });

  it('a super admin of another universe reads and changes its own universe only', async () => {
    const own = ok(await otherAdmin.get(ADMIN_CONFIG));
    expect(own).toMatchObject({ name: 'Northwind network', segregated: false });
    expect(own.universeId).not.toBe(net.universeId);
    try {
      expect(ok(await otherAdmin.put(ADMIN_CONFIG, { name: 'Northwind network', segregated: true }))).toMatchObject({ universeId: own.universeId, segregated: true });
      expect(ok(await admin.get(ADMIN_CONFIG))).toMatchObject({ universeId: net.universeId, segregated: false });
      expect((await server.store.get('universes', net.universeId))!.segregated).toBe(false);
    } finally {
      ok(await otherAdmin.put(ADMIN_CONFIG, { name: 'Northwind network', segregated: false }));
    }
  });
});

describe('notificationConfig: GET, PUT /back/bo/profile/universe/notificationconfig', () => {
  it('nothing is off until set; universe admins who are managers (here the super admin) only, others 403 and nothing written', async () => {
    expect(ok(await admin.get(NOTIFICATIONS))).toEqual({ universeId: net.universeId, disabledTypes: [] });
    for (const client of [quality, manager, sales, outsider]) {
      await refused(403, () => client.get(NOTIFICATIONS));
      await refused(403, () => client.put(NOTIFICATIONS, { disabledTypes: ['SERVICE_POSTPONED'] }));
    }
    expect(await server.store.get('universeNotificationConfigs', net.universeId)).toBeUndefined();
  });

  it('checks the body: known types, once each, a list; unknown keys refused (400, nothing written)', async () => {
    expect(paths(await refused(400, () => admin.put(NOTIFICATIONS, { disabledTypes: ['NOT_A_TYPE'] })))).toEqual(['/disabledTypes/0']);
    expect(paths(await refused(400, () => admin.put(NOTIFICATIONS, { disabledTypes: 'SERVICE_POSTPONED' })))).toEqual(['/disabledTypes']);
    expect(paths(await refused(400, () => admin.put(NOTIFICATIONS, { disabledTypes: ['MANDAT', 'MANDAT'] })))).toEqual(['/disabledTypes']);
    expect(paths(await refused(400, () => admin.put(NOTIFICATIONS, { disabledTypes: [], universeId: 2 })))).toEqual(['/universeId']);
    expect(await server.store.get('universeNotificationConfigs', net.universeId)).toBeUndefined();
  });

  it('a type turned off for the universe stops its e-mails to everyone of the universe (the live alerts stay); the other universe is not touched', async () => {
    const sent = await postponeMails();
    expect(sent.map((mail) => mail.to).sort()).toEqual([ACCOUNTS.buyer, ACCOUNTS.inspector, ACCOUNTS.manager, ACCOUNTS.quality].sort());

    // Another universe's super admin turns the type off for its own universe only.
    expect(ok(await otherAdmin.put(NOTIFICATIONS, { disabledTypes: ['SERVICE_POSTPONED'] }))).toMatchObject({ disabledTypes: ['SERVICE_POSTPONED'], version: 1 });
    expect((await postponeMails()).length).toBe(4);

    const saved = ok(await admin.put(NOTIFICATIONS, { disabledTypes: ['SERVICE_POSTPONED', 'MANDAT'] }));
    expect(saved).toEqual({ universeId: net.universeId, disabledTypes: ['SERVICE_POSTPONED', 'MANDAT'], version: 1 });
    try {
      const alertsBefore = (ok(await quality.get('/back/alerts/')).alerts as Row[]).length;
      expect(await postponeMails()).toEqual([]);
      expect((ok(await quality.get('/back/alerts/')).alerts as Row[]).length).toBeGreaterThan(alertsBefore);
      // The notification form's default recipients follow: none for a type turned off.
      const service = (await insertService(server.store)).serviceId as number;
      expect(ok(await quality.get(`/back/bo/notify/services/${service}/rules/SERVICE_POSTPONED`)).tos).toEqual([]);
      expect(ok(await quality.get(`/back/bo/notify/services/${service}/rules/SERVICE_CANCELED`)).tos.length).toBeGreaterThan(0);
      // Chosen on the form, it still mails nobody.
      const form = { tos: [net.contacts[ACCOUNTS.manager]], subject: 'Postponed' };
      expect(await mailsOf(async () => expect(ok(await quality.post(`/back/bo/notify/services/${service}/rules/SERVICE_POSTPONED`, form)).sent).toEqual([]))).toEqual([]);
      // A stale version: 409, nothing written.
      await refused(409, () => admin.put(NOTIFICATIONS, { disabledTypes: [], version: 7 }));
    } finally {
      expect(ok(await admin.put(NOTIFICATIONS, { disabledTypes: [], version: 1 }))).toEqual({ universeId: net.universeId, disabledTypes: [], version: 2 });
      ok(await otherAdmin.put(NOTIFICATIONS, { disabledTypes: [] }));
    }
    expect((await postponeMails()).length).toBe(4);
  });
});

describe('the universe profile screens', () => {
  it('companies is the companies search (a screen like /companies/search) for universe admins who are managers; the others see its route closed', async () => {
    const forAdmin = ok(await admin.get('/back/schemas'));
    const screen = (forAdmin.screens as Row[]).find((row) => row.route === '/profileUniverse/companies')!;
    const search = (forAdmin.screens as Row[]).find((row) => row.route === '/companies/search')!;
    expect(screen).toMatchObject({ type: 'search', entity: 'company', search: 'company', readOnly: true, parent: '/profileUniverse', title: 'screen.universeCompanies' });
    expect(screen.columns).toEqual(search.columns);
    expect(screen.rowActions).toEqual(search.rowActions);
    expect(screen).not.toHaveProperty('like');
    const routes = (rows: Row[]) => rows.map((row) => row.route);
    expect(routes(forAdmin.screens)).toEqual(expect.arrayContaining(['/profileUniverse/adminConfig', '/profileUniverse/notificationConfig']));
    const forQuality = ok(await quality.get('/back/schemas'));
    expect(forQuality.closedRoutes).toEqual(expect.arrayContaining(['/profileUniverse', '/profileUniverse/companies', '/profileUniverse/adminConfig', '/profileUniverse/notificationConfig']));
  });
});
