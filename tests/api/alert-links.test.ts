import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS } from '../../server/routes/alerts';
import { ACCOUNTS, loginAs, type Client, startServer, storedContactByEmail, type TestServer } from './helpers';
import { insertService } from './service-fixtures';

/**
 * A live alert links to the record it is about (its page, or its search screen with `?open=<id>`),
 * never to a bare list, and the record behind the link exists and opens for the alert's reader.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

interface Screen {
  route: string;
  entity?: string;
  sheet?: unknown;
}

/** Every alert the reader gets links to one record that opens for them: its screen is theirs, its record answers 200. */
async function expectOpenableAlerts(reader: Client, minimum = 1) {
    const schemas = (await reader.get('/back/schemas')).body as { screens: Screen[]; entities: Record<string, { 'x-api': string }> };
    const { alerts } = (await reader.get('/back/alerts/')).body as { alerts: { title: string; titleLink?: string }[] };
    expect(alerts.length).toBeGreaterThanOrEqual(minimum);
    for (const alert of alerts) {
      const link = alert.titleLink ?? '';
      const service = /^\/services\/(\d+)$/.exec(link);
      const record = /^([^?]+)\?open=(\d+)$/.exec(link);
      expect(service ?? record, `${alert.title}: ${link}`).toBeTruthy();
      let api: string;
      if (service) api = `/back/bo/services/${service[1]}`;
      else {
        const screen = schemas.screens.find((candidate) => candidate.route === record![1]);
        expect(screen?.sheet, `${link} names a screen with a sheet`).toBeTruthy();
        api = `${schemas.entities[screen!.entity!]['x-api']}/${record![2]}`;
      }
      expect((await reader.get(api)).status, `${alert.title}: ${api}`).toBe(200);
    }
}

/** A CAPA the quality director opens (the supplier has no CAPA screen). */
async function capaLink(quality: Client) {
  const [capa] = (await quality.get('/back/bo/capas/')).body as { capaId: number }[];
  return `/capas/capa/search?open=${capa.capaId}`;
}

async function addAlert(email: string, titleLink: string, title: string) {
  const contact = (await storedContactByEmail(server.store, email))!;
  await server.store.transaction((tx) =>
    tx.insert(ALERTS, 'alertId', { contactId: contact.contactId, universeId: contact.universeId, level: 'INFO', title, message: title, titleLink, creationDate: new Date().toISOString(), read: false, shown: false }),
  );
}

describe('live alert links', () => {
  it('point at one record the reader can open', async () => {
    await expectOpenableAlerts(await loginAs(server, ACCOUNTS.quality));
  });

  it('of the demo data reach only readers who can open them: no CAPA alert for the supplier', async () => {
    for (const email of Object.values(ACCOUNTS)) await expectOpenableAlerts(await loginAs(server, email), 0);
    const sales = await loginAs(server, ACCOUNTS.sales);
    const { alerts } = (await sales.get('/back/alerts/')).body as { alerts: { title: string; titleLink?: string }[] };
    expect(alerts.filter((alert) => alert.titleLink?.startsWith('/capas/'))).toEqual([]);
  });

  it('are never delivered, at poll or in the list, to a reader who cannot open what they link to', async () => {
    const quality = await loginAs(server, ACCOUNTS.quality);
    const link = await capaLink(quality);
    await addAlert(ACCOUNTS.sales, link, 'CAPA overdue (hidden)');
    await addAlert(ACCOUNTS.quality, link, 'CAPA overdue (shown)');
    const sales = await loginAs(server, ACCOUNTS.sales);
    const poll = (await sales.get('/back/alerts/poll')).body as { count: number; snacks: { title: string }[] };
    expect(poll.snacks.map((snack) => snack.title)).not.toContain('CAPA overdue (hidden)');
    const list = (await sales.get('/back/alerts/')).body as { alerts: { title: string }[] };
    expect(list.alerts.map((alert) => alert.title)).not.toContain('CAPA overdue (hidden)');
    expect(poll.count).toBe(list.alerts.filter((alert) => !(alert as { read?: boolean }).read).length);
    expect(((await quality.get('/back/alerts/poll')).body as { snacks: { title: string }[] }).snacks.map((snack) => snack.title)).toContain('CAPA overdue (shown)');
  });

  it('of a service are created only for party members whose role opens the service page', async () => {
    const quality = await loginAs(server, ACCOUNTS.quality);
    const service = await insertService(server.store);
    const before = (await server.store.find(ALERTS, () => true)).length;
    // The inspector's account without its profile: no flag opens the service page.
    const inspector = (await storedContactByEmail(server.store, ACCOUNTS.inspector))!;
    const account = { ...inspector.account };
    await server.store.transaction((tx) => tx.update('contacts', inspector.contactId, (contact) => ({ ...contact, account: { ...account, profiles: [] } })));
    // A change by the decision maker alerts the provider's people: the manager, not a member without the service screen.
    const reply = await quality.patch(`/back/bo/services/${String(service.serviceId)}/CANCEL`, {}, { version: Number(service.version) });
    await server.store.transaction((tx) => tx.update('contacts', inspector.contactId, (contact) => ({ ...contact, account })));
    expect(reply.status, reply.text).toBe(200);
    const created = (await server.store.find(ALERTS, () => true)).slice(before);
    const to = async (email: string) => {
      const { contactId } = (await storedContactByEmail(server.store, email))!;
      return created.filter((alert) => alert.contactId === contactId);
    };
    expect((await to(ACCOUNTS.manager)).length).toBeGreaterThan(0);
    expect(await to(ACCOUNTS.inspector)).toEqual([]);
  });
});
