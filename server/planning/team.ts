import type { Caller } from '../context';
import type { Option, TeamPlanning, TeamRow } from '../../domain/planning';
import type { Reader } from '../store/types';
import { companiesById, daysOf, entriesOf, placeOf, visibleAssignments, type Period, type PlanningCriteria, type PlanningSet } from './query';

/**
 * Builds the team planning's month grid (spec §2 "team planning", its shape in domain/planning.ts):
 * a row per contributor, per day the services they work on and their role there; and the choices
 * of the page's filters (provider offices, countries, contributors of the period, whatever the filters).
 */

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

async function optionsOf(db: Reader, set: PlanningSet, period: Period): Promise<TeamPlanning['options']> {
  const services = [...set.services.values()];
  const companies = await companiesById(db, [...set.assignments.map((a) => a.serviceProvider), ...services.flatMap((s) => [s.factory, s.supplier])]);
  const providers = new Set(set.assignments.map((a) => a.serviceProvider));
  const countries = new Set(services.map((service) => placeOf(service, companies).country).filter((country): country is string => !!country));
  const people = new Map(entriesOf(set, period).map((entry) => [entry.contactId, entry.fullName]));
  return {
    companies: [...providers].flatMap((id) => (id !== undefined && companies.has(id) ? [{ value: id, label: companies.get(id)!.name }] : [])).sort(byLabel),
    countries: [...countries].map((country) => ({ value: country, label: country })).sort(byLabel),
    contributors: [...people].map(([value, label]) => ({ value, label })).sort(byLabel),
  };
}

export async function teamPlanning(db: Reader, caller: Caller, period: Period, criteria: PlanningCriteria): Promise<TeamPlanning> {
  const set = await visibleAssignments(db, caller, period, criteria);
  const filtered = Object.keys(criteria).some((key) => key !== 'month');
  const options = await optionsOf(db, filtered ? await visibleAssignments(db, caller, period) : set, period);
  const companies = await companiesById(db, set.assignments.map((a) => a.serviceProvider));
  const rows = new Map<number, TeamRow>();
  for (const entry of entriesOf(set, period, criteria.contributors)) {
    let row = rows.get(entry.contactId);
    if (!row) {
      const company = entry.serviceProvider !== undefined ? companies.get(entry.serviceProvider) : undefined;
      row = { contactId: entry.contactId, fullName: entry.fullName, acronym: entry.acronym, companyId: company?.companyId, companyName: company?.name, days: {} };
      rows.set(entry.contactId, row);
    }
    const service = set.services.get(entry.serviceId)!;
    (row.days[entry.date] ??= []).push({ serviceId: entry.serviceId, number: String(service.number ?? ''), typePlanning: entry.typePlanning });
  }
  return { from: period.from, to: period.to, days: daysOf(period), rows: [...rows.values()], options };
}
