import { applyProfileRules } from '../../machines/accountProfiles';

/** The profiles after the user ticks or unticks one, with the spec's rules applied (machines/accountProfiles.ts). */
export function toggleProfile(current: readonly string[], profile: string, checked: boolean): string[] {
  const next = checked ? [...current, profile] : current.filter((held) => held !== profile);
  return applyProfileRules(next).profiles;
}

/** Profiles that cannot be ticked with the current choice (covered by another one). */
export function lockedProfiles(current: readonly string[]): string[] {
  return applyProfileRules(current).disabled;
}
