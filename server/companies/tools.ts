import { Hono } from 'hono';
import { serverLogEntry } from '../audit';
import { closeSessionsOf } from '../auth/sessions';
import { closeCompanySessions } from './archive';
import { HttpError, businessRule, validationError } from '../errors';
import { COLLECTIONS, type Company, type Contact } from '../identity';
import { isPlainObject, readJson } from '../json-body';
import { requireCaller, requireRoles, type AppContext, type AppEnv, type Caller } from '../context';
import { eq } from '../store/query';
import type { Reader, Row, Writer } from '../store/types';
import type { EntityDef, Registry } from '../schemas';
import { moveReferences, referenceCounts, removeExtensions } from '../resources/references';
import { isInUse } from '../resources/inUse';
import { publicContact, universeCompany } from './access';

/**
 * The company tools of /admin/toolcompany (SUPER_ADMIN, docs/companies.md):
 * - merge: every record referring to one company (server/resources/references.ts) moves to another in one
 *   transaction, then the emptied company is removed; irreversible, so the call repeats the `total` of the
 *   preview the person confirmed (another total: 409, nothing moved);
 * - reset: the company's settings back to their schema defaults and its own lists emptied (a list item in use
 *   is archived instead); never services, reports or files; the body must say `RESET` (spec §5.5, §8);
 * - moving a contact to another company.
 */
const ONE = '/back/bo/companies/:id{[0-9]+}';
const RESET = 'RESET';

function idField(body: unknown, name: string): number {
  const value = isPlainObject(body) ? body[name] : undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw validationError([{ path: `/${name}`, key: 'validation.wrongType' }]);
}

function intQuery(value: string | undefined, name: string): number {
  if (value && /^[1-9]\d{0,14}$/.test(value)) return Number(value);
  throw new HttpError(400, 'ValidationException', 'error.badQuery', {}, [{ path: `/${name}`, key: 'validation.wrongType' }]);
}

const companyEntity = (registry: Registry) => registry.entities.get('company') as EntityDef;
const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);

/** Source and target of a merge, both of the caller's universe, different, the caller's own never the source, the target active. */
async function mergePair(db: Reader, caller: Caller, sourceId: number, targetId: number) {
  const source = await universeCompany(db, caller, sourceId);
  const target = await universeCompany(db, caller, targetId);
  if (sourceId === targetId) throw businessRule('error.mergeSameCompany');
  if (sourceId === caller.company.companyId) throw businessRule('error.ownCompanyMerge');
  if (target.archived) throw businessRule('error.companyArchived');
  return { source, target };
}

/** The company's settings: its properties with a default, except the parts it plays (`roles`). */
function defaultSettings(entity: EntityDef): Row {
  const properties = (entity.schema.properties ?? {}) as Record<string, { default?: unknown; readOnly?: boolean }>;
  return Object.fromEntries(Object.entries(properties).filter(([name, property]) => name !== 'roles' && !property.readOnly && property.default !== undefined).map(([name, property]) => [name, property.default]));
}

/** The company's own list items (owned lists, x-scope): removed, or archived when in use; counts per collection. */
async function resetLists(tx: Writer, registry: Registry, companyId: number) {
  const removed: Record<string, number> = {};
  const archived: Record<string, number> = {};
  for (const entity of registry.entities.values()) {
    if (entity.scope !== 'company' && entity.scope !== 'universe') continue;
    for (const record of await tx.query({ collection: entity.collection, where: eq('companyId', companyId) })) {
      const id = record[entity.idField] as number;
      if (!(await isInUse(tx, registry, entity, record))) {
        await tx.remove(entity.collection, id);
        removed[entity.collection] = (removed[entity.collection] ?? 0) + 1;
      } else if (entity.archive && !record.archived) {
        await tx.update<Row>(entity.collection, id, (current) => ({ ...current, archived: true }));
        archived[entity.collection] = (archived[entity.collection] ?? 0) + 1;
      }
    }
  }
  return { removed, archived };
}

export function companyToolRoutes() {
  const app = new Hono<AppEnv>();
  const context = (c: AppContext) => {
    const caller = requireCaller(c);
    requireRoles(caller, ['SUPER_ADMIN']);
    const { db, registry } = c.get('services');
    return { caller, db, registry, id: Number(c.req.param('id')) };
  };

  /** What a merge into `into` would move: records per collection, and their total to confirm. */
  app.get(`${ONE}/merge`, async (c) => {
    const { caller, db, registry, id } = context(c);
    const { source, target } = await mergePair(db, caller, id, intQuery(c.req.query('into'), 'into'));
    const counts = await referenceCounts(db, registry, companyEntity(registry), source);
    return c.json({ source: { companyId: source.companyId, name: source.name }, target: { companyId: target.companyId, name: target.name }, counts, total: total(counts) });
  });

  app.post(`${ONE}/merge`, async (c) => {
    const { caller, db, registry, id } = context(c);
    const body = await readJson(c);
    const into = idField(body, 'into');
    const confirmed = isPlainObject(body) && typeof body.total === 'number' ? body.total : undefined;
    if (confirmed === undefined) throw validationError([{ path: '/total', key: 'validation.required' }]);
    const moved = await db.transaction(async (tx) => {
      const { source, target } = await mergePair(tx, caller, id, into);
      const entity = companyEntity(registry);
      if (total(await referenceCounts(tx, registry, entity, source)) !== confirmed) throw new HttpError(409, 'OptimisticLockException', 'error.mergeCountsChanged');
      const counts = await moveReferences(tx, registry, entity, source, target);
      await tx.update<Company>(COLLECTIONS.companies, into, (current) => ({ ...current, roles: [...new Set([...current.roles, ...source.roles])] }));
      // Their company changed, so did their rights: they sign in again.
      await closeCompanySessions(tx, into);
      // The target keeps its own settings; the source's go with it.
      await removeExtensions(tx, registry, entity, id);
      await tx.remove(COLLECTIONS.companies, id);
      await serverLogEntry(tx, { level: 'WARN', application: 'SECURITY', caller, message: `Company ${source.name} (#${id}) merged into ${target.name} (#${into}): ${total(counts)} records moved` });
      return counts;
    });
    return c.json({ moved, total: total(moved), into });
  });

  app.post(`${ONE}/reset`, async (c) => {
    const { caller, db, registry, id } = context(c);
    const body = await readJson(c);
    if (!isPlainObject(body) || body.confirmation !== RESET) throw businessRule('error.typeReset', {}, 'WARN');
    const result = await db.transaction(async (tx) => {
      const company = await universeCompany(tx, caller, id);
      const settings = defaultSettings(companyEntity(registry));
      await tx.update<Company>(COLLECTIONS.companies, id, (current) => ({ ...current, ...settings }));
      const lists = await resetLists(tx, registry, id);
      // A company without its settings records has the defaults (server/settings/records.ts).
      Object.assign(lists.removed, await removeExtensions(tx, registry, companyEntity(registry), id));
      await serverLogEntry(tx, { level: 'WARN', application: 'SECURITY', caller, message: `Company ${company.name} (#${id}) reset to its defaults` });
      return { settings: Object.keys(settings), ...lists };
    });
    return c.json(result);
  });

  /** Moves one contact of the company to another company of the universe; their sessions end (their rights change). */
  app.post(`${ONE}/contacts/:contactId{[0-9]+}/move`, async (c) => {
    const { caller, db, id } = context(c);
    const into = idField(await readJson(c), 'into');
    const contactId = Number(c.req.param('contactId'));
    const moved = await db.transaction(async (tx) => {
      await universeCompany(tx, caller, id);
      const contact = await tx.get<Contact>(COLLECTIONS.contacts, contactId);
      if (!contact || contact.companyId !== id) throw new HttpError(404, 'NotFoundException', 'error.notFound');
      const target = await universeCompany(tx, caller, into);
      if (into === id) throw businessRule('error.mergeSameCompany');
      if (target.archived) throw businessRule('error.companyArchived');
      const changed = await tx.update<Contact>(COLLECTIONS.contacts, contactId, (current) => ({ ...current, companyId: into }));
      await closeSessionsOf(tx, contactId);
      await serverLogEntry(tx, { level: 'INFO', application: 'SECURITY', caller, message: `Contact #${contactId} moved from company #${id} to ${target.name} (#${into})` });
      return changed;
    });
    return c.json(publicContact(moved));
  });

  return app;
}
