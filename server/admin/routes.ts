import { Hono } from 'hono';
import { isPlatformAdmin, requireCaller, type AppContext, type AppEnv } from '../context';
import { forbidden } from '../errors';
import { danglingReferences, databaseOverview } from './database';

/**
 * `/back/bo/admin/database` (spec §2 /admin/database): the whole store, every universe, so the
 * platform's own administrators only (context.ts `isPlatformAdmin`); anyone else 403.
 */
const platformAdmin = (c: AppContext) => {
  const caller = requireCaller(c);
  if (!isPlatformAdmin(caller)) throw forbidden();
  return c.get('services');
};

export function adminDatabaseRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/back/bo/admin/database', async (c) => {
    const { db, registry } = platformAdmin(c);
    return c.json(await databaseOverview(db, registry));
  });

  app.get('/back/bo/admin/database/consistency', async (c) => {
    const { db, registry } = platformAdmin(c);
    return c.json(await danglingReferences(db, registry));
  });

  return app;
}
