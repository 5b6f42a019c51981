import { Hono } from 'hono';
import { mayWriteRecord } from '../../engine/schema/writeRules';
import { isSuperAdmin, requireCaller, requireRoles, type AppEnv } from '../context';
import { forbidden, HttpError, validationError } from '../errors';
import { COLLECTIONS, type Company } from '../identity';
import { isPlainObject, readJson } from '../json-body';
import { expectedVersion } from '../resources/write';
import { readObject } from '../services/routeHelpers';
import type { Registry } from '../schemas';
import type { Row } from '../store/types';
import { fieldErrors } from '../validation';
import { checkedAddress, presentProfile, trimmedAddress } from './companyProfile';
import { reachableCompany } from './companyAccess';
import { writableFields } from './sections';
import { setCompanyArchived } from '../companies/archive';

/**
 * The company profile record (CONTRACT.md: spec §7.8 gives no base path), docs/profiles.md:
 * - `GET /back/bo/profile/company/{companyId}`: every contact of the company reads it (spec §6.1:
 *   general information has no restriction); universe and super admins read the companies of their universe;
 * - `PUT` the same path: a full record with its `version`; a changed field needs a section the caller may
 *   open that shows it (profile/sections.ts), a changed address is checked and geocoded (companyProfile.ts);
 * - `PATCH` the same path with `{ "enabled": false | true }`: a universe admin disables (archives) or
 *   enables a company of the universe, never its own.
 * Other companies answer 404. Nothing is written by a refused call.
 */
export function profileRoutes(registry: Registry) {
  const app = new Hono<AppEnv>();
  const entity = registry.entities.get('company')!;
  const path = '/back/bo/profile/company/:companyId{[0-9]+}';

  app.get(path, async (c) => {
    const caller = requireCaller(c);
    const company = await reachableCompany(c, caller);
    return c.json(await presentProfile(c.get('services').db, entity, company));
  });

  app.put(path, async (c) => {
    const caller = requireCaller(c);
    const { db } = c.get('services');
    const company = await reachableCompany(c, caller);
    // x-writers: its own company's COMPANY_ADMIN / MANAGER (and the admin flags), universe and super admins any of the universe; others read.
    if (!mayWriteRecord(entity.schema, company, caller.company.companyId, caller.roles)) throw forbidden();
    const body = await readJson(c);
    if (!isPlainObject(body)) throw validationError([{ path: '', key: 'validation.wrongType' }]);
    const version = expectedVersion(body.version, true);
    // Server-owned fields (GPS, archived, ids) are the server's: what the client sends of them is ignored.
    const client = trimmedAddress(Object.fromEntries(Object.entries(body).filter(([key]) => !entity.serverOwned.has(key))));
    if (!entity.validateUpdate(client)) throw validationError(fieldErrors(entity.validateUpdate.errors));
    const writable = writableFields(registry, caller, company);
    const declared = Object.keys(entity.schema.properties ?? {}).filter((field) => !entity.serverOwned.has(field));
    // A field the stored record lacks holds its schema default (a flag never set is false).
    const valueOf = (record: Row, field: string) => JSON.stringify(record[field] ?? entity.schema.properties?.[field]?.default ?? null);
    const changed = declared.filter((field) => valueOf(client, field) !== valueOf(company, field));
    const refused = changed.filter((field) => !writable.has(field));
    if (refused.length) throw new HttpError(403, 'AccessDeniedException', 'error.fieldNotAllowed', {}, refused.map((field) => ({ path: `/${field}`, key: 'validation.notAllowed' })));
    const located = await checkedAddress(client, company);
    const updated = await db.transaction(async (tx) => {
      const kept = Object.fromEntries(Object.entries(company).filter(([key]) => !declared.includes(key)));
      return tx.update<Company>(COLLECTIONS.companies, company.companyId, () => ({ ...kept, ...located }) as Company, version);
    });
    return c.json(await presentProfile(db, entity, updated));
  });

  app.patch(path, async (c) => {
    const caller = requireCaller(c);
    requireRoles(caller, ['UNIVERSE_ADMIN', 'SUPER_ADMIN']);
    const company = await reachableCompany(c, caller);
    const body = await readObject(c, ['enabled', 'version']);
    if (typeof body.enabled !== 'boolean') throw validationError([{ path: '/enabled', key: body.enabled === undefined ? 'validation.required' : 'validation.wrongType' }]);
    const { db } = c.get('services');
    const updated = await db.transaction((tx) => setCompanyArchived(tx, caller, company, !body.enabled));
    return c.json(await presentProfile(db, entity, updated));
  });

  // Spec §7.8: the universes, for super admins.
  app.get('/back/bo/universe/admin/universes', async (c) => {
    const caller = requireCaller(c);
    if (!isSuperAdmin(caller)) throw forbidden();
    const { db } = c.get('services');
    const universes = await db.query<Row>({ collection: COLLECTIONS.universes });
    const companies = await db.query<Company>({ collection: COLLECTIONS.companies });
    return c.json(
      universes
        .map((universe) => ({ universeId: universe.universeId, name: universe.name, companies: companies.filter((company) => company.universeId === universe.universeId).length }))
        .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    );
  });

  return app;
}
