import { Hono } from 'hono';
import { sameDates, type ServiceAction } from '../../machines/service';
import { earliestToday, pastDateErrors } from '../../engine/schema/rules';
import { and, eq } from '../store/query';
import type { AppEnv, Caller } from '../context';
import { nowIso } from '../dates';
import { HttpError, validationError, type FieldError } from '../errors';
import { expectedVersion } from '../resources/write';
import type { Registry } from '../schemas';
import type { Reader, Row, Stored, Writer } from '../store/types';
import { fieldErrors } from '../validation';
import { visibleService } from './access';
import { SERVICE_DATE_LINES } from './records';
import { numberParam, readObject, serviceCaller, throwIfAny } from './routeHelpers';
import { answerMove, applyServiceEvent } from './workflowMove';

/**
 * Dates of a service (`/back/bo/serviceDateLines`): one side proposes a date (requestDate, or
 * postpone once a date was agreed), the other accepts or refuses it. Each call is a workflow
 * move (workflowMove.ts) plus its date line; every call answers the presented service.
 */
/** The proposal that waits for an answer (at most one: a new one replaces it). */
const waitingLine = async (tx: Reader, serviceId: number): Promise<Stored<Row> | undefined> =>
  (await tx.query({ collection: SERVICE_DATE_LINES, where: and(eq('serviceId', serviceId), eq('status', 'PROPOSED')), orderBy: [{ field: 'dateLineId', desc: true }], limit: 1 }))[0];

function serviceIdOf(body: Row): number {
  const id = body.serviceId;
  if (typeof id === 'number' && Number.isInteger(id) && id > 0) return id;
  throw validationError([{ path: '/serviceId', key: id === undefined ? 'validation.required' : 'validation.wrongType' }]);
}

/** startDate, endDate and comment as the serviceDateLine schema wants them: end not before start, start not past. */
function proposalOf(registry: Registry, body: Row, now: Date): { startDate: string; endDate?: string; comment?: string } {
  const proposal = Object.fromEntries(['startDate', 'endDate', 'comment'].filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));
  const entity = registry.entities.get('serviceDateLine')!;
  const validate = entity.validateCreate;
  const errors: FieldError[] = validate(proposal) ? pastDateErrors(entity.schema, proposal, earliestToday(now)) : fieldErrors(validate.errors);
  throwIfAny(errors);
  return proposal as { startDate: string; endDate?: string; comment?: string };
}

/** A comment of an answer or an action: a string no longer than the date line's comment. */
export function commentOf(registry: Registry, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const max = (registry.entities.get('serviceDateLine')!.schema.properties as Record<string, { maxLength?: number }>).comment.maxLength ?? Infinity;
  if (typeof value !== 'string') throw validationError([{ path: '/comment', key: 'validation.wrongType' }]);
  if (value.length > max) throw validationError([{ path: '/comment', key: 'validation.tooLong' }]);
  return value;
}

const dateDetail = (line: Row, comment?: string) =>
  [line.endDate && line.endDate !== line.startDate ? `${String(line.startDate)} → ${String(line.endDate)}` : String(line.startDate), comment].filter(Boolean).join(' — ');

export function dateLineRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = '/back/bo/serviceDateLines';

  app.get(`${base}/:serviceId{[0-9]+}`, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    const serviceId = numberParam(c, 'serviceId');
    await visibleService(db, serviceId, caller);
    return c.json(await db.query({ collection: SERVICE_DATE_LINES, where: eq('serviceId', serviceId), orderBy: [{ field: 'dateLineId', desc: true }] }));
  });

  /** requestDate and postpone: a new PROPOSED line; the one that waited (if any) becomes REPLACED. */
  const propose = (event: ServiceAction) =>
    app.post(`${base}/${event === 'POSTPONE' ? 'postpone' : 'requestDate'}`, async (c) => {
      const caller = serviceCaller(c);
      const body = await readObject(c, ['serviceId', 'startDate', 'endDate', 'comment', 'version']);
      const serviceId = serviceIdOf(body);
      const version = expectedVersion(body.version, false);
      const now = new Date();
      const proposal = proposalOf(registry, body, now);
      const moved = await c.get('services').db.transaction(async (tx) => {
        const service = await visibleService(tx, serviceId, caller);
        const dates = { sameDates: sameDates(proposal, service as Row) };
        // A proposal the provider's settings confirm at once (docs/settings.md) takes its dates now, its line ACCEPTED.
        const settledChanges = { startDate: proposal.startDate, endDate: proposal.endDate };
        const result = await applyServiceEvent(tx, service, caller, event, { registry, version, comment: dateDetail(proposal, proposal.comment), now, dates, proposedStart: proposal.startDate, settledChanges });
        const previous = await waitingLine(tx, serviceId);
        if (previous) await tx.update(SERVICE_DATE_LINES, previous.dateLineId as number, (line) => ({ ...line, status: 'REPLACED' }));
        await tx.insert(SERVICE_DATE_LINES, 'dateLineId', {
          serviceId,
          ...proposal,
          status: result.service.pendingDateBy ? 'PROPOSED' : 'ACCEPTED',
          proposedBy: result.side,
          proposedByContact: caller.contact.contactId,
          proposedAt: nowIso(now),
        });
        return result.service;
      });
      return answerMove(c, caller, event, moved);
    });
  propose('REQUEST_DATE');
  propose('POSTPONE');

  /** acceptDate and refuseDate answer the waiting line; accepting copies its dates onto the service. */
  const answer = (event: 'ACCEPT_DATE' | 'REFUSE_DATE') =>
    app.post(`${base}/${event === 'ACCEPT_DATE' ? 'acceptDate' : 'refuseDate'}`, async (c) => {
      const caller = serviceCaller(c);
      const body = await readObject(c, ['serviceId', 'dateLineId', 'comment', 'version']);
      const serviceId = serviceIdOf(body);
      const version = expectedVersion(body.version, false);
      const comment = commentOf(registry, body.comment);
      if (body.dateLineId !== undefined && !(typeof body.dateLineId === 'number' && Number.isInteger(body.dateLineId))) {
        throw validationError([{ path: '/dateLineId', key: 'validation.wrongType' }]);
      }
      const moved = await c.get('services').db.transaction(async (tx) => {
        const service = await visibleService(tx, serviceId, caller);
        const line = await waitingLine(tx, serviceId);
        const dates = event === 'ACCEPT_DATE' && line ? { startDate: line.startDate, endDate: line.endDate } : {};
        const now = new Date();
        const detail = line ? dateDetail(line, comment) : comment;
        const result = await applyServiceEvent(tx, service, caller, event, { registry, version, comment: detail, changes: dates, now });
        // Checked after the move so that a caller without a side gets 403 first; the throw undoes the move.
        if (body.dateLineId !== undefined && body.dateLineId !== line?.dateLineId) throw dateLineNotWaiting();
        if (line) await answerLine(tx, line, caller, event === 'ACCEPT_DATE' ? 'ACCEPTED' : 'REFUSED', comment, now);
        return result.service;
      });
      return answerMove(c, caller, event, moved);
    });
  answer('ACCEPT_DATE');
  answer('REFUSE_DATE');

  return app;
}

const dateLineNotWaiting = () => new HttpError(409, 'TransitionException', 'error.service.dateLineNotWaiting');

async function answerLine(tx: Writer, line: Stored<Row>, caller: Caller, status: 'ACCEPTED' | 'REFUSED', comment: string | undefined, now: Date): Promise<void> {
  await tx.update(SERVICE_DATE_LINES, line.dateLineId as number, (current) => ({
    ...current,
    status,
    answeredByContact: caller.contact.contactId,
    answeredAt: nowIso(now),
    ...(comment !== undefined ? { answerComment: comment } : {}),
  }));
}
