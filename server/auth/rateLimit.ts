import { tooManyRequests } from '../errors';
import type { ReadOps, Row } from '../store/types';

/**
 * Rate limits counted from what the store already records (login events, reset requests),
 * so they hold across restarts and across several server instances sharing one store.
 */
export const RATE_WINDOW_MINUTES = 15;
/** Failed logins from one address within the window before it gets 429. */
export const MAX_LOGIN_FAILURES_PER_IP = 20;
/** Password reset requests from one address within the window. */
export const MAX_RESETS_PER_IP = 5;

export function assertUnderLimit(
  store: ReadOps,
  limit: { collection: string; ip: string; max: number; dateField?: string; counts?: (record: Row) => boolean },
  now = new Date(),
): void {
  const since = new Date(now.getTime() - RATE_WINDOW_MINUTES * 60_000).toISOString();
  const dateField = limit.dateField ?? 'date';
  const recent = store.find(limit.collection, (record) => record.ip === limit.ip && String(record[dateField]) >= since && (limit.counts?.(record) ?? true));
  if (recent.length >= limit.max) throw tooManyRequests();
}
