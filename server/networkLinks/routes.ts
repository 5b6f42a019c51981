import { Hono } from 'hono';
import { nextStatus } from '../../machines/workflow';
import { requireCaller, type AppContext, type AppEnv, type Caller } from '../context';
import { today } from '../dates';
import { businessRule, forbidden, HttpError, notFound, validationError } from '../errors';
import { COLLECTIONS, type Company, type Contact } from '../identity';
import { readJson, isPlainObject } from '../json-body';
import { transitionLabels } from '../resources/router';
import { searchCriteria } from '../resources/search';
import { expectedVersion, recordToCreate } from '../resources/write';
import type { EntityDef } from '../schemas';
import { and, eq, or, type Condition, type Scalar } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
import { linkBetween, linksOfCompany, NETWORK_LINKS, type NetworkLink } from './links';
import { guardInput, presentLinks, sideOf } from './present';

/**
 * The network calls of spec §7.8 (docs/network.md): the caller's company's links, one company of
 * the network with its links, an invitation, and the link machine's events. Every change needs
 * CREATE_NETWORK (403); the machine (machines/networkLink.ts) decides which side may send an event (409).
 */
const BASE = '/back/bo/network/links';
const ORDER = [{ field: 'networkLinkId', desc: true }];

const entityOf = (c: AppContext) => c.get('services').registry.entities.get('networkLink') as EntityDef;

/** A company of the caller's universe, archived or not; else 404 (another universe's is not revealed). */
async function universeCompany(db: Reader, caller: Caller, id: unknown): Promise<Stored<Company>> {
  const company = typeof id === 'number' ? await db.get<Company>(COLLECTIONS.companies, id) : undefined;
  if (!company || company.universeId !== caller.universeId) throw notFound();
  return company;
}

/** Whether someone of the company could answer an invitation: an active contact holding an account. */
async function someoneAnswers(db: Reader, company: Stored<Company>): Promise<boolean> {
  const contacts = await db.query<Contact>({ collection: COLLECTIONS.contacts, where: and(eq('universeId', company.universeId), eq('companyId', company.companyId)) });
  return contacts.some((contact) => !contact.archived && (contact.account?.profiles.length ?? 0) > 0);
}

/** A link the caller's company is a party to; else 404. */
async function ownLink(db: Reader, caller: Caller, id: number): Promise<Stored<NetworkLink>> {
  const link = await db.get<NetworkLink>(NETWORK_LINKS, id);
  const own = caller.company.companyId;
  if (!link || link.universeId !== caller.universeId || (link.companyId !== own && link.partnerId !== own)) throw notFound();
  return link;
}

/**
 * The links of another company the caller may see (docs/network.md "Who sees a link"): its ACTIVE
 * links that are not private, and any link with the caller's own company.
 */
const seenByUniverse = (company: number, caller: Caller) =>
  and(linksOfCompany(caller.universeId, company), or(and(eq('status', 'ACTIVE'), { op: 'not', condition: eq('private', true) }), eq('companyId', caller.company.companyId), eq('partnerId', caller.company.companyId)));

const idParam = (c: AppContext) => Number(c.req.param('id'));

/** The filters of schemas/search/networkLink.json (checked by its schema): statuses, the other company, the caller's side. */
function filters({ statuses, companyId, side }: Row, own: number): Condition {
  const list = statuses === undefined ? undefined : ([statuses].flat() as Scalar[]);
  return and(
    list && { op: 'in', field: 'status', values: list },
    companyId !== undefined && or(eq('companyId', Number(companyId)), eq('partnerId', Number(companyId))),
    side === 'INVITER' && eq('companyId', own),
    side === 'INVITED' && eq('partnerId', own),
  );
}

export function networkRoutes() {
  const app = new Hono<AppEnv>();

  const list = async (c: AppContext) => {
    const caller = requireCaller(c);
    const { db } = c.get('services');
    const entity = entityOf(c);
    const own = caller.company.companyId;
    const links = await db.query<NetworkLink>({ collection: NETWORK_LINKS, where: and(linksOfCompany(caller.universeId, own), filters(searchCriteria(entity.search, c.req.queries()), own)), orderBy: ORDER, limit: entity.hitLimit + 1 });
    if (links.length > entity.hitLimit) c.header('X-Hit-Limit', String(entity.hitLimit));
    return c.json(await presentLinks(db, links.slice(0, entity.hitLimit), caller));
  };
  app.get(BASE, list);
  app.get(`${BASE}/`, list);

  app.get(`${BASE}/:id{[0-9]+}`, async (c) => {
    const caller = requireCaller(c);
    const { db } = c.get('services');
    const [link] = await presentLinks(db, [await ownLink(db, caller, idParam(c))], caller);
    return c.json(link);
  });

  /** A company of the caller's universe, its link with the caller's company (or null) and the links of it the caller may see. */
  app.get('/back/bo/network/companies/:id{[0-9]+}', async (c) => {
    const caller = requireCaller(c);
    const { db } = c.get('services');
    const company = await universeCompany(db, caller, idParam(c));
    const own = caller.company.companyId;
    const where = company.companyId === own ? linksOfCompany(caller.universeId, own) : seenByUniverse(company.companyId, caller);
    const links = await presentLinks(db, await db.query<NetworkLink>({ collection: NETWORK_LINKS, where, orderBy: ORDER }), caller, company.companyId);
    const { companyId, name, roles, country, city, archived } = company;
    return c.json({
      company: { companyId, name, roles, country, city, archived: archived === true },
      link: links.find((link) => link.companyId === own || link.partnerId === own) ?? null,
      links,
    });
  });

  /** Invites a company (PENDING), or adds one nobody of which could answer (ACTIVE). */
  const create = async (c: AppContext) => {
    const caller = requireCaller(c);
    const { db } = c.get('services');
    if (!caller.roles.has('CREATE_NETWORK')) throw forbidden();
    const body = await readJson(c);
    const { partnerId } = await recordToCreate(entityOf(c), body, caller);
    const created = await db.transaction(async (tx) => {
      const partner = await universeCompany(tx, caller, partnerId);
      const own = caller.company.companyId;
      if (partner.companyId === own) throw businessRule('error.networkOwnCompany');
      if (partner.archived === true) throw businessRule('error.networkArchivedCompany');
      if (await linkBetween(tx, caller.universeId, own, partner.companyId)) throw businessRule('error.networkLinkExists');
      const now = today();
      const draft = { universeId: caller.universeId, companyId: own, partnerId: partner.companyId, invitationDate: now, invitedBy: caller.contact.contactId, private: caller.roles.has('PRIVATE_NETWORK') };
      const answers = await someoneAnswers(tx, partner);
      const input = { ...guardInput(draft as NetworkLink, caller), partnerAnswers: answers };
      const event = answers ? 'INVITE' : 'ADD';
      const status = nextStatus(entityOf(c).machine!, 'NONE', event, input);
      if (!status) throw forbidden();
      return tx.insert<NetworkLink>(NETWORK_LINKS, 'networkLinkId', { ...draft, status, ...(answers ? {} : { updateDate: now, updatedBy: caller.contact.contactId }) } as NetworkLink);
    });
    const [link] = await presentLinks(db, [created], caller);
    return c.json(link, 201);
  };
  app.post(BASE, create);
  app.post(`${BASE}/`, create);

  // Checks in the order of the generic workflow PATCH: visibility (404), right (403), body (400), machine (409).
  app.patch(`${BASE}/:id{[0-9]+}/:action{[A-Za-z_]+}`, async (c) => {
    const caller = requireCaller(c);
    const { db } = c.get('services');
    const entity = entityOf(c);
    const action = c.req.param('action');
    const body = await readJson(c, true);
    const updated = await db.transaction(async (tx) => {
      const link = await ownLink(tx, caller, idParam(c));
      if (!caller.roles.has('CREATE_NETWORK')) throw forbidden();
      if (body !== undefined && (!isPlainObject(body) || Object.keys(body).some((key) => key !== 'version'))) throw validationError([{ path: '', key: 'validation.wrongType' }]);
      const version = expectedVersion((body as { version?: unknown } | undefined)?.version ?? c.req.query('version'), false);
      const status = nextStatus(entity.machine!, link.status, action, guardInput(link, caller));
      if (!status) throw new HttpError(409, 'TransitionException', 'error.transitionRefused', transitionLabels(c, entity, action, link.status));
      const side = sideOf(link, caller.company.companyId);
      return tx.update<NetworkLink>(
        NETWORK_LINKS,
        link.networkLinkId,
        (current) => {
          const { inactiveSide: _previous, ...rest } = current;
          return { ...rest, status: status as NetworkLink['status'], updateDate: today(), updatedBy: caller.contact.contactId, ...(status === 'INACTIVE' ? { inactiveSide: side } : {}) };
        },
        version,
      );
    });
    const [link] = await presentLinks(db, [updated], caller);
    return c.json(link);
  });

  return app;
}
