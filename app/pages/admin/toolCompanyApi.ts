/** The calls and lookups of /admin/toolcompany (server/companies/tools.ts, spec §7.9's toolcompany lookups). */
export const COMPANIES = '/back/bo/combospa/filters/toolcompany/companies';
export const contactsOf = (companyId: number) => `/back/bo/combospa/filters/toolcompany/company/contacts?companyId=${companyId}`;
export const companyPath = (companyId: number, tail: string) => `/back/bo/companies/${companyId}/${tail}`;
