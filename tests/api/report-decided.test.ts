import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { ACCOUNTS, startWithLogins, type Client, type TestServer } from './helpers';
import { mailCount, sentMails } from './outbox';
import { fieldMessages, insertService, network, type Network } from './service-fixtures';

/**
 * The decision right and what a decision freezes (docs/reports.md, spec §6.4, DESIGN rule 11):
 * only the decision maker's managers (or SERVICE_DECISION_POWER within the decision maker) decide,
 * to any contact the service offers, login or not; a decided report changes only after the
 * provider reopens it; inspected ≤ presented, one report line per order line. Every refusal writes
 * nothing: no report, service, task, history, alert, notification or e-mail.
 */
let server: TestServer;
let inspector: Client, manager: Client, quality: Client, buyer: Client, sales: Client, admin: Client;
let net: Network;

beforeAll(async () => {
  ({ server, clients: { inspector, manager, quality, buyer, sales, admin } } = await startWithLogins(['inspector', 'manager', 'quality', 'buyer', 'sales', 'admin']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const url = (id: number, tail = '') => `/back/bo/reports/${id}${tail}`;
const confirmed = { serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true };

/** A terminated inspection of Lumière by Atlas at Shenzhen (factory Ningbo) with a report waiting for the decision. */
async function reported(quantity = 6000): Promise<{ id: number; lineId: number; report: Row }> {
  const service = await insertService(server.store, { fields: { orderTakerContacts: [net.shenzhenContact], factory: net.ningbo, ...confirmed } });
  const id = service.serviceId as number;
  const lines: Row[] = (service.purchaseOrderLines as Row[]).map((line) => ({ ...line, orderedQuantity: { quantity, unit: 'PIECE', packing: 'BOX' } }));
  await server.store.transaction((tx) => tx.update('services', id, (current) => ({ ...current, purchaseOrderLines: lines, serviceStep: 'TERMINATED' })));
  const defaults = (await inspector.get(url(id, '/default'))).body;
  const created = await inspector.post(url(id), { report: { ...defaults, computed: undefined, conclusion: 'Lot conform' } });
  expect(created.status, created.text).toBe(201);
  return { id, lineId: lines[0].purchaseOrderLineId as number, report: created.body.report };
}

/** Everything a report call may write about the service, mails included (after the answers' e-mails are out). */
async function footprint(id: number) {
  await server.settled();
  const link = `/services/${id}`;
  return {
    reports: await server.store.find('reports', (row) => row.serviceId === id),
    service: await server.store.get('services', id),
    tasks: await server.store.find('tasks', (row) => row.serviceId === id),
    history: await server.store.find('serviceHistory', (row) => row.serviceId === id),
    alerts: (await server.store.find('alerts', (row) => row.titleLink === link)).length,
    notifications: await server.store.find('notifications', (row) => row.serviceId === id),
    mails: await mailCount(server),
  };
}

/** The call is refused with `status` (and the message, when given), and nothing is written. */
async function refusedWithNothingWritten(id: number, call: () => Promise<{ status: number; body: any; text: string }>, status: number, message?: string) {
  const before = await footprint(id);
  const reply = await call();
  expect(reply.status, reply.text).toBe(status);
  if (message) expect(reply.body.message).toBe(message);
  expect(await footprint(id)).toEqual(before);
  return reply;
}

const openTasks = async (id: number) => (await server.store.find('tasks', (row) => row.serviceId === id && row.status === 'OPEN')).map((row) => row.type);
const mailsSince = async (count: number) => {
  await server.settled();
  return (await sentMails(server.outbox!)).slice(count);
};

describe('only the decision maker decides (spec §6.4, DESIGN rule 11)', () => {
  it('the provider’s manager (decision power, another party), the inspector and the supplier get 403: no decision, no task change, no mail', async () => {
    const { id, report } = await reported();
    expect(await openTasks(id)).toContain('WAITING_DECISION');
    const body = { version: report.version, clientDecision: 'ACCEPTED', recipients: [net.contacts[ACCOUNTS.quality]] };
    for (const client of [manager, inspector, sales]) await refusedWithNothingWritten(id, () => client.put(url(id, '/decision'), body), 403);
    // The overview offers the decision to none of them (the sheet shows no decision button).
    for (const client of [manager, inspector, sales]) expect((await client.get(url(id, '/overview'))).body.rights.decision).toBe('READ_LIMITED');
    expect((await quality.get(url(id, '/overview'))).body.rights.decision).toBe('WRITE');
    expect((await admin.get(url(id, '/overview'))).body.rights.decision).toBe('WRITE');
    // The brand's local manager is one of its managers (as for assigning a provider's team).
    expect((await buyer.get(url(id, '/overview'))).body.rights.decision).toBe('WRITE');

    const decided = await quality.put(url(id, '/decision'), body);
    expect(decided.status, decided.text).toBe(200);
    expect(await openTasks(id)).not.toContain('WAITING_DECISION');
  });
});

describe('the decision goes to the contacts it names (spec §7.4 emails, §5.5)', () => {
  it('a factory contact without a login is offered and gets the e-mail; a contact who takes no e-mail is offered disabled', async () => {
    const { id, report } = await reported();
    const offered: Row[] = (await quality.get(`/back/bo/notify/services/${id}/emails`)).body;
    const withoutLogin = (await server.store.find('contacts', (row) => row.companyId === net.ningbo && !row.account && !!row.email && row.allowNotification !== false))[0];
    expect(withoutLogin).toBeDefined();
    expect(offered.find((choice) => choice.contactId === withoutLogin.contactId)).toMatchObject({ disabled: false, email: withoutLogin.email });

    const before = await mailCount(server);
    const decided = await quality.put(url(id, '/decision'), { version: report.version, clientDecision: 'REFUSED', comment: 'Holes in the seams', recipients: [withoutLogin.contactId, net.contacts[ACCOUNTS.sales]] });
    expect(decided.status, decided.text).toBe(200);
    const decisions = (await mailsSince(before)).filter((mail) => mail.subject.includes('decision on'));
    expect(decisions.map((mail) => mail.to).sort()).toEqual([withoutLogin.email, ACCOUNTS.sales].sort());
    expect(decisions.find((mail) => mail.to === withoutLogin.email)!.text).toContain('Holes in the seams');
    const [sent] = await server.store.find('notifications', (row) => row.serviceId === id && row.type === 'REPORT_DECISION');
    expect([...(sent.tos as number[])].sort()).toEqual([withoutLogin.contactId, net.contacts[ACCOUNTS.sales]].sort());
  });

  it('refuses a contact the service does not offer and one who takes no e-mail (422), writing nothing', async () => {
    const { id, report } = await reported();
    const muted = (await server.store.find('contacts', (row) => row.companyId === net.ningbo && !!row.email))[0];
    await server.store.transaction((tx) => tx.update('contacts', muted.contactId as number, (row) => ({ ...row, allowNotification: false })));
    try {
      const offered: Row[] = (await quality.get(`/back/bo/notify/services/${id}/emails`)).body;
      expect(offered.find((choice) => choice.contactId === muted.contactId)).toMatchObject({ allowNotification: false, disabled: true });
      const decide = (recipients: number[]) => () => quality.put(url(id, '/decision'), { version: report.version, clientDecision: 'ACCEPTED', recipients });
      const disabled = await refusedWithNothingWritten(id, decide([net.contacts[ACCOUNTS.quality], muted.contactId as number]), 422);
      expect(fieldMessages(disabled.body)).toEqual({ '/recipients/1': 'this contact does not take notification e-mails' });
      const stranger = await refusedWithNothingWritten(id, decide([net.contacts[ACCOUNTS.outsider]]), 422);
      expect(fieldMessages(stranger.body)).toEqual({ '/recipients/0': 'not a contact this notification may be sent to' });
      // Como's people play no part in this service.
      const como = (await server.store.find('contacts', (row) => row.companyId === net.como))[0];
      await refusedWithNothingWritten(id, decide([como.contactId as number]), 422);
    } finally {
      await server.store.transaction((tx) => tx.update('contacts', muted.contactId as number, (row) => ({ ...row, allowNotification: true })));
    }
  });
});

describe('a decided report is frozen until the provider reopens it', () => {
  it('refuses every change after the decision (422), writing nothing; reopening puts the decision back to PENDING, tells the decision maker and leaves history; then it changes', async () => {
    const { id, report } = await reported();
    const decided = (await quality.put(url(id, '/decision'), { version: report.version, clientDecision: 'ACCEPTED', recipients: [net.contacts[ACCOUNTS.manager]] })).body;
    expect(decided.decision.clientDecision).toBe('ACCEPTED');
    const { reportId: _id, version, computed: _c, reportResult: _r, decision: _d, serviceId: _s, universeId: _u, creator: _cr, creationDate: _cd, updateDate: _ud, updatedBy: _ub, ...fields } = decided;
    const frozen = 'The client has decided on this report: reopen the report to change it';
    await refusedWithNothingWritten(id, () => inspector.put(url(id), { version, report: { ...fields, conclusion: 'Changed after the decision' } }), 422, frozen);
    await refusedWithNothingWritten(id, () => manager.put(url(id), { version, report: { ...fields, lines: [{ ...fields.lines[0], presentedQuantity: 5000 }] } }), 422, frozen);
    await refusedWithNothingWritten(id, () => inspector.post(url(id, '/reportDefects'), { version, defects: [] }), 422, frozen);
    await refusedWithNothingWritten(id, () => inspector.post(url(id, '/inspectedPieces'), { version, inspectedPieces: [] }), 422, frozen);
    await refusedWithNothingWritten(id, () => inspector.post(url(id), { report: fields, confirmRegeneration: true }), 422, frozen);

    // Reopening is the provider's (who writes the report), with a reason and the current version.
    await refusedWithNothingWritten(id, () => quality.patch(url(id, '/reopen'), { version, comment: 'Please redo' }), 403);
    await refusedWithNothingWritten(id, () => sales.patch(url(id, '/reopen'), { version, comment: 'Please redo' }), 403);
    const noReason = await refusedWithNothingWritten(id, () => inspector.patch(url(id, '/reopen'), { version, comment: '  ' }), 400);
    expect(fieldMessages(noReason.body)).toEqual({ '/comment': 'required' });
    await refusedWithNothingWritten(id, () => inspector.patch(url(id, '/reopen'), { version: version - 1, comment: 'Wrong count' }), 409);

    const mailsBefore = await mailCount(server);
    const reopened = await inspector.patch(url(id, '/reopen'), { version, comment: 'The carton count was wrong' });
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body.decision).toMatchObject({ clientDecision: 'PENDING', reopenedBy: net.contacts[ACCOUNTS.inspector], reopenComment: 'The carton count was wrong', previousDecision: { clientDecision: 'ACCEPTED' } });
    expect((await quality.get(`/back/bo/services/${id}`)).body.report.clientDecision).toBe('PENDING');
    expect(await openTasks(id)).toContain('WAITING_DECISION');
    const history = (await quality.get(`/back/bo/services/${id}/history`)).body;
    expect(history[0]).toMatchObject({ event: 'REPORT_REOPENED', detail: 'ACCEPTED: The carton count was wrong' });
    // The decision maker is told (mail and alert); the inspector who reopened, and the supplier, are not mailed.
    const mails = await mailsSince(mailsBefore);
    const told = mails.filter((mail) => mail.subject.includes('reopened'));
    expect(told.map((mail) => mail.to)).toContain(ACCOUNTS.quality);
    expect(told.map((mail) => mail.to)).not.toContain(ACCOUNTS.inspector);
    expect(told.map((mail) => mail.to)).not.toContain(ACCOUNTS.sales);
    expect(told.find((mail) => mail.to === ACCOUNTS.quality)!.text).toContain('The carton count was wrong');
    expect(await server.store.find('alerts', (row) => row.contactId === net.contacts[ACCOUNTS.quality] && row.titleLink === `/services/${id}` && String(row.title).includes('reopened'))).toHaveLength(1);

    // Reopened: the report changes, and the decision is taken again on it.
    const edited = await inspector.put(url(id), { version: reopened.body.version, report: { ...fields, conclusion: 'Carton count corrected' } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.report).toMatchObject({ conclusion: 'Carton count corrected', decision: { clientDecision: 'PENDING' } });
    // A report without a decision has nothing to reopen.
    await refusedWithNothingWritten(id, () => manager.patch(url(id, '/reopen'), { version: edited.body.report.version, comment: 'Again' }), 422, 'This report has no decision to reopen');
    const again = await quality.put(url(id, '/decision'), { version: edited.body.report.version, clientDecision: 'SUBJECTED', recipients: [net.contacts[ACCOUNTS.inspector]] });
    expect(again.status, again.text).toBe(200);
    // The provider's manager reopens too.
    expect((await manager.patch(url(id, '/reopen'), { version: again.body.version, comment: 'Pictures missing' })).status).toBe(200);
  });
});

describe('quantities: inspected ≤ presented per line, one line per order line; presented may exceed ordered', () => {
  it('refuses 7000 inspected against 6000 presented and a second line for the same order line (400 naming the line), writing nothing', async () => {
    const { id, lineId, report } = await reported(6000);
    const { version } = report;
    const base = { ...report, reportId: undefined, version: undefined, computed: undefined, reportResult: undefined, decision: undefined, serviceId: undefined, universeId: undefined, creator: undefined, creationDate: undefined, updateDate: undefined, updatedBy: undefined };
    const line = { purchaseOrderLineId: lineId, orderedQuantity: 6000, presentedQuantity: 6000 };
    const over = await refusedWithNothingWritten(id, () => inspector.put(url(id), { version, report: { ...base, lines: [{ ...line, inspectedQuantity: 7000 }] } }), 400);
    expect(fieldMessages(over.body)).toEqual({ '/report/lines/0/inspectedQuantity': 'more than presented' });
    const twice = await refusedWithNothingWritten(
      id,
      () => inspector.put(url(id), { version, report: { ...base, lines: [{ ...line, inspectedQuantity: 6000 }, { ...line, inspectedQuantity: 1000 }] } }),
      400,
    );
    expect(fieldMessages(twice.body)).toEqual({ '/report/lines/1/purchaseOrderLineId': 'listed more than once' });

    const more = await inspector.put(url(id), { version, report: { ...base, lines: [{ ...line, presentedQuantity: 7000, inspectedQuantity: 7000 }] } });
    expect(more.status, more.text).toBe(200);
    expect(more.body.report.lines[0]).toMatchObject({ orderedQuantity: 6000, presentedQuantity: 7000, inspectedQuantity: 7000 });
    expect(more.body.report.computed.lotSize).toBe(7000);
  });

  it('the service’s order lines keep the same rule: 7000 inspected against 6000 presented is refused (400 naming the line), nothing written', async () => {
    const service = await insertService(server.store);
    const id = service.serviceId as number;
    const [line] = service.purchaseOrderLines as Row[];
    const quantities = (presented: number, inspected: number) => ({
      ...line,
      orderedQuantity: { quantity: 6000, unit: 'PIECE' },
      presentedQuantity: { quantity: presented, unit: 'PIECE' },
      inspectedQuantity: { quantity: inspected, unit: 'PIECE' },
    });
    const over = await refusedWithNothingWritten(id, () => quality.patch(`/back/bo/purchaseOrderLines/${id}`, { version: service.version, lines: [quantities(6000, 7000)] }), 400);
    expect(fieldMessages(over.body)).toEqual({ '/lines/0/inspectedQuantity': 'more than presented' });
    const more = await quality.patch(`/back/bo/purchaseOrderLines/${id}`, { version: service.version, lines: [quantities(7000, 7000)] });
    expect(more.status, more.text).toBe(200);
  });
});
