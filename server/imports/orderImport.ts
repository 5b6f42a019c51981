import type { Caller } from '../context';
import { entityRules } from '../resources/entityRules';
import { addRecordHistory } from '../resources/history';
import { createdRecord, dynamicDefaults, updatedRecord } from '../resources/write';
import type { EntityDef, Registry } from '../schemas';
import { HttpError } from '../errors';
import { and, eq, or, type Condition } from '../store/query';
import type { Row, Stored, Writer } from '../store/types';
import { fieldErrors } from '../validation';
import { cellErrors, firstPerTarget, mappedValues, recordOf, type CellError, type MappedColumn } from './cells';
import { ORDER_IMPORT } from './kinds';
import { orderLineKey } from '../purchaseOrders/lineKey';
import { companyOf, type RunContext } from './runContext';
import type { SheetRow } from './sheetReader';

/**
 * The order import's rows (docs/imports.md "Order import"): each row is a line of a purchase
 * order of the caller's brand. The order is found by poNumber within the brand (created when
 * new, its given fields updated), the line by its key (orderLineKey: updated, never doubled),
 * and, when the row names a reference, the reference by its sku within the brand. Each part is
 * checked against its entity's schema with the API's messages; a row with any error is refused
 * whole.
 */
export const PURCHASE_ORDERS = 'purchaseOrders';
export const ORDER_LINES = 'orderLines';
export const REFERENCES = 'references';

/** A part of a row: the fields the row gives (an update changes only those) and the record a create stores (with the schema's defaults). */
export interface RowPart {
  given: Row;
  created: Row;
}

export interface CheckedOrderRow {
  line: number;
  order: RowPart;
  orderLine: RowPart;
  reference?: RowPart;
  errors: CellError[];
}

export interface RowOutcome {
  line: number;
  outcome: 'created' | 'updated' | 'refused';
  errors: CellError[];
}

/** One row's parts as they will be stored, with every error of the row. */
export function checkOrderRow(registry: Registry, context: RunContext, row: SheetRow, columns: readonly MappedColumn[]): CheckedOrderRow {
  const values = mappedValues(row.cells, columns, ORDER_IMPORT.targets);
  const errors: CellError[] = [];
  const order = recordOf(values, 'purchaseOrder');
  for (const field of ['supplier', 'factory']) {
    const { id, error } = companyOf(context, `purchaseOrder.${field}`, order[field]);
    if (error) errors.push(error);
    if (id !== undefined) order[field] = id;
    else delete order[field];
  }
  /** The part checked by its entity's create schema (which adds the defaults to `created`). */
  const part = (entity: string, given: Row, placeholder: Row = {}): RowPart => {
    const def = registry.entities.get(entity)!;
    // As the generic create: the `x-default` values, then the schema (which adds its defaults to `created`).
    const created = dynamicDefaults(def, { ...placeholder, ...given }) as Row;
    const validate = def.validateCreate;
    if (!validate(created)) errors.push(...cellErrors(entity, fieldErrors(validate.errors)).filter((error) => !(error.target && error.target.slice(entity.length + 1) in placeholder)));
    for (const key of Object.keys(placeholder)) delete created[key];
    return { given, created };
  };
  const orderLine = part('orderLine', recordOf(values, 'orderLine'), { purchaseOrderId: 1 });
  const referenceFields = recordOf(values, 'reference');
  const sku = orderLine.given.sku;
  const named = referenceFields.name !== undefined || referenceFields.referenceType !== undefined;
  // The reference is the line's sku: it is not checked twice.
  const reference = named ? part('reference', referenceFields, sku !== undefined ? { sku } : {}) : undefined;
  if (reference && sku !== undefined) reference.created.sku = reference.given.sku = sku;
  const orderPart = part('purchaseOrder', order);
  return { line: row.line, order: orderPart, orderLine, reference, errors: firstPerTarget(errors) };
}

const changed = (current: Row, fields: Row) => Object.entries(fields).some(([key, value]) => JSON.stringify(current[key]) !== JSON.stringify(value));

/** How a PO number or a sku is matched: trimmed and case-insensitive, as the API's uniqueness rules compare them (a PO number once per brand, a reference's sku once per brand). */
const codeKey = (value: unknown) => String(value ?? '').trim().toLowerCase();

/** The spellings an exact `in` query looks for: as given, trimmed, upper- and lower-case (the key then decides). */
const spellings = (values: readonly string[]) => [...new Set(values.flatMap((value) => [value, value.trim(), value.trim().toUpperCase(), value.trim().toLowerCase()]))];

/** Reads the batch's existing orders, lines and references in three queries. */
async function existing(tx: Writer, companyId: number, rows: readonly CheckedOrderRow[]) {
  const poNumbers = [...new Set(rows.map((row) => row.order.given.poNumber as string))];
  const skus = [...new Set(rows.map((row) => row.orderLine.given.sku as string))];
  // A PO number is matched as the API's "PO number once per brand" compares it (rules.ts): the keyword match narrows, the key decides.
  const orders = await tx.query<Row>({ collection: PURCHASE_ORDERS, where: and(eq('companyId', companyId), or(...poNumbers.map((value): Condition => ({ op: 'keywords', fields: ['poNumber'], value })))) });
  const orderIds = orders.map((order) => order.purchaseOrderId as number);
  // In the order of the lines' index by order, bounded by the batch's orders: the embedded store
  // reads only that range of the index instead of testing every line of the brand. Every line of
  // those orders: their key (orderLineKey) ignores case, an exact sku would not.
  const lines = orders.length
    ? await tx.query<Row>({
        collection: ORDER_LINES,
        where: and({ op: 'gte', field: 'purchaseOrderId', value: Math.min(...orderIds) }, { op: 'lte', field: 'purchaseOrderId', value: Math.max(...orderIds) }, { op: 'in', field: 'purchaseOrderId', values: orderIds }),
        orderBy: [{ field: 'purchaseOrderId' }, { field: 'orderLineId' }],
      })
    : [];
  const references = await tx.query<Row>({ collection: REFERENCES, where: and(eq('companyId', companyId), { op: 'in', field: 'sku', values: spellings(skus) }) });
  return {
    orders: new Map(orders.map((order) => [codeKey(order.poNumber), order])),
    lines: new Map(lines.map((line) => [orderLineKey(line), line])),
    references: new Map(references.map((reference) => [codeKey(reference.sku), reference])),
  };
}

/** A record about to be written: the entity, the record as stored, the one it replaces (none: a new record). */
interface Planned {
  entity: EntityDef;
  record: Row;
  current?: Stored<Row>;
}

/**
 * A record as the API would store it, through the entity's write rules (`prepare`, server/recordRules.ts:
 * an order needs one date and its PO number once per brand, a reference with parents keeps its type…).
 * A refusal throws the API's HttpError.
 */
async function prepared(writes: Writes, entity: EntityDef, record: Row, current: Stored<Row> | undefined): Promise<Planned> {
  const rules = entityRules(entity.name)?.writes;
  try {
    return { entity, record: (await rules?.prepare?.(writes.tx, record, current, writes.caller)) ?? record, current };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    throw new RowRefused(error.errors.length ? cellErrors(entity.name, error.errors) : [{ target: null, key: error.key }]);
  }
}

/** A row the entities' write rules refused: the API's errors, each on the target of its field (the row as a whole when it names none). */
class RowRefused extends Error {
  constructor(readonly errors: CellError[]) {
    super('refused');
  }
}

/**
 * Writes a batch's good rows in the caller's transaction; the refused ones are only reported. Each
 * row's order and reference pass their entity's write rules before anything of the row is
 * written, so a row the rules refuse writes nothing (the API's message on its targets). The
 * batch's new lines are written together (`insertMany`) once its orders and references are;
 * `pause` lets requests in between rows (the reads of other requests see committed data only).
 */
export async function writeOrderRows(tx: Writer, context: RunContext, rows: readonly CheckedOrderRow[], pause: () => Promise<void> = async () => {}): Promise<RowOutcome[]> {
  const { caller, registry } = context;
  const companyId = caller.company.companyId;
  const writes: Writes = { tx, caller, entities: { order: registry.entities.get('purchaseOrder')!, line: registry.entities.get('orderLine')!, reference: registry.entities.get('reference')! } };
  const good = rows.filter((row) => !row.errors.length);
  const found = good.length ? await existing(tx, companyId, good) : { orders: new Map(), lines: new Map(), references: new Map() };
  /** New lines not written yet, by key: a later row of the same key updates the line, so they are written first. */
  const pending = new Map<string, Row>();
  const flush = async () => {
    if (!pending.size) return;
    const stored = await tx.insertMany(ORDER_LINES, 'orderLineId', [...pending.values()]);
    for (const [index, key] of [...pending.keys()].entries()) {
      found.lines.set(key, stored[index]);
      await addRecordHistory(tx, writes.entities.line, stored[index].orderLineId as number, caller, { action: 'CREATE' });
    }
    pending.clear();
  };
  const outcomes: RowOutcome[] = [];
  for (const row of rows) {
    await pause();
    if (row.errors.length) {
      outcomes.push({ line: row.line, outcome: 'refused', errors: row.errors });
      continue;
    }
    // The row's order and reference pass their rules before anything of the row is written.
    let plans: Planned[];
    try {
      const order = await orderPlan(writes, found.orders, row.order, companyId);
      const supplier = (order?.record ?? found.orders.get(codeKey(row.order.given.poNumber)))?.supplier as number;
      const reference = row.reference ? await referencePlan(writes, found.references, row.reference, supplier, companyId) : undefined;
      plans = [order, reference].filter((plan): plan is Planned => plan !== undefined);
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      outcomes.push({ line: row.line, outcome: 'refused', errors: firstPerTarget(error.errors) });
      continue;
    }
    for (const plan of plans) {
      const stored = await writePlanned(writes, plan);
      if (plan.entity === writes.entities.order) found.orders.set(codeKey(stored.poNumber), stored);
      else found.references.set(codeKey(stored.sku), stored);
    }
    const order = found.orders.get(codeKey(row.order.given.poNumber))!;
    const referenceId = found.references.get(codeKey(row.orderLine.given.sku))?.referenceId;
    const copied: Row = {
      purchaseOrderId: order.purchaseOrderId,
      companyId,
      supplier: order.supplier,
      ...(order.factory !== undefined ? { factory: order.factory } : {}),
      poNumber: order.poNumber,
      ...(referenceId !== undefined ? { referenceId } : {}),
    };
    const given = { ...row.orderLine.given, ...copied };
    const key = orderLineKey(given);
    if (pending.has(key)) await flush();
    const current = found.lines.get(key);
    if (current) {
      // Its key keeps its spelling as stored, as the order's PO number does.
      const fields = { ...given, sku: current.sku, color: current.color, size: current.size };
      if (changed(current, fields)) found.lines.set(key, await updateRecord(writes, writes.entities.line, current, fields));
      outcomes.push({ line: row.line, outcome: 'updated', errors: [] });
    } else {
      pending.set(key, await createdRecord(writes.entities.line, { ...row.orderLine.created, ...copied }, caller));
      outcomes.push({ line: row.line, outcome: 'created', errors: [] });
    }
  }
  await flush();
  return outcomes;
}

/** What a batch writes with: its transaction, the person importing, the three entities (their schemas' derivations). */
interface Writes {
  tx: Writer;
  caller: Caller;
  entities: { order: EntityDef; line: EntityDef; reference: EntityDef };
}

/**
 * A planned record written as the generic create or PUT stores it, with its history when the
 * entity keeps one, then the feature's records that copy it (an order's lines). Orders and
 * references are written one by one; a batch's new lines together (`insertMany` above).
 */
async function writePlanned(writes: Writes, { entity, record, current }: Planned): Promise<Stored<Row>> {
  if (!current) {
    const stored = await writes.tx.insert(entity.collection, entity.idField, record);
    await addRecordHistory(writes.tx, entity, stored[entity.idField] as number, writes.caller, { action: 'CREATE' });
    return stored;
  }
  const id = current[entity.idField] as number;
  await addRecordHistory(writes.tx, entity, id, writes.caller, { action: 'UPDATE' });
  const stored = await writes.tx.update<Row>(entity.collection, id, () => record);
  await entityRules(entity.name)?.writes?.stored?.(writes.tx, stored, current);
  return stored;
}

/** A line changed as the generic PUT stores it (`updatedRecord`), with its history. */
async function updateRecord(writes: Writes, entity: EntityDef, current: Stored<Row>, given: Row): Promise<Stored<Row>> {
  return writePlanned(writes, { entity, record: await updatedRecord(entity, { ...current, ...given }, current, writes.caller), current });
}

/** The order of the row's PO number: new (`createdRecord`), changed (`updatedRecord`, its PO number kept as stored) or unchanged (none). */
async function orderPlan(writes: Writes, orders: Map<string, Stored<Row>>, { given, created }: RowPart, companyId: number): Promise<Planned | undefined> {
  const entity = writes.entities.order;
  const current = orders.get(codeKey(given.poNumber));
  if (!current) return prepared(writes, entity, await createdRecord(entity, { ...created, companyId }, writes.caller), undefined);
  const fields = { ...given, poNumber: current.poNumber };
  if (!changed(current, fields)) return undefined;
  return prepared(writes, entity, await updatedRecord(entity, { ...current, ...fields }, current, writes.caller), current);
}

/** The reference of the row's sku, the order's supplier among its suppliers: new, changed (its sku kept as stored) or unchanged (none). */
async function referencePlan(writes: Writes, references: Map<string, Stored<Row>>, { given, created }: RowPart, supplier: number, companyId: number): Promise<Planned | undefined> {
  const entity = writes.entities.reference;
  const current = references.get(codeKey(given.sku));
  const suppliers = [...new Set([...((current?.suppliers as number[] | undefined) ?? []), supplier])];
  if (!current) return prepared(writes, entity, await createdRecord(entity, { ...created, suppliers, companyId }, writes.caller), undefined);
  const fields = { ...given, sku: current.sku, suppliers };
  if (!changed(current, fields)) return undefined;
  return prepared(writes, entity, await updatedRecord(entity, { ...current, ...fields }, current, writes.caller), current);
}
