import { Hono } from 'hono';
import { nextStatus } from '../../machines';
import { requireCaller, requireRoles, type AppEnv } from '../context';
import { HttpError, validationError } from '../errors';
import { readJson } from '../json-body';
import { present } from '../resources/present';
import { transitionLabels } from '../resources/router';
import { visibleRecord } from '../resources/visibility';
import { assertEventRoles, eventCount } from '../resources/events';
import { eventStamps, updateStamps, withDerived } from '../resources/write';
import type { Registry } from '../schemas';
import type { Row, Stored } from '../store/types';
import { createAjv } from '../validation';
import { MAX_BATCH, assertShape, duplicateErrors } from '../billing/batch';

/**
 * PUT /back/bo/invoices/validate (spec §7.6): the invoices of a selection move from provision (W)
 * to invoiced (I) together, or none does. Answers the updated invoices as GET presents them.
 */
const EVENT = 'VALIDATE';

const selection = createAjv().compile({
  type: 'object',
  additionalProperties: false,
  required: ['invoiceIds'],
  properties: { invoiceIds: { type: 'array', minItems: 1, maxItems: MAX_BATCH, items: { type: 'integer', minimum: 1 } } },
});

/** The selection: 1 to 500 distinct invoice ids (400 otherwise). */
function invoiceIdsOf(body: unknown): number[] {
  const { invoiceIds } = assertShape<{ invoiceIds: number[] }>(selection, body);
  const twice = duplicateErrors(invoiceIds, (index) => `/invoiceIds/${index}`);
  if (twice.length) throw validationError(twice);
  return invoiceIds;
}

export function invoiceRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const entity = registry.entities.get('invoice');
  if (!entity?.api || !entity.machine) return app;
  const status = entity.statusField!;

  app.put(`${entity.api}/validate`, async (c) => {
    const caller = requireCaller(c);
    requireRoles(caller, entity.roles);
    assertEventRoles(entity, EVENT, caller);
    const ids = invoiceIdsOf(await readJson(c));
    const { db } = c.get('services');
    const updated = await db.transaction(async (tx) => {
      const invoices: Stored<Row>[] = [];
      for (const id of ids) invoices.push(await visibleRecord(tx, entity, id, caller));
      const nextOf = (invoice: Stored<Row>) => nextStatus(entity.machine!, String(invoice[status]), EVENT, invoice);
      const refused = invoices.find((invoice) => !nextOf(invoice));
      if (refused) {
        const { status: label } = transitionLabels(c, entity, EVENT, refused[status]);
        throw new HttpError(409, 'TransitionException', 'error.invoice.notProvision', { number: refused.number, status: label });
      }
      const out: Stored<Row>[] = [];
      for (const invoice of invoices) {
        // As PATCH …/{id}/VALIDATE writes it (server/resources/router.ts), for each invoice of the selection.
        const moved = { ...invoice, ...eventCount(entity, EVENT, invoice), ...eventStamps(entity, EVENT, invoice, caller), [status]: nextOf(invoice)!, ...updateStamps(entity, caller) };
        const record = await withDerived(entity, moved, invoice);
        out.push(await tx.update(entity.collection, invoice[entity.idField] as number, (current) => ({ ...current, ...record }), invoice.version));
      }
      return out;
    });
    return c.json(await Promise.all(updated.map((invoice) => present(entity, invoice, caller, db))));
  });

  return app;
}
