import { isSuperAdmin, requireRoles, type Caller } from './context';
import { forbidden, notFound } from './errors';
import { companyById, contactById } from './identity';
import type { RoleRule } from '../engine/schema/roles';
import type { Reader, Row, Stored } from './store/types';
import type { RecordAccess } from './resources/entityRules';

/**
 * Contacts and companies reached from outside their own routes (their files): anyone of the
 * universe reads them (pictures show in every list); changing them is for those who administer
 * the company (docs/identity.md "Administration": the contacts' route roles, then the caller's
 * own company or, for a super admin, any of the universe). A contact may always change its own.
 * Another universe's record is "not found".
 */
const ADMINISTRATORS: RoleRule[] = [['MANAGER', 'COMPANY_ADMIN']];

/** Whether the caller administers that company: its own, or for a super admin any of the universe. */
export async function administersCompany(db: Reader, caller: Caller, companyId: unknown): Promise<boolean> {
  const company = await companyById(db, companyId);
  return !!company && company.universeId === caller.universeId && (isSuperAdmin(caller) || company.companyId === caller.company.companyId);
}

async function requireAdministrator(db: Reader, caller: Caller, companyId: unknown): Promise<void> {
  requireRoles(caller, ADMINISTRATORS);
  if (!(await administersCompany(db, caller, companyId))) throw forbidden();
}

/** The record of the caller's universe found by `find`, else "not found". */
const inUniverse =
  (find: (db: Reader, id: number) => Promise<{ universeId?: unknown } | undefined>): RecordAccess['read'] =>
  async (db, id, caller) => {
    const record = await find(db, id);
    if (!record || record.universeId !== caller.universeId) throw notFound();
    return record as unknown as Stored<Row>;
  };

export const contactRecordAccess: RecordAccess = {
  read: inUniverse(contactById),
  async write(db, id, caller) {
    const contact = await contactRecordAccess.read(db, id, caller);
    if (id !== caller.contact.contactId) await requireAdministrator(db, caller, contact.companyId);
    return contact;
  },
};

export const companyRecordAccess: RecordAccess = {
  read: inUniverse(companyById),
  async write(db, id, caller) {
    const company = await companyRecordAccess.read(db, id, caller);
    await requireAdministrator(db, caller, id);
    return company;
  },
};

