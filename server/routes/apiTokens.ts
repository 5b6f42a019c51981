import { Hono } from 'hono';
import { and, eq } from '../store/query';
import { serverLogEntry } from '../audit';
import { API_TOKENS, newTokenSecret, secretHashOf, type ApiToken } from '../auth/apiTokenStore';
import { businessRule, notFound, validationError } from '../errors';
import { contactById } from '../identity';
import { readJson } from '../json-body';
import { today } from '../dates';
import { requireCaller, requireRoles, type AppContext, type AppEnv, type Caller } from '../context';
import type { EntityDef } from '../schemas';
import type { Stored } from '../store/types';
import { recordToCreate } from '../resources/write';

/**
 * API tokens of the caller's company (docs/identity.md "API tokens"): listed without their
 * secret, created with a secret shown once (the store keeps its SHA-256), revoked by removal.
 */
const BASE = '/back/bo/apiTokens/admin';

const publicToken = ({ secretHash: _secret, ...token }: Stored<ApiToken>) => token;
const ofCompany = (token: Stored<ApiToken>, caller: Caller) => token.universeId === caller.universeId && token.companyId === caller.company.companyId;

export function apiTokenRoutes() {
  const app = new Hono<AppEnv>();

  const context = (c: AppContext) => {
    const caller = requireCaller(c);
    const { db, registry } = c.get('services');
    const entity = registry.entities.get('apiToken') as EntityDef;
    requireRoles(caller, entity.roles);
    return { caller, db, entity };
  };

  const list = async (c: AppContext) => {
    const { caller, db } = context(c);
    const tokens = await db.query<ApiToken>({
      collection: API_TOKENS,
      where: and(eq('universeId', caller.universeId), eq('companyId', caller.company.companyId)),
      orderBy: [{ field: 'apiTokenId', desc: true }],
    });
    return c.json(tokens.map(publicToken));
  };
  app.get(BASE, list);
  app.get(`${BASE}/`, list);

  /** The token acts as a contact of the caller's company who can log in; it expires at the end of `expirationDate`. */
  const create = async (c: AppContext) => {
    const { caller, db, entity } = context(c);
    const body = await readJson(c);
    const secret = newTokenSecret();
    const created = await db.transaction(async (tx) => {
      const now = new Date();
      const record = await recordToCreate(entity, body, caller, now);
      if (String(record.expirationDate) < today(now)) throw validationError([{ path: '/expirationDate', key: 'validation.notPast' }]);
      const contact = await contactById(tx, record.contactId);
      const active = contact && !contact.archived && contact.account?.profiles.length;
      if (!active || contact.companyId !== caller.company.companyId || contact.universeId !== caller.universeId) throw businessRule('error.tokenContact');
      const token = await tx.insert<ApiToken>(API_TOKENS, 'apiTokenId', {
        ...(record as Omit<ApiToken, 'apiTokenId'>),
        companyId: caller.company.companyId,
        createdBy: caller.contact.contactId,
        creationDate: today(now),
        secretHash: secretHashOf(secret),
      } as ApiToken);
      await serverLogEntry(tx, { level: 'INFO', application: 'API_TOKEN', caller, message: `API token #${token.apiTokenId} "${token.name}" created for contact #${contact.contactId} (${token.canWrite ? 'read-write' : 'read-only'}, ${token.ipAddress}, until ${token.expirationDate})` });
      return token;
    });
    return c.json({ ...publicToken(created), token: secret }, 201);
  };
  app.post(BASE, create);
  app.post(`${BASE}/`, create);

  app.delete(`${BASE}/:id{[0-9]+}`, async (c) => {
    const { caller, db } = context(c);
    const id = Number(c.req.param('id'));
    await db.transaction(async (tx) => {
      const token = await tx.get<ApiToken>(API_TOKENS, id);
      if (!token || !ofCompany(token, caller)) throw notFound();
      await tx.remove(API_TOKENS, id);
      await serverLogEntry(tx, { level: 'INFO', application: 'API_TOKEN', caller, message: `API token #${id} "${token.name}" revoked` });
    });
    return c.json(true);
  });

  return app;
}
