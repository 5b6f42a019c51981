import type { Reader } from '../store/types';

/**
 * The notification types a universe turned off (universe profile, notificationConfig; docs/profiles.md):
 * entity `universeNotificationConfig`, one record per universe keyed by its id. A universe without one
 * sends every type. Read by the mailer (send.ts) beside the company-wide switch.
 */
export const UNIVERSE_NOTIFICATIONS = 'universeNotificationConfigs';

/** The types turned off, by universe id (a universe without a record is absent: nothing off). */
export async function universeTypesOff(db: Reader, universeIds: readonly number[]): Promise<Map<number, ReadonlySet<string>>> {
  const ids = [...new Set(universeIds.filter((id) => Number.isInteger(id)))];
  if (!ids.length) return new Map();
  const rows = await db.query({ collection: UNIVERSE_NOTIFICATIONS, where: { op: 'in', field: 'universeId', values: ids } });
  return new Map(rows.map((row) => [row.universeId as number, new Set((row.disabledTypes as string[] | undefined) ?? [])]));
}
