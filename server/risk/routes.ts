import { Hono } from 'hono';
import { languageOf, type AppContext, type AppEnv } from '../context';
import { recordAccess } from '../resources/recordAccess';
import { presentService } from '../services/present';
import type { Registry } from '../schemas';
import { requireServiceCreator, visibleService } from '../services/access';
import { checkWizard, createOrMerge } from '../services/createService';
import { numberParam, readObject, serviceCaller } from '../services/routeHelpers';
import { companyInUniverse, riskCaller } from './access';
import { companyRisk, referencesNaming } from './companyRisk';
import { factoryExportResponse } from './factoryExport';
import { companyCharts, defectRows, monthsBetween } from './figures';
import { companyInspections, reportsOf, riskCriteria } from './inspections';
import { NEW_SERVICE_KEYS, newServiceBody, referenceOperations } from './operations';
import { referenceRisks } from './references';
import { companiesById } from '../planning/query';

/**
 * Risk analysis (spec §7.4 "Risk", docs/risk.md): a supplier's performance over its inspections,
 * its defect synthesis, the risk of a service's references, of a supplier for a client, the
 * factory risk export; and the smart-data operations on references (§7.5). Managers only
 * (access.ts), except the new service, which takes the wizard's right.
 */
export function riskRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const company = '/back/bo/risk/company/:companyId{[0-9]+}';
  const referenceEntity = registry.entities.get('reference')!;

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

  /** The spec's `{supplierId}_{clientId}`: one path segment, two ids. */
  app.get('/back/bo/risk/companies/:supplierId_clientId{[0-9]+_[0-9]+}', async (c) => {
    const caller = riskCaller(c);
    const { db } = c.get('services');
    const [supplierId, clientId] = c.req.param('supplierId_clientId').split('_').map(Number);
    const supplier = await companyInUniverse(db, supplierId, caller);
    const client = await companyInUniverse(db, clientId, caller);
    const criteria = riskCriteria(registry, c);
    const services = await companyInspections(db, caller, supplier.companyId, criteria, client.companyId);
    const references = await referencesNaming(db, referenceEntity, caller, supplier.companyId, client.companyId);
    const name = (found: typeof supplier) => ({ companyId: found.companyId, name: found.name });
    return c.json({ supplier: name(supplier), client: name(client), ...companyRisk(services, references) });
  });

  app.get('/back/bo/risk/orderTakers/:companyId{[0-9]+}/factoryExport/generate', async (c) => {
    const caller = riskCaller(c);
    const { db } = c.get('services');
    const found = await companyInUniverse(db, numberParam(c, 'companyId'), caller);
    const inspections = await companyInspections(db, caller, found.companyId, riskCriteria(registry, c));
    const references = await referencesNaming(db, referenceEntity, caller, found.companyId);
    const companyNames = new Map([...(await companiesById(db, inspections.map((service) => service.client)))].map(([id, row]) => [id, String(row.name ?? '')]));
    return factoryExportResponse(c, registry, languageOf(c), { company: found, references, inspections, companyNames });
  });

  app.get('/back/bo/smartdata/operations/references/:id{[0-9]+}', async (c) => {
    const caller = riskCaller(c);
    const { db } = c.get('services');
    const record = await recordAccess(referenceEntity).read(db, numberParam(c, 'id'), caller);
    return c.json(await referenceOperations(db, caller, record));
  });

  /** A new service for chosen references: the wizard's right, rules and refusals; nothing written on any refusal. */
  app.post('/back/bo/smartdata/operations/newService', async (c) => {
    const caller = serviceCaller(c);
    requireServiceCreator(caller);
    const { db } = c.get('services');
    const body = await readObject(c, NEW_SERVICE_KEYS);
    const service = await db.transaction(async (tx) => {
      const input = await checkWizard(tx, registry, caller, await newServiceBody(tx, registry, caller, body));
      return (await createOrMerge(tx, registry, caller, input, undefined)).service;
    });
    return c.json({ service: await presentService(db, service, caller), created: true }, 201);
  });

  return app;
}
