import { COLLECTIONS, fullName } from '../identity';
import type { Reader } from '../store/types';
import type { Caller } from '../context';

/** The profile's search limit (spec §9): the reference search warns and stops there too, when it is below its own 500. */
export const SERVICE_HARD_LIMIT = 1000;

/** Spec §3 "Profile": what the SPA loads at start (GET /back/auth/profile). */
export async function profileOf(caller: Caller, db: Reader, prod: boolean) {
  const { contact, company } = caller;
  return {
    roles: [...caller.roles],
    serviceCompanyRoles: [...company.roles],
    companyId: company.companyId,
    contact: {
      contactId: contact.contactId,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      language: contact.language,
      position: contact.position,
      pictureFileId: contact.pictureFileId,
    },
    contactId: contact.contactId,
    /** The profile picture (GET /back/photos/48x48/{contactId}_{pictureFileId}/picture), when there is one. */
    pictureFileId: contact.pictureFileId,
    /** Which service wizard the user gets (spec §6.4): FULL, QUICK or BOTH. */
    customServiceType: contact.account?.customServiceType ?? 'BOTH',
    /** The role picker offers the provider side in a segregated (airtight) universe (spec §6.4). */
    segregatedUniverse: await isSegregated(db, caller.universeId),
    limits: { SERVICE_HARD_LIMIT },
    universeId: caller.universeId,
    companyName: company.name,
    userFullName: fullName(contact),
    userPosition: contact.position,
    /** Set while impersonating: the real user (the shell's way back, spec §2). */
    impersonating: !!caller.impersonator,
    impersonatorFullName: caller.impersonator ? fullName(caller.impersonator) : undefined,
    twoFactorEnabled: !!contact.account?.twoFactorSecret,
    prod,
  };
}

export const isSegregated = async (db: Reader, universeId: number) => (await db.get(COLLECTIONS.universes, universeId))?.segregated === true;
