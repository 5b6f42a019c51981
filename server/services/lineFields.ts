import { CUSTOM_FIELD_HOMES } from '../../domain/customFields';
import type { Caller } from '../context';
import type { FieldError } from '../errors';
import { customValues } from '../customFields/recordValues';
import { assertLookups } from '../resources/lookups';
import type { Registry } from '../schemas';
import type { Reader, Row } from '../store/types';
import { throwIfAny, underPath } from './routeHelpers';

const ENTITY = 'purchaseOrderLine';
const { property } = CUSTOM_FIELD_HOMES[ENTITY];

/** The stored lines by their id (the line entity's `x-id`). */
function storedById(registry: Registry, stored: Row[]): { idField: string; byId: Map<unknown, Row> } {
  const { idField } = registry.entities.get(ENTITY)!;
  return { idField, byId: new Map(stored.map((line) => [line[idField], line])) };
}

/** A product type as lines stored it before the productTypes list: a text (docs/schemas.md "Custom fields"). */
const legacyType = (line: Row | undefined) => (typeof line?.productType === 'string' ? line.productType : undefined);

/**
 * The purchase-order lines' fields that depend on the caller and on what is stored (the entity schema
 * checked the rest, `checkLines`): each line's ORDER custom values checked for the service's type and
 * the line's product type (errors at `/purchaseOrderLines/<n>/customFieldOrder/<code>`, naming the
 * line and the field), the values the caller's company does not write kept from the stored line of
 * the same id, and a product type written before the list kept when the line leaves it out.
 * `lines` are completed in place; nothing is written.
 */
export async function lineCustomErrors(db: Reader, registry: Registry, caller: Caller, serviceType: unknown, lines: Row[], stored: Row[], path: string, firstIndex = 0): Promise<FieldError[]> {
  const { idField, byId } = storedById(registry, stored);
  const errors: FieldError[] = [];
  for (const [at, line] of lines.entries()) {
    const index = firstIndex + at;
    const existing = byId.get(line[idField]);
    const legacy = legacyType(existing);
    if (line.productType === undefined && legacy !== undefined) line.productType = legacy;
    const target = { serviceType: typeof serviceType === 'string' ? serviceType : undefined, productType: typeof line.productType === 'number' ? line.productType : undefined };
    const checked = await customValues(db, caller, 'purchaseOrderLine', line, target, `${path}/${index}/${property}`, existing);
    line[property] = checked.values;
    errors.push(...checked.errors);
  }
  return errors;
}

/**
 * Lines moving onto another service (split, merge), checked as that service's own in the wizard: its
 * type's ORDER fields (required, options) for each line's product type, 400 at the line's index among
 * the target's lines (`/purchaseOrderLines/<n>/customFieldOrder/<code>`). A line without values is
 * checked as an empty set of them. Answers the lines as they will be stored.
 */
export async function movedLines(db: Reader, registry: Registry, caller: Caller, target: Row, moving: Row[], firstIndex: number): Promise<Row[]> {
  const lines = moving.map((line) => ({ ...line, [property]: line[property] ?? {} }));
  throwIfAny(await lineCustomErrors(db, registry, caller, target.type, lines, moving, '/purchaseOrderLines', firstIndex));
  return lines;
}

/** The lines' lookups (a product type) the caller may pick, a value already on the stored line kept: 400 at the line's path. */
export async function assertLineLookups(db: Reader, registry: Registry, caller: Caller, lines: Row[], stored: Row[], path: string): Promise<void> {
  const entity = registry.entities.get(ENTITY)!;
  const { idField, byId } = storedById(registry, stored);
  for (const [index, line] of lines.entries()) {
    await underPath(`${path}/${index}`, () => assertLookups(entity, line, byId.get(line[idField]), caller, db, registry));
  }
}
