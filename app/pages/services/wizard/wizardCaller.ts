import type { WizardCaller } from '../../../../machines/serviceWizard';
import type { Profile } from '../../../auth/profile';

/** The wizard type the profile asks for (docs/services.md `serviceWizardType`; older profiles call it `customServiceType`). */
export type WizardType = 'FULL' | 'QUICK' | 'BOTH';

type ServiceProfile = Profile & { serviceWizardType?: string; segregatedUniverse?: boolean };

export function wizardTypeOf(profile: Profile): WizardType {
  const type = (profile as ServiceProfile).serviceWizardType ?? profile.customServiceType;
  return type === 'QUICK' || type === 'BOTH' ? type : 'FULL';
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
    segregatedUniverse: !!(profile as ServiceProfile).segregatedUniverse,
  };
}
