import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { badRequest, forbidden, notFound } from '../errors';
import { COLLECTIONS, type Contact } from '../identity';
import { isLanguage, translate } from '../i18n';
import { languageOf, requireCaller, type AppContext, type AppEnv, type Caller } from '../context';
import type { Registry, Screen } from '../schemas';
import { gateOpen, screensFor } from '../screenAccess';
import { menuRoutes, menuScreens } from '../../engine/menu/menuEntries';
import { stateChangingGetCaller } from './stateChangingGet';
import { withCompanyFields } from '../customFields/schemaAnswer';
import { EXTERNAL_SITES, EXTERNAL_TOKEN_SECONDS, externalLoginUrl } from '../links/externalSites';

/** App shell calls (spec §7.1): version, schemas, left menu, menu pages, locale. */
const allowedScreens = (registry: Registry, caller: Caller) => screensFor(registry, caller);

const menuEntry = (screen: Screen) => ({ name: screen.title, icon: screen.menu?.icon ?? screen.icon, link: screen.route });

/**
 * Areas of spec §7.1's menu calls that the SPA builds in code, for anyone signed in: their entry
 * when no configured screen answers the route (a configured screen, with its own roles, wins).
 */
const CODE_AREAS: Record<string, ReturnType<typeof menuEntry>> = {
  network: { name: 'menu.network', icon: 'network', link: '/network' },
};

export function shellRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/back/version/', (c) => c.json({ version: c.get('services').version }));
  app.get('/back/version', (c) => c.json({ version: c.get('services').version }));

  /** Everything the engine renders from, screens limited to those the caller may open. */
  app.get('/back/schemas', async (c) => {
    const caller = requireCaller(c);
    const { registry, db } = c.get('services');
    // The company's custom fields merged into the entities they extend, with their labels (DESIGN.md rule 10).
    const { entities, locales } = await withCompanyFields(db, registry, caller);
    const answer = {
      entities,
      search: registry.search,
      ui: registry.ui,
      screens: allowedScreens(registry, caller),
      // The routes of the screens the caller may not open: the SPA answers "not allowed" there, not "not built yet".
      closedRoutes: registry.screens.filter((screen) => !gateOpen(screen, caller)).flatMap((screen) => [screen.route, screen.createRoute].filter((route): route is string => !!route)),
      enums: registry.enums,
      locales,
      machines: registry.machineConfigs,
      // The reference tables (AQL, report standards): the browser runs the same rules (domain/) on the same tables.
      tables: registry.tables,
    };
    // Named by its hash: the browser asks again with If-None-Match (engine/configFreshness.ts), 304 while unchanged.
    const version = createHash('sha1').update(JSON.stringify(answer)).digest('base64url');
    c.header('ETag', `"${version}"`);
    c.header('Cache-Control', 'no-cache');
    if (c.req.header('If-None-Match') === `"${version}"`) return c.body(null, 304);
    return c.json({ ...answer, version });
  });

  /**
   * The left menu: configured screens with a `menu`, that the caller may open. A menu page
   * shows only when one of its items is a configured screen the caller may open: an entry
   * whose screens are not built (or not theirs) is hidden rather than leading to an empty page.
   */
  const menuEntries = (c: AppContext) => {
    const allowed = allowedScreens(c.get('services').registry, requireCaller(c));
    const screens = allowed.filter((screen) => screen.menu && (screen.type !== 'menu' || menuScreens(screen, allowed).length > 0));
    screens.sort((a, b) => (a.menu?.order ?? Infinity) - (b.menu?.order ?? Infinity));
    return screens.map(menuEntry);
  };
  const menu = (c: AppContext) => c.json(menuEntries(c));
  app.get('/back/bo/menu', menu);
  app.get('/back/bo/menu/', menu);

  /**
   * The page the SPA's catch-all route renders (spec §2 "a catch-all route renders a server-provided
   * page"): its title and text in the caller's language, the address asked for, and where the caller
   * may go instead (their menu entries). The server decides what an unknown address shows.
   */
  app.get('/back/bo/pages/notFound', (c) => {
    const lang = languageOf(c);
    const path = (c.req.query('path') ?? '').slice(0, 500);
    return c.json({ title: translate(lang, 'page.notFound.title'), text: translate(lang, 'page.notFound.text', { path }), path, links: menuEntries(c) });
  });

  /** The locale string; `?locale=fr` first saves it as the contact's language (a write: see stateChangingGet.ts). */
  app.get('/back/bo/menu/locale', async (c) => {
    const wanted = c.req.query('locale');
    const caller = wanted === undefined ? requireCaller(c) : stateChangingGetCaller(c);
    if (wanted === undefined) return c.json(caller.contact.language);
    if (!isLanguage(wanted)) throw badRequest('validation.unknownValue');
    await c.get('services').db.transaction((tx) => tx.update<Contact>(COLLECTIONS.contacts, caller.contact.contactId, (contact) => ({ ...contact, language: wanted })));
    return c.json(wanted);
  });

  /**
   * `/guide` and `/idea` open externally (spec §7.1): the site's login address with a short-lived
   * signed token and the return-to page, both addresses from configuration (server/links/externalSites.ts).
   * A site that is not configured: 404, and the SPA says the feature is not there.
   */
  for (const name of EXTERNAL_SITES) {
    app.get(`/back/bo/menu/${name}`, (c) => {
      const caller = requireCaller(c);
      const { externalSites, linkSecret } = c.get('services');
      const site = externalSites[name];
      if (!site) throw notFound('error.externalSiteMissing');
      c.header('Cache-Control', 'no-store');
      return c.json({ url: externalLoginUrl(site, name, caller, linkSecret), expiresIn: EXTERNAL_TOKEN_SECONDS });
    });
  }

  /**
   * A menu page's entries (`/back/bo/menu/capas` → the items of the `/capas` menu screen). An area
   * that is one screen, not a menu page (`/back/bo/menu/activity` → the `/activity` panels), answers
   * that screen as its only entry.
   */
  app.get('/back/bo/menu/:name{[A-Za-z0-9_-]+}', (c) => {
    const caller = requireCaller(c);
    const { registry } = c.get('services');
    const route = `/${c.req.param('name')}`;
    const page = registry.screens.find((screen) => screen.type === 'menu' && menuRoutes(screen).includes(route)) ?? registry.screens.find((screen) => screen.route === route);
    if (!page && CODE_AREAS[route.slice(1)]) return c.json([CODE_AREAS[route.slice(1)]]);
    if (!page) throw notFound();
    if (!gateOpen(page, caller)) throw forbidden();
    if (page.type !== 'menu') return c.json([menuEntry(page)]);
    return c.json(menuScreens(page, allowedScreens(registry, caller)).map(menuEntry));
  });

  return app;
}
