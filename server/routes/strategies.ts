import { Hono } from 'hono';
import { requireCaller, requireRoles, type AppEnv } from '../context';
import { assertOwnCompany } from '../resources/ownership';
import { archiveCondition } from '../resources/listScope';
import { present } from '../resources/present';
import type { Registry } from '../schemas';
import { and, eq } from '../store/query';

/**
 * `GET /back/bo/strategies/company/{companyId}` (spec §7.4, the service wizard's strategy choice): the
 * company's strategies not archived, by code. The company is the caller's own (a super admin's: any
 * of its universe); another one is "not found", as on the strategies' own list (x-scope company).
 */
export function strategyRoutes(registry: Registry) {
  const app = new Hono<AppEnv>();
  const entity = registry.entities.get('strategy');
  if (!entity) return app;

  app.get('/back/bo/strategies/company/:companyId{[0-9]+}', async (c) => {
    const caller = requireCaller(c);
    requireRoles(caller, entity.roles);
    const { db } = c.get('services');
    const companyId = await assertOwnCompany(db, caller, Number(c.req.param('companyId')));
    const found = await db.query({
      collection: entity.collection,
      where: and(eq('universeId', caller.universeId), eq('companyId', companyId), archiveCondition(entity)),
      orderBy: [{ field: 'code' }, { field: entity.idField }],
    });
    return c.json(await Promise.all(found.map((record) => present(entity, record, caller, db))));
  });

  return app;
}
