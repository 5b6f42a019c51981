import { Hono } from 'hono';
import { languageOf, type AppContext, type AppEnv } from '../context';
import type { Registry } from '../schemas';
import { visibleService } from '../services/access';
import { numberParam } from '../services/routeHelpers';
import { companyInUniverse, riskCaller } from './access';
import { companyCharts, defectRows, monthsBetween } from './figures';
import { companyInspections, reportsOf, riskCriteria } from './inspections';
import { referenceRisks } from './references';

/**
 * Risk analysis (spec §7.4 "Risk", docs/risk.md): a supplier's performance over its inspections,
 * its defect synthesis, and the risk of a service's references. Managers only (access.ts).
 */
export function riskRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const company = '/back/bo/risk/company/:companyId{[0-9]+}';

  /** The company (404 out of the universe), the criteria (400) and the inspections that count. */
  const companyFigures = async (c: AppContext) => {
    const caller = riskCaller(c);
    const { db } = c.get('services');
    const found = await companyInUniverse(db, numberParam(c, 'companyId'), caller);
    const criteria = riskCriteria(registry, c);
    const services = await companyInspections(db, caller, found.companyId, criteria);
    const defects = await defectRows(db, await reportsOf(db, services), languageOf(c));
    return { found, services, defects, criteria };
  };

  app.get(`${company}/charts`, async (c) => {
    const { found, services, defects, criteria } = await companyFigures(c);
    const period = monthsBetween(criteria.fromDate, criteria.toDate);
    return c.json({ company: { companyId: found.companyId, name: found.name }, inspections: services.length, ...companyCharts(registry, services, defects, languageOf(c), period) });
  });

  app.get(`${company}/defectSynthesis`, async (c) => {
    const { defects } = await companyFigures(c);
    return c.json(defects.map(({ severity: _severity, ...row }) => row));
  });

  app.get('/back/bo/risk/services/:id{[0-9]+}/references', async (c) => {
    const caller = riskCaller(c);
    const { db } = c.get('services');
    const service = await visibleService(db, numberParam(c, 'id'), caller);
    return c.json(await referenceRisks(db, caller, service));
  });

  return app;
}
