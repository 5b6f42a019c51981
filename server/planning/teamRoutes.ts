import { Hono } from 'hono';
import { languageOf, type AppContext, type AppEnv } from '../context';
import { contentDisposition } from '../files/send';
import { translate } from '../i18n';
import type { Registry } from '../schemas';
import { serviceCaller } from '../services/routeHelpers';
import { exportName, planningRows, planningWorkbook } from './export';
import { periodOf, planningCriteria } from './query';
import { teamPlanning } from './team';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Team planning and its export (spec §2, §7.7; docs/planning.md). The service routes' roles
 * (SEARCH_SERVICE, a CREATE_SERVICE flag or SUPER_ADMIN; 403 otherwise); what counts is the
 * caller's service visibility (query.ts).
 */
export function teamPlanningRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const read = (c: AppContext) => {
    const caller = serviceCaller(c);
    const criteria = planningCriteria(registry, c.req.queries());
    return { caller, criteria, period: periodOf(criteria) };
  };

  app.get('/back/bo/pln/planning/team', async (c) => {
    const { caller, criteria, period } = read(c);
    return c.json(await teamPlanning(c.get('services').db, caller, period, criteria));
  });

  // The export's rows for an Excel file the browser writes (the datacenter's exports, docs/planning.md).
  app.get('/back/bo/pln/planning/rows', async (c) => {
    const { caller, criteria, period } = read(c);
    return c.json({ ...period, rows: await planningRows(c.get('services').db, registry, caller, period, criteria, languageOf(c)) });
  });

  app.get('/back/bo/inter/spa/planning/export/', async (c) => {
    const { caller, criteria, period } = read(c);
    const lang = languageOf(c);
    const file = await planningWorkbook(c.get('services').db, registry, caller, period, criteria, lang);
    return c.body(new Uint8Array(file), 200, {
      'Content-Type': XLSX,
      'Content-Length': String(file.length),
      'Content-Disposition': contentDisposition(exportName(translate(lang, 'planning.export.title'))),
      'Cache-Control': 'private, no-store',
    });
  });

  return app;
}
