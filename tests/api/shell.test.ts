import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ACCOUNTS, Client, ROOT, copySchemas, loginAs, startServer, type TestServer } from './helpers';

/** App shell calls: schemas, menu, menu pages, locale, live alerts and the network lookups. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('schemas', () => {
  it('serves resolved schemas, screens filtered by role, enums and labels', async () => {
    const manager = await loginAs(server, ACCOUNTS.manager);
    const { body } = await manager.get('/back/schemas');
    expect(Object.keys(body).sort()).toEqual(['closedRoutes', 'entities', 'enums', 'locales', 'machines', 'screens', 'search', 'tables', 'ui', 'version']);
    // The reference tables the browser's report rules (domain/report.ts) run on.
    expect(Object.keys(body.tables).sort()).toEqual(['aql', 'reportStandards']);
    expect(body.tables.aql.inspections.NORMAL.rows.J[12]).toEqual([5, 6]);
    expect(body.entities.capa.properties.capaType).toMatchObject({ enum: ['CORRECTIVE_ACTION', 'PREVENTIVE_ACTION', 'CONTAINMENT'], 'x-enum': 'capaType' });
    expect(JSON.stringify(body.entities)).not.toContain('$ref');
    expect(body.entities.contact.properties.account).toBeUndefined();
    expect(body.search.capa['x-entity']).toBe('capa');
    expect(body.ui.capa).toBeTypeOf('object');
    expect(body.enums.capaStatus.enum).toEqual(['NEW', 'IN_PROGRESS', 'COMPLETED']);
    expect(Object.keys(body.locales).sort()).toEqual(['en', 'fr', 'it']);
    expect(body.screens.map((screen: { route: string }) => screen.route)).toContain('/capas/capa/search');
    const inspector = await loginAs(server, ACCOUNTS.inspector);
    // An inspector (CONTRIBUTOR) opens their fee sheets under billing, and the services of its company with their reports; not the service wizard.
    // Strategies, labo packages, tags and general information are any member's (spec §6.1 shows no restriction), labo packages a service provider's only.
    expect((await inspector.get('/back/schemas')).body.screens.map((screen: { route: string }) => screen.route).sort()).toEqual([
      '/activity',
      '/billing',
      '/billing/fees/:feeIdHK',
      '/billing/fees/search',
      // The companies of its network and their contacts (docs/companies.md), the network's links (docs/network.md).
      '/companies',
      '/companies/:companyId/contacts',
      '/companies/search',
      '/dashboard',
      // The datacenter's figures are the services' (the service routes' roles): its menu, KPI pages, builder and exports.
      '/datacenter',
      '/datacenter/activityFigures',
      '/datacenter/export/',
      '/datacenter/kpi/internal',
      '/datacenter/kpi/serviceProvider',
      '/datacenter/kpi/supplier',
      '/datacenter/search',
      '/documents',
      '/network',
      '/network/search',
      '/planning',
      '/profileCompany/:companyId/LaboPackages',
      '/profileCompany/:companyId/Strategies',
      // The company's general information: every member reads it (spec §6.1), its COMPANY_ADMIN or MANAGER writes.
      '/profileCompany/:companyId/generalInformation',
      '/profileCompany/:companyId/tags',
      // A record page opens for anyone: the record's visibility decides (an inspector's company names no order nor reference: 404).
      '/purchaseOrder/:purchaseOrderId',
      '/reference/:referenceId',
      '/services/:serviceId',
      '/services/:serviceId/report',
      '/services/search',
    ]);
  });
});

describe('menu', () => {
  it('lists the menu screens the caller may open, by menu order', async () => {
    const manager = await loginAs(server, ACCOUNTS.manager);
    const { body } = await manager.get('/back/bo/menu/');
    expect(body).toEqual([
      { name: 'screen.dashboard', icon: 'dashboard', link: '/dashboard' },
      { name: 'screen.serviceSearch', icon: 'clipboard-check', link: '/services/search' },
      { name: 'screen.planning', icon: 'calendar', link: '/planning' },
      { name: 'screen.activity', icon: 'report-analytics', link: '/activity' },
      { name: 'screen.datacenter', icon: 'database', link: '/datacenter' },
      { name: 'screen.companies', icon: 'building', link: '/companies' },
      { name: 'screen.billing', icon: 'receipt', link: '/billing' },
      { name: 'screen.capas', icon: 'shield-check', link: '/capas' },
      { name: 'screen.documents', icon: 'files', link: '/documents' },
      { name: 'screen.network', icon: 'network', link: '/network' },
    ]);
    // A local manager searches services but has no quality or billing area; everyone has the shared documents.
    // A brand's people (and order takers) have its references beside the services; a provider has none (above).
    const buyer = await loginAs(server, ACCOUNTS.buyer);
    expect((await buyer.get('/back/bo/menu/')).body.map((entry: { link: string }) => entry.link)).toEqual(['/dashboard', '/services/search', '/reference/search', '/planning', '/activity', '/datacenter', '/companies', '/documents', '/network']);
  });

  it('hides a menu page none of whose screens is built (or open to the caller): configuration decides, no dead end', async () => {
    const schemasDir = await copySchemas();
    const menuPage = (route: string, items: string[], order: number) =>
      writeFile(join(schemasDir, 'screens', `${route.slice(1)}Menu.json`), JSON.stringify({ route, type: 'menu', title: 'screen.capas', roles: ['MANAGER'], menu: { icon: 'receipt', order }, items }));
    await menuPage('/kpis', ['/kpis/supplier', '/kpis/internal'], 10);
    await menuPage('/quality', ['/quality/kpi', '/capas/capa/search'], 70);
    await menuPage('/monitoring', ['/admin/loginMonitor/'], 80);
    const own = await startServer({ schemasDir });
    try {
      const manager = await loginAs(own, ACCOUNTS.manager);
      const links = (await manager.get('/back/bo/menu/')).body.map((entry: { link: string }) => entry.link);
      expect(links).toEqual(['/dashboard', '/services/search', '/planning', '/activity', '/datacenter', '/companies', '/billing', '/capas', '/documents', '/network', '/quality']);
      expect((await manager.get('/back/bo/menu/quality')).body.map((entry: { link: string }) => entry.link)).toEqual(['/capas/capa/search']);
    } finally {
      await own.close();
      await rm(schemasDir, { recursive: true, force: true });
    }
  });

  it('lists the entries of the /capas menu page', async () => {
    const manager = await loginAs(server, ACCOUNTS.manager);
    const { body } = await manager.get('/back/bo/menu/capas');
    expect(body.map((entry: { link: string }) => entry.link)).toEqual(['/capas/capa/search', '/capas/alert/search', '/capas/nonCompliance/search', '/capas/matrix8d/search']);
    expect(body[0]).toEqual({ name: 'screen.capaSearch', icon: 'checklist', link: '/capas/capa/search' });
    const buyer = await loginAs(server, ACCOUNTS.buyer);
    expect((await buyer.get('/back/bo/menu/capas')).status).toBe(403);
    expect((await manager.get('/back/bo/menu/unknownpage')).status).toBe(404);
  });

  it("lists the datacenter entries the caller may open: the spec's six", async () => {
    const manager = await loginAs(server, ACCOUNTS.manager);
    expect((await manager.get('/back/bo/menu/datacenter')).body).toEqual([
      { name: 'screen.kpiSupplier', icon: 'chart-bar', link: '/datacenter/kpi/supplier' },
      { name: 'screen.kpiInternal', icon: 'chart-bar', link: '/datacenter/kpi/internal' },
      { name: 'screen.kpiServiceProvider', icon: 'briefcase', link: '/datacenter/kpi/serviceProvider' },
      { name: 'screen.datacenterSearch', icon: 'chart-pie', link: '/datacenter/search' },
      { name: 'screen.activity', icon: 'report-analytics', link: '/datacenter/activityFigures' },
      { name: 'screen.datacenterExport', icon: 'files', link: '/datacenter/export/' },
    ]);
    // The activity figures there are the /activity screen itself (`like`): its panels, not a copy.
    const screens = (await manager.get('/back/schemas')).body.screens as { route: string; panels?: unknown[]; search?: string }[];
    const [own, there] = ['/activity', '/datacenter/activityFigures'].map((route) => screens.find((screen) => screen.route === route)!);
    expect(there.panels).toEqual(own.panels);
    expect(there.search).toBe('activityFigures');
  });

  it('answers an area that is one screen (/activity) with that screen as its only entry, to those who may open it', async () => {
    const manager = await loginAs(server, ACCOUNTS.manager);
    expect((await manager.get('/back/bo/menu/activity')).body).toEqual([{ name: 'screen.activity', icon: 'report-analytics', link: '/activity' }]);
    // The same screen for managers only: a local manager gets 403.
    const schemasDir = await copySchemas();
    const file = join(schemasDir, 'screens', 'activity.json');
    await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), roles: ['MANAGER'] }));
    const own = await startServer({ schemasDir });
    try {
      expect((await (await loginAs(own, ACCOUNTS.buyer)).get('/back/bo/menu/activity')).status).toBe(403);
      expect((await (await loginAs(own, ACCOUNTS.manager)).get('/back/bo/menu/activity')).status).toBe(200);
    } finally {
      await own.close();
      await rm(schemasDir, { recursive: true, force: true });
    }
  });
});

describe('locale', () => {
  it('answers the contact language, sets it, and then speaks it in error messages', async () => {
    const quality = await loginAs(server, ACCOUNTS.quality, { language: 'it' });
    expect((await quality.get('/back/bo/menu/locale')).body).toBe('en');
    const english = await quality.post('/back/bo/capas', {});
    expect(english.body.message).toBe('Validation error: missing mandatory data');
    expect((await quality.get('/back/bo/menu/locale', { locale: 'fr' })).body).toBe('fr');
    expect((await quality.get('/back/bo/menu/locale')).body).toBe('fr');
    expect((await quality.get('/back/auth/profile')).body.contact.language).toBe('fr');
    const french = await quality.post('/back/bo/capas', {});
    expect(french.body.message).toBe('Erreur de validation : données obligatoires manquantes');
    expect(french.body.errors).toContainEqual({ path: '/title', message: 'obligatoire' });
    expect((await quality.get('/back/bo/menu/locale', { locale: 'de' })).status).toBe(400);
    await quality.get('/back/bo/menu/locale', { locale: 'en' });
  });
});

describe('live alerts', () => {
  it('polls the unread count, shows each new alert once as a snack, lists and marks read', async () => {
    const manager = await loginAs(server, ACCOUNTS.manager);
    const first = (await manager.get('/back/alerts/poll')).body;
    expect(first.count).toBeGreaterThan(0);
    expect(first.snacks.length).toBe(first.count);
    expect(first.snacks[0]).toMatchObject({ level: expect.any(String), title: expect.any(String), message: expect.any(String) });
    const second = (await manager.get('/back/alerts/poll')).body;
    expect(second).toEqual({ count: first.count, snacks: [] });

    const list = (await manager.get('/back/alerts/')).body;
    expect(list.alerts.length).toBeGreaterThan(first.count);
    const unreadIds = list.alerts.filter((alert: { read: boolean }) => !alert.read).map((alert: { alertId: number }) => alert.alertId);
    expect(list.minLiveAlertId).toBe(Math.min(...unreadIds));
    expect(list.maxLiveAlertId).toBe(Math.max(...unreadIds));

    expect((await manager.patch('/back/alerts/', undefined, { lowlivealertid: 'abc' })).status).toBe(400);
    expect((await manager.get('/back/alerts/poll')).body.count).toBe(first.count);
    const marked = await manager.patch('/back/alerts/', undefined, { lowlivealertid: list.minLiveAlertId, highlivealertid: list.maxLiveAlertId });
    expect(marked.status).toBe(200);
    expect((await manager.get('/back/alerts/poll')).body).toEqual({ count: 0, snacks: [] });
    expect((await manager.get('/back/alerts/')).body).toMatchObject({ minLiveAlertId: null, maxLiveAlertId: null });
  });

  it('keeps each contact to its own alerts', async () => {
    const quality = await loginAs(server, ACCOUNTS.quality);
    const buyer = await loginAs(server, ACCOUNTS.buyer);
    const idsOf = async (client: typeof quality) => (await client.get('/back/alerts/')).body.alerts.map((alert: { alertId: number }) => alert.alertId) as number[];
    const [mine, theirs] = await Promise.all([idsOf(quality), idsOf(buyer)]);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
    await buyer.patch('/back/alerts/');
    expect((await buyer.get('/back/alerts/poll')).body.count).toBe(0);
    expect((await quality.get('/back/alerts/poll')).body.count).toBeGreaterThan(0);
  });
});

describe('network lookups', () => {
  it('lists companies and contacts of the caller universe only, filtered by q (accents, case) or id', async () => {
    const manager = await loginAs(server, ACCOUNTS.manager);
    const companies = (await manager.get('/back/bo/networkcombo/allcompanies')).body as { value: number; label: string }[];
    const labels = companies.map((company) => company.label);
    expect(labels).toContain('Maison Lumière');
    expect(labels).not.toContain('Northwind Goods');
    const byQuery = (await manager.get('/back/bo/networkcombo/allcompanies', { q: 'maison lumiere' })).body;
    expect(byQuery).toEqual([{ value: expect.any(Number), label: 'Maison Lumière' }]);
    const byId = (await manager.get('/back/bo/networkcombo/allcompanies', { id: byQuery[0].value })).body;
    expect(byId).toEqual(byQuery);

    const decisionMakers = (await manager.get('/back/bo/networkcombo/decisionmakers')).body.map((c: { label: string }) => c.label);
    expect(decisionMakers).toEqual(['Maison Lumière']);
    const orderTakers = (await manager.get('/back/bo/networkcombo/ordertakers')).body.map((c: { label: string }) => c.label);
    expect(orderTakers).toEqual(expect.arrayContaining(['Shenzhen Textile Co', 'Dhaka Knitwear Ltd', 'Pacific Sourcing Agency']));
    expect(orderTakers).not.toContain('Maison Lumière');

    const contacts = (await manager.get('/back/bo/networkcombo/contacts', { q: 'YILMAZ' })).body;
    expect(contacts).toEqual([{ value: expect.any(Number), label: 'Mehmet Yılmaz (Istanbul Denim Sanayi)' }]);
    const outsider = await loginAs(server, ACCOUNTS.outsider);
    expect((await outsider.get('/back/bo/networkcombo/contacts', { id: contacts[0].value })).body).toEqual([]);
    expect((await manager.get('/back/bo/networkcombo/unknown')).status).toBe(404);
  });
});

describe('GET /back/bo/workflows/ (the workflow viewer)', () => {
  it('gives every generated machine, a record workflow with its entity and roles on each transition; login needed', async () => {
    const generated = readdirSync(join(ROOT, 'generated', 'machines'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length))
      .sort();
    expect((await new Client(server.url).get('/back/bo/workflows/')).status).toBe(403);
    const buyer = await loginAs(server, ACCOUNTS.buyer);
    const { status, body } = await buyer.get('/back/bo/workflows/');
    expect(status).toBe(200);
    expect(body.map((chart: { id: string }) => chart.id)).toEqual(generated);
    const capa = body.find((chart: { id: string }) => chart.id === 'capa');
    expect(capa).toMatchObject({ entity: 'capa', statusField: 'status', roles: ['MANAGER', 'SUPER_ADMIN'], states: { NEW: ['START', 'COMPLETE'], IN_PROGRESS: ['COMPLETE'], COMPLETED: ['REOPEN'] } });
    expect(capa.mermaid).toContain('NEW --> IN_PROGRESS: START · MANAGER | SUPER_ADMIN');
    // x-events: an event with its own roles is labelled with them, the others with the entity's.
    const fee = body.find((chart: { id: string }) => chart.id === 'fee');
    expect(fee).toMatchObject({ entity: 'fee', statusField: 'status', states: { CREATED: ['REQUEST_VALIDATION'], TOVALIDATE: ['VALIDATE', 'TOFIX'], TOFIX: ['REQUEST_VALIDATION'], VALID: [] } });
    expect(fee.mermaid).toContain('CREATED --> TOVALIDATE: REQUEST_VALIDATION [hasLines] · MANAGER | SUPER_ADMIN | BILLING_FEE | CONTRIBUTOR\n');
    expect(fee.mermaid).toContain('TOVALIDATE --> VALID: VALIDATE · BILLING_FEE | MANAGER | SUPER_ADMIN\n');
    expect(fee.mermaid).toContain('TOVALIDATE --> TOFIX: TOFIX · BILLING_FEE | MANAGER | SUPER_ADMIN\n');
    const service = body.find((chart: { id: string }) => chart.id === 'service');
    expect(service.entity).toBeUndefined();
    expect(service.mermaid).toContain('OPENED --> REQUESTED: REQUEST_DATE [byOrderTaker]');
  });
});
