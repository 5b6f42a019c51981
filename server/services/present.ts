import { flowOf, serviceActions, type ServiceStep } from '../../machines/service';
import { readsReport } from '../reports/access';
import type { Caller } from '../context';
import type { Reader, Row } from '../store/types';
import { visibleTagSet } from '../tags';
import { mayAssign } from '../planning/assignments';
import { workflowConfigs, type WorkflowConfig } from '../settings/records';
import { actingSide, companyRolesOn, isOwner, serviceActor, sheetRight, canAddElements, type ServiceParties } from './access';

/** Fields kept on the server (the search index text). */
const SERVER_ONLY = new Set(['searchText']);

/**
 * The report summary as a service reader sees it: the verdict and the decision. The defects and
 * pieces the summary also keeps are the KPIs' (docs/kpis.md), not every reader's: an order taker
 * may read the verdict of a report whose defects it may not (spec §6.4 report access).
 */
const verdictOf = ({ reportResult, reportType, clientDecision }: Row): Row => ({ reportResult, reportType, clientDecision });

/**
 * The service fields `presentServices` reads to work out the caller's roles, side, rights and
 * actions (access.ts, machines/service.ts `flowOf`, planning `mayAssign`): a search reads them
 * with the fields its screen shows.
 */
export const PRESENTED_FROM = [
  'universeId', 'client', 'supplier', 'factory', 'agent', 'serviceProvider', 'creatorCompany', 'creator', 'contributors',
  'providerConfirmed', 'serviceStep', 'locked', 'readOnly', 'pendingDateBy', 'dateRelevance', 'cancelRequestDate', 'tags', 'report',
] as const;

/** A service as the caller sees it: visible tags only, plus its roles, side, rights and allowed actions. */
export async function presentService(db: Reader, service: Row & ServiceParties, caller: Caller): Promise<Row> {
  return (await presentServices(db, [service], caller))[0];
}

/** `presentService` for a page of services, with one read of their tags, each without the fields in `without`. */
export async function presentServices(db: Reader, services: (Row & ServiceParties)[], caller: Caller, without?: ReadonlySet<string>): Promise<Row[]> {
  const visibleTags = await visibleTagSet(db, caller, services.map((service) => service.tags));
  // The actions follow each provider's workflow settings: one read for the page.
  const settingsOf = await workflowConfigs(db, services.map((service) => service.serviceProvider));
  return services.map((service) => presented(service, caller, visibleTags, settingsOf(service.serviceProvider), without));
}

function presented(service: Row & ServiceParties, caller: Caller, visibleTags: Set<number>, settings: WorkflowConfig, without?: ReadonlySet<string>): Row {
  const side = actingSide(service, caller);
  // One copy, built key by key: `delete` or a rest copy of a copy is slow (a page holds hundreds).
  const out: Row = {};
  for (const key in service) if (!SERVER_ONLY.has(key) && !without?.has(key) && key !== 'report') out[key] = service[key];
  // The verdict of a report the caller may read (spec §6.4): none of a draft it may not see.
  if (service.report && readsReport(service, caller)) out.report = verdictOf(service.report as Row);
  out.tags = Array.isArray(service.tags) ? service.tags.filter((id) => visibleTags.has(id as number)) : [];
  out.userRoles = companyRolesOn(service, caller.company.companyId);
  out.side = side;
  out.owner = isOwner(service, caller);
  // `assign`: the Assign button's right, the one the assignment calls check (server/planning/assignments.ts).
  out.rights = { sheet: sheetRight(service, caller), addElements: canAddElements(service, caller), assign: mayAssign(service, caller) };
  out.actions = side ? serviceActions(service.serviceStep as ServiceStep, flowOf(service as never), serviceActor(service, caller, side), settings) : [];
  return out;
}
