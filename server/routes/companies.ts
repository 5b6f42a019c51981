import { Hono } from 'hono';
import { serverLogEntry } from '../audit';
import { HttpError, businessRule } from '../errors';
import { COLLECTIONS, type Company, type Contact } from '../identity';
import { requireCaller, requireRoles, type AppContext, type AppEnv } from '../context';
import { and, eq, type Condition } from '../store/query';
import type { Row } from '../store/types';
import type { EntityDef } from '../schemas';
import { isReferenced, removeExtensions } from '../resources/references';
import { networkCompanyIds, publicContact, seesUniverse, universeCompany, visibleCompany } from '../companies/access';
import { companyToolRoutes } from '../companies/tools';
import { setCompanyArchived } from '../companies/archive';

/**
 * The companies of a universe (docs/companies.md): the list and a company's contacts for whoever
 * may see them, archive ⇄ restore and delete for its UNIVERSE_ADMIN. Merge, reset and moving a
 * contact (super admin) are server/companies/tools.ts.
 */
const BASE = '/back/bo/companies';
const ONE = `${BASE}/:id{[0-9]+}`;

const badQuery = (name: string) => new HttpError(400, 'ValidationException', 'error.badQuery', {}, [{ path: `/${name}`, key: 'validation.wrongType' }]);

function queryFlag(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw badQuery(name);
}

/** The search form's criteria (schemas/search/company.json): name words, roles (any of), country, archived (default false). */
function listCondition(c: AppContext, entity: EntityDef): Condition {
  const roleValues = (((entity.schema.properties as Row).roles as Row).items as { enum: string[] }).enum;
  const roles = (c.req.queries('roles') ?? []).filter(Boolean);
  if (roles.some((role) => !roleValues.includes(role))) throw badQuery('roles');
  const name = c.req.query('name') ?? '';
  const country = c.req.query('country') ?? '';
  if (name.length > 200) throw badQuery('name');
  if (country.length > 100) throw badQuery('country');
  const archived = eq('archived', true);
  return and(
    queryFlag(c.req.query('archived'), 'archived') ? archived : { op: 'not', condition: archived },
    roles.length > 0 && { op: 'in', field: 'roles', values: roles },
    country !== '' && eq('country', country),
    { op: 'keywords', fields: ['name'], value: name },
  );
}

export function companyRoutes() {
  const app = new Hono<AppEnv>();

  const list = async (c: AppContext) => {
    const caller = requireCaller(c);
    const { db, registry } = c.get('services');
    const entity = registry.entities.get('company') as EntityDef;
    const where = and(eq('universeId', caller.universeId), listCondition(c, entity));
    const scope: Condition | false = !seesUniverse(caller) && { op: 'in', field: 'companyId', values: await networkCompanyIds(db, registry, caller) };
    const found = await db.query<Company>({ collection: COLLECTIONS.companies, where: and(where, scope), orderBy: [{ field: 'name' }, { field: 'companyId' }], limit: entity.hitLimit + 1 });
    if (found.length > entity.hitLimit) c.header('X-Hit-Limit', String(entity.hitLimit));
    return c.json(found.slice(0, entity.hitLimit).map((company) => ({ ...company, archived: !!company.archived })));
  };
  app.get(BASE, list);
  app.get(`${BASE}/`, list);

  /** The company's contacts (`archived=true`: its archived ones), for whoever sees the company. */
  const contacts = async (c: AppContext) => {
    const caller = requireCaller(c);
    const { db, registry } = c.get('services');
    const company = await visibleCompany(db, registry, caller, Number(c.req.param('id')));
    const archived = eq('archived', true);
    const found = await db.query<Contact>({
      collection: COLLECTIONS.contacts,
      where: and(eq('companyId', company.companyId), queryFlag(c.req.query('archived'), 'archived') ? archived : { op: 'not', condition: archived }),
      orderBy: [{ field: 'lastName' }, { field: 'contactId' }],
    });
    return c.json(found.map(publicContact));
  };
  app.get(`${ONE}/contacts`, contacts);
  app.get(`${ONE}/contacts/`, contacts);

  /**
   * Archives or restores (UNIVERSE_ADMIN). Archived companies leave the lookups (their `hide` in
   * lookups.json) and their contacts can no longer log in or use tokens (auth/caller.ts); their open
   * sessions end now. The caller's own company cannot be archived (spec §5.5).
   */
  app.patch(`${ONE}/toggleVisibility`, async (c) => {
    const caller = requireCaller(c);
    requireRoles(caller, ['UNIVERSE_ADMIN']);
    const { db } = c.get('services');
    const id = Number(c.req.param('id'));
    const updated = await db.transaction(async (tx) => {
      const company = await universeCompany(tx, caller, id);
      return setCompanyArchived(tx, caller, company, !company.archived);
    });
    return c.json({ ...updated, archived: !!updated.archived });
  });

  /** Removes a company nothing refers to (UNIVERSE_ADMIN); one in use is refused: archive it instead (spec §8). */
  app.delete(ONE, async (c) => {
    const caller = requireCaller(c);
    requireRoles(caller, ['UNIVERSE_ADMIN']);
    const { db, registry } = c.get('services');
    const entity = registry.entities.get('company') as EntityDef;
    const id = Number(c.req.param('id'));
    await db.transaction(async (tx) => {
      const company = await universeCompany(tx, caller, id);
      if (await isReferenced(tx, registry, entity, company)) throw businessRule('error.mayBeInUseArchive', {}, 'WARN');
      await removeExtensions(tx, registry, entity, id);
      await tx.remove(COLLECTIONS.companies, id);
      await serverLogEntry(tx, { level: 'INFO', application: 'SECURITY', caller, message: `Company ${company.name} (#${id}) deleted` });
    });
    return c.json(true);
  });

  app.route('/', companyToolRoutes());
  return app;
}
