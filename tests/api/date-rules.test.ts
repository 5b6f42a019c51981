import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETE_DAYS_AHEAD } from '../../machines/service';
import { ACCOUNTS, shiftDay, startWithLogins, today, type Client, type Reply, type TestServer } from './helpers';
import { createService, fieldMessages, footprint, insertService, network, wizardBody, type Network } from './service-fixtures';

/**
 * Date rules the server keeps whatever the form did (docs/schemas.md `onOrAfter`, `notPast`;
 * docs/services.md "Dates"): an end before its start, a new date in the past, a service
 * completed weeks ahead, and a "new" proposal of the dates the service already has. Each
 * refusal names the field, in the caller's language.
 */
let server: TestServer;
let net: Network;
let quality: Client; // Maison Lumière, decision maker, MANAGER (CAPA)
let manager: Client; // Atlas Inspection, provider
let sales: Client; // Shenzhen Textile Co, order taker

beforeAll(async () => {
  ({ server, clients: { quality, manager, sales } } = await startWithLogins(['quality', 'manager', 'sales']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const lastWeek = () => shiftDay(today(), -7);
const dates = (path: string) => `/back/bo/serviceDateLines/${path}`;
const stored = async (id: number) => (await server.store.get('services', id))!;

/** Runs `call` with the account's language set to `language`, then puts English back. */
async function speaking<T>(email: string, language: 'fr' | 'it', call: () => Promise<T>): Promise<T> {
  const contactId = net.contacts[email];
  await server.store.update('contacts', contactId, (contact) => ({ ...contact, language }));
  try {
    return await call();
  } finally {
    await server.store.update('contacts', contactId, (contact) => ({ ...contact, language: 'en' }));
  }
}

function refusedAt(reply: Reply, status: number, path: string): string {
  expect(reply.status, reply.text).toBe(status);
  const message = fieldMessages(reply.body)[path];
  expect(message, `${path} in ${reply.text}`).toEqual(expect.any(String));
  return message;
}

describe('a CAPA’s end and closing dates are on or after its start (onOrAfter)', () => {
  const capa = { title: 'Seams opening after washing', capaType: 'CONTAINMENT', startDate: '2026-03-10' };

  it('creating with an end or a closing date before the start is 400 naming each field, in the caller’s language', async () => {
    const reply = await quality.post('/back/bo/capas', { ...capa, expectingEndDate: '2026-03-09', closingDate: '2026-02-01' });
    expect(refusedAt(reply, 400, '/expectingEndDate')).toBe('must not be before the start date');
    expect(refusedAt(reply, 400, '/closingDate')).toBe('must not be before the start date');
    const french = await speaking(ACCOUNTS.quality, 'fr', () => quality.post('/back/bo/capas', { ...capa, expectingEndDate: '2026-03-09' }));
    expect(refusedAt(french, 400, '/expectingEndDate')).toBe('ne doit pas précéder la date de début');
    const italian = await speaking(ACCOUNTS.quality, 'it', () => quality.post('/back/bo/capas', { ...capa, closingDate: '2026-03-01' }));
    expect(refusedAt(italian, 400, '/closingDate')).toBe('non deve precedere la data di inizio');
  });

  it('the same day or later is accepted; an update that moves the start after the end is refused', async () => {
    const created = await quality.post('/back/bo/capas', { ...capa, expectingEndDate: '2026-03-10', closingDate: '2026-04-01' });
    expect(created.status, created.text).toBe(201);
    const { capaId, version } = created.body;
    const moved = await quality.put(`/back/bo/capas/${capaId}`, { ...created.body, startDate: '2026-03-11', version });
    expect(refusedAt(moved, 400, '/expectingEndDate')).toBe('must not be before the start date');
    expect(await server.store.get('capas', capaId)).toMatchObject({ startDate: '2026-03-10', version });
  });
});

describe('a proposed service date is not in the past (notPast)', () => {
  it('requestDate and postpone with a past start are 400 at /startDate, nothing written; fr and it speak', async () => {
    const id = (await insertService(server.store)).serviceId as number;
    const before = await footprint(server.store, id);
    expect(refusedAt(await manager.post(dates('requestDate'), { serviceId: id, startDate: lastWeek() }), 400, '/startDate')).toBe('must be today or later');
    const french = await speaking(ACCOUNTS.manager, 'fr', () => manager.post(dates('requestDate'), { serviceId: id, startDate: lastWeek() }));
    expect(refusedAt(french, 400, '/startDate')).toBe("doit être aujourd'hui ou plus tard");
    const italian = await speaking(ACCOUNTS.manager, 'it', () => manager.post(dates('requestDate'), { serviceId: id, startDate: lastWeek() }));
    expect(refusedAt(italian, 400, '/startDate')).toBe('deve essere oggi o successiva');
    expect(await footprint(server.store, id)).toEqual(before);
    // Today is never past, wherever the caller is.
    expect((await manager.post(dates('requestDate'), { serviceId: id, startDate: today() })).status).toBe(200);
  });

  it('an end before the start of a proposal is 400 at /endDate', async () => {
    const id = (await insertService(server.store)).serviceId as number;
    const start = shiftDay(today(), 20);
    const reply = await manager.post(dates('requestDate'), { serviceId: id, startDate: start, endDate: shiftDay(start, -1) });
    expect(refusedAt(reply, 400, '/endDate')).toBe('must not be before the start date');
  });

  it('the wizard refuses a new service starting in the past', async () => {
    const reply = await quality.post('/back/bo/services', wizardBody(net, { service: { startDate: lastWeek(), endDate: lastWeek() } }));
    expect(refusedAt(reply, 400, '/service/startDate')).toBe('must be today or later');
  });
});

describe('an ex-factory date is not in the past when it is set', () => {
  it('a new service with a past ex-factory date is 400 at /service/exFactoryDate', async () => {
    const reply = await quality.post('/back/bo/services', wizardBody(net, { service: { exFactoryDate: lastWeek() } }));
    expect(refusedAt(reply, 400, '/service/exFactoryDate')).toBe('must be today or later');
  });

  it('an edit keeps a stored ex-factory date that has passed, but cannot set a new past one', async () => {
    const service = await createService(quality, wizardBody(net));
    const id = service.serviceId as number;
    await server.store.update('services', id, (record) => ({ ...record, exFactoryDate: shiftDay(today(), -3) }));
    const current = await stored(id);
    const unchanged = await quality.put(`/back/bo/services/${id}`, { version: current.version, service: { ...current } });
    expect(unchanged.status, unchanged.text).toBe(200);
    const moved = await quality.put(`/back/bo/services/${id}`, { version: (await stored(id)).version, service: { ...(await stored(id)), exFactoryDate: lastWeek() } });
    expect(refusedAt(moved, 400, '/service/exFactoryDate')).toBe('must be today or later');
    expect((await stored(id)).exFactoryDate).toBe(shiftDay(today(), -3));
  });
});

describe(`a provider cannot complete a service that starts more than ${COMPLETE_DAYS_AHEAD} days ahead`, () => {
  const confirmed = { serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true };

  it('COMPLETE 8 days ahead is 422 naming /startDate and the first day it may be completed; nothing written', async () => {
    const startDate = shiftDay(today(), COMPLETE_DAYS_AHEAD + 1);
    const id = (await insertService(server.store, { startDate, fields: confirmed })).serviceId as number;
    const before = await footprint(server.store, id);
    const reply = await manager.patch(`/back/bo/services/${id}/COMPLETE`);
    expect(refusedAt(reply, 422, '/startDate')).toBe('too far ahead to complete the service');
    expect(reply.body).toMatchObject({ exception: 'BusinessException', message: `This service starts on ${startDate}: it can be completed from ${shiftDay(today(), 1)}` });
    const french = await speaking(ACCOUNTS.manager, 'fr', () => manager.patch(`/back/bo/services/${id}/COMPLETE`));
    expect(french.body.message).toBe(`Cet audit commence le ${startDate} : il peut être terminé à partir du ${shiftDay(today(), 1)}`);
    expect(await footprint(server.store, id)).toEqual(before);
  });

  it(`COMPLETE ${COMPLETE_DAYS_AHEAD} days ahead or earlier is accepted; another side still gets the workflow's 409`, async () => {
    const id = (await insertService(server.store, { startDate: shiftDay(today(), COMPLETE_DAYS_AHEAD), fields: confirmed })).serviceId as number;
    expect((await quality.patch(`/back/bo/services/${id}/COMPLETE`)).status).toBe(409);
    const done = await manager.patch(`/back/bo/services/${id}/COMPLETE`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.serviceStep).toBe('TERMINATED');
  });
});

describe('proposing the dates the service already has', () => {
  it('is 422 with a clear message at /startDate: a Requested service does not fall back to Opened, nothing is written', async () => {
    const startDate = shiftDay(today(), 25);
    const endDate = shiftDay(startDate, 1);
    const id = (await insertService(server.store, { creatorSide: 'ORDER_TAKER', creator: ACCOUNTS.sales, startDate, endDate, fields: { creatorCompany: net.shenzhen, providerConfirmed: true } }))
      .serviceId as number;
    expect(await stored(id)).toMatchObject({ serviceStep: 'REQUESTED', pendingDateBy: 'ORDER_TAKER' });
    const before = await footprint(server.store, id);
    const same = await quality.post(dates('requestDate'), { serviceId: id, startDate, endDate });
    expect(refusedAt(same, 422, '/startDate')).toBe('these are the current dates: change them');
    expect(same.body).toMatchObject({ exception: 'BusinessException', message: 'These are the dates the service already has: choose other dates to propose' });
    const french = await speaking(ACCOUNTS.quality, 'fr', () => quality.post(dates('requestDate'), { serviceId: id, startDate, endDate }));
    expect(french.body.message).toBe("Ce sont déjà les dates de l'audit : choisissez d'autres dates à proposer");
    expect(await footprint(server.store, id)).toEqual(before);

    // A new date from the decision maker does move it back to Opened (spec part 1 §4).
    const moved = await quality.post(dates('requestDate'), { serviceId: id, startDate: shiftDay(startDate, 1), endDate });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ serviceStep: 'OPENED', pendingDateBy: 'DECISION_MAKER' });
  });

  it('a one-day service: the end given as the start day is the same date; postponing to it is refused too', async () => {
    const startDate = shiftDay(today(), 26);
    const id = (await insertService(server.store, { startDate, fields: { serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true } }))
      .serviceId as number;
    await server.store.update('services', id, ({ endDate: _end, ...record }) => record);
    expect(refusedAt(await sales.post(dates('postpone'), { serviceId: id, startDate, endDate: startDate }), 422, '/startDate')).toBe('these are the current dates: change them');
    expect((await stored(id)).serviceStep).toBe('CONFIRMED');
  });
});
