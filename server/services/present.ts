import { flowOf, serviceActions, type ServiceStep } from '../../machines/service';
import type { Caller } from '../context';
import type { Reader, Row } from '../store/types';
import { visibleTagSet } from '../tags';
import { actingSide, companyRolesOn, isOwner, serviceActor, sheetRight, type ServiceParties } from './access';

/** Fields kept on the server (the search index text). */
const SERVER_ONLY = ['searchText'];

/** A service as the caller sees it: visible tags only, plus its roles, side, rights and allowed actions. */
export async function presentService(db: Reader, service: Row & ServiceParties, caller: Caller): Promise<Row> {
  return (await presentServices(db, [service], caller))[0];
}

/** `presentService` for a page of services, with one read of their tags. */
export async function presentServices(db: Reader, services: (Row & ServiceParties)[], caller: Caller): Promise<Row[]> {
  const visibleTags = await visibleTagSet(db, caller, services.map((service) => service.tags));
  return services.map((service) => presented(service, caller, visibleTags));
}

function presented(service: Row & ServiceParties, caller: Caller, visibleTags: Set<number>): Row {
  const side = actingSide(service, caller);
  const owner = isOwner(service, caller);
  const out: Row = { ...service };
  for (const key of SERVER_ONLY) delete out[key];
  return {
    ...out,
    tags: Array.isArray(service.tags) ? service.tags.filter((id) => visibleTags.has(id as number)) : [],
    userRoles: companyRolesOn(service, caller.company.companyId),
    side,
    owner,
    rights: { sheet: sheetRight(service, caller) },
    actions: side ? serviceActions(service.serviceStep as ServiceStep, flowOf(service as never), serviceActor(service, caller, side)) : [],
  };
}
