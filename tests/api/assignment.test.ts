import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDay, startWithLogins, today, type Client, type Reply, type TestServer } from './helpers';
import { mailCount, sentMails } from './outbox';
import { fieldMessages, footprint, insertService, network, type Network } from './service-fixtures';

/** docs/services.md "Assignment": the provider puts its contributors on a service day by day (spec §4, §5, §6.4, §7.4). */
let server: TestServer;
let net: Network;
let manager: Client;
let quality: Client;
let sales: Client;
let admin: Client;
let outsider: Client;
let inspector: Client;

const FORM = '/back/bo/pln/planning/assignment-form';
const ATTENDEES = '/back/bo/pln/planning/attendees';
let nextStart = 200;

beforeAll(async () => {
  ({ server, clients: { manager, quality, sales, admin, outsider, inspector } } = await startWithLogins(['manager', 'quality', 'sales', 'admin', 'outsider', 'inspector']));
  net = await network(server.store);
});
afterAll(() => server?.close());

/** A confirmed 3-day service Lumière ordered from Atlas at Shenzhen Textile Co. */
async function confirmedService(fields: Record<string, unknown> = {}) {
  const startDate = shiftDay(today(), nextStart);
  nextStart += 10;
  const service = await insertService(server.store, { startDate, endDate: shiftDay(startDate, 2), fields: { serviceStep: 'CONFIRMED', providerConfirmed: true, dateRelevance: 'ACCEPTED', ...fields } });
  const days = [0, 1, 2].map((n) => shiftDay(startDate, n));
  return { serviceId: service.serviceId as number, startDate, days };
}

const contactNamed = async (first: string, last: string) =>
  (await server.store.find('contacts', (row) => row.firstName === first && row.lastName === last))[0].contactId as number;

const roles = (days: string[], ...typePlannings: string[]) => days.map((date, i) => ({ date, typePlanning: typePlannings[i] ?? typePlannings.at(-1) }));

/** The assignment collection and the service's footprint are the same after the refused call. */
async function refused(serviceId: number, call: () => Promise<Reply>, status: number): Promise<Reply> {
  // A save's mission order (alert and e-mail) comes after its answer: not the refused call's write.
  await server.settled();
  const before = [await server.store.all('assignments'), await footprint(server.store, serviceId)];
  const reply = await call();
  expect(reply.status, reply.text).toBe(status);
  expect([await server.store.all('assignments'), await footprint(server.store, serviceId)], 'nothing written').toEqual(before);
  return reply;
}

describe('assignment form', () => {
  it('GET: an empty assignment over the service dates, with the options the provider may use', async () => {
    const { serviceId, startDate, days } = await confirmedService();
    const reply = await manager.get(`${FORM}?serviceId=${serviceId}`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ serviceId, startDate, endDate: days[2], readOnly: false, assignments: [], options: { includeContributorUniverse: true, includeRepresentative: true } });
  });

  it('POST saves the roles, fills names from the store, updates the service and its history; GET reads it back', async () => {
    const { serviceId, days } = await confirmedService();
    const tom = net.contacts['inspector@inspect.test'];
    const mei = await contactNamed('Mei', 'Lin');
    const body = {
      serviceId,
      endDate: days[2],
      assignments: [
        { contactId: tom, typePlannings: roles(days, 'FIELD_LEADER', 'FIELD_BACKUP', 'FIELD_LEADER') },
        { contactId: mei, typePlannings: roles(days, 'FIELD_BACKUP', 'FIELD_LEADER', 'NOT_ON_FIELD') },
      ],
    };
    const saved = await manager.post(FORM, body);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.assignments.map((one: any) => [one.fullName, one.acronym, one.representative])).toEqual([['Tom Becker', 'TB', false], ['Mei Lin', 'ML', false]]);
    const [record] = await server.store.find('assignments', (row) => row.serviceId === serviceId);
    expect(record).toMatchObject({ serviceProvider: net.atlas, universeId: net.universeId, startDate: days[0], endDate: days[2], contactIds: [tom, mei] });
    expect((await server.store.get('services', serviceId))!.contributors).toEqual([tom, mei]);
    // Five field days (NOT_ON_FIELD is none): the service's man-days, which the KPIs sum.
    expect((await server.store.get('services', serviceId))!.manDays).toBe(5);
    const history = await server.store.find('serviceHistory', (row) => row.serviceId === serviceId);
    expect(history.map((event) => event.event)).toContain('ASSIGNED');
    // Contributors on the field: the confirmed service is now the provider's to perform (docs/tasks.md).
    const tasks = await server.store.find('tasks', (row) => row.serviceId === serviceId && row.status === 'OPEN');
    expect(tasks.map((task) => [task.type, task.companyId])).toEqual([['SERVICE_TO_PERFORM', net.atlas]]);
    const read = await manager.get(`${FORM}?serviceId=${serviceId}`);
    expect(read.body.assignments[1].typePlannings.map((role: any) => role.typePlanning)).toEqual(['FIELD_BACKUP', 'FIELD_LEADER', 'NOT_ON_FIELD']);

    // A later end date is the service's too; saving again replaces the one record.
    const longer = [...days, shiftDay(days[2], 1)];
    const extended = await manager.post(FORM, { serviceId, endDate: longer[3], assignments: [{ contactId: tom, typePlannings: roles(longer, 'FIELD_LEADER') }] });
    expect(extended.status, extended.text).toBe(200);
    expect((await server.store.get('services', serviceId))!.endDate).toBe(longer[3]);
    expect(await server.store.find('assignments', (row) => row.serviceId === serviceId)).toHaveLength(1);
  });

  it('a contributor newly on the field gets a mission order (MISSION_ORDER), once; a representative or one off the field none', async () => {
    const { serviceId, days } = await confirmedService();
    const tom = net.contacts['inspector@inspect.test'];
    const mei = await contactNamed('Mei', 'Lin');
    const number = (await server.store.get('services', serviceId))!.number;
    // This service's mails, once the server's after-answer mails are out.
    const missionsOf = async () => {
      await server.settled();
      return (await sentMails(server.outbox!)).filter((mail) => mail.subject.includes(String(number)));
    };
    const first = await manager.post(FORM, { serviceId, endDate: days[2], assignments: [{ contactId: tom, typePlannings: roles(days, 'FIELD_LEADER') }, { contactId: mei, typePlannings: roles(days, 'NOT_ON_FIELD') }] });
    expect(first.status, first.text).toBe(200);
    const missions = await missionsOf();
    expect(missions.map((mail) => [mail.to, mail.subject])).toEqual([['inspector@inspect.test', `QCFlow: mission order for ${String(number)}`]]);
    // Saving again: Tom, already told, is not told again; Mei, now on the field, is.
    const again = await manager.post(FORM, { serviceId, endDate: days[2], assignments: [{ contactId: tom, typePlannings: roles(days, 'FIELD_BACKUP', 'FIELD_LEADER') }, { contactId: mei, typePlannings: roles(days, 'FIELD_LEADER', 'NOT_ON_FIELD') }] });
    expect(again.status, again.text).toBe(200);
    const meiMail = (await server.store.get('contacts', mei))!.email;
    const both = await missionsOf();
    expect(both.slice(1).map((mail) => mail.to)).toEqual([meiMail]);
    // And nothing more comes.
    expect(both).toHaveLength(2);
  });

  it('a day on the field without a leader: 422 with the spec\u2019s message, nothing written', async () => {
    const { serviceId, days } = await confirmedService();
    const tom = net.contacts['inspector@inspect.test'];
    const reply = await refused(serviceId, () => manager.post(FORM, { serviceId, endDate: days[2], assignments: [{ contactId: tom, typePlannings: roles(days, 'FIELD_LEADER', 'FIELD_BACKUP', 'FIELD_LEADER') }] }), 422);
    expect(reply.body).toMatchObject({ exception: 'BusinessException', message: 'You need to assign one leader per service day' });
    // A day where nobody is on the field needs no leader.
    const off = await manager.post(FORM, { serviceId, endDate: days[2], assignments: [{ contactId: tom, typePlannings: roles(days, 'FIELD_LEADER', 'NOT_ON_FIELD', 'FIELD_LEADER') }] });
    expect(off.status, off.text).toBe(200);
  });

  it('no leader at all, or an end date before the start: 422, nothing written', async () => {
    const { serviceId, days } = await confirmedService();
    const tom = net.contacts['inspector@inspect.test'];
    const none = await refused(serviceId, () => manager.post(FORM, { serviceId, endDate: days[2], assignments: [{ contactId: tom, typePlannings: roles(days, 'FIELD_BACKUP') }] }), 422);
    expect(none.body.message).toBe('You need a leader');
    const early = await refused(serviceId, () => manager.post(FORM, { serviceId, endDate: shiftDay(days[0], -1), assignments: [] }), 422);
    expect(early.body.message).toBe('The end date cannot be before the start date');
  });

  it('bad bodies: 400 at the field, nothing written', async () => {
    const { serviceId, days } = await confirmedService();
    const tom = net.contacts['inspector@inspect.test'];
    const post = async (body: unknown) => fieldMessages((await refused(serviceId, () => manager.post(FORM, body), 400)).body);
    const row = (typePlannings: unknown, contactId: unknown = tom) => ({ serviceId, endDate: days[2], assignments: [{ contactId, typePlannings }] });
    expect(await post({ endDate: days[2], assignments: [] })).toEqual({ '/serviceId': 'invalid value' });
    expect(await post({ serviceId: 'x', endDate: days[2], assignments: [] })).toEqual({ '/serviceId': 'invalid value' });
    expect(await post({ serviceId, endDate: days[2], assignments: [], note: 'hi' })).toEqual({ '/note': 'unknown field' });
    expect(Object.keys(await post({ serviceId, assignments: [] }))).toEqual(['/endDate']);
    expect(Object.keys(await post(row(roles(days, 'FIELD_LEADER', 'BOSS', 'FIELD_LEADER'))))).toEqual(['/assignments/0/typePlannings/1/typePlanning']);
    expect(await post(row(roles(days.slice(0, 2), 'FIELD_LEADER')))).toEqual({ '/assignments/0/typePlannings': 'one role per service day, from the start date to the end date' });
    // Someone of another universe is no candidate; a representative's cells stay REPRESENTATIVE; nobody twice.
    const northwindContact = (await server.store.find('contacts', (contact) => contact.companyId === net.northwind))[0].contactId;
    expect(await post(row(roles(days, 'FIELD_LEADER'), northwindContact))).toEqual({ '/assignments/0/contactId': 'unknown or unavailable value' });
    expect(await post(row(roles(days, 'FIELD_LEADER'), net.shenzhenContact))).toMatchObject({ '/assignments/0/typePlannings/0/typePlanning': "a representative's days cannot be changed" });
    expect(await post(row(roles(days, 'REPRESENTATIVE')))).toMatchObject({ '/assignments/0/typePlannings/0/typePlanning': "only another party's contacts are representatives" });
    const twice = { serviceId, endDate: days[2], assignments: [{ contactId: tom, typePlannings: roles(days, 'FIELD_LEADER') }, { contactId: tom, typePlannings: roles(days, 'FIELD_BACKUP') }] };
    expect(await post(twice)).toEqual({ '/assignments/1/contactId': 'listed more than once' });
  });

  it('a save with the version read is refused (409, nothing written) once another save came in between', async () => {
    const { serviceId, days } = await confirmedService();
    const tom = net.contacts['inspector@inspect.test'];
    const body = (typePlanning: string, version?: number) => ({ serviceId, version, endDate: days[2], assignments: [{ contactId: tom, typePlannings: roles(days, typePlanning) }] });
    const empty = await manager.get(`${FORM}?serviceId=${serviceId}`);
    expect(empty.body.version).toBeUndefined();
    // The first save creates the record; then two popups read its version: the first to save wins, the other is refused.
    const first = await manager.post(FORM, body('FIELD_LEADER'));
    expect(first.status, first.text).toBe(200);
    const read = first.body.version as number;
    expect(read).toBeGreaterThanOrEqual(1);
    const second = await manager.post(FORM, body('FIELD_LEADER', read));
    expect(second.status, second.text).toBe(200);
    expect(second.body.version).toBe(read + 1);
    const stale = await refused(serviceId, () => manager.post(FORM, body('FIELD_LEADER', read)), 409);
    expect(stale.body.message).toBe('This record was changed by someone else meanwhile; reload it and try again');
    expect(fieldMessages((await refused(serviceId, () => manager.post(FORM, body('FIELD_LEADER', 'two' as unknown as number)), 400)).body)).toEqual({ '/version': 'wrong type' });
  });

  it('a representative of a party joins read-only next to a leader', async () => {
    const { serviceId, days } = await confirmedService();
    const reply = await manager.post(FORM, {
      serviceId, endDate: days[2],
      assignments: [
        { contactId: net.contacts['inspector@inspect.test'], typePlannings: roles(days, 'FIELD_LEADER') },
        { contactId: net.shenzhenContact, typePlannings: roles(days, 'REPRESENTATIVE') },
      ],
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.assignments[1]).toMatchObject({ contactId: net.shenzhenContact, representative: true });
  });

  it('the service\u2019s other parties: 403; a service out of reach or unknown: 404; a closed service: 403', async () => {
    const { serviceId, days } = await confirmedService();
    const body = { serviceId, endDate: days[2], assignments: [{ contactId: net.contacts['inspector@inspect.test'], typePlannings: roles(days, 'FIELD_LEADER') }] };
    for (const client of [quality, sales, outsider]) {
      await refused(serviceId, () => client.post(FORM, body), 403);
      expect((await client.get(`${FORM}?serviceId=${serviceId}`)).status).toBe(403);
      expect((await client.get(`${ATTENDEES}?serviceId=${serviceId}`)).status).toBe(403);
    }
    // Ordered from another provider and not confirmed: Atlas does not see it.
    const hidden = await confirmedService({ serviceProvider: (await server.store.find('companies', (row) => row.name === 'QCFlow Admin'))[0].companyId, providerConfirmed: false });
    await refused(hidden.serviceId, () => manager.post(FORM, { ...body, serviceId: hidden.serviceId }), 404);
    expect((await manager.get(`${FORM}?serviceId=${hidden.serviceId}`)).status).toBe(404);
    expect((await manager.get(`${ATTENDEES}?serviceId=999999`)).status).toBe(404);
    expect((await manager.get(`${FORM}?serviceId=abc`)).status).toBe(400);
    // The super admin may assign, but not in another universe.
    const northwind = (await server.store.find('services', (row) => row.universeId !== net.universeId))[0];
    if (northwind) expect((await admin.get(`${FORM}?serviceId=${northwind.serviceId}`)).status).toBe(404);
    const closed = await confirmedService({ serviceStep: 'CANCELLED' });
    expect((await manager.get(`${FORM}?serviceId=${closed.serviceId}`)).body.readOnly).toBe(true);
    await refused(closed.serviceId, () => manager.post(FORM, { ...body, serviceId: closed.serviceId }), 403);
  });
});

describe('who assigns: the provider\u2019s managers (spec §6.4, DESIGN rule 11)', () => {
  /** Sets the inspector's account profiles (the caller is read again on every request). */
  const inspectorProfiles = (profiles: string[]) =>
    server.store.transaction((tx) => tx.update('contacts', net.contacts['inspector@inspect.test'], (contact: any) => ({ ...contact, account: { ...contact.account, profiles } })));

  it('a contributor (inspector) of the provider: POST 403 with nothing written (no assignment, task or mail), attendees 403, the form read-only', async () => {
    const { serviceId, days } = await confirmedService();
    const body = { serviceId, endDate: days[2], assignments: [{ contactId: net.contacts['inspector@inspect.test'], typePlannings: roles(days, 'FIELD_LEADER') }] };
    const tasksBefore = await server.store.find('tasks', (row) => row.serviceId === serviceId);
    const mailsBefore = await mailCount(server);
    const reply = await refused(serviceId, () => inspector.post(FORM, body), 403);
    expect(reply.body).toMatchObject({ level: 'ERROR', exception: 'AccessDeniedException', message: "Only the service provider's managers assign contributors to this service" });
    await server.settled();
    expect(await server.store.find('tasks', (row) => row.serviceId === serviceId), 'no task').toEqual(tasksBefore);
    expect(await mailCount(server), 'no mail').toBe(mailsBefore);
    expect((await inspector.get(`${ATTENDEES}?serviceId=${serviceId}`)).status).toBe(403);
    const form = await inspector.get(`${FORM}?serviceId=${serviceId}`);
    expect(form.status, form.text).toBe(200);
    expect(form.body.readOnly).toBe(true);
    // The sheet hides the Assign button from those the server refuses.
    expect((await inspector.get(`/back/bo/services/${serviceId}`)).body.rights.assign).toBe(false);
    expect((await manager.get(`/back/bo/services/${serviceId}`)).body.rights.assign).toBe(true);
    expect((await manager.get(`${FORM}?serviceId=${serviceId}`)).body.readOnly).toBe(false);
  });

  it('a local manager of the provider assigns; a contributor with the same company does not', async () => {
    const { serviceId, days } = await confirmedService();
    const body = { serviceId, endDate: days[2], assignments: [{ contactId: net.contacts['inspector@inspect.test'], typePlannings: roles(days, 'FIELD_LEADER') }] };
    await inspectorProfiles(['LOCAL_MANAGER']);
    try {
      const saved = await inspector.post(FORM, body);
      expect(saved.status, saved.text).toBe(200);
      expect((await inspector.get(`${ATTENDEES}?serviceId=${serviceId}`)).status).toBe(200);
    } finally {
      await inspectorProfiles(['CONTRIBUTOR']);
    }
    await refused(serviceId, () => inspector.post(FORM, { ...body, endDate: days[1], assignments: [{ ...body.assignments[0], typePlannings: roles(days.slice(0, 2), 'FIELD_LEADER') }] }), 403);
  });
});

describe('attendees', () => {
  it('the provider\u2019s contacts with straight-line distances from home; options add the universe\u2019s providers and the representatives', async () => {
    const { serviceId } = await confirmedService();
    const own = await manager.get(`${ATTENDEES}?serviceId=${serviceId}`);
    expect(own.status, own.text).toBe(200);
    expect(new Set(own.body.map((one: any) => one.companyId))).toEqual(new Set([net.atlas]));
    const tom = own.body.find((one: any) => one.email === 'inspector@inspect.test');
    // Tom lives in Hong Kong; Shenzhen Textile Co (at the gazetteer's Shenzhen) is some 36 km away as the crow flies, ~36 min at 60 km/h.
    expect(tom).toMatchObject({ TECH_ID: tom.contactId, name: 'Tom Becker', acronym: 'TB', userUniverseContributor: false, representative: false, leader: false, unavailable: false });
    expect(tom.distanceFromHome).toBeGreaterThan(30);
    expect(tom.distanceFromHome).toBeLessThan(45);
    expect(tom.durationFromHome).toBe(Math.round(tom.distanceFromHome));
    const wide = (await manager.get(`${ATTENDEES}?serviceId=${serviceId}&includeContributorUniverse=true&includeRepresentative=true`)).body;
    expect(wide.find((one: any) => one.email === 'admin@qcflow.test')).toMatchObject({ userUniverseContributor: true, representative: false });
    expect(wide.find((one: any) => one.email === 'sales@supplier.test')).toMatchObject({ representative: true });
    expect(wide.find((one: any) => one.email === 'quality@brand.test')).toMatchObject({ representative: true });
    expect(wide.some((one: any) => one.email === 'outsider@other.test')).toBe(false);
  });

  it('Show representatives needs the provider\u2019s company default', async () => {
    const { serviceId } = await confirmedService();
    await server.store.update('companies', net.atlas, (current) => ({ ...current, reportDisplayAttendeesListEnabled: false }));
    try {
      const reply = await manager.get(`${ATTENDEES}?serviceId=${serviceId}&includeRepresentative=true`);
      expect(reply.body.some((one: any) => one.representative)).toBe(false);
      expect((await manager.get(`${FORM}?serviceId=${serviceId}`)).body.options.includeRepresentative).toBe(false);
    } finally {
      await server.store.update('companies', net.atlas, (current) => ({ ...current, reportDisplayAttendeesListEnabled: true }));
    }
  });

  it('leader, unavailable on overlapping days elsewhere, and the last place worked', async () => {
    const first = await confirmedService();
    const tom = net.contacts['inspector@inspect.test'];
    expect((await manager.post(FORM, { serviceId: first.serviceId, endDate: first.days[2], assignments: [{ contactId: tom, typePlannings: roles(first.days, 'FIELD_LEADER') }] })).status).toBe(200);
    const same = (await manager.get(`${ATTENDEES}?serviceId=${first.serviceId}`)).body.find((one: any) => one.contactId === tom);
    expect(same).toMatchObject({ leader: true, unavailable: false });
    // Another service over the same days: Tom is busy there.
    const overlapping = await insertService(server.store, { startDate: first.days[1], endDate: first.days[2], fields: { serviceStep: 'CONFIRMED', providerConfirmed: true, supplier: net.porto } });
    const busy = (await manager.get(`${ATTENDEES}?serviceId=${overlapping.serviceId}`)).body.find((one: any) => one.contactId === tom);
    expect(busy).toMatchObject({ unavailable: true, leader: false });
    // A later service in Porto: the last place is Shenzhen, thousands of km away.
    const later = await insertService(server.store, { startDate: shiftDay(first.days[2], 5), fields: { serviceStep: 'CONFIRMED', providerConfirmed: true, supplier: net.porto } });
    const after = (await manager.get(`${ATTENDEES}?serviceId=${later.serviceId}`)).body.find((one: any) => one.contactId === tom);
    expect(after).toMatchObject({ unavailable: false, lastPlace: 'Shenzhen Textile Co, Shenzhen' });
    expect(after.distanceFromLastPlace).toBeGreaterThan(10_000);
    expect(after.durationFromLastPlace).toBe(Math.round(after.distanceFromLastPlace));
  });

  it('busy days: checked up to the end date being edited (`endDate`), each with the other service; an unreadable or early one is 400', async () => {
    const first = await confirmedService();
    const tom = net.contacts['inspector@inspect.test'];
    const mei = await contactNamed('Mei', 'Lin');
    expect((await manager.post(FORM, { serviceId: first.serviceId, endDate: first.days[2], assignments: [{ contactId: tom, typePlannings: roles(first.days, 'FIELD_LEADER') }, { contactId: mei, typePlannings: roles(first.days, 'NOT_ON_FIELD') }] })).status).toBe(200);
    const { number } = (await server.store.get('services', first.serviceId))!;
    // A service that ends the day before Tom's starts: its saved dates cross nothing.
    const before = await insertService(server.store, { startDate: shiftDay(first.startDate, -2), endDate: shiftDay(first.startDate, -1), fields: { serviceStep: 'CONFIRMED', providerConfirmed: true } });
    const tomOf = async (query: string) => (await manager.get(`${ATTENDEES}?serviceId=${before.serviceId}${query}`)).body.find((one: any) => one.contactId === tom);
    expect(await tomOf('')).toMatchObject({ unavailable: false, busyDays: [] });
    // Extended by two days while editing: Tom is on the other service on both; Mei, off the field, on none.
    const extended = `&endDate=${first.days[1]}`;
    expect(await tomOf(extended)).toMatchObject({ unavailable: true, busyDays: [{ date: first.days[0], serviceId: first.serviceId, number }, { date: first.days[1], serviceId: first.serviceId, number }] });
    const meiOf = (await manager.get(`${ATTENDEES}?serviceId=${before.serviceId}${extended}`)).body.find((one: any) => one.contactId === mei);
    expect(meiOf).toMatchObject({ unavailable: false, busyDays: [] });
    for (const bad of ['31/11/2026', shiftDay(first.startDate, -3), '2026-02-30']) {
      const reply = await manager.get(`${ATTENDEES}?serviceId=${before.serviceId}&endDate=${encodeURIComponent(bad)}`);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.errors).toMatchObject([{ path: '/endDate' }]);
    }
  });
});
