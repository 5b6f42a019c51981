import { HttpError } from '../errors';
import { contactByEmail } from '../identity';
import type { Row, Writer } from '../store/types';
import { checkWizard, createOrMerge, mergeTarget, type WizardInput } from '../services/createService';
import { PO_LINES, linesOf } from '../services/lines';
import { updateService } from '../services/records';
import { departmentOfType } from '../services/wizardRules';
import { mappedValues, recordOf, type CellError, type MappedColumn } from './cells';
import { SERVICE_IMPORT } from './kinds';
import { orderLineKey } from '../purchaseOrders/lineKey';
import type { RowOutcome } from './orderImport';
import { companyOf, type RunContext } from './runContext';
import type { SheetRow } from './sheetReader';

/**
 * The service import's rows (docs/imports.md "Service import"): each row is a service the
 * caller's company orders (decision maker, the wizard's NEW mode) with one purchase order line,
 * checked and created by the wizard's own code (checkWizard, createOrMerge): the same refusals,
 * a service in OPENED, and an open twin (same type, parties and start date) takes the line instead
 * of a second service. A line of the same key (orderLineKey) already on the twin is updated:
 * importing the file again changes nothing twice.
 */
export interface ServiceRow {
  line: number;
  body: Row;
  errors: CellError[];
}

/** A wizard path (`/service/startDate`, `/purchaseOrderLines/0/sku`) as the target it came from. */
function targetOfPath(path: string): string | null {
  const [, head, index, field] = path.split('/');
  if (head === 'service' && index) return `service.${index}`;
  if (head === 'purchaseOrderLines' && field) return `purchaseOrderLine.${field}`;
  return null;
}

/** The row as the wizard's body, with the errors found before the wizard's checks (unknown companies and contacts). */
export async function serviceRowBody(tx: Writer, context: RunContext, row: SheetRow, columns: readonly MappedColumn[]): Promise<ServiceRow> {
  const values = mappedValues(row.cells, columns, SERVICE_IMPORT.targets);
  const errors: CellError[] = [];
  const service: Row = recordOf(values, 'service');
  for (const field of ['serviceProvider', 'supplier', 'factory']) {
    const { id, error } = companyOf(context, `service.${field}`, service[field]);
    if (error) errors.push(error);
    if (id !== undefined) service[field] = id;
    else delete service[field];
  }
  const emails = (service.orderTakerContacts as string[] | undefined) ?? [];
  const contacts = await Promise.all(emails.map((email) => contactByEmail(tx, email)));
  if (contacts.some((contact) => !contact || contact.universeId !== context.caller.universeId)) errors.push({ target: 'service.orderTakerContacts', key: 'import.error.unknownContact' });
  service.orderTakerContacts = contacts.filter((contact) => contact).map((contact) => contact!.contactId);
  const line = recordOf(values, 'purchaseOrderLine');
  if (line.orderedQuantity !== undefined) line.orderedQuantity = { quantity: line.orderedQuantity };
  const body = {
    roles: ['DECISION_MAKER'],
    service: { ...service, thirdPartyDepartment: departmentOfType(service.type), client: context.caller.company.companyId },
    purchaseOrderLines: [line],
    laboratoryLines: [],
  };
  return { line: row.line, body, errors };
}

/** The wizard's refusal of a row as cell errors (any other error is not the row's and goes up). */
export async function checkedByWizard(tx: Writer, context: RunContext, body: Row): Promise<{ input?: WizardInput; errors: CellError[] }> {
  try {
    return { input: await checkWizard(tx, context.registry, context.caller, body), errors: [] };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500 || error.status === 409) throw error;
    return { errors: error.errors.length ? error.errors.map(({ path, key }) => ({ target: targetOfPath(path), key })) : [{ target: null, key: error.key }] };
  }
}

/** Writes one row in the caller's transaction. */
export async function writeServiceRow(tx: Writer, context: RunContext, row: ServiceRow): Promise<RowOutcome> {
  const { input, errors } = row.errors.length ? { input: undefined, errors: row.errors } : await checkedByWizard(tx, context, row.body);
  if (!input) return { line: row.line, outcome: 'refused', errors };
  const { registry, caller } = context;
  const twin = await mergeTarget(tx, caller, input.service);
  const [line] = input.purchaseOrderLines;
  const same = twin && linesOf(twin, PO_LINES).find((existing) => orderLineKey(existing) === orderLineKey(line));
  if (twin && same) {
    const lines = linesOf(twin, PO_LINES).map((existing) => (existing === same ? { ...existing, ...line, purchaseOrderLineId: existing.purchaseOrderLineId } : existing));
    await updateService(tx, caller, twin.serviceId as number, { purchaseOrderLines: lines });
    return { line: row.line, outcome: 'updated', errors: [] };
  }
  const { created } = await createOrMerge(tx, registry, caller, input, twin);
  return { line: row.line, outcome: created ? 'created' : 'updated', errors: [] };
}
