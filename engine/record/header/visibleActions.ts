import type { HeaderActionConfig, HeaderConfig } from '../../config';
import { conditionHolds } from './conditions';

type Row = Record<string, unknown>;

/**
 * What the machine accepts now: the answer's own list when the header names one (the server ran the
 * machine with the caller as actor), else the events the page worked out from the record's status.
 */
export function acceptedEvents(actions: HeaderConfig['actions'], record: Row, fromStatus: readonly string[]): readonly string[] {
  if (!actions?.accepted) return fromStatus;
  const listed = record[actions.accepted];
  return Array.isArray(listed) ? listed.filter((event): event is string => typeof event === 'string') : [];
}

/**
 * The actions a header shows (DESIGN rule 2): exactly the configured events the machine accepts AND
 * whose rights (`when`) the record's answer grants, in the configured order.
 */
export function visibleActions(configured: readonly HeaderActionConfig[], accepted: readonly string[], record: Row): HeaderActionConfig[] {
  return configured.filter((action) => accepted.includes(action.event) && conditionHolds(action.when, record));
}
