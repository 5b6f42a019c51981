import type { TFunction } from 'i18next';
import { cellText } from '../../engine/format/values';
import { fieldKind, lookupOf, propertiesOf } from '../../engine/schema/fields';
import type { JsonSchema } from '../../engine/schema/resolve';
import { translate, type Language } from '../i18n';
import { companyById } from '../identity';
import type { Reader, Row } from '../store/types';
import type { ServiceRow } from '../services/access';
import type { LabelValue, PdfDetails } from './pdf';
import { reportCustomFields } from './reportCustomFields';

/**
 * The report's custom values for the PDF (scopes REPORT and REPORT_PIECE, GLOBAL with them): the
 * fields of the service's client narrowed to its type (what the report's form shows), each stored
 * value under its label in the reader's language, grouped under its section or criterion heading; a
 * list value as its option's label, numbers as the engine formats them in that language, dates as the
 * rest of the document.
 */
type Labels = Record<string, string>;

const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '';
const rows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);

/** Company names of the COMPANY fields' values, fetched once. */
async function companyNames(db: Reader, schemas: JsonSchema[], records: Row[]): Promise<Map<number, string>> {
  const ids = new Set<number>();
  for (const schema of schemas) {
    for (const [code, property] of Object.entries(propertiesOf(schema))) {
      if (lookupOf(property)) for (const record of records) if (typeof record[code] === 'number') ids.add(record[code]);
    }
  }
  const names = new Map<number, string>();
  for (const id of ids) names.set(id, (await companyById(db, id))?.name ?? `#${id}`);
  return names;
}

/** The values of one record, grouped: those without a heading first, then each heading's in the fields' order. */
function groupsOf(schema: JsonSchema, values: Row, text: (code: string, property: JsonSchema) => string, label: (key: string) => string): PdfDetails['groups'] {
  const groups = new Map<string, LabelValue[]>();
  for (const [code, property] of Object.entries(propertiesOf(schema))) {
    if (!hasValue(values[code])) continue;
    const heading = (property['x-group'] as string | undefined) ?? '';
    groups.set(heading, [...(groups.get(heading) ?? []), { label: label(String(property.title ?? code)), value: text(code, property) }]);
  }
  return [...groups].sort(([a], [b]) => Number(a !== '') - Number(b !== '')).map(([heading, facts]) => ({ ...(heading ? { title: label(heading) } : {}), facts }));
}

/** How the document writes its words: the reader's language, its labels and dates. */
export interface PdfWords {
  lang: Language;
  /** A schema or enum label (registry locales). */
  label: (key: string) => string;
  /** A day or a moment as the rest of the document writes them. */
  date: (value: unknown, withTime: boolean) => string;
}

/** The report's own values ("Report details"), then each inspected piece's ("Piece details", a group per piece). */
export async function pdfCustomValues(db: Reader, service: ServiceRow, report: Row, { lang, label: schemaLabel, date }: PdfWords): Promise<PdfDetails[]> {
  const fields = await reportCustomFields(db, service);
  const own = (report.customFieldReport ?? {}) as Row;
  const pieces = rows(report.inspectedPieces).filter((piece) => Object.values((piece.customFieldPiece ?? {}) as Row).some(hasValue));
  if (!Object.values(own).some(hasValue) && !pieces.length) return [];
  const custom: Labels = { ...fields.locales.en, ...fields.locales[lang] };
  const label = (key: string) => custom[key] ?? schemaLabel(key);
  const names = await companyNames(db, [fields.report, fields.piece], [own, ...pieces.map((piece) => piece.customFieldPiece as Row)]);
  // The engine's formatter asks its labels through i18next's t: a missing one reads as its default (the raw code).
  const t = ((key: string, options?: { defaultValue?: string }) => {
    const found = label(key);
    return found === key ? (options?.defaultValue ?? key) : found;
  }) as unknown as TFunction;
  const textOf = (values: Row) => (code: string, property: JsonSchema) => {
    const kind = fieldKind(property);
    if (kind === 'boolean') return translate(lang, values[code] ? 'pdf.yes' : 'pdf.no');
    if (kind === 'date' || kind === 'dateTime') return date(values[code], kind === 'dateTime');
    return cellText({ field: code, schema: property }, values, { t, locale: lang, lookupLabel: (_url, id) => names.get(id as number) }, kind);
  };
  const details: PdfDetails[] = [];
  const reportGroups = groupsOf(fields.report, own, textOf(own), label);
  if (reportGroups.length) details.push({ heading: schemaLabel('report.customFieldReport'), groups: reportGroups });
  const pieceGroups = pieces.flatMap((piece) => {
    const values = piece.customFieldPiece as Row;
    const facts = groupsOf(fields.piece, values, textOf(values), label).flatMap((group) => (group.title ? group.facts.map((fact) => ({ ...fact, label: `${group.title} · ${fact.label}` })) : group.facts));
    return facts.length ? [{ title: `${schemaLabel('inspectedPiece.pieceNumber')} ${String(piece.pieceNumber)}`, facts }] : [];
  });
  if (pieceGroups.length) details.push({ heading: schemaLabel('inspectedPiece.customFieldPiece'), groups: pieceGroups });
  return details;
}
