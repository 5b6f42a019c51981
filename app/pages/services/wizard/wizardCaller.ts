import type { WizardCaller } from '../../../../machines/serviceWizard';
import type { Profile } from '../../../auth/profile';

/** The wizard type the profile asks for (spec §6.4, the profile's `customServiceType`). */
export type WizardType = 'FULL' | 'QUICK' | 'BOTH';

export function wizardTypeOf(profile: Profile): WizardType {
  return profile.customServiceType ?? 'FULL';
}

/** Who creates: what the role picker and the locked company slots need (spec §6.4). */
export interface WizardUser extends WizardCaller {
  companyId?: number;
}

export function wizardUserOf(profile: Profile): WizardUser {
  return {
    companyId: profile.companyId,
    companyRoles: profile.serviceCompanyRoles ?? [],
    superAdmin: profile.roles.includes('SUPER_ADMIN'),
    segregatedUniverse: !!profile.segregatedUniverse,
  };
}
