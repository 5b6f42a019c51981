import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { businessRule, validationError } from '../errors';
import { recordAccess } from '../resources/recordAccess';
import { searchCriteria } from '../resources/search';
import type { Registry } from '../schemas';
import { visibleService, type ServiceRow } from '../services/access';
import { numberParam, serviceCaller } from '../services/routeHelpers';
import { departmentOfType } from '../services/wizardRules';
import { referenceKey, servicesOfReference } from './lines';
import { companyNames, historyReferences, partyIds, referenceLines, serviceRow } from './serviceLinks';

/**
 * Services and references (spec §7.4, docs/services.md "Services and references"), behind the
 * service routes' roles (403) and visibility (a service or reference out of sight: 404):
 * - `GET /back/bo/services/references?referenceId=&orderTakerId=`: the services holding a line of
 *   the reference (of that order taker as supplier, factory or agent), newest first;
 * - `GET /back/bo/services/{id}/historyReferences`: the past services of each of its references;
 * - `GET /back/bo/services/{id}/auditLine`, `/consultingLine`: the reference lines of an audit,
 *   of a consulting service (another department: 422).
 */
const LINE_CALLS = {
  auditLine: { department: 'AUDIT', refusal: 'service.referenceLines.notAudit' },
  consultingLine: { department: 'CON', refusal: 'service.referenceLines.notConsulting' },
} as const;

export function serviceReferenceRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { hitLimit } = registry.entities.get('service')!;
  const referenceEntity = registry.entities.get('reference')!;

  app.get('/back/bo/services/references', async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    const { referenceId, orderTakerId } = searchCriteria(registry.searchForms.serviceReferences, c.req.queries()) as { referenceId?: number; orderTakerId?: number };
    if (referenceId === undefined) throw validationError([{ path: '/referenceId', key: 'validation.required' }]);
    const reference = await recordAccess(referenceEntity).read(db, referenceId, caller);
    const party = orderTakerId ? { op: 'anyEq' as const, fields: ['supplier', 'factory', 'agent'], value: orderTakerId } : undefined;
    const found = await servicesOfReference(db, caller, referenceKey(reference), party);
    const page = found.slice(0, hitLimit);
    if (found.length > hitLimit) c.header('X-Hit-Limit', String(hitLimit));
    const names = await companyNames(db, partyIds(page));
    return c.json(page.map((service) => serviceRow(service, names)));
  });

  app.get('/back/bo/services/:id{[0-9]+}/historyReferences', async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    return c.json(await historyReferences(db, referenceEntity, caller, await visibleService(db, numberParam(c, 'id'), caller)));
  });

  for (const [call, { department, refusal }] of Object.entries(LINE_CALLS)) {
    app.get(`/back/bo/services/:id{[0-9]+}/${call}`, async (c) => {
      const caller = serviceCaller(c);
      const { db } = c.get('services');
      const service: ServiceRow = await visibleService(db, numberParam(c, 'id'), caller);
      const actual = service.thirdPartyDepartment ?? departmentOfType(service.type);
      if (actual !== department) throw businessRule(refusal);
      return c.json(await referenceLines(db, referenceEntity, caller, service));
    });
  }
  return app;
}
