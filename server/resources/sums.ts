import { HttpError, type FieldError } from '../errors';
import type { EntityDef, Registry } from '../schemas';
import { and, eq, type Condition, type Scalar } from '../store/query';
import type { Row, Writer } from '../store/types';

/**
 * `x-sums` (docs/schemas.md "Sums of linked records"): a field of a record that totals a field of
 * the records of another collection pointing at it — an invoice's amount is the sum of its lines'
 * totals. The server keeps it, in the transaction of every write on either side, and refuses (422)
 * a link between records whose `same` fields differ (an invoice and its lines share one currency).
 */
export interface SumRule {
  /** The collection of the linked records. */
  collection: string;
  /** Their field to total. */
  sum: string;
  /** Their fields → this record's fields that link them (all must be equal). */
  match: Record<string, string>;
  /** Fields the linked records and this record must share. */
  same?: string[];
  /** i18n key of the refusal (params: label, field, value, expected); its field errors use `<message>.field`. */
  message: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const rulesOf = (entity: EntityDef) => Object.entries((entity.schema['x-sums'] ?? {}) as Record<string, SumRule>);
const linked = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The records of `rule.collection` pointing at `target`, in its universe. */
function linksTo(rule: SumRule, target: Row): Condition {
  return and(eq('universeId', target.universeId as Scalar), ...Object.entries(rule.match).map(([from, to]) => eq(from, target[to] as Scalar)));
}

function refusal(rule: SumRule, label: unknown, field: string, value: unknown, expected: unknown, paths: string[]): HttpError {
  const errors: FieldError[] = paths.map((path) => ({ path, key: `${rule.message}.field` }));
  return new HttpError(422, 'BusinessException', rule.message, { label, field, value, expected }, errors);
}

/**
 * This record's sums from the linked records as stored (the transaction's own writes included);
 * 422 when one of them differs from it on a `same` field (its own change of currency, say).
 */
export async function withSums(tx: Writer, entity: EntityDef, record: Row): Promise<Row> {
  const out = { ...record };
  for (const [field, rule] of rulesOf(entity)) {
    if (Object.values(rule.match).some((to) => !linked(record[to]))) continue;
    const links = await tx.query({ collection: rule.collection, where: linksTo(rule, record) });
    for (const name of rule.same ?? []) {
      const other = links.find((link) => link[name] !== record[name]);
      if (other) throw refusal(rule, record[entity.label ?? entity.idField], name, other[name], record[name], [`/${name}`]);
    }
    out[field] = round2(links.reduce((total, link) => total + (typeof link[rule.sum] === 'number' ? (link[rule.sum] as number) : 0), 0));
  }
  return out;
}

/** A linked record written (`path` in the request) or removed (no path): its state before and after. */
export interface LinkChange {
  path?: string;
  before?: Row;
  after?: Row;
}

/**
 * After writes on `collection` (in the same transaction): every record an `x-sums` rule links them
 * to, before or after, gets its sums again; a written record whose `same` field is not its target's
 * is refused (422, the whole transaction with it).
 */
export async function syncSums(tx: Writer, registry: Registry, collection: string, changes: LinkChange[]): Promise<void> {
  for (const entity of registry.entities.values()) {
    for (const [, rule] of rulesOf(entity).filter(([, r]) => r.collection === collection)) {
      const keyOf = (row: Row) => JSON.stringify([row.universeId, ...Object.keys(rule.match).map((from) => row[from])]);
      const targets = new Map<string, Row>();
      for (const row of changes.flatMap((change) => [change.before, change.after]).filter((row): row is Row => !!row)) {
        if (Object.keys(rule.match).some((from) => !linked(row[from]))) continue;
        targets.set(keyOf(row), row);
      }
      for (const [key, row] of targets) {
        const where = and(eq('universeId', row.universeId as Scalar), ...Object.entries(rule.match).map(([from, to]) => eq(to, row[from] as Scalar)));
        for (const target of await tx.query({ collection: entity.collection, where })) {
          for (const name of rule.same ?? []) {
            const refused = changes.filter((change) => change.path && change.after && keyOf(change.after) === key && change.after[name] !== target[name]);
            if (refused.length) throw refusal(rule, target[entity.label ?? entity.idField], name, refused[0].after![name], target[name], refused.map((change) => `${change.path}/${name}`));
          }
          const summed = await withSums(tx, entity, target);
          const changed = rulesOf(entity).some(([field]) => summed[field] !== target[field]);
          if (changed) await tx.update(entity.collection, target[entity.idField] as number, (current) => ({ ...current, ...Object.fromEntries(rulesOf(entity).map(([field]) => [field, summed[field]])) }));
        }
      }
    }
  }
}
