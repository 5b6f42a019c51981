import { describe, expect, it } from 'vitest';
import { lockedProfiles, toggleProfile } from '../../app/widgets/accountProfilesChoice';
import { appWidgets, registerAppWidgets } from '../../app/widgets/index';

describe('account profiles picker', () => {
  it('adds manager when owner is ticked, and local manager with local owner', () => {
    expect(toggleProfile(['CONTRIBUTOR'], 'OWNER', true)).toEqual(['CONTRIBUTOR', 'OWNER', 'MANAGER']);
    expect(toggleProfile([], 'LOCAL_OWNER', true)).toEqual(['LOCAL_OWNER', 'LOCAL_MANAGER']);
  });

  it('removes manager and local manager and locks them while super administrator is ticked', () => {
    expect(toggleProfile(['MANAGER', 'LOCAL_MANAGER', 'CONTRIBUTOR'], 'SUPER_ADMIN', true)).toEqual(['CONTRIBUTOR', 'SUPER_ADMIN']);
    expect(lockedProfiles(['SUPER_ADMIN'])).toEqual(['MANAGER', 'LOCAL_MANAGER']);
    expect(lockedProfiles(['OWNER', 'MANAGER'])).toEqual([]);
  });

  it('unticks a profile, and unlocks manager when super administrator goes', () => {
    expect(toggleProfile(['SUPER_ADMIN', 'CONTRIBUTOR'], 'SUPER_ADMIN', false)).toEqual(['CONTRIBUTOR']);
    expect(lockedProfiles(toggleProfile(['SUPER_ADMIN'], 'SUPER_ADMIN', false))).toEqual([]);
    expect(toggleProfile(['CONTRIBUTOR'], 'CONTRIBUTOR', false)).toEqual([]);
  });

  it('is registered under the name the uiSchemas use', () => {
    const registered: Record<string, unknown> = {};
    registerAppWidgets((name, widget) => (registered[name] = widget));
    expect(registered).toEqual(appWidgets);
    expect(Object.keys(registered)).toContain('accountProfiles');
    expect(typeof registered.accountProfiles).toBe('function');
  });
});
