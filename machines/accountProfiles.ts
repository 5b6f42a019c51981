import { createMachine } from 'xstate';

/**
 * Spec §5.5 "Account profile": the owner role automatically adds the manager role, and local
 * manager and manager are disabled when the administrator profile is selected (it already holds
 * their rights). Pure, shared by the picker in the browser and the server, which stores the result.
 */
const ADDS: Record<string, string> = { OWNER: 'MANAGER', LOCAL_OWNER: 'LOCAL_MANAGER' };
const ADMIN = 'SUPER_ADMIN';
const COVERED_BY_ADMIN = ['MANAGER', 'LOCAL_MANAGER'];

export interface ProfileChoice {
  /** The profiles to keep, in the order given, implied ones appended. */
  profiles: string[];
  /** Profiles that cannot be chosen in this state. */
  disabled: string[];
}

export function applyProfileRules(selected: readonly string[]): ProfileChoice {
  const profiles = [...new Set(selected)];
  for (const profile of [...profiles]) {
    const implied = Object.hasOwn(ADDS, profile) ? ADDS[profile] : undefined;
    if (implied && !profiles.includes(implied)) profiles.push(implied);
  }
  if (!profiles.includes(ADMIN)) return { profiles, disabled: [] };
  return { profiles: profiles.filter((profile) => !COVERED_BY_ADMIN.includes(profile)), disabled: COVERED_BY_ADMIN };
}

/**
 * The profile picker as a chart for review (generated/machines/accountProfiles.*); the rule
 * above decides, this only draws it: owner profiles add their manager profile, and the
 * administrator profile disables (and drops) the manager profiles it covers.
 */
export const accountProfilesChart = createMachine({
  id: 'accountProfiles',
  initial: 'withoutAdmin',
  states: {
    withoutAdmin: {
      on: {
        SELECT_OWNER: { actions: 'addManager' },
        SELECT_LOCAL_OWNER: { actions: 'addLocalManager' },
        SELECT_MANAGER: { actions: 'addProfile' },
        SELECT_LOCAL_MANAGER: { actions: 'addProfile' },
        SELECT_SUPER_ADMIN: { target: 'withAdmin', actions: 'dropCoveredProfiles' },
      },
    },
    withAdmin: {
      on: {
        SELECT_OWNER: { actions: 'addProfile' },
        SELECT_LOCAL_OWNER: { actions: 'addProfile' },
        SELECT_MANAGER: { guard: 'coveredByAdmin' },
        SELECT_LOCAL_MANAGER: { guard: 'coveredByAdmin' },
        UNSELECT_SUPER_ADMIN: { target: 'withoutAdmin' },
      },
    },
  },
});
