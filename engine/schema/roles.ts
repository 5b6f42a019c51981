/**
 * Role rules of schemas and screens (`x-roles`, `x-createRoles`, `x-writeRoles`, `x-valueRoles`,
 * screen `roles`, row action `roles`): a list of alternatives, any one of which grants. An
 * alternative is a permission flag, or a list of flags that must all be held, e.g.
 * `["SUPER_ADMIN", ["MANAGER", "COMPANY_ADMIN"]]`. No list, or an empty one, grants everyone.
 */
export type RoleRule = string | readonly string[];

type Held = ReadonlySet<string> | readonly string[];

const holds = (held: Held, flag: string) => (Array.isArray(held) ? held.includes(flag) : (held as ReadonlySet<string>).has(flag));

export function rolesAllow(rule: readonly RoleRule[] | undefined, held: Held): boolean {
  return !rule?.length || rule.some((alternative) => (typeof alternative === 'string' ? holds(held, alternative) : alternative.every((flag) => holds(held, flag))));
}


/** A rule as people read it: `MANAGER | SUPER_ADMIN`, flags held together joined by `+`. */
export const roleRuleText = (rule: readonly RoleRule[]) => rule.map((item) => (typeof item === 'string' ? item : item.join(' + '))).join(' | ');

/**
 * A screen's `companyRoles` (spec §6.1: a section is filtered by the company's role list): the
 * caller's company holds one of them. No list, or an empty one, admits every company.
 */
export const companyRolesAllow = (rule: readonly string[] | undefined, companyRoles: readonly string[] | undefined): boolean =>
  !rule?.length || rule.some((role) => companyRoles?.includes(role));
