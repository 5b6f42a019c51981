/**
 * The team planning's answer (GET /back/bo/pln/planning/team) and the pure rules of its grid:
 * months, day columns, row heights, role colours. No React here (tests/unit/planning-grid.test.ts).
 */
// The answer's shape is the server's own (a type-only import: nothing of the server reaches the bundle).
export type { TeamCell as PlanningCell, TeamRow as PlanningRow, Option as PlanningOption, TeamPlanning } from '../../../domain/planning';
import type { TeamPlanning, TeamRow as PlanningRow } from '../../../domain/planning';

export interface PlanningFilters {
  companies?: number;
  countries?: string;
  contributors?: number;
}

/** Mantine colours of the day roles (spec §4), the leader strongest. */
export const ROLE_COLORS: Record<string, string> = {
  FIELD_LEADER: 'teal',
  FIELD_BACKUP: 'blue',
  FIELD_INSTRUCTOR: 'grape',
  FIELD_TRAINEE: 'orange',
  REPRESENTATIVE: 'gray',
};
export const ROLES = Object.keys(ROLE_COLORS);

/** `YYYY-MM` moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, m - 1 + delta, 1));
  return date.toISOString().slice(0, 7);
}

export const monthOf = (day: string) => day.slice(0, 7);

/** Saturday or Sunday (dates read in UTC, as the server writes them). */
export function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The query of the team planning and of its export for a month and the filters. */
export function planningQuery(month: string, filters: PlanningFilters): Record<string, string | number> {
  const query: Record<string, string | number> = { month };
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== null && value !== '') query[name] = value;
  return query;
}

/** The export's query: the month as startDate–endDate (spec §7.7), provider offices as serviceProvidersHk. */
export function exportQuery(planning: Pick<TeamPlanning, 'from' | 'to'>, filters: PlanningFilters): Record<string, string | number> {
  const { companies, ...rest } = filters;
  const query: Record<string, string | number> = { planningExportType: 'CONTRIBUTOR_DAY', startDate: planning.from, endDate: planning.to };
  if (companies !== undefined) query.serviceProvidersHk = companies;
  for (const [name, value] of Object.entries(rest)) if (value !== undefined && value !== '') query[name] = value;
  return query;
}

/** Base row height and the height each further service of one day adds. */
export const ROW_BASE_PX = 48;
export const ROW_EXTRA_PX = 34;

/** Tall enough for the busiest day of the row. */
export function rowHeight(row: PlanningRow): number {
  const most = Math.max(1, ...Object.values(row.days).map((cells) => cells.length));
  return ROW_BASE_PX + (most - 1) * ROW_EXTRA_PX;
}
