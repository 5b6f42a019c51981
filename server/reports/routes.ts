import { Hono } from 'hono';
import { languageOf, type AppContext, type AppEnv, type Caller } from '../context';
import { nowIso, today } from '../dates';
import { businessRule, notFound } from '../errors';
import { sendServiceNotification } from '../notify/send';
import { expectedVersion } from '../resources/write';
import type { Registry } from '../schemas';
import { eq } from '../store/query';
import type { Reader, Row, Stored, Writer } from '../store/types';
import { actingSide, requireServiceCreator, visibleService, type ServiceRow } from '../services/access';
import { checkWizard, createOrMerge } from '../services/createService';
import { addHistory } from '../services/history';
import { presentService } from '../services/present';
import { updateService } from '../services/records';
import { numberParam, readObject, serviceCaller, throwIfAny } from '../services/routeHelpers';
import { alertServiceParties, mailServiceParties, type MailOptions, type ReportNotification } from '../services/serviceAlerts';
import { followTasks } from '../tasks/lifecycle';
import { REPORTS, reportRights, requireRight, type ReportRights } from './access';
import { reportSummary, type ReportRules } from '../../domain/report';
import { defectLibrary } from './library';
import { checkDecision, reopenComment } from './decisionInput';
import { reportFields, reportRuleErrors } from './reportInput';
import { reportCustomFields, reportCustomValues } from './reportCustomFields';
import { reportPdfResponse } from './pdfRoute';
import { refreshReferenceRisks } from '../risk/referenceRecords';

/**
 * The inspection report of a service (spec §7.4 reports, docs/reports.md): one report per
 * service, written by the provider once the service is confirmed, downloadable once it is
 * terminated, decided by the client. Rights come from access.ts only.
 */
export { REPORTS } from './access';
const WRITABLE_STEPS = new Set(['CONFIRMED', 'TERMINATED']);
/** How far ahead the next service of `planNextService` is proposed. */
const NEXT_SERVICE_DAYS = 7;

export const reportOf = async (db: Reader, serviceId: number): Promise<Stored<Row> | undefined> =>
  (await db.query<Row>({ collection: REPORTS, where: eq('serviceId', serviceId), limit: 1 }))[0];

interface Reached {
  caller: Caller;
  service: ServiceRow;
  report?: Stored<Row>;
  rights: ReportRights;
}

async function reach(c: AppContext, db: Reader = c.get('services').db): Promise<Reached> {
  const caller = serviceCaller(c);
  const service = await visibleService(db, numberParam(c, 'serviceId'), caller);
  const report = await reportOf(db, service.serviceId as number);
  return { caller, service, report, rights: await reportRights(db, service, caller, !!report) };
}

function existing(reached: Reached): Stored<Row> {
  if (!reached.report) throw notFound('report.notAvailable');
  return reached.report;
}

/** What a limited reader sees: the verdict and the decision, not the defects. */
const LIMITED_FIELDS = ['reportId', 'serviceId', 'version', 'reportType', 'reportResult', 'decision', 'creationDate', 'updateDate'];
const presented = (report: Row, rights: ReportRights): Row =>
  rights.report === 'READ_LIMITED' ? Object.fromEntries(LIMITED_FIELDS.filter((key) => key in report).map((key) => [key, report[key]])) : report;

/** Each line with its order line as read (`label`), for the wizard's grid and the PDF. */
function withLineLabels(report: Row, service: ServiceRow): Row {
  const orderLines = new Map(((service.purchaseOrderLines as Row[] | undefined) ?? []).map((line) => [line.purchaseOrderLineId, line]));
  const lines = ((report.lines as Row[] | undefined) ?? []).map((line) => {
    const order = orderLines.get(line.purchaseOrderLineId);
    const label = order ? [order.poNumber, order.designation, order.sku, [order.color, order.size].filter(Boolean).join(' / ')].filter(Boolean).join(' · ') : undefined;
    return label ? { ...line, label } : line;
  });
  return { ...report, lines };
}

const clientDecisionOf = (report: Row) => String((report.decision as Row | undefined)?.clientDecision ?? 'PENDING');


/** A report the client has decided on is frozen: changing it needs a reopening first (PATCH …/reopen). */
function requireUndecided(report: Row | undefined): void {
  if (report && clientDecisionOf(report) !== 'PENDING') throw businessRule('report.frozen');
}

/** A new report's values: the service's order lines (presented = ordered) and the standard's AQL. */
function defaultReport(rules: ReportRules, service: ServiceRow): Row {
  const standard = 'ISO_2859_1';
  const lines = ((service.purchaseOrderLines as Row[] | undefined) ?? []).map((line) => {
    const ordered = Math.round(Number((line.orderedQuantity as Row | undefined)?.quantity ?? 0));
    return { purchaseOrderLineId: line.purchaseOrderLineId, orderedQuantity: ordered, presentedQuantity: ordered, inspectedQuantity: 0 };
  });
  const report: Row = { serviceId: service.serviceId, reportType: 'NORMAL', inspectionMode: 'LOT', standard, aql: { ...rules.standardRule(standard)?.default }, lines, defects: [], inspectedPieces: [] };
  return withLineLabels({ ...report, computed: rules.computeReport(report) }, service);
}

/** A sent report (POST, PUT) has every required custom field; a draft save (the defects or the pieces alone) may leave them empty. */
async function checkedReport(db: Reader, registry: Registry, service: ServiceRow, raw: unknown, before: Row | undefined, draft: boolean): Promise<Row> {
  const fields = reportFields(registry, raw);
  throwIfAny(fields.errors);
  const { report, errors } = await reportCustomValues(db, service, fields.report, before, draft);
  throwIfAny([...errors, ...(await reportRuleErrors(db, registry.reports, service, report, before))]);
  return report;
}

/** The stored report: computed fields and stamps added, ids given to new defects and pieces. */
async function stored(tx: Writer, rules: ReportRules, caller: Caller, service: ServiceRow, report: Row, before?: Stored<Row>): Promise<Row> {
  const computed = rules.computeReport(report);
  const withIds = async (field: string, collection: string, idField: string) => {
    const out: Row[] = [];
    for (const item of (report[field] as Row[] | undefined) ?? []) out.push({ ...item, [idField]: await tx.nextId(collection) });
    return out;
  };
  const now = nowIso();
  return {
    ...report,
    defects: await withIds('defects', 'reportDefects', 'reportDefectId'),
    inspectedPieces: await withIds('inspectedPieces', 'inspectedPieces', 'inspectedPieceId'),
    serviceId: service.serviceId,
    computed,
    reportResult: report.resultOverride ?? computed.result,
    decision: before?.decision ?? { clientDecision: 'PENDING' },
    creator: before?.creator ?? caller.contact.contactId,
    creationDate: before?.creationDate ?? now,
    updateDate: now,
    updatedBy: caller.contact.contactId,
    universeId: service.universeId,
  };
}

/** Writes the report and the service's summary of it (the service search reads the summary). */
async function save(tx: Writer, caller: Caller, service: ServiceRow, report: Row, before: Stored<Row> | undefined, version?: number): Promise<Stored<Row>> {
  const saved = before ? await tx.update<Row>(REPORTS, before.reportId as number, () => ({ ...report, reportId: before.reportId }), version) : await tx.insert<Row>(REPORTS, 'reportId', report);
  const summarized = await updateService(tx, caller, service.serviceId as number, { report: reportSummary(saved) });
  // The risk and score of the service's references follow their inspections (docs/risk.md).
  await refreshReferenceRisks(tx, summarized);
  return saved as Stored<Row>;
}

/** Who may read the report (the audience of the report notifications). */
const readsReport = (service: ServiceRow) => async (db: Reader, recipient: Caller) => (await reportRights(db, service, recipient, true)).report !== 'NONE';
/** The decision maker's people who may decide (told of a reopened report). */
const decidesReport = (service: ServiceRow) => async (db: Reader, recipient: Caller) => (await reportRights(db, service, recipient, true)).decision === 'WRITE' && actingSide(service, recipient) === 'DECISION_MAKER';

function notify(c: AppContext, service: ServiceRow, type: ReportNotification, caller: Caller, extra: Pick<MailOptions, 'comment' | 'audience'> = {}) {
  const services = c.get('services');
  services.later.run(`report e-mails of ${String(service.number)}`, () => mailServiceParties(services, service, type, { caller, audience: readsReport(service), ...extra }));
}

/** The next service of `planNextService`: the same parties and order lines, a week ahead, OPENED. */
async function planNext(tx: Writer, registry: Registry, caller: Caller, service: ServiceRow): Promise<Row> {
  requireServiceCreator(caller);
  const start = new Date(`${today()}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + NEXT_SERVICE_DAYS);
  const keep = ['thirdPartyDepartment', 'type', 'serviceLevel', 'client', 'supplier', 'factory', 'agent', 'serviceProvider', 'orderTakerContacts', 'servicePartyType', 'assessmentMethod', 'season', 'sector', 'address'];
  const body = {
    roles: ['SERVICE_PROVIDER'],
    service: { ...Object.fromEntries(keep.filter((key) => service[key] !== undefined).map((key) => [key, service[key]])), startDate: start.toISOString().slice(0, 10) },
    purchaseOrderLines: ((service.purchaseOrderLines as Row[] | undefined) ?? []).map(({ purchaseOrderLineId: _id, ...line }) => line),
  };
  const input = await checkWizard(tx, registry, caller, body);
  return (await createOrMerge(tx, registry, caller, input, undefined)).service;
}

export function reportRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const one = '/back/bo/reports/:serviceId{[0-9]+}';

  app.get(one, async (c) => {
    const reached = await reach(c);
    requireRight(reached.rights.report, 'READ_LIMITED');
    return c.json(presented(withLineLabels(existing(reached), reached.service), reached.rights));
  });

  app.get(`${one}/overview`, async (c) => {
    const { service, report, rights } = await reach(c);
    const shown = report && rights.report !== 'NONE';
    return c.json({
      exists: !!report,
      rights,
      serviceStep: service.serviceStep,
      downloadable: !!report && service.serviceStep === 'TERMINATED' && (rights.report === 'READ' || rights.report === 'WRITE'),
      ...(shown ? { reportResult: report.reportResult, reportType: report.reportType, clientDecision: clientDecisionOf(report), computed: rights.report === 'READ_LIMITED' ? undefined : report.computed, version: report.version } : {}),
    });
  });

  app.get(`${one}/default`, async (c) => {
    const { service, rights } = await reach(c);
    requireRight(rights.report, 'WRITE');
    return c.json(defaultReport(registry.reports, service));
  });

  app.get(`${one}/aql`, async (c) => {
    const reached = await reach(c);
    requireRight(reached.rights.report, 'READ');
    return c.json((reached.report ?? defaultReport(registry.reports, reached.service)).computed);
  });

  app.get(`${one}/defects`, async (c) => {
    const { service, rights } = await reach(c);
    requireRight(rights.report, 'READ');
    return c.json(await defectLibrary(c.get('services').db, service, languageOf(c)));
  });

  app.get('/back/bo/dfc/reports/:serviceId{[0-9]+}/defects/combo', async (c) => {
    const { service, rights } = await reach(c);
    requireRight(rights.report, 'READ');
    const library = await defectLibrary(c.get('services').db, service, languageOf(c));
    return c.json(library.map((defect) => ({ value: defect.defectId, label: defect.localizedNameWithCode, group: defect.family, category: defect.category, severity: defect.defaultSeverity })));
  });

  app.get(`${one}/reportDefects`, async (c) => {
    const reached = await reach(c);
    requireRight(reached.rights.report, 'READ');
    const library = new Map((await defectLibrary(c.get('services').db, reached.service, languageOf(c), 'keep')).map((defect) => [defect.defectId, defect]));
    return c.json(
      ((existing(reached).defects as Row[] | undefined) ?? []).map((defect) => {
        const known = library.get(defect.defectId as number);
        return { ...defect, localizedNameWithCode: known?.localizedNameWithCode, category: known?.category, family: known?.family };
      }),
    );
  });

  /** The client's custom fields of this report and its pieces (the schemas its writes are checked with), with their labels. */
  app.get(`${one}/customFields`, async (c) => {
    const { service, rights } = await reach(c);
    requireRight(rights.report, 'READ');
    return c.json(await reportCustomFields(c.get('services').db, service));
  });

  app.get(`${one}/inspectedPieces`, async (c) => {
    const reached = await reach(c);
    requireRight(reached.rights.report, 'READ');
    return c.json(existing(reached).inspectedPieces ?? []);
  });

  app.get(`${one}/pdf`, async (c) => {
    const reached = await reach(c);
    requireRight(reached.rights.report, 'READ');
    const report = existing(reached);
    if (reached.service.serviceStep !== 'TERMINATED') throw businessRule('report.notAvailable');
    return reportPdfResponse(c, reached.service, report);
  });

  /** POST (new) and PUT (edit): `{ report, planNextService }` → `{ report, nextService }`. */
  const write = (creating: boolean) => async (c: AppContext) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    await visibleService(db, numberParam(c, 'serviceId'), caller);
    const body = await readObject(c, ['report', 'planNextService', 'confirmRegeneration', 'version']);
    const version = creating ? undefined : expectedVersion(body.version, true);
    const { saved, service, nextService, type } = await db.transaction(async (tx) => {
      const reached = await reach(c, tx);
      // Before confirmation nobody has a report right: the provider, who writes it later, is told why.
      const step = String(reached.service.serviceStep);
      if (!WRITABLE_STEPS.has(step) && actingSide(reached.service, caller) === 'SERVICE_PROVIDER') throw businessRule('report.stepRefused');
      requireRight(reached.rights.report, 'WRITE');
      requireUndecided(reached.report);
      if (creating && reached.report && body.confirmRegeneration !== true) throw businessRule('report.regenerationDisabled');
      const before = creating ? reached.report : existing(reached);
      const report = await checkedReport(tx, registry, reached.service, body.report, before, false);
      const next = await stored(tx, registry.reports, caller, reached.service, report, creating ? undefined : before);
      // A regenerated report replaces the previous one (its decision too).
      if (creating && before) await tx.remove(REPORTS, before.reportId as number);
      const saved = await save(tx, caller, reached.service, next, creating ? undefined : before, version);
      await addHistory(tx, caller, { serviceId: reached.service.serviceId as number, event: 'REPORT_SAVED', side: 'SERVICE_PROVIDER', detail: String(saved.reportResult) });
      const type: ReportNotification = step === 'TERMINATED' ? 'REPORT_AVAILABLE' : 'REPORT_DRAFT';
      const service = (await tx.get<Row>('services', reached.service.serviceId as number)) as ServiceRow;
      // A report of a terminated service waits for the client's decision (a regenerated one again).
      if (step === 'TERMINATED') await followTasks(tx, service, 'REPORT_AVAILABLE', { toStep: 'TERMINATED', decisionPending: (saved.decision as Row | undefined)?.clientDecision === 'PENDING' });
      await alertServiceParties(tx, registry, service, caller, type, new Date(), readsReport(service));
      const nextService = body.planNextService === true ? await planNext(tx, registry, caller, reached.service) : null;
      return { saved, service, nextService, type };
    });
    notify(c, service, type, caller);
    return c.json({ report: saved, nextService: nextService && (await presentService(db, nextService as ServiceRow, caller)) }, creating ? 201 : 200);
  };
  app.post(one, write(true));
  app.put(one, write(false));

  /** The defects or the pieces alone (the wizard's steps save them as they go). */
  const part = (field: 'defects' | 'inspectedPieces') => async (c: AppContext) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    await visibleService(db, numberParam(c, 'serviceId'), caller);
    const body = await readObject(c, ['version', field]);
    const version = expectedVersion(body.version, true);
    const saved = await db.transaction(async (tx) => {
      const reached = await reach(c, tx);
      requireRight(reached.rights.report, 'WRITE');
      const before = existing(reached);
      if (!WRITABLE_STEPS.has(String(reached.service.serviceStep))) throw businessRule('report.stepRefused');
      requireUndecided(before);
      const { reportId: _id, version: _version, computed: _computed, reportResult: _result, decision: _decision, serviceId: _service, universeId: _universe, creator: _creator, creationDate: _created, updateDate: _updated, updatedBy: _by, ...fields } = before;
      const report = await checkedReport(tx, registry, reached.service, { ...fields, [field]: body[field] }, before, true);
      return save(tx, caller, reached.service, await stored(tx, registry.reports, caller, reached.service, report, before), before, version);
    });
    return c.json(saved);
  };
  app.post(`${one}/reportDefects`, part('defects'));
  app.post(`${one}/inspectedPieces`, part('inspectedPieces'));

  /** The client's decision (the report decision dialog): `{ version, clientDecision, comment, recipients }`. */
  app.put(`${one}/decision`, async (c) => {
    const caller = serviceCaller(c);
    const services = c.get('services');
    await visibleService(services.db, numberParam(c, 'serviceId'), caller);
    const body = await readObject(c, ['version', 'clientDecision', 'comment', 'recipients']);
    const version = expectedVersion(body.version, true);
    const { saved, service, recipients } = await services.db.transaction(async (tx) => {
      const reached = await reach(c, tx);
      requireRight(reached.rights.decision, 'WRITE');
      const before = existing(reached);
      const recipients = await checkDecision(tx, registry, reached.service, caller, body);
      const decision = { clientDecision: body.clientDecision, ...(body.comment ? { comment: body.comment } : {}), decidedBy: caller.contact.contactId, decisionDate: nowIso() };
      const saved = await save(tx, caller, reached.service, { ...before, decision }, before, version);
      await addHistory(tx, caller, { serviceId: reached.service.serviceId as number, event: 'REPORT_DECISION', side: 'DECISION_MAKER', detail: String(body.clientDecision) });
      const service = (await tx.get<Row>('services', reached.service.serviceId as number)) as ServiceRow;
      await followTasks(tx, service, 'DECIDED', { toStep: service.serviceStep as never, decisionPending: body.clientDecision === 'PENDING' });
      await alertServiceParties(tx, registry, service, caller, 'REPORT_DECISION', new Date(), readsReport(service));
      return { saved, service, recipients };
    });
    // The recipients were chosen by the decision maker among the service's contacts (spec §7.4 emails): sent as chosen, login or not.
    services.later.run(`decision e-mails of ${String(service.number)}`, () =>
      sendServiceNotification(services, service, 'REPORT_DECISION', {
        caller,
        tos: recipients,
        manual: true,
        comment: typeof body.comment === 'string' ? body.comment : undefined,
        labels: { decision: `enum.clientDecision.${String(body.clientDecision)}` },
      }),
    );
    return c.json(saved);
  });

  /**
   * Reopening a decided report (`{ version, comment }`): the provider who writes the report puts the
   * decision back to PENDING so that the report may change; the decision maker is told (alert and
   * REPORT_REOPENED e-mail) and decides again on the changed report.
   */
  app.patch(`${one}/reopen`, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    await visibleService(db, numberParam(c, 'serviceId'), caller);
    const body = await readObject(c, ['version', 'comment']);
    const version = expectedVersion(body.version, true);
    const { saved, service, comment } = await db.transaction(async (tx) => {
      const reached = await reach(c, tx);
      requireRight(reached.rights.report, 'WRITE');
      const comment = reopenComment(registry, body.comment);
      const before = existing(reached);
      const previous = clientDecisionOf(before);
      if (previous === 'PENDING') throw businessRule('report.notDecided');
      const decision = { clientDecision: 'PENDING', reopenedBy: caller.contact.contactId, reopenDate: nowIso(), reopenComment: comment, previousDecision: before.decision };
      const saved = await save(tx, caller, reached.service, { ...before, decision }, before, version);
      await addHistory(tx, caller, { serviceId: reached.service.serviceId as number, event: 'REPORT_REOPENED', side: 'SERVICE_PROVIDER', detail: `${previous}: ${comment}` });
      const service = (await tx.get<Row>('services', reached.service.serviceId as number)) as ServiceRow;
      await followTasks(tx, service, 'REPORT_AVAILABLE', { toStep: service.serviceStep as never, decisionPending: true });
      await alertServiceParties(tx, registry, service, caller, 'REPORT_REOPENED', new Date(), decidesReport(service));
      return { saved, service, comment };
    });
    notify(c, service, 'REPORT_REOPENED', caller, { comment, audience: decidesReport(service) });
    return c.json(saved);
  });

  return app;
}
