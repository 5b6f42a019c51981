import { rolesAllow, type Registry, type Screen } from '../schemas';
import type { Caller } from '../context';
import type { RoleRule } from '../../engine/schema/roles';
import type { Row } from '../store/types';

/**
 * The company profile's record sections (spec §2, §6.1) are screens of schemas/screens: record pages
 * of the company entity under /profileCompany/:companyId, each a form of some `fields`. Who may change
 * a field is who may open a section showing it — its route `roles` and, spec §6.1, the company's
 * role list (`companyRoles`) — so the screen files are the one source of these rights.
 */
export interface ProfileSection {
  route: string;
  fields: string[];
  roles?: RoleRule[];
  companyRoles?: string[];
}

const PROFILE_ROUTE = '/profileCompany/:companyId/';

export function profileSections(registry: Registry): ProfileSection[] {
  return registry.screens
    .filter((screen: Screen) => screen.type === 'record' && screen.entity === 'company' && screen.route.startsWith(PROFILE_ROUTE))
    .map((screen) => ({
      route: screen.route,
      fields: (screen.tabs ?? []).flatMap((tab) => tab.panels.flatMap((panel) => (panel.kind === 'form' ? (panel.fields ?? []) : []))),
      roles: screen.roles,
      companyRoles: screen.companyRoles,
    }));
}

/** Whether the caller may open this section of that company (its route roles, the company's roles). */
export const sectionOpen = (section: ProfileSection, caller: Caller, company: Row) =>
  rolesAllow(section.roles, caller.roles) && (!section.companyRoles?.length || section.companyRoles.some((role) => ((company.roles ?? []) as string[]).includes(role)));

/** The fields the caller may change on this company: those of every section it may open. */
export function writableFields(registry: Registry, caller: Caller, company: Row): Set<string> {
  return new Set(profileSections(registry).filter((section) => sectionOpen(section, caller, company)).flatMap((section) => section.fields));
}

/** The fields of the general information section: the address the server checks and geocodes. */
export const ADDRESS_FIELDS = ['address1', 'address2', 'zipCode', 'city', 'province', 'country'] as const;
