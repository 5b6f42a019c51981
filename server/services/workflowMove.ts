import {
  COMPLETE_DAYS_AHEAD,
  flowFields,
  flowOf,
  moveService,
  type ServiceAction,
  type ServiceEventDates,
  type ServiceSide,
  type ServiceStep,
} from '../../machines/service';
import { confirmationOf } from '../../domain/leadTime';
import type { AppContext, Caller } from '../context';
import { today } from '../dates';
import { HttpError, forbidden, versionConflict } from '../errors';
import { translate } from '../i18n';
import type { Registry } from '../schemas';
import { and, eq } from '../store/query';
import type { Row, Writer } from '../store/types';
import { actingSide, serviceActor } from './access';
import { addHistory } from './history';
import { SERVICE_DATE_LINES, updateService, type ServiceRecord } from './records';
import { presentService } from './present';
import { alertServiceParties, mailServiceParties } from './serviceAlerts';
import { followTasks, moveFacts } from '../tasks/lifecycle';
import { refreshReferenceRisks } from '../risk/referenceRecords';
import { providerSettings } from '../settings/records';

/**
 * One workflow move of a service, shared by the date calls and the PATCH actions: the caller's
 * side and ownership feed the machine (machines/service.ts); the new workflow fields, the
 * history event and the live alerts are written in the caller's transaction.
 */
export interface MoveExtra {
  /** The schemas: a refusal names the action and the step in the caller's language; alerts follow the screens' roles. */
  registry: Registry;
  /** The version the caller saw; a stale one is refused (409) like any write. */
  version?: number;
  /** The caller's comment, kept in the history event. */
  comment?: string;
  /** Other fields written with the move (the accepted dates). */
  changes?: Row;
  /** Fields written only when the move leaves no proposal waiting: a proposal the provider's settings confirm at once (its dates). */
  settledChanges?: Row;
  /** The first day a date proposal names (its request task is due then). */
  proposedStart?: string;
  /** What the machine must know of the dates (a proposal of the same dates, days to the start). */
  dates?: ServiceEventDates;
  now?: Date;
}

export interface MoveResult {
  service: ServiceRecord;
  side: ServiceSide;
  fromStep: ServiceStep;
  toStep: ServiceStep;
}

/** 409 TransitionException naming the action and the step, in the caller's language. */
function transitionRefused(labels: Registry['locales'], caller: Caller, action: ServiceAction, step: string): HttpError {
  const lang = caller.contact.language ?? 'en';
  const stepLabel = labels[lang]?.[`enum.serviceStep.${step}`] ?? step;
  // The action label is a server text: the service machine is not an x-machine record workflow.
  return new HttpError(409, 'TransitionException', 'error.service.transitionRefused', { action: translate(lang, `workflow.service.${action}`), step: stepLabel });
}

/** 422: the provider's settings want a report before COMPLETE (docs/settings.md). */
const reportRequired = () => new HttpError(422, 'BusinessException', 'error.service.reportRequired', {}, [{ path: '/report', key: 'validation.required' }]);

/** 422 naming the date field the machine refused the move for (it accepts the same move without the dates). */
function datesRefused(service: ServiceRecord, event: ServiceAction): HttpError {
  if (event === 'COMPLETE') {
    const from = new Date(Date.parse(`${String(service.startDate)}T00:00:00Z`) - COMPLETE_DAYS_AHEAD * 86_400_000);
    return new HttpError(422, 'BusinessException', 'error.service.completeTooEarly', { startDate: service.startDate, from: today(from) }, [
      { path: '/startDate', key: 'validation.tooFarAhead' },
    ]);
  }
  return new HttpError(422, 'BusinessException', 'error.service.sameDates', {}, [{ path: '/startDate', key: 'validation.sameDates' }]);
}

/** The actions that answer a proposal themselves (their route marks the line ACCEPTED or REFUSED). */
const DATE_ANSWERS: ServiceAction[] = ['ACCEPT_DATE', 'REFUSE_DATE'];

async function withdrawProposals(tx: Writer, serviceId: number): Promise<void> {
  for (const line of await tx.query({ collection: SERVICE_DATE_LINES, where: and(eq('serviceId', serviceId), eq('status', 'PROPOSED')) })) {
    await tx.update(SERVICE_DATE_LINES, line.dateLineId as number, (row) => ({ ...row, status: 'WITHDRAWN' }));
  }
}

export async function applyServiceEvent(tx: Writer, service: ServiceRecord, caller: Caller, event: ServiceAction, extra: MoveExtra): Promise<MoveResult> {
  const side = actingSide(service, caller);
  if (!side) throw forbidden('error.service.noSide');
  if (extra.version !== undefined && extra.version !== service.version) throw versionConflict();
  const fromStep = service.serviceStep as ServiceStep;
  // The actor and what the server knows, with the provider's settings as the machine's input (docs/settings.md).
  const actor = { type: event, ...serviceActor(service, caller, side), hasReport: !!service.report };
  const settings = await providerSettings(tx, service);
  const now = extra.now ?? new Date();
  const flow = flowOf(service as never);
  const moved = moveService(fromStep, flow, { ...actor, ...extra.dates }, settings);
  if (!moved) {
    const refusedForDates = extra.dates && moveService(fromStep, flow, actor, settings);
    if (!actor.workflow && moveService(fromStep, flow, { ...actor, ...extra.dates, workflow: true }, settings)) throw forbidden('error.service.workflowFlag');
    if (!actor.hasReport && moveService(fromStep, flow, { ...actor, ...extra.dates, hasReport: true }, settings)) throw reportRequired();
    throw refusedForDates ? datesRefused(service, event) : transitionRefused(extra.registry.locales, caller, event, fromStep);
  }
  const fields = flowFields(moved.step, moved.flow, today(now), service as never);
  const serviceId = service.serviceId as number;
  const settled = moved.flow.pendingDateBy === null ? extra.settledChanges : undefined;
  // The provider's first confirmation: the lead time from the request (docs/kpis.md).
  const confirmed = fields.providerConfirmed && !service.providerConfirmed && typeof service.creationDate === 'string' ? { confirmation: confirmationOf(service.creationDate, service.serviceLevel, now.toISOString()) } : {};
  const updated = await updateService(tx, caller, serviceId, { ...extra.changes, ...settled, ...fields, ...confirmed }, service.version);
  // A cancellation, completion or reopening drops the proposal that waited: nobody may answer it any more.
  // (A proposal confirmed at once replaces it instead, in its own route.)
  if (service.pendingDateBy && !moved.flow.pendingDateBy && !DATE_ANSWERS.includes(event) && !settled) await withdrawProposals(tx, serviceId);
  await addHistory(tx, caller, { serviceId, event, fromStep, toStep: moved.step, side, detail: extra.comment }, now);
  // The tasks the move answers expire, those it asks for are created (machines/task.ts).
  await followTasks(tx, updated, event, { ...(await moveFacts(tx, updated, side, fromStep, moved.step)), proposedStart: extra.proposedStart }, now);
  await alertServiceParties(tx, extra.registry, updated, caller, event, now);
  // A reported service entering or leaving TERMINATED enters or leaves its references' history (docs/risk.md).
  if (updated.report && (moved.step === 'TERMINATED') !== (fromStep === 'TERMINATED')) await refreshReferenceRisks(tx, updated, now);
  return { service: updated, side, fromStep, toStep: moved.step };
}

/**
 * The answer of every workflow call, once committed: the presented service; the e-mails of a
 * confirmation or cancellation go out after the answer (a mail failure is only logged).
 */
export async function answerMove(c: AppContext, caller: Caller, event: ServiceAction, service: ServiceRecord): Promise<Response> {
  const services = c.get('services');
  services.later.run(`service ${String(service.number)} e-mails`, () => mailServiceParties(services, service, event, { caller }));
  return c.json(await presentService(services.db, service, caller));
}
