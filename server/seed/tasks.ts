import type { ServiceSide, ServiceStep } from '../../machines/service';
import { today } from '../dates';
import { lastDay } from '../services/search';
import type { Row, Writer } from '../store/types';
import { followTasks, hasElements } from '../tasks/lifecycle';
import { assignmentOfService } from '../planning/assignments';

/**
 * The demo's pending tasks (docs/tasks.md), derived from the seeded services through the same rule
 * table the events use: each service replays the triggers its state says happened — the
 * confirmation (its assignment, its last day passing), the proposal that waits, the cancel request, the
 * report waiting for a decision.
 */
export async function seedTasks(writer: Writer, now: Date): Promise<void> {
  const day = today(now);
  const services = await writer.query<Row>({ collection: 'services', orderBy: [{ field: 'serviceId' }] });
  for (const service of services) {
    const step = service.serviceStep as ServiceStep;
    if (step === 'CONFIRMED') {
      await followTasks(writer, service, 'CONFIRM', { fromStep: 'REQUESTED', toStep: 'CONFIRMED', hasElements: await hasElements(writer, service) }, now);
      if (await assignmentOfService(writer, service.serviceId as number)) await followTasks(writer, service, 'ASSIGNED', { by: 'SERVICE_PROVIDER', toStep: 'CONFIRMED' }, now);
      if (lastDay(service) < day) await followTasks(writer, service, 'LAST_DAY_PASSED', { toStep: 'CONFIRMED' }, now);
    }
    if (service.pendingDateBy) await followTasks(writer, service, 'REQUEST_DATE', { by: service.pendingDateBy as ServiceSide, toStep: step }, now);
    if (service.cancelRequestDate) await followTasks(writer, service, 'REQUEST_CANCEL', { by: 'DECISION_MAKER', toStep: step }, now);
    const decisionPending = (service.report as Row | undefined)?.clientDecision === 'PENDING';
    if (step === 'TERMINATED' && decisionPending) await followTasks(writer, service, 'REPORT_AVAILABLE', { toStep: step, decisionPending }, now);
  }
}
