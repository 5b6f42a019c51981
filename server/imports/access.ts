import { requireCaller, type AppContext, type Caller } from '../context';
import { forbidden } from '../errors';
import type { RecordAccess } from '../resources/recordAccess';

/**
 * Who imports (docs/imports.md "Who"): the MANAGER of a decision-making company, for that
 * company only — the documents are its import files (domains COMPANY_IMPORT and
 * COMPANY_IMPORT_PURCHASE_ORDER), the orders, references and services it creates are its own.
 * A flag alone never reaches another company: everything is read from the caller's company.
 */
export const IMPORT_DOMAINS = new Set(['COMPANY_IMPORT', 'COMPANY_IMPORT_PURCHASE_ORDER']);

export const mayImport = (caller: Caller) => caller.roles.has('MANAGER') && caller.company.roles.includes('DECISION_MAKER');

/** The caller of an import call, or 403. */
export function importCaller(c: AppContext): Caller {
  const caller = requireCaller(c);
  if (!mayImport(caller)) throw forbidden();
  return caller;
}

/**
 * An import domain's files: read as the company's internal files; added and removed only by the
 * company's own managers (its administrators of other companies and the platform's read them).
 */
export function importFileAccess(internal: RecordAccess): RecordAccess {
  const own = async (...[db, id, caller]: Parameters<RecordAccess['read']>) => {
    const company = await internal.read(db, id, caller);
    if (company.companyId !== caller.company.companyId || !mayImport(caller)) throw forbidden();
    return company;
  };
  return { read: internal.read, write: own, add: own };
}
