import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { ACCOUNTS, startWithLogins, storedContactByEmail, today, type Client, type TestServer } from './helpers';
import { mailCount, sentMails } from './outbox';
import { fieldMessages, insertService, network, type Network } from './service-fixtures';

/**
 * Inspection reports (docs/reports.md): the provider writes one per confirmed service, the
 * server computes the AQL plans and the verdict, the client decides once the service is
 * terminated; report access and decision right of spec §6.4 on every call.
 */
let server: TestServer;
let inspector: Client, manager: Client, quality: Client, sales: Client, outsider: Client;
let net: Network;

beforeAll(async () => {
  ({ server, clients: { inspector, manager, quality, sales, outsider } } = await startWithLogins(['inspector', 'manager', 'quality', 'sales', 'outsider']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const confirmed = { serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true };
const url = (id: number, tail = '') => `/back/bo/reports/${id}${tail}`;

/** A service of Lumière (created by quality) done by Atlas at Shenzhen, in `step`, with one order line of `quantity`. */
async function serviceIn(step: Row, quantity = 1000): Promise<{ id: number; lineId: number }> {
  const service = await insertService(server.store, { fields: { orderTakerContacts: [net.shenzhenContact], ...step } });
  const lines: Row[] = (service.purchaseOrderLines as Row[]).map((line) => ({ ...line, orderedQuantity: { quantity, unit: 'PIECE', packing: 'BOX' } }));
  await server.store.transaction((tx) => tx.update('services', service.serviceId as number, (current) => ({ ...current, purchaseOrderLines: lines })));
  return { id: service.serviceId as number, lineId: lines[0].purchaseOrderLineId as number };
}

const library = async (id: number): Promise<Row[]> => {
  const reply = await inspector.get(url(id, '/defects'));
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
};
const defectOf = (defects: Row[], severity: string) => defects.find((defect) => defect.defaultSeverity === severity)!;

async function created(id: number, report: Row, client = inspector): Promise<any> {
  const reply = await client.post(url(id), { report });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.report;
}

/** The first mail to `to` sent after the `after` first ones, once the server's after-answer mails are out. */
async function mailTo(to: string, after: number) {
  await server.settled();
  const found = (await sentMails(server.outbox!)).slice(after).find((mail) => mail.to === to);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

async function terminate(id: number): Promise<void> {
  await server.store.transaction((tx) => tx.update('services', id, (current) => ({ ...current, serviceStep: 'TERMINATED' })));
}

describe('a new report', () => {
  it('starts from the service: its order lines (presented = ordered), ISO 2859-1 at level II, AQL 0 / 2.5 / 4.0, and the plan of the lot', async () => {
    const { id, lineId } = await serviceIn(confirmed, 1000);
    const reply = await inspector.get(url(id, '/default'));
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({
      serviceId: id,
      reportType: 'NORMAL',
      inspectionMode: 'LOT',
      standard: 'ISO_2859_1',
      aql: { level: 'II', inspection: 'NORMAL', critical: '0', major: '2.5', minor: '4.0' },
      lines: [{ purchaseOrderLineId: lineId, orderedQuantity: 1000, presentedQuantity: 1000, inspectedQuantity: 0 }],
    });
    // Lot 1000, level II → J, n = 80: 2.5 → 5/6 (CONTRACT.md); critical 0 → 0/1 on the same sample.
    expect(reply.body.computed).toMatchObject({ lotSize: 1000, codeLetter: 'J', result: 'ACCEPTED' });
    expect(reply.body.computed.plans.MAJOR).toEqual({ sampleSize: 80, accept: 5, reject: 6 });
    expect(reply.body.computed.plans.CRITICAL).toEqual({ sampleSize: 80, accept: 0, reject: 1 });
  });

  it('is saved with its computed verdict: accepted at Ac, refused at Re; the service summary follows; the parties are told (REPORT_DRAFT)', async () => {
    const { id, lineId } = await serviceIn(confirmed, 1000);
    const base = (await inspector.get(url(id, '/default'))).body;
    const defects = await library(id);
    const major = defectOf(defects, 'MAJOR');
    const plan = base.computed.plans.MAJOR;
    const mailsBefore = await mailCount(server);
    const atAccept = await created(id, { ...base, computed: undefined, lines: [{ purchaseOrderLineId: lineId, orderedQuantity: 1000, presentedQuantity: 1000, inspectedQuantity: 80 }], defects: [{ defectId: major.defectId, severity: 'MAJOR', count: plan.accept }] });
    expect(atAccept).toMatchObject({ reportResult: 'ACCEPTED', computed: { totals: { CRITICAL: 0, MAJOR: plan.accept, MINOR: 0 }, result: 'ACCEPTED' }, decision: { clientDecision: 'PENDING' } });
    expect(atAccept.defects[0].reportDefectId).toEqual(expect.any(Number));
    const service = (await quality.get(`/back/bo/services/${id}`)).body;
    expect(service.report).toEqual({ reportResult: 'ACCEPTED', reportType: 'NORMAL', clientDecision: 'PENDING' });
    // The stored summary also keeps the defects and pieces the KPIs sum (docs/kpis.md); readers see the verdict only.
    expect((await server.store.get('services', id))!.report).toEqual({ reportResult: 'ACCEPTED', reportType: 'NORMAL', clientDecision: 'PENDING', defects: { CRITICAL: 0, MAJOR: plan.accept, MINOR: 0 }, inspectedQuantity: 80 });
    const history = (await quality.get(`/back/bo/services/${id}/history`)).body;
    expect(history[0]).toMatchObject({ event: 'REPORT_SAVED', detail: 'ACCEPTED' });
    // The owner (quality, who created the service) is told: a live alert and an e-mail; the supplier (no report right yet) is not.
    const mail = await mailTo(ACCOUNTS.quality, mailsBefore);
    expect(mail.subject).toBe(`QCFlow: report of ${String(service.number)} in progress`);
    expect((await sentMails(server.outbox!)).slice(mailsBefore).map((sent) => sent.to)).not.toContain(ACCOUNTS.sales);
    expect(await server.store.find('alerts', (row) => row.contactId === net.contacts[ACCOUNTS.quality] && row.titleLink === `/services/${id}`)).toHaveLength(1);

    const edited = await inspector.put(url(id), { version: atAccept.version, report: { ...base, computed: undefined, defects: [{ defectId: major.defectId, severity: 'MAJOR', count: plan.reject }] } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.report).toMatchObject({ reportId: atAccept.reportId, reportResult: 'REFUSED', computed: { result: 'REFUSED' } });
    expect(edited.body.nextService).toBeNull();
    // A stale version is a conflict, and nothing changes.
    const stale = await inspector.put(url(id), { version: atAccept.version, report: base });
    expect(stale.status).toBe(409);
    expect((await inspector.get(url(id))).body.reportResult).toBe('REFUSED');
  });

  it('takes a critical defect as a refusal (AQL 0) and a minor one against the minor plan', async () => {
    const { id } = await serviceIn(confirmed, 1000);
    const base = (await inspector.get(url(id, '/default'))).body;
    const critical = defectOf(await library(id), 'CRITICAL');
    const report = await created(id, { ...base, computed: undefined, defects: [{ defectId: critical.defectId, severity: 'CRITICAL', count: 1 }] });
    expect(report).toMatchObject({ reportResult: 'REFUSED', computed: { totals: { CRITICAL: 1 } } });
  });

  it('counts failed pieces in a piece mode (a piece without severity is major)', async () => {
    const { id } = await serviceIn(confirmed, 1000);
    const base = (await inspector.get(url(id, '/default'))).body;
    const pieces = Array.from({ length: 8 }, (_, index) => ({ pieceNumber: index + 1, result: index < 6 ? 'FAILED' : 'PASSED' }));
    const report = await created(id, { ...base, computed: undefined, inspectionMode: 'PIECE', inspectedPieces: pieces });
    expect(report.computed.totals).toEqual({ CRITICAL: 0, MAJOR: 6, MINOR: 0 });
    expect(report.reportResult).toBe(6 >= report.computed.plans.MAJOR.reject ? 'REFUSED' : 'ACCEPTED');
    const listed = await inspector.get(url(id, '/inspectedPieces'));
    expect(listed.body).toHaveLength(8);
    expect(listed.body[0].inspectedPieceId).toEqual(expect.any(Number));
  });

  it('keeps an inspector’s verdict only with a reason; GNR has no computed verdict', async () => {
    const { id } = await serviceIn(confirmed, 1000);
    const base = (await inspector.get(url(id, '/default'))).body;
    const refused = await inspector.post(url(id), { report: { ...base, computed: undefined, resultOverride: 'REFUSED' } });
    expect(refused.status).toBe(400);
    expect(fieldMessages(refused.body)).toEqual({ '/report/overrideReason': 'required' });
    const report = await created(id, { ...base, computed: undefined, resultOverride: 'REFUSED', overrideReason: 'Mould smell on the cartons' });
    expect(report).toMatchObject({ reportResult: 'REFUSED', computed: { result: 'ACCEPTED' } });
    const other = await serviceIn(confirmed, 1000);
    const gnr = await created(other.id, { ...(await inspector.get(url(other.id, '/default'))).body, computed: undefined, reportType: 'GNR' });
    expect(gnr).toMatchObject({ reportResult: 'NA', computed: { result: 'NA' } });
  });
});

describe('refused writes: nothing is written', () => {
  it('a report on an OPENED service is refused (422), and so is one on a service out of sight (404)', async () => {
    const { id } = await serviceIn({});
    const reply = await inspector.post(url(id), { report: { reportType: 'NORMAL', inspectionMode: 'LOT', standard: 'ISO_2859_1' } });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe('A report can be written once the service is confirmed');
    expect((await inspector.get(url(id, '/default'))).status).toBe(403);
    expect((await outsider.post(url(id), { report: {} })).status).toBe(404);
    expect(await server.store.find('reports', (row) => row.serviceId === id)).toEqual([]);
  });

  it('a second report needs the confirmation of regeneration (422 without), and then replaces the first', async () => {
    const { id } = await serviceIn(confirmed);
    const base = { ...(await inspector.get(url(id, '/default'))).body, computed: undefined };
    const first = await created(id, base);
    const again = await inspector.post(url(id), { report: base });
    expect(again.status).toBe(422);
    expect(again.body.message).toContain('disabled while another report exists');
    expect((await server.store.find('reports', (row) => row.serviceId === id)).map((row) => row.reportId)).toEqual([first.reportId]);
    const regenerated = await inspector.post(url(id), { report: base, confirmRegeneration: true });
    expect(regenerated.status, regenerated.text).toBe(201);
    expect((await server.store.find('reports', (row) => row.serviceId === id)).map((row) => row.reportId)).toEqual([regenerated.body.report.reportId]);
  });

  it('an invalid standard (a default but not AQL eligible), unknown lines and defects, inspected over presented, too long texts: 400 with every field', async () => {
    const { id } = await serviceIn(confirmed);
    const base = (await inspector.get(url(id, '/default'))).body;
    const reply = await inspector.post(url(id), {
      report: {
        ...base,
        computed: undefined,
        standard: 'MIL_STD_105E',
        lines: [{ ...base.lines[0], inspectedQuantity: 2000 }, { purchaseOrderLineId: 999999, presentedQuantity: 1 }],
        defects: [{ defectId: 999999, severity: 'MAJOR', count: 1 }],
        conclusion: 'x'.repeat(4001),
      },
    });
    expect(reply.status).toBe(400);
    expect(fieldMessages(reply.body)).toMatchObject({
      '/report/conclusion': expect.any(String),
    });
    // Schema errors come first (inspected ≤ presented is the schema's `notAbove`); the rules run on a valid shape.
    const lines = [{ ...base.lines[0], inspectedQuantity: 2000 }, { purchaseOrderLineId: 999999, presentedQuantity: 1 }];
    const schema = await inspector.post(url(id), { report: { ...base, computed: undefined, standard: 'MIL_STD_105E', lines, defects: [{ defectId: 999999, severity: 'MAJOR', count: 1 }] } });
    expect(schema.status).toBe(400);
    expect(fieldMessages(schema.body)).toEqual({ '/report/lines/0/inspectedQuantity': 'more than presented' });
    const rules = await inspector.post(url(id), {
      report: { ...base, computed: undefined, standard: 'MIL_STD_105E', lines: [base.lines[0], lines[1]], defects: [{ defectId: 999999, severity: 'MAJOR', count: 1 }] },
    });
    expect(rules.status).toBe(400);
    expect(fieldMessages(rules.body)).toEqual({
      '/report/standard': 'this standard has default values but is not AQL eligible',
      '/report/lines/1/purchaseOrderLineId': 'unknown value',
      '/report/defects/0/defectId': 'unknown value',
    });
    expect(await server.store.find('reports', (row) => row.serviceId === id)).toEqual([]);
  });

  it('only the provider writes: the brand and the supplier get 403', async () => {
    const { id } = await serviceIn(confirmed);
    const base = { ...(await inspector.get(url(id, '/default'))).body, computed: undefined };
    expect((await quality.post(url(id), { report: base })).status).toBe(403);
    expect((await sales.post(url(id), { report: base })).status).toBe(403);
  });
});

describe('reading a report (spec §6.4 report access)', () => {
  it('the brand reads it once the service is terminated, the supplier only its summary, the outsider nothing', async () => {
    const { id } = await serviceIn(confirmed);
    const base = { ...(await inspector.get(url(id, '/default'))).body, computed: undefined };
    const major = defectOf(await library(id), 'MAJOR');
    await created(id, { ...base, defects: [{ defectId: major.defectId, severity: 'MAJOR', count: 2, comment: 'On the collar' }] });
    await terminate(id);
    const full = await quality.get(url(id));
    expect(full.status).toBe(200);
    expect(full.body.defects).toHaveLength(1);
    const limited = await sales.get(url(id));
    expect(limited.status).toBe(200);
    expect(Object.keys(limited.body).sort()).toEqual(['creationDate', 'decision', 'reportId', 'reportResult', 'reportType', 'serviceId', 'updateDate', 'version']);
    expect((await sales.get(url(id, '/reportDefects'))).status).toBe(403);
    expect((await sales.get(url(id, '/overview'))).body).toMatchObject({ exists: true, rights: { report: 'READ_LIMITED', decision: 'READ_LIMITED' }, downloadable: false });
    expect((await outsider.get(url(id))).status).toBe(404);
    const defects = await quality.get(url(id, '/reportDefects'));
    expect(defects.body[0]).toMatchObject({ defectId: major.defectId, count: 2, comment: 'On the collar', localizedNameWithCode: major.localizedNameWithCode });
  });

  it('the supplier reads the whole report when the client lets its suppliers download reports', async () => {
    const { id } = await serviceIn(confirmed);
    await created(id, { ...(await inspector.get(url(id, '/default'))).body, computed: undefined });
    await terminate(id);
    await server.store.transaction((tx) => tx.update('companies', net.lumiere, (company) => ({ ...company, reportSupplierDownload: true })));
    try {
      expect((await sales.get(url(id, '/overview'))).body.rights.report).toBe('READ');
      expect((await sales.get(url(id, '/reportDefects'))).status).toBe(200);
    } finally {
      await server.store.transaction((tx) => tx.update('companies', net.lumiere, (company) => ({ ...company, reportSupplierDownload: false })));
    }
  });

  it('decision power does not open the whole report to the order taker: the flag counts on the decision maker\'s side only (DESIGN rule 11)', async () => {
    const { id } = await serviceIn(confirmed);
    await created(id, { ...(await inspector.get(url(id, '/default'))).body, computed: undefined });
    await terminate(id);
    // The supplier's sales manager given the MANAGER profile, which carries SERVICE_DECISION_POWER.
    const contact = (await storedContactByEmail(server.store, ACCOUNTS.sales))!;
    const account = { ...contact.account };
    await server.store.transaction((tx) => tx.update('contacts', contact.contactId, (row) => ({ ...row, account: { ...account, profiles: ['MANAGER'] } })));
    try {
      expect((await sales.get('/back/auth/profile')).body.roles).toContain('SERVICE_DECISION_POWER');
      expect((await sales.get(url(id, '/overview'))).body.rights).toEqual({ report: 'READ_LIMITED', decision: 'READ_LIMITED' });
      expect((await sales.get(url(id, '/reportDefects'))).status).toBe(403);
      expect(Object.keys((await sales.get(url(id))).body)).not.toContain('defects');
    } finally {
      await server.store.transaction((tx) => tx.update('contacts', contact.contactId, (row) => ({ ...row, account })));
    }
  });

  it('before termination the brand that does not own the service sees nothing of the report; the owner does', async () => {
    const { id } = await serviceIn({ ...confirmed, creatorCompany: net.atlas, creator: net.contacts[ACCOUNTS.manager] });
    await created(id, { ...(await inspector.get(url(id, '/default'))).body, computed: undefined });
    expect((await quality.get(url(id))).status).toBe(403);
    expect((await quality.get(url(id, '/overview'))).body).toEqual({ exists: true, rights: { report: 'NONE', decision: 'NONE' }, serviceStep: 'CONFIRMED', downloadable: false });
    expect((await manager.get(url(id))).status).toBe(200);
  });

  it('the library is the client’s, in the caller’s language, also as a combo; a service without a report answers 404 "Report not available"', async () => {
    const { id } = await serviceIn(confirmed);
    const defects = await library(id);
    expect(defects.length).toBeGreaterThan(10);
    expect(defects[0]).toEqual(expect.objectContaining({ code: expect.any(String), family: expect.any(String), category: expect.any(String), localizedNameWithCode: expect.stringContaining(' · ') }));
    const combo = await inspector.get(`/back/bo/dfc/reports/${id}/defects/combo`);
    expect(combo.body[0]).toEqual({ value: defects[0].defectId, label: defects[0].localizedNameWithCode, group: defects[0].family, category: defects[0].category, severity: defects[0].defaultSeverity });
    const missing = await inspector.get(url(id));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Report not available');
    expect((await inspector.get(url(id, '/aql'))).body).toMatchObject({ lotSize: 1000, codeLetter: 'J' });
  });
});

describe('the client decision', () => {
  async function decidable(): Promise<{ id: number; report: Row }> {
    const { id } = await serviceIn(confirmed);
    const defaults = (await inspector.get(url(id, '/default'))).body;
    await terminate(id);
    // Written once terminated: the report is available, its decision awaited (a WAITING_DECISION task).
    const report = await created(id, { ...defaults, computed: undefined });
    return { id, report };
  }

  it('is the decision maker’s, with at least one recipient among the parties; the recipient gets the e-mail in its language, the search flag follows', async () => {
    const { id, report } = await decidable();
    const waiting = await quality.get('/back/bo/services?waitingClientDecision=true');
    expect(waiting.status, waiting.text).toBe(200);
    const idsOf = (body: { services: Row[] }) => body.services.map((row) => row.serviceId);
    expect(idsOf(waiting.body)).toContain(id);

    const none = await quality.put(url(id, '/decision'), { version: report.version, clientDecision: 'ACCEPTED', recipients: [] });
    expect(none.status).toBe(400);
    expect(fieldMessages(none.body)).toEqual({ '/recipients': 'at least one recipient' });
    const stranger = await quality.put(url(id, '/decision'), { version: report.version, clientDecision: 'ACCEPTED', recipients: [net.contacts[ACCOUNTS.outsider]] });
    expect(stranger.status).toBe(422);
    expect(fieldMessages(stranger.body)).toEqual({ '/recipients/0': 'not a contact this notification may be sent to' });
    expect((await sales.put(url(id, '/decision'), { version: report.version, clientDecision: 'ACCEPTED', recipients: [net.contacts[ACCOUNTS.manager]] })).status).toBe(403);
    expect((await inspector.put(url(id, '/decision'), { version: report.version, clientDecision: 'ACCEPTED', recipients: [net.contacts[ACCOUNTS.manager]] })).status).toBe(403);

    const before = await mailCount(server);
    const decided = await quality.put(url(id, '/decision'), { version: report.version, clientDecision: 'SUBJECTED', comment: 'Ship after rework of the hems', recipients: [net.contacts[ACCOUNTS.manager]] });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body.decision).toMatchObject({ clientDecision: 'SUBJECTED', comment: 'Ship after rework of the hems', decidedBy: net.contacts[ACCOUNTS.quality] });
    const mail = await mailTo(ACCOUNTS.manager, before);
    const { number } = (await quality.get(`/back/bo/services/${id}`)).body;
    expect(mail.subject).toBe(`QCFlow: decision on ${String(number)}: Accepted with reservations`);
    expect(mail.text).toContain('Ship after rework of the hems');
    // Only the chosen recipient gets the decision.
    const decisions = (await sentMails(server.outbox!)).slice(before).filter((sent) => sent.subject.includes('decision on'));
    expect(decisions.map((sent) => sent.to)).toEqual([ACCOUNTS.manager]);
    expect((await quality.get(`/back/bo/services/${id}`)).body.report.clientDecision).toBe('SUBJECTED');
    expect(idsOf((await quality.get('/back/bo/services?waitingClientDecision=true')).body)).not.toContain(id);
    const alerts = await server.store.find('alerts', (row) => row.titleLink === `/services/${id}` && String(row.title).startsWith('Decision'));
    expect(alerts.length).toBeGreaterThan(0);
  });

  it('is refused before termination (no report available to decide on)', async () => {
    const { id } = await serviceIn(confirmed);
    const report = await created(id, { ...(await inspector.get(url(id, '/default'))).body, computed: undefined });
    expect((await quality.put(url(id, '/decision'), { version: report.version, clientDecision: 'ACCEPTED', recipients: [net.contacts[ACCOUNTS.manager]] })).status).toBe(403);
  });
});

describe('the defects and the pieces alone', () => {
  it('replace the report’s defects or pieces, with the version, recomputing the verdict; checked like the report', async () => {
    const { id } = await serviceIn(confirmed);
    const report = await created(id, { ...(await inspector.get(url(id, '/default'))).body, computed: undefined });
    const [major] = (await library(id)).filter((defect) => defect.defaultSeverity === 'MAJOR');
    const reject = report.computed.plans.MAJOR.reject as number;
    const saved = await inspector.post(url(id, '/reportDefects'), { version: report.version, defects: [{ defectId: major.defectId, severity: 'MAJOR', count: reject }] });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ reportId: report.reportId, version: report.version + 1, reportResult: 'REFUSED', computed: { totals: { MAJOR: reject } } });
    expect((await quality.get(`/back/bo/services/${id}`)).body.report.reportResult).toBe('REFUSED');
    // Stale version, unknown defect, another caller: refused, nothing changes.
    expect((await inspector.post(url(id, '/reportDefects'), { version: report.version, defects: [] })).status).toBe(409);
    const unknown = await inspector.post(url(id, '/reportDefects'), { version: saved.body.version, defects: [{ defectId: 999999, severity: 'MAJOR', count: 1 }] });
    expect(fieldMessages(unknown.body)).toEqual({ '/report/defects/0/defectId': 'unknown value' });
    expect((await quality.post(url(id, '/reportDefects'), { version: saved.body.version, defects: [] })).status).toBe(403);
    expect((await outsider.post(url(id, '/reportDefects'), { version: saved.body.version, defects: [] })).status).toBe(404);
    expect((await inspector.get(url(id))).body.version).toBe(saved.body.version);

    const pieces = await inspector.post(url(id, '/inspectedPieces'), { version: saved.body.version, inspectedPieces: [{ pieceNumber: 1, result: 'FAILED', defectId: major.defectId, severity: 'MINOR' }] });
    expect(pieces.status, pieces.text).toBe(200);
    expect(pieces.body.inspectedPieces).toEqual([expect.objectContaining({ pieceNumber: 1, result: 'FAILED', inspectedPieceId: expect.any(Number) })]);
    // By lot, the pieces do not count; the defects still do.
    expect(pieces.body.computed.totals).toEqual({ CRITICAL: 0, MAJOR: reject, MINOR: 0 });
    const badPiece = await inspector.post(url(id, '/inspectedPieces'), { version: pieces.body.version, inspectedPieces: [{ pieceNumber: 0, result: 'MAYBE' }] });
    expect(Object.keys(fieldMessages(badPiece.body)).sort()).toEqual(['/report/inspectedPieces/0/pieceNumber', '/report/inspectedPieces/0/result']);
    expect((await inspector.post(url(id, '/inspectedPieces'), { version: pieces.body.version, notAField: 1 })).status).toBe(400);
  });

  it('completing a service with a report makes it available: the brand is told (REPORT_AVAILABLE) and may download it', async () => {
    // Under way: a service is completed once it has started (at most a week ahead).
    const { id } = await serviceIn({ ...confirmed, startDate: today() });
    const beforeDraft = await mailCount(server);
    await created(id, { ...(await inspector.get(url(id, '/default'))).body, computed: undefined });
    // The draft's mail first (sent after the answer), so that the next one is the completion's.
    await mailTo(ACCOUNTS.quality, beforeDraft);
    expect((await quality.get(url(id, '/overview'))).body.downloadable).toBe(false);
    const before = await mailCount(server);
    const done = await manager.patch(`/back/bo/services/${id}/COMPLETE`);
    expect(done.status, done.text).toBe(200);
    const mail = await mailTo(ACCOUNTS.quality, before);
    expect(mail.subject).toBe(`QCFlow: report of ${String(done.body.number)} available`);
    expect((await quality.get(url(id, '/overview'))).body).toMatchObject({ downloadable: true, rights: { report: 'READ', decision: 'WRITE' } });
  });
});

describe('planning the next service', () => {
  it('creates it with the same parties and order lines, a week ahead, when the caller may create services; an inspector may not', async () => {
    const { id } = await serviceIn(confirmed);
    const base = { ...(await inspector.get(url(id, '/default'))).body, computed: undefined };
    expect((await inspector.post(url(id), { report: base, planNextService: true })).status).toBe(403);
    expect(await server.store.find('reports', (row) => row.serviceId === id)).toEqual([]);
    const reply = await manager.post(url(id), { report: base, planNextService: true });
    expect(reply.status, reply.text).toBe(201);
    const next = reply.body.nextService;
    expect(next).toMatchObject({ serviceStep: 'OPENED', client: net.lumiere, supplier: net.shenzhen, serviceProvider: net.atlas, type: 'INSP_FINAL_RANDOM' });
    expect(next.serviceId).not.toBe(id);
    expect(next.purchaseOrderLines[0]).toMatchObject({ designation: 'Linen shirt', orderedQuantity: { quantity: 1000 } });
  });
});
