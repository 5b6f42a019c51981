import { WORKFLOW_FLAG, type ServiceActor, type ServiceSide } from '../../machines/service';
import { sideOfCompanyRole } from '../../machines/serviceRoles';
import { isSuperAdmin, type Caller } from '../context';
import { forbidden, notFound } from '../errors';
import { and, eq, or, type Condition } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';

/**
 * Who may see and do what on a service (spec §6.4), in one place for every service route.
 * A service's parties are companies: client (decision maker), supplier, factory and agent
 * (order takers) and the service provider; the owner is the creator's company.
 */
export const SERVICES = 'services';

export interface ServiceParties {
  client?: number;
  supplier?: number;
  factory?: number;
  agent?: number;
  serviceProvider?: number;
  creatorCompany?: number;
  creator?: number;
  providerConfirmed?: boolean;
  universeId?: number;
  serviceStep?: string;
  locked?: boolean;
}
export type ServiceRow = Stored<Row & ServiceParties>;

/** The company roles a company plays on a service (the `userRoles` of the spec). */
export function companyRolesOn(service: ServiceParties, companyId: number): string[] {
  const roles: string[] = [];
  if (service.client === companyId) roles.push('DECISION_MAKER');
  if (service.supplier === companyId) roles.push('SUPPLIER');
  if (service.factory === companyId) roles.push('FACTORY');
  if (service.agent === companyId) roles.push('AGENT');
  if (service.serviceProvider === companyId) roles.push('SERVICE_PROVIDER');
  return roles;
}

/**
 * The side a caller acts on: decision maker wins, then order taker, then provider. A super
 * admin whose company plays no role acts as the provider (the platform runs the service).
 */
export function actingSide(service: ServiceParties, caller: Caller): ServiceSide | null {
  const sides = new Set(companyRolesOn(service, caller.company.companyId).map(sideOfCompanyRole));
  for (const side of ['DECISION_MAKER', 'ORDER_TAKER', 'SERVICE_PROVIDER'] as const) if (sides.has(side)) return side;
  return isSuperAdmin(caller) ? 'SERVICE_PROVIDER' : null;
}

/** An ALWAYS_OWNER account or a super admin: the owner of every service it sees (and so a reader of every report). */
export const ownsEveryService = (caller: Caller): boolean => caller.roles.has('ALWAYS_OWNER') || isSuperAdmin(caller);

/** Owner: the creator's company, an ALWAYS_OWNER account, or a super admin. */
export function isOwner(service: ServiceParties, caller: Caller): boolean {
  return service.creatorCompany === caller.company.companyId || ownsEveryService(caller);
}

/** The caller as the service machine sees it, acting on `side`. */
export const serviceActor = (service: ServiceParties, caller: Caller, side: ServiceSide): ServiceActor => ({
  by: side,
  owner: isOwner(service, caller),
  workflow: caller.roles.has(WORKFLOW_FLAG),
});

export const isCreator = (service: ServiceParties, caller: Caller) => service.creator === caller.contact.contactId;

/**
 * Same universe, and the caller's company is a party or the owner. Until the provider
 * confirms, only the provider and the creator's company see the service.
 */
export function canSeeService(service: ServiceParties, caller: Caller): boolean {
  if (service.universeId !== caller.universeId) return false;
  if (isSuperAdmin(caller)) return true;
  const companyId = caller.company.companyId;
  if (service.creatorCompany === companyId || service.serviceProvider === companyId) return true;
  return service.providerConfirmed === true && companyRolesOn(service, companyId).length > 0;
}

/** `canSeeService` as a store condition: the visibility scope of the caller's service queries. */
export function serviceScope(caller: Caller): Condition {
  const universe = eq('universeId', caller.universeId);
  if (isSuperAdmin(caller)) return universe;
  const companyId = caller.company.companyId;
  const party: Condition = { op: 'anyEq', fields: ['client', 'supplier', 'factory', 'agent'], value: companyId };
  return and(universe, or(eq('creatorCompany', companyId), eq('serviceProvider', companyId), and(eq('providerConfirmed', true), party)));
}

export type Right = 'NONE' | 'READ_LIMITED' | 'READ' | 'WRITE';
export interface SheetRight {
  right: Right;
  /** The right was lowered by the service's state or the caller's flags. */
  forced: boolean;
}

export const hasCreateService = (caller: Caller) => [...caller.roles].some((role) => role.startsWith('CREATE_SERVICE'));

/** Route roles of every service call: SEARCH_SERVICE, a CREATE_SERVICE flag or SUPER_ADMIN (403 otherwise). */
export function requireServiceReader(caller: Caller): void {
  if (!caller.roles.has('SEARCH_SERVICE') && !hasCreateService(caller) && !isSuperAdmin(caller)) throw forbidden();
}

/** Creating a service needs a CREATE_SERVICE flag (or SUPER_ADMIN). */
export function requireServiceCreator(caller: Caller): void {
  if (!hasCreateService(caller) && !isSuperAdmin(caller)) throw forbidden();
}

/** Service sheet: write for owner, always-owner or creator; forced read when locked, terminated, cancelled or without a create-service role. */
export function sheetRight(service: ServiceParties, caller: Caller): SheetRight {
  if (!canSeeService(service, caller)) return { right: 'NONE', forced: false };
  const base: Right = isOwner(service, caller) || isCreator(service, caller) ? 'WRITE' : 'READ';
  const frozen = service.locked === true || service.serviceStep === 'TERMINATED' || service.serviceStep === 'CANCELLED';
  if (base === 'WRITE' && (frozen || !hasCreateService(caller))) return { right: 'READ', forced: true };
  return { right: base, forced: false };
}

/** The service if the caller may see it; otherwise 404 (its existence is not revealed). */
export async function visibleService(db: Reader, id: number, caller: Caller): Promise<ServiceRow> {
  const service = await db.get<Row & ServiceParties>(SERVICES, id);
  if (!service || !canSeeService(service, caller)) throw notFound('error.notFound.service');
  return service;
}

/** 403 unless the caller may edit the service sheet. */
export function requireSheetWrite(service: ServiceParties, caller: Caller): void {
  if (sheetRight(service, caller).right !== 'WRITE') throw forbidden('error.service.readOnly');
}

/**
 * Adding elements (files, pictures) to a service is a right of its own: the sheet's writers, and
 * the provider's people who do the work — its managers and the contributors assigned to the
 * service — even where the sheet is read-only for them (a terminated service: the report and its
 * pictures come after the visit). Not on a cancelled service.
 */
export function canAddElements(service: ServiceParties & { contributors?: unknown }, caller: Caller): boolean {
  if (sheetRight(service, caller).right === 'WRITE') return true;
  if (service.serviceStep === 'CANCELLED') return false;
  if (isSuperAdmin(caller)) return true;
  if (service.serviceProvider !== caller.company.companyId) return false;
  const assigned = Array.isArray(service.contributors) && service.contributors.includes(caller.contact.contactId);
  return caller.roles.has('MANAGER') || assigned;
}

/** A service reached from outside its routes (its tags, its files): the service routes' roles, visibility and sheet right. */
export const serviceRecordAccess = {
  async read(db: Reader, id: number, caller: Caller): Promise<ServiceRow> {
    requireServiceReader(caller);
    return visibleService(db, id, caller);
  },
  async write(db: Reader, id: number, caller: Caller): Promise<ServiceRow> {
    const service = await serviceRecordAccess.read(db, id, caller);
    requireSheetWrite(service, caller);
    return service;
  },
  async add(db: Reader, id: number, caller: Caller): Promise<ServiceRow> {
    const service = await serviceRecordAccess.read(db, id, caller);
    if (!canAddElements(service, caller)) throw forbidden('error.service.readOnly');
    return service;
  },
};
