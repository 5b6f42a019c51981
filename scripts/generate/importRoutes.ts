import type { JsonSchema } from '../../engine/schema/resolve';
import { IMPORT_KINDS } from '../../server/imports/kinds';
import type { RouteDoc } from './routes';

/**
 * The import calls (spec §7.5, docs/imports.md) for both kinds: `/back/bo/importOrder` and
 * `/back/bo/importservice`. The spec names mappings, histories, startImport and importDocument;
 * preview, progress and refusedRows are ours, under the same base paths.
 */
const object = (description: string, properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', description, properties });
/** An entity's component schema (as routes.ts `entity`). */
const entity = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name[0].toUpperCase()}${name.slice(1)}` });
const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const target = { type: ['string', 'null'], description: 'A target field (`<entity>.<field>`, e.g. purchaseOrder.poNumber) or null: the column is not imported' };
const mappingRow = object('A column of the document', {
  column: { type: 'integer', minimum: 0, description: 'Its position (0 = the first)' },
  source: { type: 'string', description: 'Its header text' },
  target,
  ready: { type: 'boolean', description: 'False after its target was changed, until the same target is sent again (spec §5.5)' },
  samples: list({ type: 'string' }),
});
const mapping = object('The current document and its mapping', {
  document: { oneOf: [object('The document', { fileId: { type: 'integer' }, fileName: { type: 'string' }, byteSize: { type: 'integer' } }), { type: 'null' }] },
  columns: list(mappingRow),
  targets: list(object('A field a column may feed', { target: { type: 'string' }, required: { type: 'boolean' } })),
});
const id = { id: { type: 'integer', minimum: 1, description: 'The importHistoryId' } } as const;

function kindDocs(base: string, what: string): Record<string, RouteDoc> {
  const tag = 'imports';
  return {
    [`GET ${base}/mappings`]: { tag, summary: `${what}: the header row of the company's current document (its newest upload of the kind's file domain) and the mapping of each column to a field, proposed or as the company left it`, ok: { description: 'The mapping', schema: mapping }, errors: [403, 422] },
    [`PATCH ${base}/mappings/{column}`]: {
      tag, summary: `${what}: map a column to a field (or null). A changed target is not ready; the same target sent again confirms it`,
      params: { column: { type: 'integer', minimum: 0 } },
      body: { type: 'object', additionalProperties: false, required: ['source', 'target'], properties: { column: { type: 'integer', minimum: 0 }, source: { type: 'string', description: 'The header text the client saw (422 when the document changed)' }, target } },
      ok: { description: 'The whole mapping', schema: mapping }, errors: [400, 403, 422],
    },
    [`GET ${base}/preview`]: {
      tag, summary: `${what}: the document's first 20 rows as they would be stored, with each refusal per field, in the caller's language; nothing is written`,
      ok: { description: 'Rows', schema: object('The preview', { columns: list(mappingRow), rows: list(object('A row', { line: { type: 'integer' }, values: { type: 'object' }, errors: list(object('A refusal', { target, message: { type: 'string' } })) })) }) },
      errors: [403, 422],
    },
    [`GET ${base}/startImport`]: {
      tag, summary: `${what}: start the import of the current document as a job (X-Requested-With: XMLHttpRequest with a session). Every column ready and every required field fed, one import of the kind at a time`,
      ok: { description: 'The history, QUEUED', schema: entity('importHistory') }, errors: [403, 422],
    },
    [`DELETE ${base}/importDocument`]: { tag, summary: `${what}: remove the current document (not while its import runs)`, ok: { description: '`true`', schema: { type: 'boolean', const: true } }, errors: [403, 404, 422] },
    [`GET ${base}/histories`]: { tag, summary: `${what}: the company's imports, newest first (at most 100)`, ok: { description: 'Histories', schema: list(entity('importHistory')) }, errors: [403] },
    [`GET ${base}/histories/{id}`]: { tag, summary: `${what}: one import of the company`, params: id, ok: { description: 'The history', schema: entity('importHistory') }, errors: [403, 404] },
    [`GET ${base}/histories/{id}/progress`]: {
      tag, summary: `${what}: where an import stands (the progress bar polls it)`, params: id,
      ok: { description: 'Progress', schema: object('Progress', { importHistoryId: { type: 'integer' }, status: { type: 'string' }, totalRows: { type: ['integer', 'null'] }, rowsRead: { type: 'integer' }, created: { type: 'integer' }, updated: { type: 'integer' }, refused: { type: 'integer' }, percent: { type: 'integer', minimum: 0, maximum: 100 } }) },
      errors: [403, 404],
    },
    [`GET ${base}/histories/{id}/refusedRows`]: {
      tag, summary: `${what}: the refused rows as an .xlsx (line, the document's cells, the reasons in the caller's language)`, params: id,
      ok: { description: 'The workbook', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', schema: { type: 'string', format: 'binary' } }, errors: [403, 404],
    },
  };
}

export const importRouteDocs = (): Record<string, RouteDoc> =>
  Object.assign({}, ...IMPORT_KINDS.map((def) => kindDocs(def.base, def.kind === 'ORDER' ? 'Order import' : 'Service import')));
