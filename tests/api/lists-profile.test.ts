import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_EVENTS, SERVER_LOGS } from '../../server/audit';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { startWithLogins, type Client, type Reply, type TestServer } from './helpers';

/**
 * The profile menus (spec §2, §6.1): a menu page lists its `items`, then every screen naming it as
 * `parent`; a section exists only for the route roles and the company roles its screen names,
 * and the server refuses its entity's API to the other companies, writing nothing.
 */
let server: TestServer;
let clients: Record<'admin' | 'manager' | 'quality' | 'inspector', Client>;
let watch: WriteWatch;
const AUDIT = new Set([LOGIN_EVENTS, SERVER_LOGS]);

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(['admin', 'manager', 'quality', 'inspector'] as const));
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

interface ScreenLike { route: string; parent?: string; items?: (string | { title: string; tooltip: string; disabled: boolean })[]; order?: number }

async function screensOf(client: Client): Promise<{ screens: ScreenLike[]; closedRoutes: string[] }> {
  const { body } = await client.get('/back/schemas');
  return body;
}

const COMPANY = '/profileCompany/:companyId';
const sectionsOf = (screens: ScreenLike[], menu: string) => screens.filter((screen) => screen.parent === menu).map((screen) => screen.route);

async function refusedUnwritten(call: () => Promise<Reply>, status: number): Promise<void> {
  const before = await watch.mark();
  const reply = await call();
  expect(reply.status, reply.text.slice(0, 200)).toBe(status);
  expect((await watch.writtenSince(before)).filter((collection) => !AUDIT.has(collection))).toEqual([]);
}

describe('company profile sections', () => {
  it("lists the sections of the caller's company roles: the service budget for a service provider, brands for a decision maker", async () => {
    const provider = sectionsOf((await screensOf(clients.manager)).screens, COMPANY);
    expect(provider).toEqual(expect.arrayContaining([`${COMPANY}/profileCompanyServiceBudget`, `${COMPANY}/tags`, `${COMPANY}/sectors`, `${COMPANY}/contacts`]));
    expect(provider).not.toContain(`${COMPANY}/brands`);
    const brand = await screensOf(clients.quality);
    expect(sectionsOf(brand.screens, COMPANY)).toEqual(expect.arrayContaining([`${COMPANY}/brands`, `${COMPANY}/sectors`, `${COMPANY}/tags`]));
    expect(sectionsOf(brand.screens, COMPANY)).not.toContain(`${COMPANY}/profileCompanyServiceBudget`);
    // Not the caller's: "not allowed" in the SPA, not "not built yet".
    expect(brand.closedRoutes).toContain(`${COMPANY}/profileCompanyServiceBudget`);
  });

  it('keeps the static report builder entry, disabled with its tooltip, for managers of its company roles only', async () => {
    const menu = (await screensOf(clients.manager)).screens.find((screen) => screen.route === COMPANY)!;
    expect(menu.items).toContainEqual(expect.objectContaining({ title: 'screen.companyReportBuilder', tooltip: 'screen.companyReportBuilder.tooltip', disabled: true }));
    // A company that is neither provider nor decision maker: the entry is gone, and the budget with it.
    const atlas = (await server.store.find('companies', (company) => company.name === 'Atlas Inspection'))[0];
    await server.store.update('companies', atlas.companyId as number, (company) => ({ ...company, roles: ['SUPPLIER'] }));
    try {
      const { screens } = await screensOf(clients.manager);
      const asSupplier = screens.find((screen) => screen.route === COMPANY)!;
      expect(asSupplier.items?.filter((item) => typeof item !== 'string')).toEqual([]);
      expect(sectionsOf(screens, COMPANY)).not.toContain(`${COMPANY}/profileCompanyServiceBudget`);
    } finally {
      await server.store.update('companies', atlas.companyId as number, (company) => ({ ...company, roles: ['SERVICE_PROVIDER'] }));
    }
  });

  it("refuses a section's API to a company without its roles (403), writing nothing; its own companies use it", async () => {
    const api = '/back/bo/companyServiceBudget/admin';
    expect((await clients.manager.get(`${api}/`)).status).toBe(200);
    const theirs = (await clients.manager.get(`${api}/`)).body[0];
    await refusedUnwritten(() => clients.quality.get(`${api}/`), 403);
    await refusedUnwritten(() => clients.quality.post(api, { code: 'X-1', year: 2026, department: 'INSP', amount: 1, currency: 'EUR' }), 403);
    await refusedUnwritten(() => clients.quality.get(`${api}/${theirs.companyServiceBudgetId}`), 403);
    await refusedUnwritten(() => clients.quality.delete(`${api}/${theirs.companyServiceBudgetId}`), 403);
    // Brands are a decision maker's: the provider's manager gets 403 there.
    await refusedUnwritten(() => clients.manager.post('/back/bo/brands/create', { code: 'AT', name: 'Atlas' }), 403);
    expect((await clients.quality.get('/back/bo/brands/')).status).toBe(200);
  });
});

describe('universe profile', () => {
  it('is a menu page of the universe administrators listing its children (checkpoints)', async () => {
    const { screens } = await screensOf(clients.admin);
    expect(screens.map((screen) => screen.route)).toContain('/profileUniverse');
    expect(sectionsOf(screens, '/profileUniverse')).toContain('/profileUniverse/checkpoints');
    const manager = await screensOf(clients.manager);
    expect(manager.screens.map((screen) => screen.route)).not.toContain('/profileUniverse');
    expect(manager.closedRoutes).toEqual(expect.arrayContaining(['/profileUniverse', '/profileUniverse/checkpoints']));
  });

  it('a menu page answers at its aliases too (/back/bo/menu/admin: the /admin/menu page)', async () => {
    const { body } = await clients.admin.get('/back/bo/menu/admin');
    expect(body.map((entry: { link: string }) => entry.link)).toEqual(expect.arrayContaining(['/admin/loginMonitor/', '/admin/serverLogMonitor/', '/admin/workflows']));
  });
});
