import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { translate, type Language } from '../i18n';
import type { Registry } from '../schemas';
import { eq } from '../store/query';
import type { Reader, Row } from '../store/types';
import type { CellError } from './cells';
import { REFUSALS } from './kinds';
import type { ImportHistory } from './importJob';

/**
 * The refused rows of an import as an .xlsx, written as it is read (exceljs's streaming writer,
 * 1,000 refusals per read): the row's line, its cells as the document had them, and the
 * reasons in the caller's language ("Supplier: unknown company; …"), so the file can be fixed
 * and imported again.
 */
const PAGE = 1000;

interface Refusal extends Row {
  importRefusalId: number;
  line: number;
  values: string[];
  errors: CellError[];
}

export const reasonText = (registry: Registry, lang: Language, errors: readonly CellError[]) =>
  errors.map(({ target, key }) => `${target ? `${registry.locales[lang]?.[target] ?? target}: ` : ''}${translate(lang, key)}`).join('; ');

export function refusedRowsFile(db: Reader, registry: Registry, lang: Language, history: ImportHistory): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(translate(lang, 'import.refusedSheet'));
  void (async () => {
    sheet.addRow([translate(lang, 'import.line'), ...history.columns.map((column) => column.source), translate(lang, 'import.reasons')]).commit();
    for (let offset = 0; ; offset += PAGE) {
      const page = await db.query<Refusal>({ collection: REFUSALS, where: eq('importHistoryId', history.importHistoryId), orderBy: [{ field: 'line' }, { field: 'importRefusalId' }], limit: PAGE, offset });
      for (const refusal of page) sheet.addRow([refusal.line, ...history.columns.map((column) => refusal.values[column.column] ?? ''), reasonText(registry, lang, refusal.errors)]).commit();
      if (page.length < PAGE) break;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
