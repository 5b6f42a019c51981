import type { Caller } from '../context';
import { translate, type Language } from '../i18n';
import type { Registry } from '../schemas';
import type { AsyncStore, Row, Writer } from '../store/types';
import type { CellError, MappedColumn } from './cells';
import type { ImportKindDef } from './kinds';
import { checkOrderRow, writeOrderRows } from './orderImport';
import { callerContext, type RunContext } from './runContext';
import { checkedByWizard, serviceRowBody } from './serviceImport';
import { sheetRows, type SheetRow } from './sheetReader';

/**
 * The preview (docs/imports.md "Preview"): the document's first rows as the import would store
 * them — each target's value after conversion (a company by its name) — with the errors the
 * import would refuse them for, per target, in the caller's language. Nothing is written: the
 * rows go through the import's own writes (order rows, with the entities' write rules) or the
 * wizard (service rows) inside a transaction that is then rolled back.
 */
const PREVIEW_ROWS = 20;

export interface PreviewRow {
  line: number;
  values: Record<string, unknown>;
  errors: { target: string | null; message: string }[];
}

class RolledBack extends Error {
  constructor(readonly rows: PreviewRow[]) {
    super('preview');
  }
}

async function firstRows(path: string, document: { mimeType: string; fileName: string }): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  const reader = sheetRows(path, document.mimeType, document.fileName);
  try {
    for await (const row of reader) {
      rows.push(row);
      if (rows.length > PREVIEW_ROWS) break;
    }
  } finally {
    await reader.return(undefined);
  }
  return rows.slice(1);
}

const COMPANY_FIELDS = new Set(['supplier', 'factory', 'serviceProvider']);

/** `<entity>.<field>` → value, a company id shown by its name. */
function valuesOf(context: RunContext, parts: Record<string, Row | undefined>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [entity, record] of Object.entries(parts)) {
    for (const [field, value] of Object.entries(record ?? {})) {
      values[`${entity}.${field}`] = COMPANY_FIELDS.has(field) && typeof value === 'number' ? (context.companies.byId.get(value)?.name ?? value) : value;
    }
  }
  return values;
}

const messages = (lang: Language, errors: readonly CellError[]) => errors.map(({ target, key }) => ({ target, message: translate(lang, key) }));

/**
 * Runs `check` in a transaction that is then rolled back: the rows are checked by the very code that
 * writes them (the order import's write rules, the wizard), and nothing stays.
 */
async function rolledBack(db: AsyncStore, check: (tx: Writer) => Promise<PreviewRow[]>): Promise<PreviewRow[]> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await check(tx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.rows;
    throw error;
  }
  return [];
}

export async function previewRows(db: AsyncStore, registry: Registry, caller: Caller, def: ImportKindDef, path: string, document: { mimeType: string; fileName: string }, columns: readonly MappedColumn[], lang: Language): Promise<PreviewRow[]> {
  const rows = await firstRows(path, document);
  const context = await callerContext(db, registry, caller);
  if (def.kind === 'ORDER') {
    const checked = rows.map((row) => checkOrderRow(registry, context, row, columns));
    return rolledBack(db, async (tx) => {
      // The rows as the import writes them: its refusals are the schemas' and the entities' write rules' (one date, a reference's type…).
      const outcomes = await writeOrderRows(tx, context, checked);
      return checked.map((row, index) => ({
        line: row.line,
        values: valuesOf(context, { purchaseOrder: row.order.created, orderLine: row.orderLine.created, reference: row.reference?.created }),
        errors: messages(lang, outcomes[index].errors),
      }));
    });
  }
  return rolledBack(db, async (tx) => {
    const preview: PreviewRow[] = [];
    for (const row of rows) {
      const body = await serviceRowBody(tx, context, row, columns);
      const { errors } = body.errors.length ? body : await checkedByWizard(tx, context, body.body);
      const lines = body.body.purchaseOrderLines as Row[];
      const line = { ...lines[0], orderedQuantity: (lines[0].orderedQuantity as { quantity?: unknown } | undefined)?.quantity };
      preview.push({ line: row.line, values: valuesOf(context, { service: body.body.service as Row, purchaseOrderLine: line }), errors: messages(lang, errors) });
    }
    return preview;
  });
}
