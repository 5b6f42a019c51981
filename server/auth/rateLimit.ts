import { tooManyRequests } from '../errors';
import { and, eq, type Condition } from '../store/query';
import type { Reader } from '../store/types';

/**
 * Rate limits counted from what the store already records (login events, reset requests),
 * so they hold across restarts and across several server instances sharing one store.
 */
export const RATE_WINDOW_MINUTES = 15;
/** Failed logins from one address within the window before it gets 429. */
export const MAX_LOGIN_FAILURES_PER_IP = 20;
/** Password reset requests from one address within the window. */
export const MAX_RESETS_PER_IP = 5;

export async function assertUnderLimit(
  db: Reader,
  limit: { collection: string; ip: string; max: number; dateField?: string; counts?: Condition },
  now = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - RATE_WINDOW_MINUTES * 60_000).toISOString();
  const dateField = limit.dateField ?? 'date';
  const recent = await db.count({ collection: limit.collection, where: and(eq('ip', limit.ip), { op: 'gte', field: dateField, value: since }, limit.counts) });
  if (recent >= limit.max) throw tooManyRequests();
}
