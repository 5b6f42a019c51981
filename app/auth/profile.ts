import { rolesAllow, type RoleRule } from '../../engine/schema/roles';

/** The signed-in user as `GET /back/auth/profile` returns it (spec §3 "Profile"). */
export interface Profile {
  roles: string[];
  serviceCompanyRoles?: string[];
  companyId?: number;
  companyName?: string;
  contactId?: number;
  contact?: { language?: string; email?: string; picture?: string | null; pictureFileId?: number | null; [key: string]: unknown };
  /** The file of my picture (the contact's `pictureFileId`); none: initials are shown. */
  pictureFileId?: number | null;
  universeId?: number;
  userFullName?: string;
  userPosition?: string;
  /** URL of the 48x48 profile picture; initials are shown without one. */
  picture?: string | null;
  /** True while a user acts as another account (the shell then offers the way back). */
  impersonating?: boolean;
  /** The service wizard the user gets (spec §6.4). */
  customServiceType?: 'FULL' | 'QUICK' | 'BOTH';
  /** A segregated (airtight) universe: the role picker offers the provider side. */
  segregatedUniverse?: boolean;
  limits?: Record<string, number>;
  prod?: boolean;
}

/** A screen without roles is open to every signed-in user. */
export function hasAnyRole(profile: Pick<Profile, 'roles'>, roles: readonly RoleRule[] | undefined): boolean {
  return rolesAllow(roles, profile.roles);
}

export function pictureFileId(profile: Profile): number | undefined {
  return profile.pictureFileId ?? profile.contact?.pictureFileId ?? undefined;
}

/** A contact picture at one of the sizes made when it was stored (spec §9). */
export function contactPicture(contactId: number, fileId: number, resolution: '48x48' | '160x160'): string {
  return `/back/photos/${resolution}/${contactId}_${fileId}/picture`;
}

/** The 48x48 picture of the header and its popup. */
export function profilePicture(profile: Profile): string | undefined {
  const fileId = pictureFileId(profile);
  if (fileId && profile.contactId) return contactPicture(profile.contactId, fileId, '48x48');
  return profile.picture ?? profile.contact?.picture ?? undefined;
}

export function initials(fullName: string | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((word) => word[0]!.toUpperCase()).join('') || '?';
}
