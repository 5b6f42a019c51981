import { Hono } from 'hono';
import { serverLogEntry } from '../audit';
import { closeSessionsOf } from '../auth/sessions';
import { businessRule, notFound } from '../errors';
import { COLLECTIONS, companyById, type Company, type Contact } from '../identity';
import { requireCaller, requireRoles, type AppEnv } from '../context';
import { eq } from '../store/query';

/**
 * `DELETE /back/bo/companies/{id}` (UNIVERSE_ADMIN): archives a company of the caller's
 * universe. Archived companies leave the lookups (their `hide` in lookups.json) and their contacts can no
 * longer log in or use tokens (auth/caller.ts); their open sessions end now.
 */
export function companyRoutes() {
  const app = new Hono<AppEnv>();

  app.delete('/back/bo/companies/:id{[0-9]+}', async (c) => {
    const caller = requireCaller(c);
    requireRoles(caller, ['UNIVERSE_ADMIN']);
    const { db } = c.get('services');
    const id = Number(c.req.param('id'));
    await db.transaction(async (tx) => {
      const company = await companyById(tx, id);
      if (!company || company.universeId !== caller.universeId) throw notFound();
      if (id === caller.company.companyId) throw businessRule('error.ownCompanyArchive');
      if (company.archived) return;
      await tx.update<Company>(COLLECTIONS.companies, id, (current) => ({ ...current, archived: true }));
      for (const contact of await tx.query<Contact>({ collection: COLLECTIONS.contacts, where: eq('companyId', id) })) await closeSessionsOf(tx, contact.contactId);
      await serverLogEntry(tx, { level: 'INFO', application: 'SECURITY', caller, message: `Company ${company.name} (#${id}) archived` });
    });
    return c.json(true);
  });

  return app;
}
