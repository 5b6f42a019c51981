import { FIELD_ROLES } from '../activity/figures';
import { fullName, type Contact } from '../identity';
import { ASSIGNMENTS } from '../planning/query';
import { SERVICES, type ServiceRow } from '../services/access';
import type { Row, WriteOps } from '../store/types';
import type { DemoIdentity } from './identity';
import { addDays, type Random } from './random';

/**
 * Demo assignments (the records of the assignment popup, schemas/entities/assignment.json): the
 * confirmed and terminated services of the provider companies of the brand's universe get a team —
 * a field leader every day, sometimes a backup, a trainee or an instructor, 2–3 of Atlas
 * Inspection's inspectors with inspector@inspect.test on most of them (QCFlow Admin's services:
 * its one contact leads), nobody on two services the same day while others are free — so that
 * team planning shows a busy month around today. Each service's `contributors` become its team.
 * Only the demo services: the benchmark's generated ones get none.
 */
const WORKED_STEPS = new Set(['CONFIRMED', 'TERMINATED']);
const SECOND_ROLES = ['FIELD_BACKUP', 'FIELD_BACKUP', 'FIELD_TRAINEE'] as const;
const THIRD_ROLES = ['FIELD_TRAINEE', 'FIELD_INSTRUCTOR', 'FIELD_BACKUP'] as const;

const acronymOf = (contact: Contact) => `${contact.firstName?.[0] ?? ''}${contact.lastName?.[0] ?? ''}`.toUpperCase();

function daysFrom(startDate: string, endDate: string): string[] {
  const days = [startDate];
  while (days[days.length - 1] < endDate) days.push(addDays(days[days.length - 1], 1));
  return days;
}

/**
 * Who works on the service: 2–3 of Atlas's inspectors free on those days (the inspector first
 * when he is), or QCFlow Admin's own contact. `busy` holds the days each contact already works.
 */
function teamOf(random: Random, identity: DemoIdentity, provider: number, days: string[], busy: Map<number, Set<string>>): number[] {
  if (provider !== identity.companies.atlas) return identity.staff.admin.slice(0, 1);
  const free = (id: number) => !days.some((day) => busy.get(id)?.has(day));
  const inspector = identity.accounts.inspector;
  const others = identity.staff.atlas.filter((id) => id !== identity.accounts.manager && id !== inspector);
  const available = others.filter(free);
  const pool = available.length >= 2 ? available : others;
  const size = random.int(2, 3);
  return free(inspector) && random.chance(0.8) ? [inspector, ...random.sample(pool, size - 1)] : random.sample(pool, size);
}

/**
 * The team of one service (free on its days per `busy`, which it then fills): its assignment record,
 * its `contributors` and its `manDays` (field roles only, as the assignment call counts them).
 */
export function assignTeam(tx: WriteOps, random: Random, identity: DemoIdentity, service: ServiceRow, busy: Map<number, Set<string>>): void {
  const startDate = service.startDate as string;
  const endDate = (service.endDate as string | undefined) ?? startDate;
  const days = daysFrom(startDate, endDate);
  const team = teamOf(random, identity, service.serviceProvider!, days, busy);
  for (const id of team) for (const day of days) busy.set(id, (busy.get(id) ?? new Set()).add(day));
  // The leader leads every day; a second and third contributor back up, learn or teach, and a third may skip the last day.
  const roles = team.map((_, index) =>
    days.map((_day, dayIndex) => {
      if (index === 0) return 'FIELD_LEADER';
      if (index === 2 && dayIndex > 0 && dayIndex === days.length - 1 && random.chance(0.5)) return 'NOT_ON_FIELD';
      return index === 1 ? random.pick(SECOND_ROLES) : random.pick(THIRD_ROLES);
    }),
  );
  const assignments = team.map((contactId, index) => {
    const contact = tx.get<Contact>('contacts', contactId)!;
    return {
      contactId,
      fullName: fullName(contact),
      acronym: acronymOf(contact),
      ...(contact.pictureFileId ? { pictureFileId: contact.pictureFileId } : {}),
      typePlannings: days.map((date, dayIndex) => ({ date, typePlanning: roles[index][dayIndex] })),
    };
  });
  tx.insert(ASSIGNMENTS, 'assignmentId', {
    serviceId: service.serviceId,
    universeId: service.universeId,
    serviceProvider: service.serviceProvider,
    startDate,
    endDate,
    contactIds: team,
    assignments,
  });
  const manDays = roles.flat().filter((role) => FIELD_ROLES.has(role)).length;
  tx.update<Row>(SERVICES, service.serviceId as number, (current) => ({ ...current, contributors: team, manDays }));
}

export function seedAssignments(tx: WriteOps, random: Random, identity: DemoIdentity): void {
  const providers = new Set([identity.companies.atlas, identity.companies.admin]);
  const services = tx
    .all<ServiceRow>(SERVICES)
    .filter((s) => s.universeId === identity.universes.main && s.providerConfirmed === true && WORKED_STEPS.has(String(s.serviceStep)) && providers.has(s.serviceProvider!));
  const busy = new Map<number, Set<string>>();
  for (const service of services) assignTeam(tx, random, identity, service, busy);
}
