import { notifyRoutes } from './notify/routes';
import { settingsRoutes } from './settings/routes';
import { geoRoutes } from './geo/routes';
import { profileRoutes } from './profile/routes';
import { universeProfileRoutes } from './profile/universeRoutes';
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { logger } from 'hono/logger';
import { secureHeaders } from 'hono/secure-headers';
import { authRoutes } from './auth/routes';
import { accountRoutes } from './auth/accountRoutes';
import { passwordRoutes } from './auth/passwordRoutes';
import { loadCaller } from './auth/caller';
import { notFound, notLoggedIn } from './errors';
import { errorResponse, onError } from './http';
import { csrfGuard, guardWrites, limitBody } from './security';
import { createMailer, type Mailer } from './mail';
import { loadRegistry, type Registry } from './schemas';
import './recordRules'; // the entities' own record rules, before the generic routes use them
import { resourceRoutes } from './resources/router';
import { assertSearchForm } from './resources/search';
import { alertRoutes } from './routes/alerts';
import { apiDocsRoutes } from './routes/apiDocs';
import { apiTokenRoutes } from './routes/apiTokens';
import { companyRoutes } from './routes/companies';
import { networkRoutes } from './networkLinks/routes';
import { strategyRoutes } from './routes/strategies';
import { contactsAdminRoutes } from './routes/contactsAdmin';
import { impersonationRoutes } from './routes/impersonation';
import { invoiceLineRoutes } from './routes/invoiceLines';
import { invoiceRoutes } from './routes/invoices';
import { workflowRoutes } from './routes/workflows';
import { shellRoutes } from './routes/shell';
import { unsubscribeRoutes } from './links/unsubscribe';
import { adminDatabaseRoutes } from './admin/routes';
import type { ExternalSites } from './links/externalSites';
import { tagRoutes } from './routes/tags';
import { userFilterRoutes } from './routes/userFilters';
import { dateLineRoutes } from './services/dateLineRoutes';
import { planningRoutes } from './planning/routes';
import { actionRoutes } from './services/actionRoutes';
import { serviceCoreRoutes } from './services/coreRoutes';
import { serviceLookupRoutes } from './services/lookupRoute';
import { aqlRoutes } from './reports/aqlRoutes';
import { lookupRoutes } from './lookups/routes';
import { reportRoutes } from './reports/routes';
import { reminderRoutes } from './reminders/routes';
import { riskRoutes } from './risk/routes';
import { referenceRoutes } from './references/routes';
import { teamPlanningRoutes } from './planning/teamRoutes';
import { activityRoutes } from './activity/routes';
import { kpiRoutes } from './kpi/routes';
import { dashboardRoutes } from './dashboard/routes';
import { serviceSearchRoutes } from './services/searchRoutes';
import { taskRoutes } from './tasks/routes';
import { purchaseOrderRoutes } from './purchaseOrders/routes';
import { importRoutes } from './imports/routes';
import { compressJson } from './encoding';
import { drainUnreadBody } from './drainBody';
import { urlGuard } from './urlGuard';
import { FileDomains } from './files/domains';
import { fileRoutes } from './files/fileRoutes';
import { photoRoutes } from './files/photoRoutes';
import { FileStorage } from './files/storage';
import { uploadRoutes } from './files/uploadRoutes';
import { referenceElementRoutes } from './references/elementRoutes';
import { serviceReferenceRoutes } from './references/serviceRoutes';
import { spa } from './spa';
import { companyRoleGuard } from './screenAccess';
import { startInTurn } from './turnShares';
import type { AppEnv, Services } from './context';
import { AfterAnswer } from './afterAnswer';
import type { AsyncStore } from './store/types';

export interface AppOptions {
  /** The store (boot.ts `openStore`): embedded or PostgreSQL. */
  db: AsyncStore;
  /** Folder of the JSON configuration (default `schemas`). */
  schemasDir?: string;
  /** Already loaded schemas (instead of schemasDir). */
  registry?: Registry;
  /** Built SPA (default `dist`); served only when it holds index.html. */
  distDir?: string;
  /** Cookie signing secret (boot.ts settles it in the store). */
  sessionSecret: string;
  /** Where files are kept (FILES_DIR; default `data/files`, server/files/storage.ts `filesDirOf`). */
  filesDir?: string;
  /** The external help and ideas sites (main.ts: `externalSitesOf(env)`); none by default. */
  externalSites?: ExternalSites;
  /** Outgoing mail (default: .eml files in data/outbox/). */
  mailer?: Mailer;
  /** Public address of the SPA, the only base of links in e-mails (APP_URL, else the server's own address). */
  appUrl: string;
  /** Where the routes' after-answer work is kept track of (main.ts and the tests wait for it before closing the store). */
  later?: AfterAnswer;
  logRequests?: boolean;
  prod?: boolean;
}

/**
 * Only this origin's scripts, no framing, no plugins. 'unsafe-eval' because ajv (form validation
 * in the browser) compiles schemas to functions; 'unsafe-inline' styles because Mantine and
 * AG Grid inject style elements; data: images for the two-factor QR code.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const packageVersion = (): string =>
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/** The whole HTTP application; main.ts and the API tests both serve it. */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const registry = options.registry ?? loadRegistry(options.schemasDir ?? 'schemas');
  const { sessionSecret } = options;
  const services: Services = {
    db: options.db,
    registry,
    version: packageVersion(),
    prod: options.prod ?? false,
    mailer: options.mailer ?? createMailer({}),
    files: new FileStorage(options.filesDir ?? 'data/files'),
    appUrl: options.appUrl,
    linkSecret: sessionSecret,
    externalSites: options.externalSites ?? {},
    later: options.later ?? new AfterAnswer(),
  };

  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.notFound((c) => (c.req.path.startsWith('/back') ? errorResponse(c, notFound()) : c.text('Not found', 404)));

  // Outermost: compresses every JSON answer over 1 kB, errors included.
  app.use('*', compressJson);
  app.use('*', drainUnreadBody);
  app.use('*', secureHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, crossOriginEmbedderPolicy: false }));
  if (options.logRequests) app.use('*', logger());
  app.use('*', async (c, next) => {
    c.set('services', services);
    await next();
  });
  // Once the caller is known, the request waits for a share of the event loop's turn
  // (server/turnShares.ts): its work up to its first real wait then runs where the share can count it.
  app.use('/back/*', limitBody, urlGuard, csrfGuard, loadCaller(sessionSecret), startInTurn);
  app.use('/back/bo/*', async (c, next) => {
    if (!c.get('caller')) throw notLoggedIn();
    await next();
  });
  app.use('/back/*', guardWrites);
  // A screen's companyRoles (spec §6.1) guard its entity's API too (server/screenAccess.ts).
  app.use('/back/bo/*', companyRoleGuard(registry));

  app.route('/', authRoutes(sessionSecret));
  app.route('/', passwordRoutes(registry));
  app.route('/', accountRoutes(registry));
  app.route('/', shellRoutes());
  app.route('/', unsubscribeRoutes());
  app.route('/', adminDatabaseRoutes());
  app.route('/', workflowRoutes(registry));
  app.route('/', apiDocsRoutes());
  app.route('/', alertRoutes());
  app.route('/', tagRoutes(registry));
  app.route('/', userFilterRoutes());
  app.route('/', impersonationRoutes(sessionSecret));
  app.route('/', contactsAdminRoutes());
  app.route('/', companyRoutes());
  app.route('/', networkRoutes());
  app.route('/', strategyRoutes(registry));
  app.route('/', apiTokenRoutes());
  app.route('/', dateLineRoutes(registry));
  app.route('/', planningRoutes(registry));
  app.route('/', actionRoutes(registry));
  app.route('/', serviceCoreRoutes());
  app.route('/', serviceReferenceRoutes(registry));
  app.route('/', notifyRoutes());
  app.route('/', settingsRoutes());
  app.route('/', profileRoutes(registry));
  app.route('/', universeProfileRoutes());
  app.route('/', geoRoutes());
  app.route('/', serviceLookupRoutes());
  app.route('/', aqlRoutes());
  app.route('/', lookupRoutes(registry));
  app.route('/', reportRoutes(registry));
  app.route('/', riskRoutes(registry));
  app.route('/', referenceRoutes(registry));
  app.route('/', teamPlanningRoutes(registry));
  app.route('/', activityRoutes(registry));
  app.route('/', kpiRoutes(registry));
  app.route('/', dashboardRoutes(registry));
  app.route('/', reminderRoutes(registry));
  app.route('/', serviceSearchRoutes(registry));
  app.route('/', taskRoutes(registry));
  app.route('/', purchaseOrderRoutes(registry));
  app.route('/', invoiceRoutes(registry));
  app.route('/', invoiceLineRoutes(registry));
  app.route('/', importRoutes(registry));
  const fileDomains = new FileDomains(registry);
  app.route('/', uploadRoutes(registry, fileDomains));
  app.route('/', fileRoutes(registry, fileDomains));
  app.route('/', referenceElementRoutes(registry, fileDomains));
  app.route('/', photoRoutes(fileDomains));
  for (const entity of registry.entities.values()) {
    if (!entity.api || entity.customRoutes) continue;
    if (entity.search) assertSearchForm(entity.search);
    app.route('/', resourceRoutes(entity));
  }

  app.use('*', spa(options.distDir ?? 'dist'));
  return app;
}
