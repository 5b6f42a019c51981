import type { AppContext, Caller } from '../context';
import { actingSide, type ServiceParties } from './access';
import { sendServiceNotification } from '../notify/send';
import type { Row } from '../store/types';
import type { Notification } from './serviceFields';

/**
 * The wizard's notification step: when asked, the SERVICE_CREATED e-mail to the chosen contacts
 * (to and cc) about the created or merged service, each in its language, with the sheet's link and
 * the comment. Sent after the write is committed; a mail failure is logged, it does not undo the service.
 * The contacts were chosen by the caller: their list of notification types does not filter them,
 * their `allowNotification` and their company's switch do (docs/notifications.md).
 */
export async function sendWizardNotification(c: AppContext, caller: Caller, service: Row, notification: Notification | undefined): Promise<number[]> {
  if (!notification?.doSend) return [];
  const { sent } = await sendServiceNotification(c.get('services'), service, 'SERVICE_CREATED', {
    caller,
    tos: notification.tos,
    ccs: notification.ccs,
    comment: notification.comment,
    manual: true,
  });
  return sent;
}

/** A service ordered by a client or an order taker: its provider's people learn of it (SERVICE_CREATED), but those the wizard told already. */
export async function tellProvider(c: AppContext, caller: Caller, created: { service: Row; created: boolean }, told: readonly number[] = []): Promise<void> {
  if (!created.created || actingSide(created.service as Row & ServiceParties, caller) === 'SERVICE_PROVIDER') return;
  await sendServiceNotification(c.get('services'), created.service, 'SERVICE_CREATED', { caller, parties: 'provider', except: told });
}
