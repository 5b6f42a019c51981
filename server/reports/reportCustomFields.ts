import { customFieldsFor, type CustomFieldTarget } from '../../domain/customFields';
import type { JsonSchema } from '../../engine/schema/resolve';
import { companyCustomFields } from '../customFields/companySchemas';
import { companyCustomValues } from '../customFields/recordValues';
import { customFieldLocales } from '../customFields/schemaAnswer';
import type { FieldError } from '../errors';
import { isPlainObject } from '../json-body';
import type { Reader, Row } from '../store/types';
import type { ServiceRow } from '../services/access';

/**
 * A report's custom fields (scopes REPORT and REPORT_PIECE, and GLOBAL): those of the service's
 * client, the decision maker who defines what its inspections report, narrowed to the service's
 * type. The provider writes the report, so the caller's own company does not decide them (as it
 * does a service's). Draft saves (the defects or the pieces alone) may leave a required field
 * empty; the report's POST and PUT, which send it, may not.
 */
const clientOf = (service: ServiceRow) => (typeof service.client === 'number' ? service.client : undefined);
const targetOf = (service: ServiceRow): CustomFieldTarget => ({ serviceType: typeof service.type === 'string' ? service.type : undefined });
const pieces = (value: unknown): Row[] => (Array.isArray(value) ? (value as unknown[]).filter(isPlainObject) : []);

/** The report with its custom values checked and kept as the server keeps them; errors under `/report`. */
export async function reportCustomValues(db: Reader, service: ServiceRow, report: Row, before: Row | undefined, draft: boolean): Promise<{ report: Row; errors: FieldError[] }> {
  const client = clientOf(service);
  const target = targetOf(service);
  const own = await companyCustomValues(db, client, 'report', report, target, '/report/customFieldReport', before, { draft });
  const errors = [...own.errors];
  // A piece's id is given anew on every save: its stored values are found by its number.
  const storedPieces = new Map(pieces(before?.inspectedPieces).map((piece) => [piece.pieceNumber, piece]));
  const checked: Row[] = [];
  for (const [index, piece] of pieces(report.inspectedPieces).entries()) {
    const path = `/report/inspectedPieces/${index}/customFieldPiece`;
    const values = await companyCustomValues(db, client, 'inspectedPiece', piece, target, path, storedPieces.get(piece.pieceNumber), { draft });
    errors.push(...values.errors);
    checked.push({ ...piece, customFieldPiece: values.values });
  }
  const withPieces = Array.isArray(report.inspectedPieces) ? { inspectedPieces: checked } : {};
  return { report: { ...report, customFieldReport: own.values, ...withPieces }, errors };
}

export interface ReportCustomFieldsAnswer {
  serviceType?: string;
  /** The REPORT and GLOBAL fields of the service's type, `required` where marked. */
  report: JsonSchema;
  /** The REPORT_PIECE and GLOBAL fields, for each piece. */
  piece: JsonSchema;
  /** Their labels and headings in each language (English standing in). */
  locales: Record<string, Record<string, string>>;
}

/** What GET /back/bo/reports/{serviceId}/customFields answers: the schemas the writes are checked with. */
export async function reportCustomFields(db: Reader, service: ServiceRow): Promise<ReportCustomFieldsAnswer> {
  const client = clientOf(service);
  const target = targetOf(service);
  const company = await companyCustomFields(db, client ?? 0);
  const report = customFieldsFor(company.object('REPORT'), target);
  const piece = customFieldsFor(company.object('REPORT_PIECE'), target);
  const shown = new Set([...Object.keys(report.properties ?? {}), ...Object.keys(piece.properties ?? {})]);
  const locales = client === undefined ? {} : await customFieldLocales(db, client, company.fields.filter((field) => shown.has(field.code)));
  return { ...target, report, piece, locales };
}
