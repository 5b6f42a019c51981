import { Hono } from 'hono';
import { isSuperAdmin, requireCaller, requireRoles, type AppContext, type AppEnv, type Caller } from '../context';
import { notFound, validationError, versionConflict } from '../errors';
import { companyById, type Company } from '../identity';
import { expectedVersion } from '../resources/write';
import type { EntityDef } from '../schemas';
import { visibleService } from '../services/access';
import { departmentOfType } from '../services/wizardRules';
import { numberParam, readObject } from '../services/routeHelpers';
import type { Row, Stored } from '../store/types';
import { fieldErrors } from '../validation';
import { SETTINGS, storedSettings, type SettingsKind } from './records';

/**
 * A company's settings (docs/settings.md), under the company profile path of CONTRACT.md:
 * `GET`, `PUT /back/bo/profile/company/{companyId}/workflowconfig`, `/taskconfig` and
 * `/servicedefault` (`?serviceId=` on GET: the defaults as they apply to that service).
 * Each is read by the company's members (the wizard reads its defaults) and its super admins;
 * written by its MANAGERs (spec §6.1) and super admins. Another company, or another universe's: 404.
 */
const PATHS: Record<SettingsKind, string> = { workflow: 'workflowconfig', task: 'taskconfig', serviceDefault: 'servicedefault' };

/** Who writes a company's settings (spec §6.1: MANAGER; SUPER_ADMIN holds every MANAGER flag). */
export const SETTINGS_WRITERS = ['MANAGER'];

/** The company of the path: the caller's own, or for a super admin one of its universe; 404 otherwise. */
async function reachableCompany(c: AppContext, caller: Caller): Promise<Stored<Company>> {
  const company = await companyById(c.get('services').db, numberParam(c, 'companyId'));
  if (!company || company.universeId !== caller.universeId || (!isSuperAdmin(caller) && company.companyId !== caller.company.companyId)) throw notFound();
  return company;
}

/** The properties a caller writes: those of the schema that are not the server's. */
const writable = (entity: EntityDef) => Object.keys(entity.schema.properties ?? {}).filter((key) => !entity.serverOwned.has(key));

/** The settings as answered: every writable field (the schema's default where nothing is stored), the company and the version once stored. */
function answer(entity: EntityDef, companyId: number, row: Row | undefined): Row {
  const properties = (entity.schema.properties ?? {}) as Record<string, { default?: unknown }>;
  const fields = Object.fromEntries(writable(entity).flatMap((key) => (row?.[key] ?? properties[key].default) === undefined ? [] : [[key, row?.[key] ?? properties[key].default]]));
  return { companyId, ...fields, ...(row ? { version: row.version } : {}) };
}

/** Rules beyond the schema: a default service type belongs to the default department (the wizard's own rule). */
function ruleErrors(kind: SettingsKind, fields: Row) {
  if (kind !== 'serviceDefault') return [];
  const department = departmentOfType(fields.type);
  return department && fields.thirdPartyDepartment && department !== fields.thirdPartyDepartment ? [{ path: '/type', key: 'service.wizard.departmentMismatch' }] : [];
}

/** `?serviceId=`: the defaults as they apply to that service — those of the fields it leaves empty (a service the caller sees; 404 otherwise). */
async function forService(c: AppContext, caller: Caller, defaults: Row): Promise<Row> {
  const raw = c.req.query('serviceId');
  if (raw === undefined) return defaults;
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw validationError([{ path: '/serviceId', key: 'validation.wrongType' }]);
  const service = await visibleService(c.get('services').db, Number(raw), caller);
  const empty = (key: string) => service[key] === undefined || service[key] === null || service[key] === '';
  return Object.fromEntries(Object.entries(defaults).filter(([key]) => key === 'companyId' || key === 'version' || empty(key)));
}

export function settingsRoutes() {
  const app = new Hono<AppEnv>();
  for (const kind of Object.keys(PATHS) as SettingsKind[]) {
    const path = `/back/bo/profile/company/:companyId{[0-9]+}/${PATHS[kind]}`;
    const { collection } = SETTINGS[kind];
    const entityOf = (c: AppContext) => c.get('services').registry.entities.get(SETTINGS[kind].entity)!;

    app.get(path, async (c) => {
      const caller = requireCaller(c);
      const company = await reachableCompany(c, caller);
      const row = (await storedSettings(c.get('services').db, kind, [company.companyId])).get(company.companyId);
      const settings = answer(entityOf(c), company.companyId, row);
      return c.json(kind === 'serviceDefault' ? await forService(c, caller, settings) : settings);
    });

    app.put(path, async (c) => {
      const caller = requireCaller(c);
      requireRoles(caller, SETTINGS_WRITERS);
      const company = await reachableCompany(c, caller);
      const entity = entityOf(c);
      const body = await readObject(c, [...writable(entity), 'version']);
      const version = expectedVersion(body.version, false);
      const fields = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'version' && body[key] !== null));
      if (!entity.validateCreate(fields)) throw validationError(fieldErrors(entity.validateCreate.errors));
      const broken = ruleErrors(kind, fields);
      if (broken.length) throw validationError(broken);
      const companyId = company.companyId;
      const saved = await c.get('services').db.transaction(async (tx) => {
        const current = await tx.get(collection, companyId);
        if (version !== undefined && version !== current?.version) throw versionConflict();
        const record = { ...fields, companyId, universeId: company.universeId };
        return current ? tx.update(collection, companyId, () => record, current.version) : tx.insert(collection, 'companyId', record);
      });
      return c.json(answer(entity, companyId, saved));
    });
  }
  return app;
}
