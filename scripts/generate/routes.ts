import type { JsonSchema } from '../../engine/schema/resolve';
import { SERVICE_ACTIONS } from '../../machines/service';
import { AQL_LEVELS, AQL_LIMITS, INSPECTIONS } from '../../domain/aql';

/**
 * The hand-written `/back` routes (server/auth, server/routes, server/services), described for
 * the OpenAPI document. Request and response bodies point at the entity schemas of schemas/
 * (`entity('userFilter')`, or one property with `field('contact', 'firstName')`); a shape no
 * schema describes yet is only named. The generic resource calls come from `x-api` instead;
 * an entry here replaces the generic operation of the same method and path.
 * tests/api/openapi.test.ts fails when the app registers a route this document lacks.
 */
export interface RouteDoc {
  tag: string;
  summary: string;
  /** Answers without a session (CONTRACT.md: login, logout, version, password links, the API docs). */
  public?: true;
  /** Path parameters: name → schema (default `{type: 'integer', minimum: 1}`). */
  params?: Record<string, JsonSchema>;
  query?: Record<string, JsonSchema & { required?: boolean }>;
  /** Query parameters from this search form (a file name of schemas/search/), or from the search form of this entity. */
  search?: string;
  /** JSON request body (or a form post with `form`, or raw bytes of that content type with `raw`). */
  body?: JsonSchema;
  raw?: string;
  /** Request headers the call needs. */
  headers?: Record<string, JsonSchema & { description: string }>;
  form?: JsonSchema;
  /** Success status (default 200), its description and body schema; `type` other than JSON. */
  ok: { status?: number; description: string; schema?: JsonSchema; type?: string };
  errors: number[];
}

export const entity = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name[0].toUpperCase()}${name.slice(1)}` });
export const field = (name: string, property: string): JsonSchema => ({ $ref: `#/components/schemas/${name[0].toUpperCase()}${name.slice(1)}/properties/${property}` });
const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const object = (description: string, properties?: Record<string, JsonSchema>, required?: string[]): JsonSchema => ({
  type: 'object',
  description,
  ...(properties ? { properties } : {}),
  ...(required ? { required } : {}),
});
const TRUE: JsonSchema = { type: 'boolean', const: true };
const text = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', description, ...extra });
const serviceId = { serviceId: { type: 'integer', minimum: 1, description: "The service's serviceId." } };
const riskValue = (description: string): JsonSchema => ({ type: 'string', enum: ['LOW', 'MODERATE', 'HIGH', 'NA'], description: `${description}; labels: enum.risk.<VALUE>` });
const referenceRiskRow = object('A reference and its risks', {
  referenceId: { type: 'integer' }, sku: { type: 'string' }, name: { type: 'string' },
  risk: riskValue('The computed risk'), riskOverride: { oneOf: [riskValue("The manager's risk"), { type: 'null' }] }, effectiveRisk: riskValue('The one that counts'), score: { type: 'number' },
});
/** GET and PUT of one kind of company settings (its entity schema; `version` optional on PUT, required to match when given). */
function settingsDocs(path: string, name: string, summary: string, query?: RouteDoc['query']): Record<string, RouteDoc> {
  const params = { companyId: { type: 'integer', minimum: 1 } };
  const answer = { description: 'The settings (the defaults while none is stored), with companyId and, once stored, version', schema: entity(name) };
  return {
    [`GET /back/bo/profile/company/{companyId}/${path}`]: { tag: 'settings', summary: `${summary}: the caller's company, or for a super admin one of its universe`, params, query, ok: answer, errors: [400, 403, 404] },
    [`PUT /back/bo/profile/company/{companyId}/${path}`]: {
      tag: 'settings', summary: `${summary}: replaced by the company's MANAGER (or a super admin)`, params,
      body: { allOf: [entity(name)], type: 'object', properties: { version: { type: 'integer', minimum: 1 } } },
      ok: answer, errors: [400, 403, 404, 409],
    },
  };
}
const serviceAnswer = object('The service as the caller may see it, with its lines', { service: entity('service'), created: { type: 'boolean' } });
const splitAnswer = object('Source and target', { source: { oneOf: [entity('service'), { type: 'null' }] }, target: entity('service') });
const externalLogin = object('An external login address', { url: text('Login URL with `token` and `returnTo`'), expiresIn: { type: 'integer', description: "Seconds the token lives" } }, ['url', 'expiresIn']);
const profile = object('The caller: contact, company, profiles, rights, universe (spec §3 "Profile")');
const twoFactor = object('Two-factor state', { enabled: { type: 'boolean' } }, ['enabled']);
const code = object('A TOTP code', { code: text('6-digit code', { maxLength: 20 }) }, ['code']);
const passwords = (current: boolean) =>
  object(
    'The new password twice',
    { ...(current ? { currentPassword: { type: 'string' } } : { token: text('The link token') }), password: { type: 'string' }, confirmation: { type: 'string' } },
    [current ? 'currentPassword' : 'token', 'password', 'confirmation'],
  );
const assignmentForm = object("The service's assignment as the popup edits it", {
  ...serviceId,
  startDate: field('assignment', 'startDate'),
  endDate: field('assignment', 'endDate'),
  assignmentId: { type: 'integer', description: 'Absent until the service is first assigned' },
  version: { type: 'integer', description: 'The stored assignment\'s version, to send back with a save; absent until the service is first assigned' },
  readOnly: { type: 'boolean' },
  options: object('What the popup may offer (spec §6.4)', { includeContributorUniverse: { type: 'boolean' }, includeRepresentative: { type: 'boolean' } }),
  assignments: field('assignment', 'assignments'),
});
const attendee = object('A contributor attendee (spec §3)', {
  TECH_ID: { type: 'integer' }, contactId: { type: 'integer' }, name: { type: 'string' }, acronym: { type: 'string' }, email: { type: 'string' }, pictureFileId: { type: 'integer' },
  userUniverseContributor: { type: 'boolean' }, representative: { type: 'boolean' }, leader: { type: 'boolean' }, unavailable: { type: 'boolean' },
  busyDays: list(object('A day the contact is on another service', { date: { type: 'string', format: 'date' }, serviceId: { type: 'integer' }, number: { type: 'string' } })),
  lastPlace: { type: 'string' }, distanceFromLastPlace: { type: 'number', description: 'km, straight line' }, durationFromLastPlace: { type: 'integer', description: 'minutes at an assumed 60 km/h' },
  distanceFromHome: { type: 'number', description: 'km, straight line' }, durationFromHome: { type: 'integer', description: 'minutes at an assumed 60 km/h' },
});
const dateProposal = object('A date proposal', {
  ...serviceId,
  startDate: field('serviceDateLine', 'startDate'),
  endDate: field('serviceDateLine', 'endDate'),
  comment: field('serviceDateLine', 'comment'),
  version: { type: 'integer', minimum: 0, description: "The service's version." },
}, ['serviceId']);
const dateAnswer = object('A date answer', { ...serviceId, comment: field('serviceDateLine', 'comment'), version: { type: 'integer', minimum: 0 } }, ['serviceId']);
const userFilterType = { type: { type: 'string', pattern: '^[A-Za-z0-9_]+$', description: 'The screen (entity) the filters belong to, e.g. capa.' } };
const defaultFilter = object('The default filter', { userFilterId: { oneOf: [field('userFilter', 'userFilterId'), { type: 'null' }] } }, ['userFilterId']);
const tagRef = { ref: { type: 'string', pattern: '^[A-Z0-9_]+_[0-9]+$', description: 'The tagged record: TYPE_id, e.g. CAPA_12.' } };

const choices = (value: JsonSchema): JsonSchema => list(object('A choice', { value, label: text('In the caller\'s language') }, ['value', 'label']));
const aqlPlan = object('A single sampling plan', {
  codeLetter: text('Code letter of Table I for the lot size and level', { pattern: '^[A-HJ-NP-R]$' }),
  sampleSize: { type: 'integer', minimum: 1 },
  accept: { type: 'integer', minimum: 0, description: 'Ac: accept the lot with at most this many nonconforming items' },
  reject: { type: 'integer', minimum: 1, description: 'Re: reject the lot with at least this many' },
}, ['codeLetter', 'sampleSize', 'accept', 'reject']);
const uuid = { uuid: { type: 'string', format: 'uuid', description: "The upload's uuid." } };
const fileDomain: JsonSchema = { $ref: '#/components/schemas/FileDomain' };
const fileRef: JsonSchema = { type: 'string', pattern: '^[0-9]+_[0-9]+$', description: '{entityId}_{fileId}' };
/** The routes, their enums taken from the configuration's enums.json `$defs` (read by server/schemaLoader.ts). */
const referenceServiceRow = object('A service of a reference', {
  serviceId: { type: 'integer' }, number: field('service', 'number'), type: field('service', 'type'), thirdPartyDepartment: field('service', 'thirdPartyDepartment'), serviceStep: field('service', 'serviceStep'),
  startDate: field('service', 'startDate'), endDate: { type: ['string', 'null'], format: 'date' }, client: { type: 'integer' },
  supplier: { type: ['integer', 'null'] }, supplierName: { type: ['string', 'null'] }, factory: { type: ['integer', 'null'] }, factoryName: { type: ['string', 'null'] },
  reportResult: { type: ['string', 'null'], description: 'Labels: enum.reportResult.<VALUE>' }, clientDecision: { type: ['string', 'null'], description: 'Labels: enum.clientDecision.<VALUE>' },
});
const referenceLine = object("A service's order line naming a reference", {
  purchaseOrderLineId: { type: 'integer' }, poNumber: { type: 'string' }, reference: { type: ['string', 'null'], description: 'The line\'s reference, else its SKU' },
  referenceObj: { type: ['string', 'null'] }, sku: { type: ['string', 'null'] }, designation: { type: 'string' }, color: { type: ['string', 'null'] }, size: { type: ['string', 'null'] },
  material: { type: ['string', 'null'] }, productType: { description: 'A productTypes id (a text on lines written before the list)' }, orderedQuantity: { oneOf: [field('purchaseOrderLine', 'orderedQuantity'), { type: 'null' }] },
  referenceId: { type: ['integer', 'null'], description: "The brand's reference record, when the caller sees it" }, referenceName: { type: ['string', 'null'] },
});
const elementChange = { type: 'object', additionalProperties: false, properties: { fileName: field('file', 'fileName'), comment: field('file', 'comment'), documentType: { oneOf: [field('file', 'documentType'), { type: 'null' }] } } } satisfies JsonSchema;

/** KPI figures (docs/kpis.md "The figures"): one shared component, referenced by every KPI answer. */
const counts = (keys: string[]) => object('Services per value', Object.fromEntries(keys.map((key) => [key, { type: 'integer' }])));
const rates = (keys: string[]) => object('Rates between 0 and 1 (null when nothing to divide by)', Object.fromEntries(keys.map((key) => [key, { type: ['number', 'null'] }])));
const SEVERITIES = ['CRITICAL', 'MAJOR', 'MINOR'];
const kpiFigures = object('KPI figures (docs/kpis.md "The figures")', {
  services: { type: 'integer' }, inspections: { type: 'integer' },
  results: counts(['ACCEPTED', 'REFUSED', 'PENDING', 'NA']), resultRate: { type: ['number', 'null'] },
  decisions: counts(['ACCEPTED', 'SUBJECTED', 'REFUSED', 'PENDING', 'NA']), decisionRates: rates(['ACCEPTED', 'SUBJECTED', 'REFUSED']),
  defects: counts(SEVERITIES), inspectedPieces: { type: 'integer' }, defectsPerPiece: rates(SEVERITIES),
  manDays: { type: 'integer', description: 'Field days of the assignments' }, confirmed: { type: 'integer' }, leadTime: { type: ['number', 'null'], description: 'Mean working days from request to confirmation' }, onTimeRate: { type: ['number', 'null'] },
});

/** Schemas the hand-written routes share: components of the OpenAPI document, each referenced where it is used. */
export const routeSchemas: Record<string, JsonSchema> = { KpiFigures: kpiFigures };

/** The KPI calls (docs/kpis.md): the query of their family's search form (schemas/search/kpi*.json), figure blocks in the answers. */
function kpiDocs(): Record<string, RouteDoc> {
  const figures = { $ref: '#/components/schemas/KpiFigures' };
  const period: Record<string, JsonSchema> = { start: { type: 'string', format: 'date' }, end: { type: 'string', format: 'date' } };
  /** Totals and one figure block per value of `key`. */
  const keyed = (description: string, key: string, schema: JsonSchema) => object(description, { ...period, totals: figures, series: list({ allOf: [figures], type: 'object', properties: { [key]: schema } }) });
  const series = (description: string) => object(description, { ...period, unit: { type: 'string' }, totals: figures, series: list({ allOf: [figures], type: 'object', properties: { period: { type: 'string' } } }) });
  const compared = (side: JsonSchema) => object('Two periods and the change of each number in per cent, period 1 against period 2 (null when period 2 has 0)', {
    period1: { allOf: [side], type: 'object', properties: { figures } },
    period2: { allOf: [side], type: 'object', properties: { figures } },
    change: object("The figures' shape, each number a change in per cent or null"),
  });
  const doc = (summary: string, schema: JsonSchema, errors = [400, 403], search = 'kpiSupplier'): RouteDoc => ({
    tag: 'kpi', search, ok: { description: 'The figures', schema }, errors,
    summary: `${summary}; the services the caller sees (the service search's visibility), not cancelled, by start date; SEARCH_SERVICE, CREATE_SERVICE or SUPER_ADMIN`,
  });
  const ranking = (field: string) => object('Overview', { ...period, totals: figures, [`${field}s`]: list(object('A company', { [field]: { type: ['integer', 'null'] }, name: { type: ['string', 'null'] }, figures })) });
  const seasons = compared(object('A season', { seasonId: { type: 'integer' }, code: { type: 'string' } }));
  const internal = (summary: string, schema: JsonSchema) => doc(summary, schema, [400, 403], 'kpiInternal');
  const provider = (summary: string, schema: JsonSchema, errors = [400, 403]) => doc(summary, schema, errors, 'kpiServiceProvider');
  return {
    'GET /back/bo/kpi/internal/yearMonth': internal('Internal KPIs per month between start and end (default: the last 6 months to today)', series('Months')),
    'GET /back/bo/kpi/internal/bySeason': internal('Internal KPIs per season (the services\' season code; null: none) between start and end (default: the last 6 months to today)', keyed('Seasons', 'season', { type: ['string', 'null'] })),
    'GET /back/bo/kpi/internal/byProductType': internal(
      'Internal KPIs per product type (of the services\' order lines: a service of two counts in both; null: none) between start and end (default: the last 6 months to today); totals count each service once',
      keyed('Product types', 'productType', { type: ['integer', 'null'] }),
    ),
    'GET /back/bo/kpi/serviceprovider/overview': provider('Service provider KPIs between start and end (default: the last 6 months to today): totals and the providers ranked by services (at most limit; 0: all)', ranking('serviceProvider')),
    'GET /back/bo/kpi/serviceprovider/compare': provider('Service provider KPIs of two periods (default: period 1 the current quarter, period 2 the previous one)', compared(object('A period', period))),
    'GET /back/bo/kpi/serviceprovider/compareSeason': provider('Service provider KPIs of the services of two seasons (period1Season, period2Season: both required; a season the caller may not see is a 404)', seasons, [400, 403, 404]),
    'GET /back/bo/kpi/generate': doc(
      'The dynamic KPI: the figures between start and end (default: the last 6 months to today) grouped by up to two of period (the unit bucket of the start date, default month), client, supplier, factory, serviceProvider, type, season, serviceLevel (default: period); at most limit rows (0: all)',
      object('Groups', { ...period, unit: { type: 'string' }, groupBy: list({ type: 'string' }), totals: figures, rows: list(object('A group: its keys by grouping name, its label and its figures', { label: { type: 'string', description: "The groupings' values in the caller's language (a company's name, an enum's label, the period), joined with ' · '" }, figures })) }),
      [400, 403], 'kpiGenerate',
    ),
    'GET /back/bo/kpi/supplier/overview': doc(
      'Supplier KPIs between start and end (default: the last 6 months to today): totals and the suppliers ranked by services (at most limit; 0: all)',
      ranking('supplier'),
    ),
    'GET /back/bo/kpi/supplier/chart': doc('Supplier KPIs per unit (default month) between start and end (default: the last 6 months to today)', series('Series')),
    'GET /back/bo/kpi/supplier/heatmap': doc('Supplier KPIs per day of the whole year of start (default: the current year)', series('Days of the year')),
    'GET /back/bo/kpi/supplier/compare': doc('Supplier KPIs of two periods (default: period 1 the current quarter, period 2 the previous one)', compared(object('A period', period))),
    'GET /back/bo/kpi/supplier/compareSeason': doc(
      'Supplier KPIs of the services of two seasons (period1Season, period2Season: both required; a season the caller may not see is a 404)',
      seasons,
      [400, 403, 404],
    ),
  };
}

export const routeDocs = (enums: Record<string, JsonSchema>): Record<string, RouteDoc> => ({
  // ---- session (CONTRACT.md "Session") ----
  'POST /back/login': {
    tag: 'session', summary: 'Log in; sets the session cookie', public: true,
    form: object('Credentials', { username: text('E-mail'), password: { type: 'string' }, code: text('TOTP code when two-factor is on') }, ['username', 'password']),
    ok: { description: 'Logged in: the profile', schema: profile },
    errors: [400, 401, 429],
  },
  'POST /back/logout': { tag: 'session', summary: 'End the session', public: true, ok: { description: '`true`', schema: TRUE }, errors: [] },
  'GET /back/auth/profile': { tag: 'session', summary: "The caller's profile", ok: { description: 'The profile', schema: profile }, errors: [403] },
  'GET /back/auth/session': {
    tag: 'session', summary: 'Signed in or not, without an error', public: true,
    ok: { description: 'The profile, or null when not logged in', schema: object('Session', { profile: { oneOf: [profile, { type: 'null' }] } }) },
    errors: [],
  },
  'GET /back/login/impersonate': {
    tag: 'session', summary: 'Act as another account of the universe (administrators)',
    query: { username: { type: 'string', description: "The account's e-mail", required: true } },
    ok: { description: 'The impersonated profile', schema: profile },
    errors: [400, 403, 404],
  },
  'POST /back/logout/impersonate': { tag: 'session', summary: 'Stop impersonating', ok: { description: 'The own profile again', schema: profile }, errors: [403, 409] },

  // ---- password links (docs/identity.md) ----
  'POST /back/password/forgotten': {
    tag: 'password', summary: 'Send a reset link (always answers true)', public: true,
    body: object('The e-mail', { email: field('contact', 'email'), locale: field('contact', 'language') }, ['email']),
    ok: { description: '`true`', schema: TRUE }, errors: [400, 429],
  },
  'GET /back/password/token': {
    tag: 'password', summary: 'Who a reset or welcome link is for', public: true,
    query: { token: { type: 'string', required: true } },
    ok: { description: 'The contact of the link', schema: object('Link', { email: field('contact', 'email'), firstName: field('contact', 'firstName'), lastName: field('contact', 'lastName'), kind: { type: 'string', enum: ['reset', 'welcome'] } }) },
    errors: [400],
  },
  'POST /back/password/reset': { tag: 'password', summary: 'Set the password with a link', public: true, body: passwords(false), ok: { description: '`true`', schema: TRUE }, errors: [400] },

  // ---- my account ----
  'GET /back/bo/profile/user': { tag: 'account', summary: 'My contact details', ok: { description: 'The contact', schema: entity('contact') }, errors: [403] },
  'PUT /back/bo/profile/user': {
    tag: 'account', summary: 'Change my contact details',
    body: object('Details', { firstName: field('contact', 'firstName'), lastName: field('contact', 'lastName'), position: field('contact', 'position'), phone: field('contact', 'phone'), language: field('contact', 'language') }, ['firstName', 'lastName', 'language']),
    ok: { description: 'The contact', schema: entity('contact') }, errors: [400, 403, 409],
  },
  'PUT /back/bo/profile/user/password': { tag: 'account', summary: 'Change my password', body: passwords(true), ok: { description: '`true`', schema: TRUE }, errors: [400, 403] },
  'GET /back/bo/profile/user/notificationconfig': { tag: 'account', summary: 'My notification settings', ok: { description: 'The settings', schema: object('Notification settings') }, errors: [403] },
  'PUT /back/bo/profile/user/notificationconfig': {
    tag: 'account', summary: 'Change my notification settings',
    body: object('Notification settings', { allowNotification: field('contact', 'allowNotification'), notificationTypes: field('contact', 'notificationTypes') }),
    ok: { description: 'The settings', schema: object('Notification settings') }, errors: [400, 403],
  },
  'GET /back/bo/profile/user/twoFactor': { tag: 'account', summary: 'Whether two-factor is on', ok: { description: 'State', schema: twoFactor }, errors: [403] },
  'POST /back/bo/profile/user/twoFactor/setup': { tag: 'account', summary: 'Start two-factor setup: a new secret and its QR code', ok: { description: 'Secret, otpauth URL and QR code', schema: object('Setup', { secret: { type: 'string' } }) }, errors: [403, 409] },
  'POST /back/bo/profile/user/twoFactor': { tag: 'account', summary: 'Turn two-factor on with a code', body: code, ok: { description: 'State', schema: twoFactor }, errors: [400, 403, 409] },
  'POST /back/bo/profile/user/twoFactor/disable': { tag: 'account', summary: 'Turn two-factor off with a code', body: code, ok: { description: 'State', schema: twoFactor }, errors: [400, 403, 409] },

  // ---- shell ----
  'GET /back/version': { tag: 'shell', summary: 'The server version', public: true, ok: { description: 'Version', schema: object('Version', { version: { type: 'string' } }, ['version']) }, errors: [] },
  'GET /back/schemas': { tag: 'shell', summary: 'The entity, search, UI and screen schemas the SPA renders', ok: { description: 'Schemas by kind and name', schema: object('Schemas') }, errors: [403] },
  'POST /back/unsubscribe/{contactId}/{type}': {
    tag: 'shell', summary: "Turn one notification type off for a person, from the signed link of an e-mail (no login)", public: true,
    params: { contactId: { type: 'integer', minimum: 1 }, type: { type: 'string', pattern: '^[A-Z_]+$', maxLength: 60 } },
    body: object('The link token', { token: text("The link's `token`", { maxLength: 2000 }) }),
    ok: { description: 'The type now off', schema: object('Unsubscribed', { contactId: { type: 'integer' }, type: { type: 'string' }, unsubscribed: TRUE, labels: { type: 'object', description: "The type's name by language", additionalProperties: { type: 'string' } } }, ['contactId', 'type', 'unsubscribed', 'labels']) },
    errors: [400],
  },
  'GET /back/bo/menu': { tag: 'shell', summary: "The caller's menu", ok: { description: 'Menu entries', schema: list(object('Menu entry')) }, errors: [403] },
  'GET /back/bo/menu/locale': { tag: 'shell', summary: "Texts in the caller's language", ok: { description: 'Key → text', schema: { type: 'object', additionalProperties: { type: 'string' } } }, errors: [403] },
  'GET /back/bo/menu/guide': {
    tag: 'shell', summary: "The help site's login address for the caller: a short-lived signed token and the return-to page (GUIDE_LOGIN_URL, GUIDE_URL)",
    ok: { description: 'Where to go', schema: externalLogin }, errors: [403, 404],
  },
  'GET /back/bo/menu/idea': {
    tag: 'shell', summary: "The ideas site's login address for the caller: a short-lived signed token and the return-to page (IDEA_LOGIN_URL, IDEA_URL)",
    ok: { description: 'Where to go', schema: externalLogin }, errors: [403, 404],
  },
  'GET /back/bo/menu/{name}': {
    tag: 'shell', summary: 'One screen of the menu', params: { name: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' } },
    ok: { description: 'The screen', schema: object('Screen') }, errors: [403, 404],
  },
  'GET /back/bo/pages/notFound': {
    tag: 'shell', summary: "The page the SPA's catch-all route shows: its title and text in the caller's language and the caller's menu entries",
    query: { path: text('The address asked for (echoed)', { maxLength: 2000 }) },
    ok: { description: 'The page', schema: object('A server page', { title: { type: 'string' }, text: { type: 'string' }, path: { type: 'string' }, links: list(object('Menu entry')) }, ['title', 'text', 'path', 'links']) },
    errors: [403],
  },
  'GET /back/bo/admin/database': {
    tag: 'admin', summary: "Every collection's record count and the store's state: the embedded store's journal and fold, or PostgreSQL's migration level (platform administrators)",
    ok: { description: 'Counts and state', schema: object('Database overview', { store: object('The store: kind, collections, journal or migration'), collections: list(object('A collection', { name: { type: 'string' }, count: { type: 'integer' } }, ['name', 'count'])) }, ['store', 'collections']) },
    errors: [403],
  },
  'GET /back/bo/admin/database/consistency': {
    tag: 'admin', summary: 'Dangling references: values of the foreign keys the configuration declares (x-lookup, x-usedBy) that name no record (platform administrators)',
    ok: { description: 'What was checked and what names nothing', schema: object('Consistency report', { keys: { type: 'integer' }, records: { type: 'integer' }, dangling: list(object('A foreign key with values naming nothing', { collection: { type: 'string' }, path: { type: 'string' }, target: { type: 'string' }, field: { type: 'string' }, count: { type: 'integer' }, examples: { type: 'array' } })) }, ['keys', 'records', 'dangling']) },
    errors: [403],
  },
  'GET /back/bo/workflows': {
    tag: 'shell', summary: 'Every machine of machines/, drawn for the workflow viewer (events, guards, roles)',
    ok: { description: 'Charts', schema: list(object('Workflow chart', { id: { type: 'string' }, entity: { type: 'string' }, statusField: { type: 'string' }, roles: { type: 'array' }, states: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }, mermaid: { type: 'string' } }, ['id', 'states', 'mermaid'])) },
    errors: [403],
  },
  'GET /back/openapi.json': { tag: 'shell', summary: 'This OpenAPI document', public: true, ok: { description: 'The OpenAPI 3.1 document', schema: object('OpenAPI document') }, errors: [] },
  'GET /back/docs': { tag: 'shell', summary: 'The reference page of this document', public: true, ok: { description: 'HTML page', type: 'text/html', schema: { type: 'string' } }, errors: [] },

  // ---- alerts ----
  'GET /back/alerts/poll': {
    tag: 'alerts', summary: 'Unread count and the alerts to show as notifications',
    ok: { description: 'Unread count and new alerts', schema: object('Poll', { count: { type: 'integer' }, snacks: list(entity('alert')) }, ['count']) }, errors: [403],
  },
  'GET /back/alerts': {
    tag: 'alerts', summary: "The caller's alerts, newest first",
    ok: { description: 'Alerts and the id range of the unread ones', schema: object('Alerts', { alerts: list(entity('alert')), minLiveAlertId: { type: ['integer', 'null'] }, maxLiveAlertId: { type: ['integer', 'null'] } }) },
    errors: [403],
  },
  'PATCH /back/alerts': {
    tag: 'alerts', summary: 'Mark the unread alerts of an id range read',
    query: { lowlivealertid: { type: 'integer', description: 'Lowest alert id (default: all)' }, highlivealertid: { type: 'integer', description: 'Highest alert id (default: all)' } },
    ok: { description: 'Unread count', schema: object('Unread', { count: { type: 'integer' } }, ['count']) }, errors: [400, 403],
  },

  // ---- lookups, tags, saved filters ----
  'GET /back/bo/tags/{types}/options': {
    tag: 'tags', summary: 'Tag choices of record types', params: { types: { type: 'string', pattern: '^[A-Z_,]+$', description: 'Comma-separated record types' } },
    ok: { description: 'Tags', schema: list(entity('tag')) }, errors: [400, 403],
  },
  'GET /back/bo/tags/{ref}': { tag: 'tags', summary: 'Tags of a record', params: tagRef, ok: { description: 'Tags', schema: list(entity('tag')) }, errors: [403, 404] },
  'GET /back/bo/tags/{ref}/{type}': {
    tag: 'tags', summary: 'Tags of a record of one type', params: { ...tagRef, type: { type: 'string', pattern: '^[A-Z_]+$' } },
    ok: { description: 'Tags', schema: list(entity('tag')) }, errors: [403, 404],
  },
  'PATCH /back/bo/tags/{ref}': {
    tag: 'tags', summary: 'Replace the tags of a record', params: tagRef, query: { version: { type: 'integer', minimum: 0, description: "The record's version" } },
    body: list(field('tag', 'tagId')), ok: { description: 'Tags', schema: list(entity('tag')) }, errors: [400, 403, 404] },
  'GET /back/bo/userfilter/{type}': { tag: 'savedFilters', summary: "The caller's saved filters of a screen", params: userFilterType, ok: { description: 'Filters', schema: list(entity('userFilter')) }, errors: [403] },
  'POST /back/bo/userfilter/{type}': { tag: 'savedFilters', summary: 'Save a filter', params: userFilterType, body: entity('userFilter'), ok: { status: 201, description: 'The filter', schema: entity('userFilter') }, errors: [400, 403, 422] },
  'PUT /back/bo/userfilter/{type}': { tag: 'savedFilters', summary: 'Change a saved filter', params: userFilterType, body: entity('userFilter'), ok: { description: 'The filter', schema: entity('userFilter') }, errors: [400, 403, 404, 409, 422] },
  'DELETE /back/bo/userfilter/{id}': { tag: 'savedFilters', summary: 'Delete a saved filter', ok: { description: '`true`', schema: TRUE }, errors: [403, 404] },
  'GET /back/bo/userfilter/{type}/default': { tag: 'savedFilters', summary: 'The default filter of a screen', params: userFilterType, ok: { description: 'Its id, or null', schema: defaultFilter }, errors: [403] },
  'PUT /back/bo/userfilter/{type}/default': {
    tag: 'savedFilters', summary: 'Choose the default filter of a screen', params: userFilterType,
    body: object('The filter', { userFilterId: { oneOf: [field('userFilter', 'userFilterId'), { type: 'null' }] } }),
    ok: { description: 'Its id, or null', schema: defaultFilter }, errors: [400, 403, 404],
  },

  // ---- administration (docs/identity.md) ----
  'GET /back/bo/contacts/admin': {
    tag: 'contact', summary: 'Search the contacts of a company',
    query: { companyId: { type: 'integer', minimum: 1, description: "Default: the caller's company" }, archived: { type: 'boolean' }, keywords: { type: 'string' } },
    ok: { description: 'Contacts', schema: list(entity('contact')) }, errors: [400, 403] },
  'POST /back/bo/contacts/admin': { tag: 'contact', summary: 'Create a contact', body: entity('contact'), ok: { status: 201, description: 'The contact', schema: entity('contact') }, errors: [400, 403, 422] },
  'GET /back/bo/contacts/admin/{id}': { tag: 'contact', summary: 'One contact', ok: { description: 'The contact', schema: entity('contact') }, errors: [403, 404] },
  'PUT /back/bo/contacts/admin/{id}': { tag: 'contact', summary: 'Change a contact (send the version you read)', body: entity('contact'), ok: { description: 'The contact', schema: entity('contact') }, errors: [400, 403, 404, 409, 422] },
  'DELETE /back/bo/contacts/admin/{id}': { tag: 'contact', summary: 'Delete a contact', ok: { description: '`true`', schema: TRUE }, errors: [403, 404, 422] },
  'PATCH /back/bo/contacts/admin/{id}/unlock': { tag: 'contact', summary: "Unlock a contact's account", ok: { description: 'The contact', schema: entity('contact') }, errors: [403, 404] },
  'GET /back/bo/contacts/admin/{id}/welcome': { tag: 'contact', summary: 'Send the welcome link again', ok: { description: '`true`', schema: TRUE }, errors: [403, 404, 422] },
  'GET /back/bo/network/links': {
    tag: 'network', summary: "The links of the caller's company (docs/network.md), newest first; `side`: those it invited (INVITER) or received (INVITED)", search: 'networkLink',
    ok: { description: 'Links as the caller\'s company sees them (otherCompany, side)', schema: list(entity('networkLink')) }, errors: [400, 403],
  },
  'GET /back/bo/network/links/{id}': { tag: 'network', summary: "One link of the caller's company", ok: { description: 'The link', schema: entity('networkLink') }, errors: [403, 404] },
  'POST /back/bo/network/links': {
    tag: 'network', summary: 'Invite a company of the universe (PENDING), or add one nobody of which holds an account (ACTIVE); needs CREATE_NETWORK',
    body: object('The invited company', { partnerId: field('networkLink', 'partnerId') }, ['partnerId']),
    ok: { status: 201, description: 'The link', schema: entity('networkLink') }, errors: [400, 403, 404, 422],
  },
  'PATCH /back/bo/network/links/{id}/{action}': {
    tag: 'network', summary: 'An event of the link machine (machines/networkLink.ts); needs CREATE_NETWORK; an event the machine refuses for the caller\'s side: 409',
    params: { action: { type: 'string', enum: ['ACCEPT', 'REFUSE', 'DEACTIVATE', 'REACTIVATE'] } },
    body: object('Optional', { version: field('networkLink', 'version') }),
    ok: { description: 'The link', schema: entity('networkLink') }, errors: [400, 403, 404, 409],
  },
  'GET /back/bo/network/companies/{id}': {
    tag: 'network', summary: "A company of the caller's universe, its link with the caller's company (or null) and its links the caller may see (docs/network.md)",
    ok: { description: 'The company and links', schema: object('A company of the network', { company: object('Its name, roles and place'), link: { oneOf: [entity('networkLink'), { type: 'null' }] }, links: list(entity('networkLink')) }, ['company', 'link', 'links']) },
    errors: [403, 404],
  },
  // ---- companies (server/routes/companies.ts, server/companies/, docs/companies.md) ----
  'GET /back/bo/companies': {
    tag: 'company', summary: "The companies the caller may see: the universe's for a UNIVERSE_ADMIN or MANAGER, else its own and its network's, by name", search: 'company',
    ok: { description: 'Companies', schema: list(entity('company')) }, errors: [400, 403],
  },
  'GET /back/bo/companies/{id}/contacts': {
    tag: 'company', summary: "A company's contacts (archived ones with archived=true), never their account", query: { archived: { type: 'boolean' } },
    ok: { description: 'Contacts', schema: list(entity('contact')) }, errors: [400, 403, 404],
  },
  'PATCH /back/bo/companies/{id}/toggleVisibility': {
    tag: 'company', summary: "Archive a company, or restore an archived one (UNIVERSE_ADMIN); never the caller's own", ok: { description: 'The company', schema: entity('company') }, errors: [403, 404, 422],
  },
  'DELETE /back/bo/companies/{id}': { tag: 'company', summary: 'Delete a company nothing refers to (UNIVERSE_ADMIN); one in use: 422, archive it instead', ok: { description: '`true`', schema: TRUE }, errors: [403, 404, 422] },
  'GET /back/bo/companies/{id}/merge': {
    tag: 'company', summary: 'What merging this company into another would move (SUPER_ADMIN): records per collection and their total',
    query: { into: { type: 'integer', minimum: 1, required: true, description: 'The company that would receive them' } },
    ok: { description: 'The preview', schema: object('Source, target, counts per collection, total', { source: { type: 'object' }, target: { type: 'object' }, counts: { type: 'object', additionalProperties: { type: 'integer' } }, total: { type: 'integer' } }) },
    errors: [400, 403, 404, 422],
  },
  'POST /back/bo/companies/{id}/merge': {
    tag: 'company', summary: 'Merge this company into another, irreversibly, in one transaction (SUPER_ADMIN); `total` repeats the confirmed preview (another: 409)',
    body: object('The target and the confirmed total', { into: { type: 'integer', minimum: 1 }, total: { type: 'integer', minimum: 0 } }, ['into', 'total']),
    ok: { description: 'Records moved per collection', schema: object('Moved', { moved: { type: 'object', additionalProperties: { type: 'integer' } }, total: { type: 'integer' }, into: { type: 'integer' } }) },
    errors: [400, 403, 404, 409, 422],
  },
  'POST /back/bo/companies/{id}/reset': {
    tag: 'company', summary: "Put a company's settings and lists back to their defaults (SUPER_ADMIN); never services, reports or files; `confirmation` must be RESET",
    body: object('The typed confirmation', { confirmation: text('RESET, in capitals', { maxLength: 20 }) }, ['confirmation']),
    ok: { description: 'The settings reset, list items removed and archived per collection', schema: object('Reset', { settings: list({ type: 'string' }), removed: { type: 'object' }, archived: { type: 'object' } }) },
    errors: [400, 403, 404, 422],
  },
  'POST /back/bo/companies/{id}/contacts/{contactId}/move': {
    tag: 'company', summary: 'Move a contact of this company to another company of the universe (SUPER_ADMIN); their sessions end',
    body: object('The company receiving the contact', { into: { type: 'integer', minimum: 1 } }, ['into']),
    ok: { description: 'The contact', schema: entity('contact') }, errors: [400, 403, 404, 422],
  },
  'GET /back/bo/apiTokens/admin': { tag: 'apiToken', summary: "The universe's API tokens", ok: { description: 'Tokens (never their secret)', schema: list(entity('apiToken')) }, errors: [403] },
  'POST /back/bo/apiTokens/admin': {
    tag: 'apiToken', summary: 'Create an API token; its secret is shown once', body: entity('apiToken'),
    ok: { status: 201, description: 'The token with its secret in `token`', schema: { allOf: [entity('apiToken'), object('The secret', { token: { type: 'string' } }, ['token'])] } }, errors: [400, 403, 422],
  },
  'DELETE /back/bo/apiTokens/admin/{id}': { tag: 'apiToken', summary: 'Revoke an API token', ok: { description: '`true`', schema: TRUE }, errors: [403, 404] },

  // ---- services (docs/services.md) ----
  'GET /back/bo/services': {
    tag: 'service', summary: 'Search services (filters of the service search form)', search: 'service',
    ok: { description: 'Service rows', schema: list(entity('service')) }, errors: [400, 403],
  },
  // ---- tasks (server/tasks/routes.ts, docs/tasks.md): the dashboard's to-dos of the caller's company ----
  'GET /back/bo/tasks': {
    tag: 'tasks', summary: "The caller's company's open tasks on the services it sees (the dashboard form's filters, or one service), highest level first", search: 'task',
    ok: {
      description: 'Task lines',
      schema: list(object('A task with its service for display', {
        taskId: { type: 'integer' }, version: { type: 'integer' }, type: field('task', 'type'), level: field('task', 'level'), status: field('task', 'status'),
        dueDate: field('task', 'dueDate'), creationDate: field('task', 'creationDate'), comment: field('task', 'comment'),
        serviceId: { type: 'integer' }, number: { type: 'string' }, serviceType: field('service', 'type'), serviceStep: field('service', 'serviceStep'),
        startDate: field('service', 'startDate'), endDate: field('service', 'endDate'), clientName: { type: 'string' }, supplierName: { type: 'string' },
      })),
    },
    errors: [400, 403],
  },
  'PATCH /back/bo/tasks/{id}': {
    tag: 'tasks', summary: 'Close a task of the caller\'s company (status DONE) or comment it; a CREATE_SERVICE flag, SERVICE_WORKFLOW or SUPER_ADMIN',
    body: object('The change and the version read', { version: { type: 'integer', minimum: 1 }, status: { type: 'string', enum: ['DONE'] }, comment: field('task', 'comment') }, ['version']),
    ok: { description: 'The task', schema: entity('task') }, errors: [400, 403, 404, 409],
  },
  'GET /back/bo/services/lookup': { tag: 'service', summary: 'Choices of services for a select', query: { q: { type: 'string' }, id: { type: 'integer', minimum: 1 } }, ok: { description: 'Choices', schema: list({ $ref: '#/components/schemas/LookupItem' }) }, errors: [403] },

  // ---- ISO 2859-1 sampling (server/reports/aqlRoutes.ts, docs/services.md "AQL sampling") ----
  'GET /back/bo/reports/aql/plan': {
    tag: 'reports', summary: 'The ISO 2859-1 single sampling plan of a lot (Table I code letter; sample size and Ac/Re of Table II-A, II-B or II-C, arrows followed)',
    query: {
      lotSize: { type: 'integer', minimum: 2, required: true, description: 'Items in the lot' },
      level: { type: 'string', enum: [...AQL_LEVELS], required: true, description: 'Inspection level' },
      aql: { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$', required: true, description: `AQL, compared as a number (2.5 = 2.50): ${AQL_LIMITS.join(', ')}` },
      inspection: { type: 'string', enum: [...INSPECTIONS], description: 'Default NORMAL' },
    },
    ok: { description: 'The plan; sampleSize is the lot size when the sample would exceed it', schema: aqlPlan }, errors: [400, 403],
  },
  'GET /back/bo/combospa/filters/aqlLimit': { tag: 'reports', summary: 'Choices of AQLs (labels with the decimal mark of the language)', ok: { description: 'Choices', schema: choices({ type: 'string', enum: [...AQL_LIMITS] }) }, errors: [403] },
  'GET /back/bo/combospa/filters/aqlSampleNumber': { tag: 'reports', summary: 'Choices of sample sizes of the sampling tables', ok: { description: 'Choices', schema: choices({ type: 'integer', minimum: 2 }) }, errors: [403] },
  // ---- notifications (server/notify/routes.ts, docs/notifications.md): spec §3 notification form, §5, §6.4, §7.4 ----
  'GET /back/bo/notify/services/{serviceId}/rules/{type}': {
    tag: 'notifications', summary: "The notification form's defaults for this type: send, the caller's language, the subject in it, the parties' contacts who take this type, reply to the caller, and when the type was last sent",
    params: { ...serviceId, type: enums.notificationType as JsonSchema },
    ok: { description: 'The form', schema: entity('notification') }, errors: [400, 403, 404],
  },
  'POST /back/bo/notify/services/{serviceId}/rules/{type}': {
    tag: 'notifications', summary: 'Send the notification form: one e-mail per recipient in its language (or the form\'s locale), a live alert to those with an account, and a record (lastSend). With doSend the to list and the subject are required (400); a recipient the form could not offer, or one who takes no notification e-mails (but the caller), or a file not of the service → 422',
    params: { ...serviceId, type: enums.notificationType as JsonSchema },
    body: entity('notification'),
    ok: { description: 'Who was sent the e-mail, and when', schema: object('Sent', { sent: list({ type: 'integer' }), lastSend: { oneOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] } }, ['sent', 'lastSend']) },
    errors: [400, 403, 404, 422],
  },
  'GET /back/bo/notify/services/{serviceId}/emails': {
    tag: 'notifications', summary: "The contacts the notification form may offer: the parties' contacts with an e-mail, each with allowNotification (its own setting and its company's switch) and disabled (allowNotification false, but the caller's own contact)",
    params: serviceId,
    query: {
      includeUniverseContact: { type: 'boolean', description: "Also the contacts of the caller's own company" },
      includeNetworkContact: { type: 'boolean', description: "Also every active contact of the caller's universe" },
      excludeCompanies: { type: 'integer', enum: [0, 1], description: "1: only the caller's own company's contacts (the reminders' form)" },
    },
    ok: { description: 'Contacts', schema: list(object('A contact', { contactId: { type: 'integer' }, fullName: { type: 'string' }, email: { type: 'string' }, companyId: { type: 'integer' }, companyName: { type: 'string' }, language: { type: 'string' }, allowNotification: { type: 'boolean' }, value: { type: 'integer' }, label: { type: 'string' }, disabled: { type: 'boolean' } })) },
    errors: [403, 404],
  },
  'GET /back/bo/notify/contacts': {
    tag: 'notifications', summary: "The wizard's notification step, before the service exists: the contacts with an e-mail of these companies of the caller's universe, each with allowNotification and disabled like /emails",
    query: { companyId: { type: 'array', items: { type: 'integer', minimum: 1 }, description: 'Repeated: the companies (the wizard\'s parties)' } },
    ok: { description: 'Contacts', schema: list(object('A contact', { contactId: { type: 'integer' }, fullName: { type: 'string' }, email: { type: 'string' }, companyId: { type: 'integer' }, companyName: { type: 'string' }, language: { type: 'string' }, allowNotification: { type: 'boolean' }, value: { type: 'integer' }, label: { type: 'string' }, disabled: { type: 'boolean' } })) },
    errors: [400, 403],
  },
  'GET /back/bo/profile/company/{companyId}/notificationconfig': {
    tag: 'notifications', summary: "The company-wide switch of notification e-mails (spec §6.4): the caller's company, or for universe and super admins one of the universe",
    params: { companyId: { type: 'integer', minimum: 1 } },
    ok: { description: 'The switch', schema: object('Company notifications', { companyId: { type: 'integer' }, notificationsDisabled: field('company', 'notificationsDisabled') }, ['companyId', 'notificationsDisabled']) }, errors: [403, 404],
  },
  'PUT /back/bo/profile/company/{companyId}/notificationconfig': {
    tag: 'notifications', summary: "Disable or enable every notification e-mail to the company's contacts (live alerts stay): COMPANY_ADMIN, MANAGER of the company, UNIVERSE_ADMIN or SUPER_ADMIN",
    params: { companyId: { type: 'integer', minimum: 1 } },
    body: object('The switch', { notificationsDisabled: field('company', 'notificationsDisabled') }, ['notificationsDisabled']),
    ok: { description: 'The switch', schema: object('Company notifications', { companyId: { type: 'integer' }, notificationsDisabled: field('company', 'notificationsDisabled') }, ['companyId', 'notificationsDisabled']) }, errors: [400, 403, 404],
  },
  // ---- a company's settings (server/settings/routes.ts, docs/settings.md): read by the company, written by its MANAGER ----
  ...settingsDocs('workflowconfig', 'companyWorkflowConfig', "The company's workflow settings: the provider's steps follow the provider's, the client's the decision maker's"),
  ...settingsDocs('taskconfig', 'companyTaskConfig', 'The task types the company gets and their levels'),
  ...settingsDocs('servicedefault', 'companyServiceDefault', "The values a new service of the company starts with in the wizard; with serviceId, those of the fields that service leaves empty", {
    serviceId: { type: 'integer', minimum: 1, description: 'A service the caller sees: the defaults as they apply to it (the fields it leaves empty)' },
  }),
  // ---- the company profile record and the universes (server/profile/routes.ts, docs/profiles.md) ----
  'GET /back/bo/profile/company/{companyId}': {
    tag: 'profiles', summary: "The company profile (spec §2): every contact reads its own company's; universe and super admins one of their universe. samePlaceAs: the other companies within 100 m (spec §9)",
    params: { companyId: { type: 'integer', minimum: 1 } },
    ok: { description: 'The company', schema: entity('company') }, errors: [403, 404],
  },
  'PUT /back/bo/profile/company/{companyId}': {
    tag: 'profiles',
    summary: "Replace the company profile (with its version): each changed field needs a section of /profileCompany the caller may open that shows it (403 naming the fields); a changed address is checked (address1, city, country, province required; spec §5.5) and geocoded by the server (422 at /city when the place is unknown)",
    params: { companyId: { type: 'integer', minimum: 1 } },
    body: entity('company'),
    ok: { description: 'The company', schema: entity('company') }, errors: [400, 403, 404, 409, 422],
  },
  'PATCH /back/bo/profile/company/{companyId}': {
    tag: 'profiles', summary: "Enable or disable (archive) a company of the caller's universe (UNIVERSE_ADMIN, SUPER_ADMIN); never the caller's own company (422). A disabled company's contacts are logged out",
    params: { companyId: { type: 'integer', minimum: 1 } },
    body: object('The switch', { enabled: { type: 'boolean' } }, ['enabled']),
    ok: { description: 'The company', schema: entity('company') }, errors: [400, 403, 404, 422],
  },
  'GET /back/bo/universe/admin/universes': {
    tag: 'profiles', summary: 'The universes and their number of companies (SUPER_ADMIN, spec §7.8)',
    ok: { description: 'Universes', schema: list(object('A universe', { universeId: { type: 'integer' }, name: { type: 'string' }, companies: { type: 'integer' } }, ['universeId', 'name', 'companies'])) }, errors: [403],
  },
  // ---- the universe profile's settings (server/profile/universeRoutes.ts, docs/profiles.md): always the caller's own universe ----
  'GET /back/bo/profile/universe': {
    tag: 'profiles', summary: "The caller's universe ({product}AdminConfig of /profileUniverse): its name and whether it is segregated (airtight); IMPERSONATE or SUPER_ADMIN",
    ok: { description: 'The universe, with its version', schema: entity('universe') }, errors: [403],
  },
  'PUT /back/bo/profile/universe': {
    tag: 'profiles', summary: "Replace the caller's universe's name and segregated switch (IMPERSONATE or SUPER_ADMIN); an optional version must be the stored one (409)",
    body: { allOf: [entity('universe')], type: 'object', properties: { version: { type: 'integer', minimum: 1 } } },
    ok: { description: 'The universe, with its version', schema: entity('universe') }, errors: [400, 403, 409],
  },
  'GET /back/bo/profile/universe/notificationconfig': {
    tag: 'notifications', summary: "The notification types turned off for the caller's whole universe (none while nothing is stored): a MANAGER who is a universe admin, or a super admin",
    ok: { description: 'The settings, with universeId and, once stored, version', schema: entity('universeNotificationConfig') }, errors: [403],
  },
  'PUT /back/bo/profile/universe/notificationconfig': {
    tag: 'notifications', summary: "Replace the notification types turned off for the caller's universe: no e-mail of such a type goes to anyone of the universe (live alerts stay). A MANAGER who is a universe admin, or a super admin; an optional version must be the stored one (409)",
    body: { allOf: [entity('universeNotificationConfig')], type: 'object', properties: { version: { type: 'integer', minimum: 1 } } },
    ok: { description: 'The settings, with universeId and version', schema: entity('universeNotificationConfig') }, errors: [400, 403, 409],
  },
  'GET /back/bo/country/geocode': {
    tag: 'lookups', summary: "A place's GPS from the offline gazetteer (country-state-city): the city of the country (in the province when given) at 4 decimals (spec §9); 422 at /city when unknown",
    query: {
      city: { type: 'string', maxLength: 100, required: true, description: 'The city' },
      country: { type: 'string', maxLength: 100, required: true, description: 'The country, by its English name' },
      province: { type: 'string', maxLength: 100, description: 'The province (state) of the country' },
    },
    ok: { description: 'The coordinates', schema: object('GPS', { latitude: { type: 'number' }, longitude: { type: 'number' } }, ['latitude', 'longitude']) }, errors: [400, 403, 422],
  },
  // ---- inspection reports (server/reports/routes.ts, docs/reports.md): report access and decision right of spec §6.4 ----
  'GET /back/bo/reports/{serviceId}': { tag: 'reports', summary: "The service's report (a limited reader gets its verdict and decision only)", ok: { description: 'The report', schema: entity('report') }, errors: [403, 404] },
  'GET /back/bo/reports/{serviceId}/overview': {
    tag: 'reports', summary: "Whether the service has a report, the caller's report and decision rights, and the report's summary",
    ok: { description: 'Overview', schema: object('Overview', { exists: { type: 'boolean' }, rights: object('Rights', { report: { type: 'string' }, decision: { type: 'string' } }), downloadable: { type: 'boolean' }, reportResult: field('report', 'reportResult'), reportType: field('report', 'reportType'), clientDecision: enums.clientDecision as JsonSchema, computed: field('report', 'computed') }) },
    errors: [403, 404],
  },
  'GET /back/bo/reports/{serviceId}/default': { tag: 'reports', summary: "A new report's values: the service's order lines and the default standard's AQL (the provider)", ok: { description: 'A report to start from', schema: entity('report') }, errors: [403, 404] },
  'GET /back/bo/reports/{serviceId}/aql': { tag: 'reports', summary: "The report's lot size, code letter, plan per severity, defects per severity and computed verdict", ok: { description: 'Computed', schema: field('report', 'computed') }, errors: [403, 404] },
  'GET /back/bo/reports/{serviceId}/defects': { tag: 'reports', summary: "The client's defect library, in the caller's language", ok: { description: 'Defects', schema: list(entity('defect')) }, errors: [403, 404] },
  'GET /back/bo/dfc/reports/{serviceId}/defects/combo': { tag: 'reports', summary: "The client's defect library as choices grouped by family", ok: { description: 'Choices', schema: list(object('A defect', { value: { type: 'integer' }, label: { type: 'string' }, group: { type: 'string' } })) }, errors: [403, 404] },
  'GET /back/bo/reports/{serviceId}/reportDefects': { tag: 'reports', summary: "The report's defects with their names", ok: { description: 'Defects found', schema: field('report', 'defects') }, errors: [403, 404] },
  'GET /back/bo/reports/{serviceId}/inspectedPieces': { tag: 'reports', summary: "The report's inspected pieces", ok: { description: 'Pieces', schema: field('report', 'inspectedPieces') }, errors: [403, 404] },
  'GET /back/bo/reports/{serviceId}/customFields': {
    tag: 'reports', summary: "The service client's custom fields of the report (REPORT, GLOBAL) and of each piece (REPORT_PIECE, GLOBAL) for the service's type, as the JSON Schema its writes are checked with, and their labels in every language",
    ok: { description: 'Custom fields', schema: object('Report custom fields', { serviceType: { type: 'string' }, report: { type: 'object' }, piece: { type: 'object' }, locales: { type: 'object' } }, ['report', 'piece', 'locales']) },
    errors: [403, 404],
  },
  'POST /back/bo/reports/{serviceId}': {
    tag: 'reports', summary: 'A new report (the provider, once the service is confirmed); replacing one needs confirmRegeneration',
    body: object('The report', { report: entity('report'), planNextService: { type: 'boolean' }, confirmRegeneration: { type: 'boolean' } }, ['report']),
    ok: { status: 201, description: 'The report and the next service planned, if asked', schema: object('Saved', { report: entity('report'), nextService: entity('service') }) },
    errors: [400, 403, 404, 422],
  },
  'PUT /back/bo/reports/{serviceId}': {
    tag: 'reports', summary: 'Edit the report (the provider)',
    body: object('The report', { version: { type: 'integer' }, report: entity('report'), planNextService: { type: 'boolean' } }, ['version', 'report']),
    ok: { description: 'The report and the next service planned, if asked', schema: object('Saved', { report: entity('report'), nextService: entity('service') }) },
    errors: [400, 403, 404, 409, 422],
  },
  'POST /back/bo/reports/{serviceId}/reportDefects': { tag: 'reports', summary: "Replace the report's defects", body: object('Defects', { version: { type: 'integer' }, defects: field('report', 'defects') }, ['version']), ok: { description: 'The report', schema: entity('report') }, errors: [400, 403, 404, 409, 422] },
  'POST /back/bo/reports/{serviceId}/inspectedPieces': { tag: 'reports', summary: "Replace the report's inspected pieces", body: object('Pieces', { version: { type: 'integer' }, inspectedPieces: field('report', 'inspectedPieces') }, ['version']), ok: { description: 'The report', schema: entity('report') }, errors: [400, 403, 404, 409, 422] },
  'PUT /back/bo/reports/{serviceId}/decision': {
    tag: 'reports', summary: "The client's decision on the report of a terminated service (the decision maker's managers), e-mailed to the recipients chosen (at least one, among the contacts of GET /back/bo/notify/services/{serviceId}/emails that take e-mails: 422 otherwise)",
    body: object('Decision', { version: { type: 'integer' }, clientDecision: enums.clientDecision as JsonSchema, comment: { type: 'string', maxLength: 2000 }, recipients: list({ type: 'integer' }) }, ['version', 'clientDecision', 'recipients']),
    ok: { description: 'The report', schema: entity('report') },
    errors: [400, 403, 404, 409, 422],
  },
  'PATCH /back/bo/reports/{serviceId}/reopen': {
    tag: 'reports', summary: 'Reopen a decided report (the provider, who writes it): the decision goes back to PENDING, the decision maker is told (REPORT_REOPENED), and the report may change again',
    body: object('Reopening', { version: { type: 'integer' }, comment: { type: 'string', maxLength: 2000, description: 'Why the report is reopened (required)' } }, ['version', 'comment']),
    ok: { description: 'The report', schema: entity('report') },
    errors: [400, 403, 404, 409, 422],
  },
  'POST /back/bo/services': {
    tag: 'service', summary: 'Create a service from the wizard',
    body: object('Wizard draft', { roles: list({ $ref: '#/components/schemas/ServiceSide' }), service: entity('service'), purchaseOrderLines: list(entity('purchaseOrderLine')), laboratoryLines: list(entity('laboratoryLine')), note: entity('serviceNote'), notification: object('Notification') }, ['roles', 'service']),
    ok: { status: 201, description: 'The created service (200 when an identical one exists)', schema: serviceAnswer }, errors: [400, 403, 422],
  },
  'GET /back/bo/services/{id}': { tag: 'service', summary: 'One service', ok: { description: 'The service', schema: entity('service') }, errors: [403, 404] },
  'PUT /back/bo/services/{id}': { tag: 'service', summary: 'Change a service (send the version you read)', body: entity('service'), ok: { description: 'The service', schema: entity('service') }, errors: [400, 403, 404, 409, 422] },
  'DELETE /back/bo/services/{id}': { tag: 'service', summary: 'Delete a service not yet confirmed', ok: { description: '`true`', schema: TRUE }, errors: [403, 404, 422] },
  'POST /back/bo/services/{id}/split': {
    tag: 'service', summary: 'Move purchase-order lines to another or a new service',
    body: object('Lines to move', { targetServiceId: { type: 'integer', minimum: 1 }, purchaseOrderLineIds: list(field('purchaseOrderLine', 'purchaseOrderLineId')), version: field('service', 'version') }),
    ok: { description: 'Both services', schema: splitAnswer }, errors: [400, 403, 404, 409, 422],
  },
  'POST /back/bo/services/{id}/merge': {
    tag: 'service', summary: 'Merge this service into another',
    body: object('Target', { targetServiceId: { type: 'integer', minimum: 1 }, deleteSource: { type: 'boolean' }, version: field('service', 'version') }),
    ok: { description: 'Both services (source null when deleted)', schema: splitAnswer }, errors: [400, 403, 404, 409, 422],
  },
  // ---- services and references (spec §7.4, docs/services.md "Services and references") ----
  'GET /back/bo/services/references': {
    tag: 'service', summary: 'The services holding a line of the reference (its id on the line, else its SKU as the line\'s reference or SKU) that the caller sees, of that order taker as supplier, factory or agent when given; newest first, at most 500 (then the header X-Hit-Limit)', search: 'serviceReferences',
    ok: { description: 'One row per service', schema: list(referenceServiceRow) }, errors: [400, 403, 404],
  },
  'GET /back/bo/services/{id}/historyReferences': {
    tag: 'service', summary: "For each reference of the service's lines: its other services the caller sees that started on or before this one, newest first (at most 50 per reference), with their report's result and decision",
    ok: { description: 'One row per reference and past service', schema: list(object('A past service of a reference', { reference: { type: 'string' }, referenceId: { type: ['integer', 'null'] }, referenceName: { type: ['string', 'null'] }, designation: { type: ['string', 'null'] }, ...referenceServiceRow.properties })) },
    errors: [403, 404],
  },
  'GET /back/bo/services/{id}/auditLine': {
    tag: 'service', summary: "The reference lines of an audit (its order lines naming a reference, each with the brand's reference record the caller sees); another department: 422",
    ok: { description: 'The reference lines', schema: list(referenceLine) }, errors: [403, 404, 422],
  },
  'GET /back/bo/services/{id}/consultingLine': {
    tag: 'service', summary: 'The reference lines of a consulting service, as auditLine; another department: 422',
    ok: { description: 'The reference lines', schema: list(referenceLine) }, errors: [403, 404, 422],
  },
  'GET /back/bo/services/{id}/history': { tag: 'service', summary: "The service's history", ok: { description: 'History entries', schema: list(entity('serviceHistory')) }, errors: [403, 404] },
  'PATCH /back/bo/services/{id}/{action}': {
    tag: 'service', summary: 'A workflow action of the service machine (machines/service.ts)',
    params: { action: { type: 'string', enum: [...SERVICE_ACTIONS] } },
    body: object('Optional input', { version: field('service', 'version'), comment: { type: 'string' } }),
    ok: { description: 'The service', schema: entity('service') }, errors: [400, 403, 404, 409, 422],
  },
  'GET /back/bo/services/priority': { tag: 'service', summary: "The caller's service priorities", ok: { description: 'Ranked services', schema: list(entity('servicePriority')) }, errors: [403] },
  'POST /back/bo/services/priority': { tag: 'service', summary: 'Save the service priorities', body: list(entity('servicePriority')), ok: { description: 'Ranked services', schema: list(entity('servicePriority')) }, errors: [400, 403, 404] },
  'GET /back/bo/quickService/{id}': { tag: 'service', summary: 'One service as a flat quick-service form', ok: { description: 'The flat service', schema: object('Quick service') }, errors: [403, 404] },
  'POST /back/bo/quickService': { tag: 'service', summary: 'Create a service from the quick form', body: object('Quick service'), ok: { status: 201, description: 'The created service', schema: serviceAnswer }, errors: [400, 403, 422] },
  'PUT /back/bo/quickService/{id}': { tag: 'service', summary: 'Change a service from the quick form', body: object('Quick service'), ok: { description: 'The service', schema: entity('service') }, errors: [400, 403, 404, 409, 422] },
  'GET /back/bo/purchaseOrderLines/{serviceId}': { tag: 'service', summary: "The service's purchase-order lines", ok: { description: 'Lines', schema: list(entity('purchaseOrderLine')) }, errors: [403, 404] },
  'PATCH /back/bo/purchaseOrderLines/{serviceId}': {
    tag: 'service', summary: "Replace the service's purchase-order lines",
    body: object('Lines', { version: field('service', 'version'), lines: list(entity('purchaseOrderLine')) }),
    ok: { description: 'The service', schema: entity('service') }, errors: [400, 403, 404, 409, 422],
  },
  'GET /back/bo/purchaseOrderLines/{serviceId}/laboratoryLines': { tag: 'service', summary: "The service's laboratory lines", ok: { description: 'Lines', schema: list(entity('laboratoryLine')) }, errors: [403, 404] },
  'PATCH /back/bo/purchaseOrderLines/{serviceId}/laboratoryLines': {
    tag: 'service', summary: "Replace the service's laboratory lines",
    body: object('Lines', { version: field('service', 'version'), lines: list(entity('laboratoryLine')) }),
    ok: { description: 'The service', schema: entity('service') }, errors: [400, 403, 404, 409, 422],
  },
  'GET /back/bo/servicenotes/{serviceId}': { tag: 'service', summary: "The service's notes, newest first", ok: { description: 'Notes', schema: list(entity('serviceNote')) }, errors: [403, 404] },
  'POST /back/bo/servicenotes/{serviceId}': { tag: 'service', summary: 'Add a note', body: entity('serviceNote'), ok: { status: 201, description: 'The note', schema: entity('serviceNote') }, errors: [400, 403, 404] },
  'PUT /back/bo/servicenotes/{serviceId}': { tag: 'service', summary: 'Change a note', body: entity('serviceNote'), ok: { description: 'The note', schema: entity('serviceNote') }, errors: [400, 403, 404, 409] },
  'DELETE /back/bo/servicenotes/{serviceId}/{noteId}': { tag: 'service', summary: 'Delete a note', ok: { description: '`true`', schema: TRUE }, errors: [403, 404] },
  'GET /back/bo/pln/planning/assignment-form': {
    tag: 'planning', summary: "The service's assignment (contributors' roles per day), or an empty one over the service's dates; the service provider only, read-only unless one of its managers",
    query: { serviceId: { type: 'integer', minimum: 1, required: true } },
    ok: { description: 'The assignment form', schema: assignmentForm },
    errors: [400, 403, 404],
  },
  'POST /back/bo/pln/planning/assignment-form': {
    tag: 'planning', summary: "Saves the service's assignment (spec §4 day-role rules, §5 errors); the service provider's managers only. Updates the service's contributors and end date. With the version read, a save over a newer one is refused (409)",
    body: object('The assignment', { ...serviceId, version: { type: 'integer', minimum: 1, description: 'The version of the assignment read (the form\'s); omitted, the save overwrites' }, endDate: field('assignment', 'endDate'), assignments: list(object('A contributor', { contactId: { type: 'integer', minimum: 1 }, typePlannings: field('assignment', 'assignments') })) }, ['serviceId', 'endDate', 'assignments']),
    ok: { description: 'The saved assignment form', schema: assignmentForm },
    errors: [400, 403, 404, 409, 422],
  },
  'GET /back/bo/pln/planning/attendees': {
    tag: 'planning', summary: 'Who may be assigned (for the service provider\'s managers): the provider\'s contacts, optionally the universe\'s providers and the parties\' representatives, with availability (the days busy on other services) and straight-line distances',
    query: {
      serviceId: { type: 'integer', minimum: 1, required: true },
      includeContributorUniverse: { type: 'boolean', description: 'Also the contacts of the universe\'s other service providers (not in a segregated universe)' },
      includeRepresentative: { type: 'boolean', description: 'Also the service parties\' contacts, as representatives (company default reportDisplayAttendeesListEnabled)' },
      endDate: { type: 'string', format: 'date', description: 'Busy days are checked from the service\'s start to this day (the end date being edited; not before the start); omitted, to the saved end date' },
    },
    ok: { description: 'Contributor attendees', schema: list(attendee) },
    errors: [400, 403, 404],
  },
  'GET /back/bo/notifyreminder/reminders': {
    tag: 'service', summary: "A service's reminders (SERVICE_REMINDER e-mails at a chosen time), soonest first",
    query: { serviceId: { type: 'integer', minimum: 1, description: 'The service', required: true } },
    ok: { description: 'Reminders', schema: list(entity('reminder')) }, errors: [400, 403, 404],
  },
  'POST /back/bo/notifyreminder/reminders': {
    tag: 'service', summary: 'Plan a reminder: sendAt to come, tos among the contacts of the service\'s parties (the owner of the service)', body: entity('reminder'),
    ok: { status: 201, description: 'The reminder, PENDING', schema: entity('reminder') }, errors: [400, 403, 404, 422],
  },
  'PUT /back/bo/notifyreminder/reminders/{id}': {
    tag: 'service', summary: 'Change a pending reminder (with its version); a new sendAt moves its job', body: entity('reminder'),
    ok: { description: 'The reminder', schema: entity('reminder') }, errors: [400, 403, 404, 409, 422],
  },
  'DELETE /back/bo/notifyreminder/reminders/{id}': { tag: 'service', summary: 'Delete a reminder and cancel its job', ok: { description: '`true`', schema: TRUE }, errors: [403, 404] },
  'GET /back/bo/serviceDateLines/{serviceId}': { tag: 'service', summary: "The service's date proposals, newest first", ok: { description: 'Date lines', schema: list(entity('serviceDateLine')) }, errors: [403, 404] },
  'POST /back/bo/serviceDateLines/requestDate': { tag: 'service', summary: 'Propose dates (REQUEST_DATE)', body: dateProposal, ok: { description: 'The service', schema: entity('service') }, errors: [400, 403, 404, 409] },
  'POST /back/bo/serviceDateLines/postpone': { tag: 'service', summary: 'Propose later dates (POSTPONE)', body: dateProposal, ok: { description: 'The service', schema: entity('service') }, errors: [400, 403, 404, 409] },
  'POST /back/bo/serviceDateLines/acceptDate': { tag: 'service', summary: 'Accept the proposed dates (ACCEPT_DATE)', body: dateAnswer, ok: { description: 'The service', schema: entity('service') }, errors: [400, 403, 404, 409] },
  'POST /back/bo/serviceDateLines/refuseDate': { tag: 'service', summary: 'Refuse the proposed dates (REFUSE_DATE)', body: dateAnswer, ok: { description: 'The service', schema: entity('service') }, errors: [400, 403, 404, 409] },
  // ---- team planning and its export (spec §2, §7.7, docs/planning.md): the service routes' roles; the assignments of services the caller sees ----
  'GET /back/bo/pln/planning/team': {
    tag: 'planning', summary: "The team planning of a month (default: the current one) or of startDate–endDate: a row per contributor, per day the services they work on and their role there (days 'not on field' left out); only assignments of services the caller sees; the filter choices of the whole period",
    search: 'assignment',
    ok: {
      description: 'The planning',
      schema: object('Team planning', {
        from: { type: 'string', format: 'date' },
        to: { type: 'string', format: 'date' },
        days: list({ type: 'string', format: 'date' }),
        rows: list(object('A contributor', {
          contactId: { type: 'integer' }, fullName: { type: 'string' }, acronym: { type: 'string' }, companyId: { type: 'integer' }, companyName: { type: 'string' },
          days: object('Date (YYYY-MM-DD) → the services of that day: [{ serviceId, number, typePlanning }]'),
        })),
        options: object('Filter choices: companies (provider offices), countries, contributors, each { value, label }'),
      }),
    },
    errors: [400, 403],
  },
  'GET /back/bo/pln/planning/rows': {
    tag: 'planning', summary: "The planning export's rows as data, for an Excel file the browser writes (the datacenter's exports): one per contributor-day of startDate–endDate (at most a year; default: the current month) that the caller sees, texts in the caller's language",
    search: 'assignment',
    ok: {
      description: 'The rows',
      schema: object('Planning rows', {
        from: { type: 'string', format: 'date' },
        to: { type: 'string', format: 'date' },
        rows: list(object('A contributor-day', Object.fromEntries(['date', 'contributor', 'role', 'service', 'type', 'client', 'site', 'country', 'city'].map((name) => [name, { type: 'string' }])))),
      }),
    },
    errors: [400, 403],
  },
  'GET /back/bo/inter/spa/planning/export/': {
    tag: 'planning', summary: "The planning export: one row per contributor-day of startDate–endDate (at most a year; default: the current month) that the caller sees — date, contributor, role, service, type, client, supplier / factory, country, city — in the caller's language",
    search: 'assignment',
    ok: { description: 'The workbook, as an attachment named YYYYMMDD_HHmmss_<title>.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', schema: { type: 'string', format: 'binary' } },
    errors: [400, 403],
  },
  // ---- risk analysis (spec §7.4 "Risk", docs/risk.md): MANAGER or SUPER_ADMIN ----
  'GET /back/bo/strategies/company/{companyId}': {
    tag: 'strategy', summary: "The company's strategies not archived, by code, for the service wizard (the caller's own company; a super admin's: any of its universe)",
    ok: { description: 'The strategies', schema: list(entity('strategy')) },
    errors: [403, 404],
  },
  'GET /back/bo/risk/company/{companyId}/charts': {
    tag: 'risk', summary: "A supplier's (factory's, agent's) figures over the terminated inspections with a report the caller sees: pass rate per month, results, decisions, defects by category, top 10 defects; labels in the caller's language",
    search: 'report',
    ok: {
      description: 'The charts',
      schema: object('Company figures', {
        company: object('The company', { companyId: { type: 'integer' }, name: { type: 'string' } }),
        inspections: { type: 'integer', description: 'How many inspections count' },
        passRate: list(object('One month', { month: field('service', 'startDate'), inspections: { type: 'integer' }, accepted: { type: 'integer' }, refused: { type: 'integer' }, rate: { type: ['number', 'null'], description: 'accepted / (accepted + refused), percent' } })),
        results: object('Inspections per report result (every value of enum reportResult)'),
        decisions: object('Inspections per client decision (every value of enum clientDecision)'),
        defectsByCategory: list(object('A defect category', { category: { $ref: '#/components/schemas/DefectCategory' }, label: { type: 'string' }, count: { type: 'integer' } })),
        topDefects: list(object('A defect', { defectId: { type: 'integer' }, label: { type: 'string' }, count: { type: 'integer' }, severity: { $ref: '#/components/schemas/Severity' } })),
      }),
    },
    errors: [400, 403, 404],
  },
  'GET /back/bo/risk/company/{companyId}/defectSynthesis': {
    tag: 'risk', summary: "The company's defects per severity over the same inspections, most frequent first", search: 'report',
    ok: { description: 'One row per defect', schema: list(object('A defect', { defectId: { type: 'integer' }, code: { type: 'string' }, label: { type: 'string' }, family: { type: 'string' }, category: { $ref: '#/components/schemas/DefectCategory' }, critical: { type: 'integer' }, major: { type: 'integer' }, minor: { type: 'integer' }, total: { type: 'integer' } })) },
    errors: [400, 403, 404],
  },
  'GET /back/bo/risk/services/{id}/references': {
    tag: 'risk', summary: "The risk of each reference of the service's order lines, in line order: its past inspections the caller sees and their refused share; a line whose reference has a record (the brand's references, matched by referenceId, else by sku) answers the record's stored risk, score and manager's override, a line without one the refused share's risk (NA without a verdict, HIGH from 30 %, MODERATE from 10 %, else LOW)",
    ok: {
      description: 'One row per reference',
      schema: list(object('A reference', {
        reference: { type: 'string', description: "The record's sku, else the line's reference (else its sku)" },
        referenceId: { type: ['integer', 'null'] }, name: { type: ['string', 'null'] }, sku: { type: ['string', 'null'] }, designation: { type: 'string' },
        inspections: { type: 'integer' }, accepted: { type: 'integer' }, refused: { type: 'integer' }, refusedRate: { type: ['number', 'null'] },
        risk: riskValue('The computed risk (the record\'s stored one)'), riskOverride: { oneOf: [riskValue("The manager's risk"), { type: 'null' }] }, effectiveRisk: riskValue('The override when there is one, else the computed risk'),
        overridden: { type: 'boolean' }, score: { type: ['number', 'null'], description: 'The stored smart-data score (0–100, higher is riskier); null without a record' },
        lastInspection: { type: ['string', 'null'], format: 'date' },
      })),
    },
    errors: [403, 404],
  },
  'GET /back/bo/risk/companies/{supplierId_clientId}': {
    tag: 'risk', summary: "The risk of a supplier for a client (spec's {supplierId}_{clientId}): the client's inspections at the supplier (as supplier, factory or agent) that the caller sees and their refused share, the effective risks of the client's references naming the supplier (seen by the brand, the supplier and a super admin; none for anyone else), the riskiest 50 of them, and the higher of the two risks",
    params: { supplierId_clientId: { type: 'string', pattern: '^[0-9]+_[0-9]+$', description: 'The supplier’s and the client’s companyId joined by _' } },
    search: 'report',
    ok: {
      description: 'The risk',
      schema: object('Supplier for a client', {
        supplier: object('The supplier', { companyId: { type: 'integer' }, name: { type: 'string' } }),
        client: object('The client', { companyId: { type: 'integer' }, name: { type: 'string' } }),
        inspections: { type: 'integer' }, accepted: { type: 'integer' }, refused: { type: 'integer' }, refusedRate: { type: ['number', 'null'] },
        inspectionRisk: riskValue('The refused share’s risk'),
        referenceRisks: object('How many references per effective risk (NA, LOW, MODERATE, HIGH)'),
        risk: riskValue('The higher of inspectionRisk and the riskiest reference'),
        lastInspection: { type: ['string', 'null'], format: 'date' },
        references: list(referenceRiskRow),
      }),
    },
    errors: [400, 403, 404],
  },
  'GET /back/bo/risk/orderTakers/{companyId}/factoryExport/generate': {
    tag: 'risk', summary: "The factory risk of an order taker as a workbook streamed as it is written: its references the caller sees (sku, name, effective, computed and manager's risk, score, its inspections of each, accepted, refused, refused share) and its inspections the caller sees (audit, date, client, type, result, decision), in the caller's language",
    search: 'report',
    ok: { description: 'The workbook, as an attachment named YYYYMMDD_HHmmss_<title>.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', schema: { type: 'string', format: 'binary' } },
    errors: [400, 403, 404],
  },
  'GET /back/bo/smartdata/operations/references/{id}': {
    tag: 'risk', summary: "What a reference's risk and score are made of (docs/risk.md): the record's stored figures, today's recomputation over its inspections (counts, defects per severity, refused share, last inspection), the formula's constants, and its services the caller sees with each one's weight and badness. MANAGER or SUPER_ADMIN; a reference the caller's company is neither the brand nor a supplier of: 404",
    ok: {
      description: 'The figures',
      schema: object('Reference figures', {
        reference: referenceRiskRow,
        figures: object('Recomputed now', { risk: riskValue('Risk'), score: { type: 'number' }, inspections: { type: 'integer' }, accepted: { type: 'integer' }, refused: { type: 'integer' }, refusedRate: { type: ['number', 'null'] }, critical: { type: 'integer' }, major: { type: 'integer' }, minor: { type: 'integer' }, lastInspection: { type: ['string', 'null'], format: 'date' } }),
        formula: object('The constants: refusedWeight, severityPoints, fullPoints, halfLifeMonths, priorWeight, thresholds'),
        services: list(object('A service of the reference', {
          serviceId: { type: 'integer' }, number: { type: 'string' }, type: field('service', 'type'), serviceStep: field('service', 'serviceStep'), startDate: field('service', 'startDate'),
          reportResult: { type: ['string', 'null'] }, clientDecision: { type: ['string', 'null'] }, counted: { type: 'boolean', description: 'An inspection with a verdict, counted in the score' },
          critical: { type: 'integer' }, major: { type: 'integer' }, minor: { type: 'integer' }, weight: { type: 'number' }, badness: { type: 'number' },
        })),
      }),
    },
    errors: [403, 404],
  },
  'POST /back/bo/smartdata/operations/newService': {
    tag: 'risk', summary: "Opens a service (OPENED) for chosen references through the wizard's rules and refusals: the client is their brand, the department the strategy's, the lines the purchase order's lines of those references (orderId) or one per reference (its sku as PO number, quantity 0), the supplier and factory the order's (else the body's, else the references' one common supplier). The wizard's right (a CREATE_SERVICE flag or SUPER_ADMIN); nothing written on any refusal",
    body: object('The references and the service', {
      referenceId: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: { type: 'integer', minimum: 1 } },
      strategy: { type: 'integer', minimum: 1, description: "A strategy of the caller's company (a super admin's: of its universe), not archived" },
      orderId: { type: 'integer', minimum: 1, description: 'A purchase order of the same brand (optional)' },
      roles: { type: 'array', items: { type: 'string' }, description: "The wizard's roles (default: DECISION_MAKER for the brand, else ORDER_TAKER)" },
      service: object("The wizard's service fields (type, serviceProvider, startDate, endDate, exFactoryDate, orderTakerContacts…)"),
      note: { type: 'string' },
    }, ['referenceId', 'strategy']),
    ok: { status: 201, description: 'The new service', schema: serviceAnswer },
    errors: [400, 403],
  },
  // ---- purchase orders (docs/purchaseOrders.md); the orders and their lines have their generic calls (x-api) ----
  'GET /back/bo/purchaseOrders/references/{referenceId}': {
    tag: 'purchaseOrder', summary: "The purchase orders of a reference the caller sees (spec §7.5), newest first, each with its lines of that reference: those naming it (referenceId), else of its sku within its brand",
    params: { referenceId: { type: 'integer', minimum: 1, description: "The reference's referenceId." } },
    ok: { description: 'The orders, each with `lines`', schema: list({ allOf: [entity('purchaseOrder'), object('Its lines of the reference', { lines: list(entity('orderLine')) })] }) },
    errors: [403, 404],
  },
  // ---- references (spec §7.5, docs/references.md): read by the brand and its suppliers, written by the brand's managers ----
  'GET /back/bo/smartdata/references': {
    tag: 'reference', summary: "The smart-data reference search: the references the caller sees (its brand's, or naming its company among their suppliers), newest first; score with scoreDirection (ANY, ABOVE: at least, BELOW: at most; default 0, ANY), risks (a manager's override first), keywords over name, sku, designation, colour and material; sub-references only with showAll. At most 500 (or the profile's SERVICE_HARD_LIMIT when lower), X-Hit-Limit when cut",
    search: 'reference',
    ok: { description: 'The references', schema: list(entity('reference')) },
    errors: [400, 403],
  },
  'GET /back/bo/references/{id}/noOrderOrderTakers': {
    tag: 'reference', summary: "The reference's suppliers that have no order line of it (by its id, else its sku within the brand), by name",
    ok: { description: 'The suppliers', schema: list(object('A supplier', { companyId: { type: 'integer' }, name: { type: 'string' } })) },
    errors: [403, 404],
  },
  'GET /back/bo/checkpoints/assignments/references/{id}': {
    tag: 'reference', summary: 'The checkpoints assigned to the reference, in their order',
    ok: { description: 'The checkpoints', schema: list(entity('checkpoint')) },
    errors: [403, 404],
  },
  'PATCH /back/bo/checkpoints/assignments/references/{id}': {
    tag: 'reference', summary: "Assigns checkpoints to the reference (the brand's managers): its universe's checkpoints or the brand's own, not archived (one already assigned may stay); replaces the list",
    body: object('The checkpoints', { checkpointIds: field('reference', 'checkpointIds'), version: { type: 'integer', minimum: 1, description: "The reference's version (optional)" } }, ['checkpointIds']),
    ok: { description: 'The checkpoints now assigned', schema: list(entity('checkpoint')) },
    errors: [400, 403, 404, 409],
  },
  // ---- activity figures and the dashboard's costs (docs/activity.md) ----
  'GET /back/bo/activity/figures': {
    tag: 'activity', summary: 'What the services the caller sees amount to over a window (default −15 to +15 days, at most 366 days): per day and step, inspector-days (field roles of their assignments), per type, country and client, and a table per service type; labels in the caller\'s language',
    search: 'activityFigures',
    ok: {
      description: 'The figures',
      schema: object('Activity figures', {
        fromDate: field('service', 'startDate'),
        toDate: field('service', 'startDate'),
        totals: object('Totals', { services: { type: 'integer' }, serviceDays: { type: 'integer' }, inspectorDays: { type: 'integer' } }),
        byDay: list(object('One day of the window: services on it per step (OPENED…CANCELLED) and inspectorDays', { day: field('service', 'startDate'), inspectorDays: { type: 'integer' } })),
        byType: list(object('A service type', { type: { $ref: '#/components/schemas/ServiceType' }, label: { type: 'string' }, services: { type: 'integer' } })),
        byCountry: list(object('A country (the 10th row sums the others)', { key: { type: 'string' }, label: { type: 'string' }, services: { type: 'integer' } })),
        byClient: list(object('A client (the 10th row sums the others)', { key: { type: ['integer', 'string'] }, label: { type: 'string' }, services: { type: 'integer' } })),
        table: list(object('A service type: services, service days, inspector-days and services per step', { type: { $ref: '#/components/schemas/ServiceType' }, group: { $ref: '#/components/schemas/Department' }, services: { type: 'integer' }, serviceDays: { type: 'integer' }, inspectorDays: { type: 'integer' } })),
      }),
    },
    errors: [400, 403],
  },
  // ---- KPIs of the datacenter (docs/kpis.md) ----
  ...kpiDocs(),
  'GET /back/bo/dashboard/costs': {
    tag: 'activity', summary: "The structural costs and fee sheets the caller sees over a period (default: the last six months) in its company's currency: per month and type, per month and status, per contributor, and totals (structural costs in another currency are listed apart, not converted). MANAGER or SUPER_ADMIN (both entities' roles)",
    search: 'dashboardCosts',
    ok: {
      description: 'The costs',
      schema: object('Costs', {
        fromDate: field('fee', 'creationDate'),
        toDate: field('fee', 'creationDate'),
        currency: { $ref: '#/components/schemas/Currency' },
        total: object('Totals in the currency', { structuralCosts: { type: 'number' }, fees: { type: 'number' }, all: { type: 'number' } }),
        structuralCostsByMonth: list(object('A month: amounts per structural cost type (CONTRIBUTOR, OFFICE)', { month: { type: 'string', format: 'yearMonth' } })),
        structuralCostsByType: object('Amount per structural cost type'),
        feesByMonth: list(object('A month: amounts per fee status (CREATED, TOFIX, TOVALIDATE, VALID)', { month: { type: 'string', format: 'yearMonth' } })),
        feesByStatus: object('Amount per fee status'),
        feesByContributor: list(object("A contributor's share of the fee lines", { contactId: { type: 'integer' }, label: { type: 'string' }, amount: { type: 'number' } })),
        totals: list(object('A total row', { key: { type: 'string' }, label: { type: 'string' }, count: { type: 'integer' }, amount: { type: 'number' }, currency: { $ref: '#/components/schemas/Currency' } })),
      }),
    },
    errors: [400, 403],
  },
  // ---- billing (hand-written batch calls beside the generic invoice and invoice line resources) ----
  'PUT /back/bo/invoices/validate': {
    tag: 'invoice', summary: 'Validate a selection of provision invoices (W → I), all or none',
    body: object('The selection', { invoiceIds: { type: 'array', minItems: 1, maxItems: 500, items: field('invoice', 'invoiceIdHK'), description: 'Distinct invoice ids.' } }, ['invoiceIds']),
    ok: { description: 'The updated invoices', schema: list(entity('invoice')) }, errors: [400, 403, 404, 409],
  },
  'PUT /back/bo/invoiceLines/update': {
    tag: 'invoiceLine', summary: 'Save the lines grid: delete, update (with version) and add invoice lines in one transaction (at most 500 lines)',
    body: object('The changes', {
      toDeleteInvoiceLineIds: list(field('invoiceLine', 'invoiceLineId')),
      toUpdateInvoiceLines: list(entity('invoiceLine')),
      toAddInvoiceLines: list(entity('invoiceLine')),
    }),
    ok: { description: 'The deleted ids and the updated and added lines', schema: object('Saved lines', { deleted: list({ type: 'integer' }), lines: list(entity('invoiceLine')) }, ['deleted', 'lines']) },
    errors: [400, 403, 404, 409],
  },
  // ---- files (files-contract; server/files/) ----
  'POST /back/bo/uploads': {
    tag: 'files', summary: 'Declare an upload: the file to send and the record it goes to (x-files)',
    body: object('The file', { filename: field('upload', 'filename'), mimeType: field('upload', 'mimeType'), byteSize: field('upload', 'byteSize'), hash: field('upload', 'hash'), fileType: field('upload', 'fileType'), entityId: field('upload', 'entityId'), documentType: field('upload', 'documentType') }, ['filename', 'mimeType', 'byteSize', 'hash', 'fileType', 'entityId']),
    ok: { status: 201, description: 'The upload, TOUPLOAD', schema: entity('upload') },
    errors: [400, 403, 404, 413],
  },
  'GET /back/bo/uploads/{uuid}': { tag: 'files', summary: 'Where an upload stands (to resume it)', params: uuid, ok: { description: 'The upload', schema: entity('upload') }, errors: [403, 404] },
  'PATCH /back/bo/uploads/{uuid}': {
    tag: 'files', summary: 'Send a chunk (at most 16 MiB) starting at transferredBytes; the first bytes are checked against the declared type',
    params: uuid, raw: 'application/octet-stream',
    headers: { 'Content-Range': { type: 'string', pattern: '^bytes [0-9]+-[0-9]+/[0-9]+$', description: 'bytes first-last/byteSize' } },
    ok: { description: 'The bytes received so far', schema: object('Progress', { uuid: field('upload', 'uuid'), uploadState: field('upload', 'uploadState'), transferredBytes: field('upload', 'transferredBytes') }, ['uuid', 'uploadState', 'transferredBytes']) },
    errors: [400, 403, 404, 409, 413, 422],
  },
  'PUT /back/bo/uploads/{uuid}': {
    tag: 'files', summary: 'Finalize a complete upload: its SHA-256 is checked (422 drops the bytes), pictures get thumbnails, a CONTACT picture becomes the contact\'s',
    params: uuid,
    ok: { description: 'The upload, DONE, with its file entry', schema: { allOf: [entity('upload'), object('The file entry', { file: entity('file') }, ['file'])] } },
    errors: [400, 403, 404, 409, 422],
  },
  'DELETE /back/bo/uploads/{uuid}': { tag: 'files', summary: 'Abort an upload; its partial data leaves the disk', params: uuid, ok: { status: 204, description: 'Aborted' }, errors: [403, 404] },
  'GET /back/bo/uploads/elements/{fileType}/{entityId}': {
    tag: 'files', summary: "A record's files of a domain, newest first (the record's read right)", params: { fileType: fileDomain },
    ok: { description: 'File entries', schema: list(entity('file')) }, errors: [403, 404],
  },
  'DELETE /back/bo/uploads/elements/{fileType}/{entityId}/{fileId}': {
    tag: 'files', summary: "Delete a record's file (write right); its bytes leave the disk with the last file of that content", params: { fileType: fileDomain },
    ok: { status: 204, description: 'Deleted' }, errors: [403, 404],
  },
  'GET /back/bo/files/{domain}/{ref}': {
    tag: 'files', summary: 'Download a file (Content-Disposition: attachment with its name)',
    params: { domain: { type: 'string', pattern: '^[A-Za-z_]+$', description: 'A file domain (CAPA, SERVICE…) or contacts, services, references, companies, fees, capas' }, ref: fileRef },
    ok: { description: 'The bytes', type: 'application/octet-stream', schema: { type: 'string', format: 'binary' } }, errors: [403, 404],
  },
  'DELETE /back/bo/files/{domain}/{ref}': {
    tag: 'files', summary: "Remove a contact's picture (contacts/{contactId}_{pictureFileId}) or a service's element (services/{serviceId}_{fileId})",
    params: { domain: { type: 'string', enum: ['contacts', 'services'] }, ref: fileRef },
    ok: { status: 204, description: 'Removed' }, errors: [403, 404],
  },
  'GET /back/bo/serviceElements/{id}/elements': { tag: 'files', summary: "The service's files (domain SERVICE), newest first", ok: { description: 'File entries', schema: list(entity('file')) }, errors: [403, 404] },
  'PATCH /back/bo/serviceElements/{id}/elements/{fileId}': {
    tag: 'files', summary: "Rename a service's file, comment it, set its document type",
    body: { type: 'object', additionalProperties: false, properties: { fileName: field('file', 'fileName'), comment: field('file', 'comment'), documentType: { oneOf: [field('file', 'documentType'), { type: 'null' }] } } },
    ok: { description: 'The file entry', schema: entity('file') }, errors: [400, 403, 404],
  },
  // ---- a reference's elements (spec §7.3, docs/files.md "A reference's elements"): its brand's MANAGER writes, its suppliers read ----
  'GET /back/bo/referenceElements/{id}/elements': { tag: 'files', summary: "The reference's files (domain REFERENCE), newest first", ok: { description: 'File entries', schema: list(entity('file')) }, errors: [403, 404] },
  'PATCH /back/bo/files/references/{id}/elements/{fileId}': {
    tag: 'files', summary: "Rename a reference's file, comment it, set its document type",
    body: elementChange,
    ok: { description: 'The file entry', schema: entity('file') }, errors: [400, 403, 404],
  },
  'DELETE /back/bo/files/references/{fileId}/{referenceId}': {
    tag: 'files', summary: "Remove a reference's file (the file first, as the spec writes it); its bytes leave the disk with the last file of that content",
    params: { fileId: { type: 'integer', minimum: 1 }, referenceId: { type: 'integer', minimum: 1 } },
    ok: { status: 204, description: 'Removed' }, errors: [403, 404],
  },
  'GET /back/bo/referenceElements/{id}/pushToServices': {
    tag: 'files', summary: "Copy the reference's files to its open services (neither terminated nor cancelled) the caller may add elements to; a service already holding a content gets no second copy. Changes state: send X-Requested-With",
    headers: { 'X-Requested-With': { type: 'string', const: 'XMLHttpRequest', description: 'Required with a session cookie (a GET that writes)' } },
    ok: { description: 'What was done', schema: object('Counts', { elements: { type: 'integer' }, services: { type: 'integer' }, copied: { type: 'integer' }, alreadyThere: { type: 'integer' }, readOnly: { type: 'integer', description: 'Open services the caller sees but may not add elements to' } }) },
    errors: [403, 404],
  },
  'GET /back/bo/reports/{serviceId}/pdf': {
    tag: 'report', summary: "The inspection report as a PDF, in the caller's language (once the service is terminated)",
    params: serviceId,
    ok: { description: 'The PDF, as an attachment named <service number>-report.pdf', type: 'application/pdf', schema: { type: 'string', format: 'binary' } }, errors: [403, 404, 422],
  },
  'GET /back/photos/{fileId}/ORIGINAL': {
    tag: 'files', summary: 'A picture as uploaded (cached a year; ETag: its SHA-256)',
    ok: { description: 'The image', type: 'image/*', schema: { type: 'string', format: 'binary' } }, errors: [403, 404],
  },
  'GET /back/photos/{resolution}/{ref}/{name}': {
    tag: 'files', summary: 'A thumbnail of a picture: cover-cropped squares or 48 pixels high (cached a year)',
    params: { resolution: { type: 'string', enum: ['48x48', '150x150', '160x160', '200x200', 'h48'] }, ref: fileRef, name: { type: 'string', description: 'Any name (cosmetic)' } },
    query: { d: { type: 'string', description: 'Ignored (a cache buster of the client)' } },
    ok: { description: 'The thumbnail', type: 'image/jpeg', schema: { type: 'string', format: 'binary' } }, errors: [403, 404],
  },
});
