import { Hono } from 'hono';
import { formatDay } from '../../engine/format/localDates';
import { languageOf, type AppEnv } from '../context';
import { badRequest } from '../errors';
import { COLLECTIONS, type Company } from '../identity';
import type { Reader } from '../store/types';
import { SERVICES, canSeeService, type ServiceRow } from './access';
import { serviceCaller } from './routeHelpers';
import { findServices } from './search';

/** Options shown while typing (a number or a PO number finds the service). */
const LOOKUP_LIMIT = 20;

/** "S-000012 · 20 Nov 2026 · Shenzhen Textile Co" (the day as the caller's screens show it): enough to tell services apart in a list. */
async function optionOf(db: Reader, service: ServiceRow, language: string) {
  const supplier = typeof service.supplier === 'number' ? (await db.get<Company>(COLLECTIONS.companies, service.supplier))?.name : undefined;
  return { value: service.serviceId as number, label: [service.number, formatDay(service.startDate, language), supplier].filter(Boolean).join(' · ') };
}

/**
 * `GET /back/bo/services/lookup?q=&id=` → `[{value, label}]`: the services the caller may see,
 * found by the keywords of the service search (`q`), or one by id (the label of a stored value).
 * Records that point at a service (a CAPA's closing service) pick it here.
 */
export function serviceLookupRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/back/bo/services/lookup', async (c) => {
    const caller = serviceCaller(c);
    const { db, registry } = c.get('services');
    const id = c.req.query('id');
    if (id !== undefined) {
      if (!/^\d+$/.test(id)) throw badRequest('error.badQuery');
      const service = await db.get<ServiceRow>(SERVICES, Number(id));
      return c.json(service && canSeeService(service, caller) ? [await optionOf(db, service, languageOf(c))] : []);
    }
    const keywords = (c.req.query('q') ?? '').slice(0, 100);
    if (!keywords.trim()) return c.json([]);
    const { page } = await findServices(db, registry, caller, { keywords }, LOOKUP_LIMIT);
    return c.json(await Promise.all(page.map((service) => optionOf(db, service, languageOf(c)))));
  });
  return app;
}
