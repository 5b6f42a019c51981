import type { Row } from '../store/types';

/**
 * The activity figures (spec §2 `/activity`, docs/activity.md): pure counts over the services of a
 * window and their assignments, so that the rules are unit-tested without a server. The routes
 * (routes.ts) read the records; this file only counts them.
 */
export const SERVICE_STEPS = ['OPENED', 'REQUESTED', 'CONFIRMED', 'TERMINATED', 'CANCELLED'] as const;
/** The day roles that put a contributor on the field (spec §4): one inspector-day each. */
export const FIELD_ROLES = new Set(['FIELD_LEADER', 'FIELD_BACKUP', 'FIELD_INSTRUCTOR', 'FIELD_TRAINEE']);
/** The longest window the figures are counted over (one row per day). */
export const MAX_WINDOW_DAYS = 366;
/** Clients and countries past this many are summed into one "others" row. */
export const TOP_ROWS = 10;

export interface Window {
  fromDate: string;
  toDate: string;
}

/** The service group of a service type: its prefix (`INSP_FINAL_RANDOM` → INSP, enum department). */
export const groupOfType = (type: unknown) => (typeof type === 'string' ? type.split('_')[0] : undefined);

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Every day of `[fromDate, toDate]`, in order. */
export function daysOf({ fromDate, toDate }: Window): string[] {
  const days: string[] = [];
  for (let n = dayNumber(fromDate); n <= dayNumber(toDate); n++) days.push(dayOf(n));
  return days;
}

/** How many days `[fromDate, toDate]` holds (0 when reversed). */
export const windowLength = ({ fromDate, toDate }: Window) => Math.max(0, dayNumber(toDate) - dayNumber(fromDate) + 1);

/** The last day of a service: its end date, else its start date. */
const lastDay = (service: Row) => (service.endDate as string | undefined) || (service.startDate as string);

/** The days of a service inside the window. */
function serviceDays(service: Row, window: Window): string[] {
  const from = [service.startDate as string, window.fromDate].sort()[1];
  const to = [lastDay(service), window.toDate].sort()[0];
  return from <= to ? daysOf({ fromDate: from, toDate: to }) : [];
}

export interface Labels {
  type: (type: string) => string;
  client: (companyId: number) => string;
  /** The label of the row summing what is past the top rows. */
  others: string;
  /** The label of a service without a country. */
  noCountry: string;
}

export interface CountRow {
  key: string | number;
  label: string;
  services: number;
}

/** Rows counted per key, most first (then by label), the rest past `TOP_ROWS` summed as "others". */
function ranked(counts: Map<string | number, number>, label: (key: string | number) => string, others: string): CountRow[] {
  const rows = [...counts].map(([key, services]) => ({ key, label: label(key), services }));
  rows.sort((a, b) => b.services - a.services || a.label.localeCompare(b.label));
  if (rows.length <= TOP_ROWS) return rows;
  const rest = rows.slice(TOP_ROWS - 1).reduce((sum, row) => sum + row.services, 0);
  return [...rows.slice(0, TOP_ROWS - 1), { key: '', label: others, services: rest }];
}

const add = <K>(map: Map<K, number>, key: K, n = 1) => map.set(key, (map.get(key) ?? 0) + n);

/** The field days of each service's assignment inside the window: `serviceId → date → inspectors`. */
function fieldDays(assignments: Row[], window: Window): Map<number, Map<string, number>> {
  const out = new Map<number, Map<string, number>>();
  for (const assignment of assignments) {
    const days = out.get(assignment.serviceId as number) ?? new Map<string, number>();
    for (const person of (assignment.assignments as Row[] | undefined) ?? []) {
      for (const day of (person.typePlannings as Row[] | undefined) ?? []) {
        const date = day.date as string;
        if (FIELD_ROLES.has(day.typePlanning as string) && date >= window.fromDate && date <= window.toDate) add(days, date);
      }
    }
    out.set(assignment.serviceId as number, days);
  }
  return out;
}

/**
 * The figures of the services overlapping the window:
 * - `byDay`: each day of the window, the services on it per step (a service counts on each of its
 *   days) and the inspector-days (contributors on the field that day, cancelled services left out);
 * - `byType`, `byCountry`, `byClient`: services per type, country and client (each service once);
 * - `table`: per service type, the services, their days in the window, per step and inspector-days;
 * - `totals`.
 */
export function activityFigures(services: Row[], assignments: Row[], countryOf: (service: Row) => string | undefined, window: Window, labels: Labels) {
  const days = daysOf(window);
  const byDay = new Map(days.map((day) => [day, { day, ...Object.fromEntries(SERVICE_STEPS.map((step) => [step, 0])), inspectorDays: 0 } as Row & { inspectorDays: number }]));
  const field = fieldDays(assignments, window);
  const types = new Map<string, Row & { services: number; serviceDays: number; inspectorDays: number }>();
  const countries = new Map<string | number, number>();
  const clients = new Map<string | number, number>();
  let serviceDayCount = 0;
  let inspectorDays = 0;
  for (const service of services) {
    const step = service.serviceStep as string;
    const type = String(service.type ?? '');
    const onDays = serviceDays(service, window);
    const typeRow = types.get(type) ?? { type, group: groupOfType(type), label: labels.type(type), services: 0, serviceDays: 0, inspectorDays: 0, ...Object.fromEntries(SERVICE_STEPS.map((name) => [name, 0])) };
    typeRow.services++;
    typeRow[step] = ((typeRow[step] as number) ?? 0) + 1;
    typeRow.serviceDays += onDays.length;
    serviceDayCount += onDays.length;
    for (const day of onDays) {
      const row = byDay.get(day)!;
      row[step] = ((row[step] as number) ?? 0) + 1;
    }
    if (step !== 'CANCELLED') {
      for (const [day, count] of field.get(service.serviceId as number) ?? []) {
        byDay.get(day)!.inspectorDays += count;
        typeRow.inspectorDays += count;
        inspectorDays += count;
      }
    }
    types.set(type, typeRow);
    add(countries, countryOf(service) ?? '');
    if (typeof service.client === 'number') add(clients, service.client);
  }
  const table = [...types.values()].sort((a, b) => b.services - a.services || String(a.label).localeCompare(String(b.label)));
  return {
    ...window,
    totals: { services: services.length, serviceDays: serviceDayCount, inspectorDays },
    byDay: [...byDay.values()],
    byType: table.map(({ type, label, services: count }) => ({ type, label, services: count })),
    byCountry: ranked(countries, (key) => (key === '' ? labels.noCountry : String(key)), labels.others),
    byClient: ranked(clients, (key) => labels.client(Number(key)), labels.others),
    table,
  };
}
