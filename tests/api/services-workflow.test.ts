import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../server/mail';
import { SERVICE_ACTIONS, type ServiceAction } from '../../machines/service';
import type { Row } from '../../server/store/types';
import { ACCOUNTS, Client, loginAs, shiftDay, startServer, startWithLogins, today, type Reply, type TestServer } from './helpers';
import { mailCount, type SentMail, waitForMails } from './outbox';
import { createService, footprint, insertService, network, wizardBody, type Network } from './service-fixtures';

/**
 * The service workflow through the API (docs/services.md "Workflow", "Dates"): date proposals
 * and answers, the PATCH actions, refusals (409), rights (403/404), history, live alerts,
 * e-mails and versions. Services are written straight into the store (insertService of tests/api/service-fixtures.ts).
 */
let server: TestServer;
let net: Network;
let quality: Client; // Maison Lumière, decision maker, owner of the fixtures
let buyer: Client; // Maison Lumière too
let manager: Client; // Atlas Inspection, provider
let inspector: Client; // Atlas, CONTRIBUTOR: reads its company's services, drives no workflow
let sales: Client; // Shenzhen Textile Co, supplier (order taker)
let outsider: Client; // other universe
let admin: Client; // QCFlow Admin, super admin: sees all; on a service its company plays no role in, acts as provider and owner

beforeAll(async () => {
  ({ server, clients: { quality, buyer, manager, inspector, sales, outsider, admin } } = await startWithLogins(['quality', 'buyer', 'manager', 'inspector', 'sales', 'outsider', 'admin']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const serviceUrl = (id: unknown, suffix = '') => `/back/bo/services/${String(id)}${suffix}`;
const dates = (path: string) => `/back/bo/serviceDateLines/${path}`;
const newService = async (fixture?: Parameters<typeof insertService>[1]) => (await insertService(server.store, fixture)).serviceId as number;
const newServiceOn = (startDate: string, fixture?: Parameters<typeof insertService>[1]) => newService({ startDate, ...fixture });
const stored = async (id: number) => (await server.store.get('services', id))!;
const historyOf = (id: number) => server.store.find('serviceHistory', (row) => row.serviceId === id);
const linesOf = async (id: number) => (await server.store.find('serviceDateLines', (row) => row.serviceId === id)).sort((a, b) => Number(a.dateLineId) - Number(b.dateLineId));

function ok(reply: Reply): any {
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

function refused(reply: Reply, status: number, exception: string) {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.body).toMatchObject({ level: 'ERROR', exception, message: expect.any(String), errors: expect.any(Array) });
}

/** The mails of the outbox after the first `before`, once `count` more arrived (the server sends after answering). */
async function newMails(before: number, count: number): Promise<SentMail[]> {
  const mails = await waitForMails(server.outbox!, before + count);
  return mails.slice(before);
}

describe('dates: propose, answer, postpone', () => {
  it('the provider accepts the decision maker’s date: confirmed, dates copied, line ACCEPTED, history, alerts, e-mails', async () => {
    const id = await newService();
    const proposal = (await linesOf(id))[0];
    expect(await stored(id)).toMatchObject({ serviceStep: 'OPENED', pendingDateBy: 'DECISION_MAKER', dateRelevance: 'IN_PROGRESS', providerConfirmed: false });

    // The provider sees the waiting proposal; the supplier does not see the service yet.
    expect(ok(await manager.get(dates(String(id))))).toEqual([expect.objectContaining({ dateLineId: proposal.dateLineId, status: 'PROPOSED', proposedBy: 'DECISION_MAKER' })]);
    refused(await sales.get(dates(String(id))), 404, 'NotFoundException');

    // Its own proposal cannot be answered by the side that made it.
    const own = await quality.post(dates('acceptDate'), { serviceId: id });
    refused(own, 409, 'TransitionException');
    expect(own.body.message).toBe('Action Accept the date is not allowed on this service at step Opened');

    const mailsBefore = await mailCount(server);
    const newStart = shiftDay(today(), 30);
    await server.store.update('serviceDateLines', proposal.dateLineId as number, (line) => ({ ...line, startDate: newStart, endDate: newStart }));
    const accepted = ok(await manager.post(dates('acceptDate'), { serviceId: id, dateLineId: proposal.dateLineId, comment: 'fine for us' }));
    expect(accepted).toMatchObject({ serviceStep: 'CONFIRMED', dateRelevance: 'ACCEPTED', providerConfirmed: true, pendingDateBy: null, startDate: newStart, endDate: newStart, side: 'SERVICE_PROVIDER', owner: false, updatedBy: net.contacts[ACCOUNTS.manager] });
    expect(accepted.actions).toEqual(['POSTPONE', 'COMPLETE', 'CANCEL']);
    expect((await linesOf(id))[0]).toMatchObject({ status: 'ACCEPTED', answeredByContact: net.contacts[ACCOUNTS.manager], answerComment: 'fine for us' });

    const history = ok(await quality.get(serviceUrl(id, '/history')));
    expect(history).toEqual([expect.objectContaining({ event: 'ACCEPT_DATE', fromStep: 'OPENED', toStep: 'CONFIRMED', side: 'SERVICE_PROVIDER', contactId: net.contacts[ACCOUNTS.manager] })]);
    expect(history[0].universeId).toBeUndefined();

    // The other side's accounts get a live alert to the service; the caller does not.
    const number = accepted.number as string;
    for (const client of [quality, buyer, sales]) {
      const { alerts } = ok(await client.get('/back/alerts/'));
      expect(alerts).toContainEqual(expect.objectContaining({ level: 'INFO', title: `Service ${number} confirmed`, titleLink: `/services/${id}`, read: false }));
    }
    const callerAlerts = ok(await manager.get('/back/alerts/'));
    expect((callerAlerts.alerts as Row[]).filter((alert) => String(alert.title).includes(number))).toEqual([]);

    // An accepted date that confirms e-mails SERVICE_CONFIRMED to the parties (not the caller), like
    // the alerts only to those who can open the service: the provider's inspector too.
    const mails = await newMails(mailsBefore, 4);
    expect(mails.map((mail) => mail.to).sort()).toEqual([ACCOUNTS.buyer, ACCOUNTS.inspector, ACCOUNTS.quality, ACCOUNTS.sales].sort());
    expect(mails[0].subject).toBe(`QCFlow: service ${number} confirmed`);
    expect(mails[0].text).toContain(`/services/${id}`);
    expect(mails[0].text).toContain('Final random inspection');
  });

  it('a counter-proposal replaces the waiting one; refusing keeps the step; once the provider proposed, an accepted date confirms', async () => {
    const id = await newService({ creatorSide: 'ORDER_TAKER', creator: ACCOUNTS.sales, fields: { creatorCompany: net.shenzhen } });
    expect(await stored(id)).toMatchObject({ serviceStep: 'REQUESTED', pendingDateBy: 'ORDER_TAKER' });
    const start = shiftDay(today(), 20);

    // The provider proposes another date: the supplier's proposal is REPLACED, the service goes OPENED.
    const counter = ok(await manager.post(dates('requestDate'), { serviceId: id, startDate: start, endDate: shiftDay(start, 2), comment: 'our inspector is free then' }));
    expect(counter).toMatchObject({ serviceStep: 'OPENED', pendingDateBy: 'SERVICE_PROVIDER', dateRelevance: 'IN_PROGRESS', providerConfirmed: true });
    expect((await linesOf(id)).map((line) => [line.status, line.proposedBy])).toEqual([['REPLACED', 'ORDER_TAKER'], ['PROPOSED', 'SERVICE_PROVIDER']]);
    expect((await linesOf(id))[1]).toMatchObject({ startDate: start, endDate: shiftDay(start, 2), comment: 'our inspector is free then', proposedByContact: net.contacts[ACCOUNTS.manager] });
    const { alerts } = ok(await sales.get('/back/alerts/'));
    expect(alerts).toContainEqual(expect.objectContaining({ title: `Date proposed for service ${counter.number}` }));

    // The supplier refuses: the step stays, nothing is agreed, the line is REFUSED.
    const refusal = ok(await sales.post(dates('refuseDate'), { serviceId: id, comment: 'too late' }));
    expect(refusal).toMatchObject({ serviceStep: 'OPENED', pendingDateBy: null, dateRelevance: 'EMPTY' });
    expect((await linesOf(id))[1]).toMatchObject({ status: 'REFUSED', answerComment: 'too late' });
    refused(await sales.post(dates('refuseDate'), { serviceId: id }), 409, 'TransitionException');
    refused(await manager.patch(serviceUrl(id, '/CONFIRM')), 409, 'TransitionException');

    // The supplier proposes again (REQUESTED); the decision maker accepts: the provider proposed before, so the service is confirmed.
    ok(await sales.post(dates('requestDate'), { serviceId: id, startDate: start }));
    expect(await stored(id)).toMatchObject({ serviceStep: 'REQUESTED', pendingDateBy: 'ORDER_TAKER' });
    const agreed = ok(await quality.post(dates('acceptDate'), { serviceId: id }));
    expect(agreed).toMatchObject({ serviceStep: 'CONFIRMED', startDate: start, dateRelevance: 'ACCEPTED' });
    expect(agreed.endDate).toBeUndefined();
  });

  it('POSTPONE moves an agreed date: the order taker’s goes REQUESTED, and accepting it confirms again (the provider had confirmed)', async () => {
    const id = await newService({ fields: confirmedFlow });
    refused(await sales.post(dates('requestDate'), { serviceId: id, startDate: shiftDay(today(), 40) }), 409, 'TransitionException');
    const later = shiftDay(today(), 45);
    const postponed = ok(await sales.post(dates('postpone'), { serviceId: id, startDate: later, endDate: later }));
    expect(postponed).toMatchObject({ serviceStep: 'REQUESTED', pendingDateBy: 'ORDER_TAKER', dateRelevance: 'IN_PROGRESS', providerConfirmed: true, side: 'ORDER_TAKER' });
    const { alerts } = ok(await manager.get('/back/alerts/'));
    expect(alerts).toContainEqual(expect.objectContaining({ title: `Service ${postponed.number} postponed` }));
    const again = ok(await quality.post(dates('acceptDate'), { serviceId: id }));
    expect(again).toMatchObject({ serviceStep: 'CONFIRMED', startDate: later, endDate: later });
    expect(ok(await quality.get(serviceUrl(id, '/history'))).map((row: Row) => row.event)).toEqual(['ACCEPT_DATE', 'POSTPONE']);
  });
});

/** A service whose date was agreed and confirmed by the provider. */
const confirmedFlow = { serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true };

describe('PATCH actions', () => {
  it('actions the machine refuses for the caller’s side are 409 naming the action and the step (in the caller’s language); nothing is written', async () => {
    const id = await newService();
    expect(ok(await quality.get(dates(String(id))))).toHaveLength(1);
    const asOwner = await quality.patch(serviceUrl(id, '/COMPLETE'));
    refused(asOwner, 409, 'TransitionException');
    expect(asOwner.body.message).toBe('Action Complete is not allowed on this service at step Opened');
    for (const action of ['CONFIRM', 'CONFIRM_CANCEL', 'DECLINE_CANCEL', 'REOPEN']) refused(await quality.patch(serviceUrl(id, `/${action}`)), 409, 'TransitionException');
    for (const action of ['COMPLETE', 'REQUEST_CANCEL', 'CONFIRM', 'REOPEN']) refused(await manager.patch(serviceUrl(id, `/${action}`)), 409, 'TransitionException');
    refused(await quality.post(dates('postpone'), { serviceId: id, startDate: shiftDay(today(), 3) }), 409, 'TransitionException');
    expect(await historyOf(id)).toEqual([]);
    expect(await stored(id)).toMatchObject({ serviceStep: 'OPENED', version: 1 });

    const french = await loginAs(server, ACCOUNTS.quality, { language: 'fr' });
    await server.store.update('contacts', net.contacts[ACCOUNTS.quality], (contact) => ({ ...contact, language: 'fr' }));
    try {
      expect((await french.patch(serviceUrl(id, '/COMPLETE'))).body.message).toBe("L'action Terminer n'est pas autorisée sur cet audit à l'étape Ouvert");
    } finally {
      await server.store.update('contacts', net.contacts[ACCOUNTS.quality], (contact) => ({ ...contact, language: 'en' }));
    }
  });

  it('the provider confirms an agreed date and completes; the owner reopens; e-mails and alerts follow', async () => {
    // It starts in two days: a provider completes a service a week before its start at the earliest.
    const id = await newService({ startDate: shiftDay(today(), 2), fields: { dateRelevance: 'ACCEPTED', pendingDateBy: null } });
    const before = await mailCount(server);
    const confirmed = ok(await manager.patch(serviceUrl(id, '/CONFIRM'), { comment: 'inspector booked' }));
    expect(confirmed).toMatchObject({ serviceStep: 'CONFIRMED', providerConfirmed: true });
    expect(await historyOf(id)).toEqual([expect.objectContaining({ event: 'CONFIRM', fromStep: 'OPENED', toStep: 'CONFIRMED', side: 'SERVICE_PROVIDER', detail: 'inspector booked' })]);
    // The parties but the caller: quality, buyer and sales are told it is confirmed; the provider's inspector gets the order (MANDAT).
    const mails = await newMails(before, 4);
    expect(Object.fromEntries(mails.map((mail) => [mail.to, mail.subject]))).toEqual({
      [ACCOUNTS.quality]: `QCFlow: service ${confirmed.number} confirmed`,
      [ACCOUNTS.buyer]: `QCFlow: service ${confirmed.number} confirmed`,
      [ACCOUNTS.sales]: `QCFlow: service ${confirmed.number} confirmed`,
      [ACCOUNTS.inspector]: `QCFlow: order for service ${confirmed.number}`,
    });

    refused(await quality.patch(serviceUrl(id, '/COMPLETE')), 409, 'TransitionException');
    const done = ok(await manager.patch(serviceUrl(id, '/COMPLETE')));
    expect(done.serviceStep).toBe('TERMINATED');
    expect(ok(await quality.get(serviceUrl(id, '/history')))[0]).toMatchObject({ event: 'COMPLETE', fromStep: 'CONFIRMED', toStep: 'TERMINATED' });
    const { alerts } = ok(await sales.get('/back/alerts/'));
    expect(alerts).toContainEqual(expect.objectContaining({ level: 'INFO', title: `Service ${done.number} completed` }));

    refused(await sales.patch(serviceUrl(id, '/REOPEN')), 409, 'TransitionException');
    const reopened = ok(await quality.patch(serviceUrl(id, '/REOPEN')));
    expect(reopened).toMatchObject({ serviceStep: 'OPENED', pendingDateBy: null, cancelRequestDate: null, owner: true, side: 'DECISION_MAKER' });
    // COMPLETE and REOPEN send no e-mail.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await mailCount(server)).toBe(before + 4);
  });

  it('cancel requests: asked by another party, declined or confirmed by the provider (WARN alerts, e-mail on cancellation)', async () => {
    const id = await newService({ fields: confirmedFlow });
    refused(await manager.patch(serviceUrl(id, '/REQUEST_CANCEL')), 409, 'TransitionException');
    refused(await manager.patch(serviceUrl(id, '/DECLINE_CANCEL')), 409, 'TransitionException');
    const asked = ok(await sales.patch(serviceUrl(id, '/REQUEST_CANCEL')));
    expect(asked).toMatchObject({ serviceStep: 'CONFIRMED', cancelRequestDate: today() });
    expect(asked.actions).toEqual(['POSTPONE']);
    const { alerts } = ok(await manager.get('/back/alerts/'));
    expect(alerts).toContainEqual(expect.objectContaining({ level: 'WARN', title: `Cancellation requested for service ${asked.number}` }));
    refused(await buyer.patch(serviceUrl(id, '/REQUEST_CANCEL')), 409, 'TransitionException');
    refused(await quality.patch(serviceUrl(id, '/DECLINE_CANCEL')), 409, 'TransitionException');
    expect(ok(await manager.get(serviceUrl(id, '/history'))).length).toBe(1);

    expect(ok(await manager.patch(serviceUrl(id, '/DECLINE_CANCEL')))).toMatchObject({ serviceStep: 'CONFIRMED', cancelRequestDate: null });
    const beforeRequest = await mailCount(server);
    ok(await buyer.patch(serviceUrl(id, '/REQUEST_CANCEL')));
    // The request is told to the other parties (SERVICE_CANCEL_REQUEST): the owner, the supplier and the provider's two people.
    const requested = await newMails(beforeRequest, 4);
    expect(requested.map((mail) => mail.to).sort()).toEqual([ACCOUNTS.inspector, ACCOUNTS.manager, ACCOUNTS.quality, ACCOUNTS.sales].sort());
    expect(requested.every((mail) => mail.subject === `QCFlow: cancellation requested for ${asked.number}`)).toBe(true);
    const before = await mailCount(server);
    const cancelled = ok(await manager.patch(serviceUrl(id, '/CONFIRM_CANCEL')));
    expect(cancelled).toMatchObject({ serviceStep: 'CANCELLED', cancelRequestDate: null });
    const mails = await newMails(before, 4);
    expect(mails.map((mail) => mail.subject)).toEqual(Array(4).fill(`QCFlow: service ${cancelled.number} cancelled`));
    const ownerAlerts = ok(await quality.get('/back/alerts/'));
    expect(ownerAlerts.alerts).toContainEqual(expect.objectContaining({ level: 'WARN', title: `Service ${cancelled.number} cancelled` }));
    expect(ok(await quality.get(serviceUrl(id, '/history'))).map((row: Row) => row.event)).toEqual(['CONFIRM_CANCEL', 'REQUEST_CANCEL', 'DECLINE_CANCEL', 'REQUEST_CANCEL']);

    // A cancelled service only reopens.
    for (const action of ['CONFIRM', 'COMPLETE', 'REQUEST_CANCEL', 'CONFIRM_CANCEL', 'DECLINE_CANCEL', 'CANCEL']) {
      refused(await manager.patch(serviceUrl(id, `/${action}`)), 409, 'TransitionException');
    }
    refused(await manager.post(dates('postpone'), { serviceId: id, startDate: shiftDay(today(), 9) }), 409, 'TransitionException');
  });

  it('CANCEL: the provider or the owner, not another party', async () => {
    const id = await newService({ fields: confirmedFlow });
    refused(await sales.patch(serviceUrl(id, '/CANCEL')), 409, 'TransitionException');
    const before = await mailCount(server);
    expect(ok(await quality.patch(serviceUrl(id, '/CANCEL')))).toMatchObject({ serviceStep: 'CANCELLED', owner: true });
    expect((await newMails(before, 4)).map((mail) => mail.to).sort()).toEqual([ACCOUNTS.buyer, ACCOUNTS.inspector, ACCOUNTS.manager, ACCOUNTS.sales].sort());

    // Before the provider confirms, the supplier neither sees the service nor hears of it.
    const other = await newService();
    expect((await linesOf(other)).map((line) => line.status)).toEqual(['PROPOSED']);
    const cancelled = ok(await manager.patch(serviceUrl(other, '/CANCEL')));
    expect(cancelled.serviceStep).toBe('CANCELLED');
    // The proposal that waited can no longer be answered: it is withdrawn, and says so.
    expect((await linesOf(other)).map((line) => line.status)).toEqual(['WITHDRAWN']);
    expect(ok(await quality.get(dates(String(other))))[0]).toMatchObject({ status: 'WITHDRAWN' });
    expect((await newMails(before + 4, 3)).map((mail) => mail.to).sort()).toEqual([ACCOUNTS.buyer, ACCOUNTS.inspector, ACCOUNTS.quality].sort());
    expect((ok(await sales.get('/back/alerts/')).alerts as Row[]).filter((alert) => alert.titleLink === `/services/${other}`)).toEqual([]);
    expect(ok(await buyer.get('/back/alerts/')).alerts).toContainEqual(expect.objectContaining({ level: 'WARN', titleLink: `/services/${other}` }));
  });
});

describe('every action, by every side, at every step (docs/services.md "Workflow")', () => {
  type Who = 'quality' | 'sales' | 'manager' | 'admin';
  /** The date actions have their own calls; the others are PATCH /{action}. */
  const DATE_CALLS: Partial<Record<ServiceAction, string>> = { REQUEST_DATE: 'requestDate', POSTPONE: 'postpone', ACCEPT_DATE: 'acceptDate', REFUSE_DATE: 'refuseDate' };
  function act(client: Client, serviceId: number, action: ServiceAction): Promise<Reply> {
    const call = DATE_CALLS[action];
    if (!call) return client.patch(serviceUrl(serviceId, `/${action}`));
    const proposal = action === 'REQUEST_DATE' || action === 'POSTPONE' ? { startDate: shiftDay(today(), 60) } : {};
    return client.post(dates(call), { serviceId, ...proposal });
  }

  /**
   * The doc's table written out per step: the fixture's workflow fields and, per caller, the
   * actions allowed (null: the caller does not see the service). quality@brand.test is the
   * decision maker and the owner, sales@supplier.test the order taker, manager@inspect.test the
   * provider; the super admin acts as the provider (and owner), so it may do what the provider does.
   */
  const asProvider = (actions: ServiceAction[]) => ({ manager: actions, admin: actions });
  const steps: [string, Row, Record<Who, ServiceAction[] | null>][] = [
    [
      'OPENED, the decision maker’s date waits, the provider not on board yet',
      {},
      { quality: ['REQUEST_DATE', 'REQUEST_CANCEL', 'CANCEL'], sales: null, ...asProvider(['REQUEST_DATE', 'ACCEPT_DATE', 'REFUSE_DATE', 'CANCEL']) },
    ],
    [
      'REQUESTED, the order taker’s date waits, the provider on board',
      { serviceStep: 'REQUESTED', pendingDateBy: 'ORDER_TAKER', dateRelevance: 'IN_PROGRESS', providerConfirmed: true },
      {
        quality: ['REQUEST_DATE', 'ACCEPT_DATE', 'REFUSE_DATE', 'REQUEST_CANCEL', 'CANCEL'],
        sales: ['REQUEST_DATE', 'REQUEST_CANCEL'],
        ...asProvider(['REQUEST_DATE', 'ACCEPT_DATE', 'REFUSE_DATE', 'CANCEL']),
      },
    ],
    [
      'OPENED, the date agreed, the provider not on board yet',
      { pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: false },
      { quality: ['REQUEST_DATE', 'POSTPONE', 'REQUEST_CANCEL', 'CANCEL'], sales: null, ...asProvider(['REQUEST_DATE', 'POSTPONE', 'CONFIRM', 'CANCEL']) },
    ],
    [
      'CONFIRMED',
      confirmedFlow,
      { quality: ['POSTPONE', 'REQUEST_CANCEL', 'CANCEL'], sales: ['POSTPONE', 'REQUEST_CANCEL'], ...asProvider(['POSTPONE', 'COMPLETE', 'CANCEL']) },
    ],
    [
      'CONFIRMED, a cancel request waits',
      { ...confirmedFlow, cancelRequestDate: '2026-01-05' },
      { quality: ['POSTPONE', 'CANCEL'], sales: ['POSTPONE'], ...asProvider(['POSTPONE', 'COMPLETE', 'CONFIRM_CANCEL', 'DECLINE_CANCEL', 'CANCEL']) },
    ],
    ['TERMINATED', { ...confirmedFlow, serviceStep: 'TERMINATED' }, { quality: ['REOPEN'], sales: [], ...asProvider(['REOPEN']) }],
    ['CANCELLED', { ...confirmedFlow, serviceStep: 'CANCELLED' }, { quality: ['REOPEN'], sales: [], ...asProvider(['REOPEN']) }],
  ];

  it.each(steps)('%s: the actions offered are the allowed ones; each other one is 409 and writes nothing; each allowed one moves the service', async (_step, fields, allowed) => {
    const clients: Record<Who, Client> = { quality, sales, manager, admin };
    // Services starting in two days: COMPLETE is allowed from a week before the start.
    const newService = (fixture: Parameters<typeof insertService>[1]) => newServiceOn(shiftDay(today(), 2), fixture);
    for (const [who, client] of Object.entries(clients) as [Who, Client][]) {
      const expected = allowed[who];
      const id = await newService({ fields });
      if (expected === null) {
        refused(await client.get(serviceUrl(id)), 404, 'NotFoundException');
        for (const action of SERVICE_ACTIONS) {
          const before = await footprint(server.store, id);
          const reply = await act(client, id, action);
          expect(reply.status, `${who} ${action}: ${reply.text}`).toBe(404);
          expect(await footprint(server.store, id), `${who} ${action}`).toEqual(before);
        }
        continue;
      }
      expect([...ok(await client.get(serviceUrl(id))).actions].sort(), who).toEqual([...expected].sort());
      for (const action of SERVICE_ACTIONS.filter((candidate) => !expected.includes(candidate))) {
        const before = await footprint(server.store, id);
        const reply = await act(client, id, action);
        expect([reply.status, reply.body.exception], `${who} ${action}: ${reply.text}`).toEqual([409, 'TransitionException']);
        expect(await footprint(server.store, id), `${who} ${action}`).toEqual(before);
      }
      for (const action of expected) {
        const fresh = await newService({ fields });
        const reply = await act(client, fresh, action);
        expect(reply.status, `${who} ${action}: ${reply.text}`).toBe(200);
        expect((await historyOf(fresh)).map((event) => event.event)).toEqual([action]);
        expect((await stored(fresh)).version).toBe(2);
      }
    }
    await server.settled(); // the confirmations and cancellations e-mail after answering: none may land in a later test's count
  });
});

describe('until the provider confirms, only the provider and the creator’s company see a service', () => {
  type Who = 'quality' | 'buyer' | 'sales' | 'manager' | 'admin';
  const searchIds = async (client: Client, keywords: string) => {
    const reply = await client.get('/back/bo/services/', { keywords });
    expect(reply.status, reply.text).toBe(200);
    return (reply.body.services as Row[]).map((service) => service.serviceId);
  };
  const alerted = async (client: Client, id: number) => (ok(await client.get('/back/alerts/')).alerts as Row[]).some((alert) => alert.titleLink === `/services/${id}`);
  /** Every read of one service. */
  const reads = (id: number) => [
    serviceUrl(id),
    serviceUrl(id, '/history'),
    dates(String(id)),
    `/back/bo/servicenotes/${id}`,
    `/back/bo/purchaseOrderLines/${id}`,
    `/back/bo/purchaseOrderLines/${id}/laboratoryLines`,
    `/back/bo/quickService/${id}`,
  ];

  it.each([
    ['created by the decision maker (OPENED): hidden from the order taker', 'quality', 'DECISION_MAKER', 'OPENED', ['sales']],
    ['requested by the order taker (REQUESTED): hidden from the decision maker, another company', 'sales', 'ORDER_TAKER', 'REQUESTED', ['quality', 'buyer']],
    ['created by a super admin for the brand (OPENED): hidden from the decision maker and the order taker', 'admin', 'DECISION_MAKER', 'OPENED', ['quality', 'buyer', 'sales']],
  ] as [string, Who, string, string, Who[]][])('%s; every party sees it once the provider accepts the date', async (_name, creator, role, step, hiddenFrom) => {
    const clients: Record<Who, Client> = { quality, buyer, sales, manager, admin };
    const service = await createService(clients[creator], wizardBody(net, { roles: [role] }));
    const { serviceId: id, number } = service;
    expect(service).toMatchObject({ serviceStep: step, providerConfirmed: false });
    for (const who of hiddenFrom) {
      for (const url of reads(id)) expect((await clients[who].get(url)).status, `${who} GET ${url}`).toBe(404);
      expect(await searchIds(clients[who], number), who).toEqual([]);
      expect((await clients[who].post('/back/bo/services/priority', [{ service: { serviceId: id }, priority: 1 }])).status, who).toBe(404);
      expect(await alerted(clients[who], id), who).toBe(false);
    }
    for (const client of [manager, clients[creator]]) {
      expect(ok(await client.get(serviceUrl(id))).serviceId).toBe(id);
      expect(await searchIds(client, number)).toEqual([id]);
    }

    const accepted = ok(await manager.post(dates('acceptDate'), { serviceId: id }));
    expect(accepted).toMatchObject({ serviceStep: 'CONFIRMED', providerConfirmed: true });
    for (const who of hiddenFrom) {
      for (const url of reads(id)) expect((await clients[who].get(url)).status, `${who} GET ${url}`).toBe(200);
      expect(ok(await clients[who].get(serviceUrl(id))).userRoles.length, who).toBeGreaterThan(0);
      expect(await searchIds(clients[who], number), who).toEqual([id]);
      expect(await alerted(clients[who], id), who).toBe(true);
    }
    await server.settled();
  });
});

describe('refusals: rights, visibility, input, versions', () => {
  it('a caller whose company has no side on the service gets 403, even as owner', async () => {
    const id = await newService({ creator: ACCOUNTS.sales, creatorSide: 'ORDER_TAKER', fields: { creatorCompany: net.shenzhen, supplier: net.porto } });
    const seen = ok(await sales.get(dates(String(id))));
    expect(seen).toHaveLength(1);
    expect(ok(await sales.get(serviceUrl(id, '/history')))).toEqual([]);
    refused(await sales.patch(serviceUrl(id, '/CANCEL')), 403, 'AccessDeniedException');
    refused(await sales.post(dates('requestDate'), { serviceId: id, startDate: shiftDay(today(), 5) }), 403, 'AccessDeniedException');
    refused(await sales.post(dates('refuseDate'), { serviceId: id }), 403, 'AccessDeniedException');
    expect((await stored(id)).version).toBe(1);
  });

  it('the provider’s inspector (CONTRIBUTOR) reads the dates and history but completes nothing (no SERVICE_WORKFLOW); without a session: 403', async () => {
    const id = await newService({ fields: confirmedFlow });
    expect(ok(await inspector.get(dates(String(id))))).toHaveLength(1);
    ok(await inspector.get(serviceUrl(id, '/history')));
    refused(await inspector.patch(serviceUrl(id, '/COMPLETE')), 409, 'TransitionException');
    refused(await new Client(server.url).get(dates(String(id))), 403, 'AccessDeniedException');
    expect((await stored(id)).version).toBe(1);
  });

  it('a service the caller cannot see is 404: another universe, or the supplier before the provider confirmed', async () => {
    const id = await newService();
    for (const client of [outsider, sales]) {
      refused(await client.get(dates(String(id))), 404, 'NotFoundException');
      refused(await client.get(serviceUrl(id, '/history')), 404, 'NotFoundException');
      refused(await client.patch(serviceUrl(id, '/REQUEST_CANCEL')), 404, 'NotFoundException');
      refused(await client.post(dates('acceptDate'), { serviceId: id }), 404, 'NotFoundException');
      refused(await client.post(dates('requestDate'), { serviceId: id, startDate: shiftDay(today(), 5) }), 404, 'NotFoundException');
    }
    refused(await quality.patch(serviceUrl(999999, '/CANCEL')), 404, 'NotFoundException');
    expect((await stored(id)).version).toBe(1);
  });

  it('bad bodies are 400 with the field, and nothing is written', async () => {
    const id = await newService();
    const start = shiftDay(today(), 10);
    const cases: [unknown, string][] = [
      [{ serviceId: id, startDate: '2026-13-45' }, '/startDate'],
      [{ serviceId: id }, '/startDate'],
      [{ serviceId: id, startDate: start, endDate: shiftDay(start, -1) }, '/endDate'],
      [{ startDate: start }, '/serviceId'],
      [{ serviceId: 'one', startDate: start }, '/serviceId'],
      [{ serviceId: id, startDate: start, comment: 'x'.repeat(1001) }, '/comment'],
      [{ serviceId: id, startDate: start, whatever: 1 }, '/whatever'],
      [{ serviceId: id, startDate: start, version: 'old' }, '/version'],
    ];
    for (const [body, path] of cases) {
      const reply = await manager.post(dates('requestDate'), body);
      refused(reply, 400, 'ValidationException');
      expect(reply.body.errors.map((error: Row) => error.path), JSON.stringify(body)).toEqual([path]);
    }
    refused(await manager.post(dates('acceptDate'), { serviceId: id, dateLineId: 'first' }), 400, 'ValidationException');
    const unknownAction = await manager.patch(serviceUrl(id, '/SHIP'));
    refused(unknownAction, 400, 'ValidationException');
    expect(unknownAction.body.errors.map((error: Row) => error.path)).toEqual(['/action']);
    refused(await manager.patch(serviceUrl(id, '/CANCEL'), { comment: 42 }), 400, 'ValidationException');
    refused(await manager.patch(serviceUrl(id, '/CANCEL'), [1]), 400, 'ValidationException');
    expect(await linesOf(id)).toHaveLength(1);
    expect((await stored(id)).version).toBe(1);
  });

  it('answering a date line that no longer waits is 409 and changes nothing', async () => {
    const id = await newService();
    const first = (await linesOf(id))[0];
    ok(await manager.post(dates('requestDate'), { serviceId: id, startDate: shiftDay(today(), 12) }));
    const version = (await stored(id)).version;
    const reply = await quality.post(dates('acceptDate'), { serviceId: id, dateLineId: first.dateLineId });
    refused(reply, 409, 'TransitionException');
    expect(reply.body.message).toBe('This date proposal no longer waits for an answer: reload the service');
    expect(await stored(id)).toMatchObject({ version, serviceStep: 'OPENED', pendingDateBy: 'SERVICE_PROVIDER' });
    expect((await linesOf(id)).map((line) => line.status)).toEqual(['REPLACED', 'PROPOSED']);
    expect((await historyOf(id)).map((row) => row.event)).toEqual(['REQUEST_DATE']);
    const waiting = (await linesOf(id))[1];
    expect(ok(await quality.post(dates('acceptDate'), { serviceId: id, dateLineId: waiting.dateLineId }))).toMatchObject({ serviceStep: 'CONFIRMED' });
  });

  it('a stale version is 409 OptimisticLockException; the current one moves the service', async () => {
    const id = await newService({ fields: confirmedFlow });
    const stale = await sales.patch(serviceUrl(id, '/REQUEST_CANCEL'), { version: 7 });
    refused(stale, 409, 'OptimisticLockException');
    refused(await sales.post(dates('postpone'), { serviceId: id, startDate: shiftDay(today(), 50), version: 2 }), 409, 'OptimisticLockException');
    expect(await stored(id)).toMatchObject({ version: 1, cancelRequestDate: null });
    const moved = ok(await sales.patch(serviceUrl(id, '/REQUEST_CANCEL'), { version: 1, comment: 'order dropped' }));
    expect(moved.version).toBe(2);
    refused(await manager.patch(serviceUrl(id, '/DECLINE_CANCEL'), { version: 1 }), 409, 'OptimisticLockException');
    expect(ok(await manager.patch(serviceUrl(id, '/DECLINE_CANCEL'), { version: 2 })).version).toBe(3);
  });
});

describe('notification preferences and mail failures', () => {
  it('e-mails only contacts with notifications on whose types include it and who can open the service; alerts in the recipient’s language', async () => {
    const set = (email: string, change: Row) => server.store.update('contacts', net.contacts[email], (contact) => ({ ...contact, ...change }));
    await set(ACCOUNTS.buyer, { allowNotification: false, language: 'it' });
    await set(ACCOUNTS.sales, { notificationTypes: ['SERVICE_CANCELED'] });
    await set(ACCOUNTS.quality, { language: 'it' });
    // Opens the service page but wants only cancellations: the alert, no e-mail.
    await set(ACCOUNTS.inspector, { notificationTypes: ['SERVICE_CANCELED'] });
    try {
      const id = await newService({ fields: { dateRelevance: 'ACCEPTED', pendingDateBy: null } });
      const before = await mailCount(server);
      const confirmed = ok(await manager.patch(serviceUrl(id, '/CONFIRM')));
      const mails = await newMails(before, 1);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await mailCount(server)).toBe(before + 1);
      expect(Object.fromEntries(mails.map((mail) => [mail.to, mail.subject]))).toEqual({
        [ACCOUNTS.quality]: `QCFlow: servizio ${confirmed.number} confermato`,
      });
      // Alerts do not depend on e-mail preferences; they go only to those whose role opens the service page.
      expect(ok(await buyer.get('/back/alerts/')).alerts).toContainEqual(expect.objectContaining({ title: `Servizio ${confirmed.number} confermato` }));
      expect(ok(await sales.get('/back/alerts/')).alerts).toContainEqual(expect.objectContaining({ title: `Service ${confirmed.number} confirmed` }));
      expect(ok(await inspector.get('/back/alerts/')).alerts).toContainEqual(expect.objectContaining({ title: `Service ${confirmed.number} confirmed` }));
    } finally {
      await set(ACCOUNTS.buyer, { allowNotification: true, language: 'en' });
      await set(ACCOUNTS.sales, { notificationTypes: undefined });
      await set(ACCOUNTS.quality, { language: 'en' });
      await set(ACCOUNTS.inspector, { notificationTypes: undefined });
    }
  });

  it('a failing mailer never fails the action: each failure is logged', async () => {
    const failing: Mailer = { send: async () => Promise.reject(new Error('SMTP down')) };
    const other = await startServer({ mailer: failing });
    try {
      const id = (await insertService(other.store, { fields: { dateRelevance: 'ACCEPTED', pendingDateBy: null } })).serviceId;
      const provider = await loginAs(other, ACCOUNTS.manager);
      expect(ok(await provider.patch(`/back/bo/services/${String(id)}/CONFIRM`)).serviceStep).toBe('CONFIRMED');
      const logged = async () => other.store.find('serverLogs', (log) => log.application === 'MAIL' && String(log.message).includes('SMTP down'));
      // One per recipient: quality, buyer, sales and the provider's inspector.
      for (let i = 0; i < 100 && (await logged()).length < 4; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect((await logged()).map((log) => log.level)).toEqual(['ERROR', 'ERROR', 'ERROR', 'ERROR']);
    } finally {
      await other.close();
    }
  });
});
