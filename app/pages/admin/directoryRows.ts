import type { ExportTable } from '../../../engine/export/excel';

/** One company of the caller's universe (a `toolcompany/companies` lookup item). */
export interface DirectoryCompany {
  value: number;
  label: string;
}

/** The fields of a contact row (`GET /back/bo/contacts/admin/?companyId=`) the directory shows. */
export interface DirectoryContact {
  contactId: number;
  firstName?: string;
  lastName?: string;
  email?: string;
  position?: string;
  phone?: string;
  language?: string;
}

/** The directory's columns: the field of a contact (or the company) and the label key of its heading. */
export const DIRECTORY_COLUMNS = [
  { field: 'company', label: 'contact.companyId', width: 220 },
  { field: 'lastName', label: 'contact.lastName', width: 140 },
  { field: 'firstName', label: 'contact.firstName', width: 140 },
  { field: 'email', label: 'contact.email', width: 240 },
  { field: 'position', label: 'contact.position', width: 180 },
  { field: 'phone', label: 'contact.phone', width: 140 },
  { field: 'language', label: 'contact.language', width: 100 },
] as const;

/**
 * The workbook's table: one row per contact, by company name then last and first name, in the
 * page's language (headings and language names through `label`).
 */
export function directoryTable(title: string, companies: { company: DirectoryCompany; contacts: DirectoryContact[] }[], label: (key: string) => string, language: (code: string) => string): ExportTable {
  const rows = companies.flatMap(({ company, contacts }) =>
    contacts.map((contact) => ({ company: company.label, ...contact, language: contact.language ? language(contact.language) : '' })),
  );
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const names = (row: (typeof rows)[number]) => [row.company, text(row.lastName), text(row.firstName)];
  rows.sort((a, b) => {
    const [left, right] = [names(a), names(b)];
    for (let index = 0; index < left.length; index++) {
      const order = left[index].localeCompare(right[index], undefined, { sensitivity: 'base' });
      if (order) return order;
    }
    return 0;
  });
  return {
    title,
    columns: DIRECTORY_COLUMNS.map((column) => ({ header: label(column.label), width: column.width })),
    rows: rows.map((row) => DIRECTORY_COLUMNS.map((column) => text(row[column.field as keyof typeof row]) || null)),
  };
}
