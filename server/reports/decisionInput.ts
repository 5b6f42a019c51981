import type { Caller } from '../context';
import { HttpError, validationError, type FieldError } from '../errors';
import { emailChoices } from '../notify/routes';
import type { Registry } from '../schemas';
import type { ServiceRow } from '../services/access';
import type { Reader, Row } from '../store/types';

/** The bodies of the decision calls (docs/reports.md), checked before anything is written. */

/**
 * The decision's fields (the report schema's) and at least one recipient (400); each recipient one
 * of the contacts the service offers (GET /back/bo/notify/services/{serviceId}/emails, spec §7.4)
 * that takes notification e-mails (spec §5.5), else 422.
 */
export async function checkDecision(tx: Reader, registry: Registry, service: ServiceRow, caller: Caller, body: Row): Promise<number[]> {
  const errors: FieldError[] = [];
  const decisions = (registry.enums.clientDecision?.enum ?? []) as string[];
  if (!decisions.includes(String(body.clientDecision))) errors.push({ path: '/clientDecision', key: body.clientDecision === undefined ? 'validation.required' : 'validation.unknownValue' });
  const maxLength = Number(decisionProperty(registry, 'comment').maxLength);
  if (body.comment !== undefined && (typeof body.comment !== 'string' || body.comment.length > maxLength)) errors.push({ path: '/comment', key: typeof body.comment === 'string' ? 'validation.tooLong' : 'validation.wrongType' });
  const recipients = Array.isArray(body.recipients) ? body.recipients : [];
  if (body.recipients !== undefined && !Array.isArray(body.recipients)) errors.push({ path: '/recipients', key: 'validation.wrongType' });
  else if (!recipients.length) errors.push({ path: '/recipients', key: 'report.decisionRecipientRequired' });
  if (errors.length) throw validationError(errors);
  const choices = new Map((await emailChoices(tx, registry, service, caller, {})).map((choice) => [choice.contactId, choice]));
  const refused: FieldError[] = [];
  recipients.forEach((id, index) => {
    const choice = typeof id === 'number' ? choices.get(id) : undefined;
    if (!choice) refused.push({ path: `/recipients/${index}`, key: 'notify.recipientUnknown' });
    else if (choice.disabled) refused.push({ path: `/recipients/${index}`, key: 'notify.recipientDisabled' });
  });
  if (refused.length) throw new HttpError(422, 'BusinessException', 'notify.refused', {}, refused);
  return [...new Set(recipients as number[])];
}

const decisionProperty = (registry: Registry, name: string): Row =>
  (registry.entities.get('report')!.schema as { properties: { decision: { properties: Record<string, Row> } } }).properties.decision.properties[name];

/** The reason of a reopening: required, within the schema's length (400 `/comment`). */
export function reopenComment(registry: Registry, raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  const maxLength = Number(decisionProperty(registry, 'reopenComment').maxLength);
  if (raw !== undefined && typeof raw !== 'string') throw validationError([{ path: '/comment', key: 'validation.wrongType' }]);
  if (!text) throw validationError([{ path: '/comment', key: 'validation.required' }]);
  if (text.length > maxLength) throw validationError([{ path: '/comment', key: 'validation.tooLong' }]);
  return text;
}
