import { describe, expect, it } from 'vitest';
import { applyProfileRules } from '../../machines/accountProfiles';

describe('account profile rules (spec §5.5)', () => {
  it('adds manager to owner and local manager to local owner', () => {
    expect(applyProfileRules(['OWNER'])).toEqual({ profiles: ['OWNER', 'MANAGER'], disabled: [] });
    expect(applyProfileRules(['LOCAL_OWNER', 'CONTRIBUTOR'])).toEqual({ profiles: ['LOCAL_OWNER', 'CONTRIBUTOR', 'LOCAL_MANAGER'], disabled: [] });
  });

  it('keeps a profile once', () => {
    expect(applyProfileRules(['MANAGER', 'OWNER', 'MANAGER']).profiles).toEqual(['MANAGER', 'OWNER']);
  });

  it('disables and drops manager and local manager when the administrator profile is selected', () => {
    expect(applyProfileRules(['SUPER_ADMIN', 'MANAGER', 'LOCAL_MANAGER', 'CONTRIBUTOR'])).toEqual({
      profiles: ['SUPER_ADMIN', 'CONTRIBUTOR'],
      disabled: ['MANAGER', 'LOCAL_MANAGER'],
    });
    expect(applyProfileRules(['OWNER', 'SUPER_ADMIN'])).toEqual({ profiles: ['OWNER', 'SUPER_ADMIN'], disabled: ['MANAGER', 'LOCAL_MANAGER'] });
  });

  it('changes nothing without those profiles', () => {
    expect(applyProfileRules([])).toEqual({ profiles: [], disabled: [] });
    expect(applyProfileRules(['CONTRIBUTOR'])).toEqual({ profiles: ['CONTRIBUTOR'], disabled: [] });
  });
});
