import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialStatus } from '../../machines/workflow';
import { serverLogEntry } from '../../server/audit';
import { newTokenSecret, secretHashOf } from '../../server/auth/apiTokenStore';
import { loadRegistry, type EntityDef } from '../../server/schemas';
import { mayWriteRecord } from '../../engine/schema/writeRules';
import type { Row, Stored } from '../../server/store/types';
import { WHO, companySees, demoPeople, firstSeen, registryEntities, type Person, type Who } from './demo-people';
import { ACCOUNTS, Client, ROOT, loginAs, routeListingApp, startServer, type Reply, type TestServer } from './helpers';

/**
 * The rights matrix: every /back/ route the app registers, classified below with the demo
 * accounts that may use it, and called by each of them and by an anonymous client.
 * Without the right → 403; with it → neither 403 nor 5xx (writes get invalid bodies, so
 * nothing is written); a record outside the caller's reach → 404 (the outsider, of the
 * other universe, may also get 403). A route the table does not classify fails the test.
 */
const ALL = WHO;
/** The MANAGER flag: MANAGER profiles and SUPER_ADMIN (which holds every MANAGER flag). */
const MANAGERS: Who[] = ['admin', 'manager', 'quality', 'outsider'];
/** SUPER_ADMIN, ADMIN, UNIVERSE_ADMIN, IMPERSONATE: among the demo accounts, only the SUPER_ADMIN profile. */
const ADMIN: Who[] = ['admin'];

/** The MANAGER flag in a brand (a decision maker company), or SUPER_ADMIN: who writes references (and purchase orders). */
const BRAND_WRITERS: Who[] = ['admin', 'quality', 'outsider'];

/** What an authorized caller's invalid write may get: refused, never forbidden nor a crash. */
const REFUSED = [400, 404, 409, 422];

interface Route {
  /** Method and path as registered (parameter names and patterns do not matter, nor a trailing slash). */
  route: string;
  /** Who may use it; 'anyone' = also without a session. */
  who: readonly Who[] | 'anyone';
  /** The concrete call for this caller (default: the route's path). */
  url?: (who: Who) => string | Promise<string>;
  body?: unknown;
  form?: Record<string, string>;
  /** Calls on records out of this caller's reach (another company's, another universe's). */
  outOfReach?: (who: Who) => string[] | Promise<string[]>;
  /** Statuses expected from callers with the right (default: 200 for GET, REFUSED for writes). */
  expect?: number[];
  /** Records the caller sees but may not change (a colleague's fee sheet): 403, the record unchanged. */
  notTheirs?: (who: Who) => Promise<{ url: string; collection: string; id: number }[]>;
}

let server: TestServer;
let anonymous: Client;
let clients: Record<Who, Client>;
let people: Record<Who, Person>;
/** Normalized route → the raw paths the app registers for it. */
let registered: Map<string, string[]>;
const entities = new Map(registryEntities().map((entity) => [entity.name, entity]));
const entity = (name: string) => entities.get(name)!;

// ---- sample records (universe 1 and 2 of the demo seed, plus a few fixtures made in beforeAll) ----

/** Per entity: a universe-1 record seen only by a company none of the demo accounts belongs to. */
const onlyComo = new Map<string, number>();
/** Per entity and caller: a copy of a record the caller sees, for DELETE. */
const disposables = new Map<string, number>();
const fixtures = { ownToken: 0, atlasToken: 0, otherUniverseToken: 0 };

const otherUniverse = (who: Who) => WHO.find((other) => people[other].universeId !== people[who].universeId)!;

/**
 * A record the caller's company sees (any of its universe when it sees none: the caller then lacks the route's role anyway;
 * any at all for an owned list its universe has none of: laboratory packages, which the other universe's companies cannot use).
 */
async function seen(name: string, who: Who): Promise<number> {
  const def = entity(name);
  const id = (await firstSeen(server.store, def, people[who])) ?? await firstSeen(server.store, def, { ...people[who], superAdmin: true });
  if (id === undefined && def.scope) return (await server.store.all(def.collection))[0][def.idField] as number;
  if (id === undefined) throw new Error(`no ${name} in the universe of ${who}`);
  return id;
}

/** Records out of the caller's reach: one only another company sees (unless super admin), one of the other universe. */
async function foreign(name: string, who: Who): Promise<number[]> {
  const def = entity(name);
  const sameUniverse = !people[who].superAdmin && companyFields(def).length ? [onlyComo.get(name)!] : [];
  // None in the other universe when no company there is one the list serves (laboratory packages: no service provider).
  const elsewhere = await firstSeen(server.store, def, { ...people[otherUniverse(who)], superAdmin: true });
  if (elsewhere === undefined && !def.scope) throw new Error(`no ${name} in the universe of ${otherUniverse(who)}`);
  return [...sameUniverse, ...(elsewhere === undefined ? [] : [elsewhere])];
}

const disposable = async (name: string, who: Who) => disposables.get(`${name}:${who}`) ?? await seen(name, who);

async function contactOutOfReach(who: Who): Promise<number[]> {
  const person = people[who];
  const elsewhere = (await server.store.find('contacts', (contact) => contact.universeId === person.universeId && contact.companyId !== person.companyId))[0];
  const sameUniverse = person.superAdmin ? [] : [elsewhere.contactId as number];
  return [...sameUniverse, people[otherUniverse(who)].contactId];
}

/** A contact without an account the caller administers (its own company's; a super admin's universe). */
async function contactWithoutAccount(who: Who): Promise<number> {
  const person = people[who];
  const found = (await server.store.all('contacts'))
    .filter((contact) => !contact.account && contact.universeId === person.universeId)
    .sort((a, b) => Number(b.companyId === person.companyId) - Number(a.companyId === person.companyId))[0];
  return found.contactId as number;
}

/** A call of one reference: its path with the reference's id. */
const referenceCall = (route: string, id: number) => route.split(' ')[1].replace(':id', String(id));

/** A reference of the caller's company (a super admin's: the brand's) that no sub-reference, order line or service names, for DELETE. */
async function loneReference(who: Who): Promise<number> {
  const person = people[who];
  const companyId = person.superAdmin ? people.quality.companyId : person.companyId;
  const record = { universeId: person.universeId, companyId, sku: `LONE-${who}-${Date.now()}`, name: `Lone ${who}`, referenceType: 'FINISHED_PRODUCT', suppliers: [], parentIds: [], subReference: false, tags: [], checkpointIds: [], risk: 'NA', score: 0 };
  return (await server.store.insert('references', 'referenceId', record)).referenceId as number;
}

/** Internal files (docs/files.md): per company, one COMPANY file, and one signature of one of its contacts (made in beforeAll). */
const internalFiles = new Map<Who, { companyId: number; companyFile: number; contactId: number; signature: number }>();

/** Another company's internal files: one of the caller's universe (none for the platform's administrator), one of the other universe. */
function foreignInternalFiles(who: Who) {
  const sameUniverse: Who[] = who === 'admin' || who === 'outsider' ? [] : [people[who].companyId === people.quality.companyId ? 'manager' : 'quality'];
  const otherUniverseOwner: Who = who === 'outsider' ? 'quality' : 'outsider';
  return [...sameUniverse, otherUniverseOwner].map((owner) => internalFiles.get(owner)!);
}
const foreignInternal = (url: (file: ReturnType<typeof foreignInternalFiles>[number]) => string[]) => (who: Who) => foreignInternalFiles(who).flatMap(url);

/** A network link of the caller's company, and links out of its reach (two other companies', another universe's). */
async function networkLinkOf(who: Who): Promise<number> {
  const { companyId } = people[who];
  return (await server.store.find('networkLinks', (link) => link.companyId === companyId || link.partnerId === companyId))[0].networkLinkId as number;
}
async function networkLinksOutOfReach(who: Who): Promise<number[]> {
  const { companyId, universeId } = people[who];
  const links = await server.store.all('networkLinks');
  // The other universe's only link is its caller's own: none of two other companies there.
  const others = links.find((link) => link.universeId === universeId && link.companyId !== companyId && link.partnerId !== companyId);
  const elsewhere = links.find((link) => link.universeId !== universeId)!;
  return [...(others ? [others.networkLinkId as number] : []), elsewhere.networkLinkId as number];
}

// ---- the table ----

function resource(name: string, api: string, who: readonly Who[], kind: { writable: boolean; machine: boolean; history?: boolean; notes?: boolean }): Route[] {
  const one = async (w: Who) => `${api}/${await seen(name, w)}`;
  const others = (suffix = '') => async (w: Who) => (await foreign(name, w)).map((id) => `${api}/${id}${suffix}`);
  const reads: Route[] = [
    { route: `GET ${api}`, who, url: () => `${api}/` },
    { route: `GET ${api}/lookup`, who },
    { route: `GET ${api}/:id`, who, url: one, outOfReach: others() },
    ...(kind.history ? [{ route: `GET ${api}/:id/history`, who, url: async (w: Who) => `${await one(w)}/history`, outOfReach: others('/history') }] : []),
    ...(kind.notes
      ? [
          { route: `GET ${api}/:id/notes`, who, url: async (w: Who) => `${await one(w)}/notes`, outOfReach: others('/notes') },
          { route: `POST ${api}/:id/notes`, who, url: async (w: Who) => `${await one(w)}/notes`, body: { text: ' ' }, outOfReach: others('/notes') },
        ]
      : []),
  ];
  if (!kind.writable) return reads;
  return [
    ...reads,
    { route: `POST ${api}`, who, body: { notAField: true } },
    { route: `PUT ${api}/:id`, who, url: one, body: { version: 1, notAField: true }, outOfReach: others() },
    { route: `DELETE ${api}/:id`, who, url: async (w) => `${api}/${await disposable(name, w)}`, expect: [200], outOfReach: others() },
    ...(kind.machine ? [{ route: `PATCH ${api}/:id/:event`, who, url: async (w: Who) => `${await one(w)}/noSuchEvent`, outOfReach: others('/noSuchEvent') }] : []),
  ];
}

/** The fields naming a record's company: x-visibility, or `companyId` of an owned list (x-scope company or universe). */
const companyFields = (def: EntityDef): string[] => (def.visibility.length ? def.visibility : def.scope === 'company' || def.scope === 'universe' ? ['companyId'] : []);
/** `x-api` as the table writes routes: `{companyId}` → `:companyId`. */
const routeOf = (def: EntityDef) => def.api!.replace(/\{(\w+)\}/g, ':$1');

/**
 * An owned list (x-scope, docs/schemas.md "Owned lists"): read by `readers`, written by `writers`.
 * `base(w, id)` is its path for the caller, or for the record `id` (an x-api with `{companyId}`: the record's company).
 */
function ownedList(name: string, route: string, readers: readonly Who[], writers: readonly Who[], base: (w: Who, id?: number) => string | Promise<string> = () => route): Route[] {
  const at = async (w: Who, id: number) => `${await base(w, id)}/${id}`;
  const one = async (w: Who) => at(w, await seen(name, w));
  const others = async (w: Who) => Promise.all((await foreign(name, w)).map((id) => at(w, id)));
  return [
    { route: `GET ${route}`, who: readers, url: async (w) => `${await base(w)}/` },
    { route: `GET ${route}/lookup`, who: readers, url: async (w) => `${await base(w)}/lookup` },
    { route: `GET ${route}/:id`, who: readers, url: one, outOfReach: others },
    { route: `POST ${route}`, who: writers, url: (w) => base(w), body: { notAField: true } },
    { route: `PUT ${route}/:id`, who: writers, url: one, body: { version: 1, notAField: true }, outOfReach: others },
    { route: `DELETE ${route}/:id`, who: writers, url: async (w) => at(w, await disposable(name, w)), expect: [200], outOfReach: others },
  ];
}
/** A list shared by every universe (x-scope global): read by all, written with EDIT_GLOBAL_DATA (the SUPER_ADMIN profile); nothing is out of reach. */
const globalList = (name: string, route: string): Route[] => ownedList(name, route, ALL, ADMIN).map(({ outOfReach: _none, ...row }) => row);
/** A company's compulsory elements: the caller's company path, or the record's own company's. */
const elementsOf = async (w: Who, id?: number) => `/back/bo/companies/${id === undefined ? people[w].companyId : (await server.store.get('compulsoryElements', id))!.companyId}/compulsoryElements/admin`;
/** A company's report models (docs/profiles.md), under its company profile path. */
const customReportsOf = async (w: Who, id?: number) => `/back/bo/profile/company/${id === undefined ? people[w].companyId : (await server.store.get('customReports', id))!.companyId}/customReport`;

const capaTags = async (w: Who) => `/back/bo/tags/CAPA_${await seen('capa', w)}`;
const foreignCapaTags = (suffix = '') => async (w: Who) => (await foreign('capa', w)).map((id) => `/back/bo/tags/CAPA_${id}${suffix}`);
const contactUrl = (suffix = '') => (w: Who) => `/back/bo/contacts/admin/${people[w].contactId}${suffix}`;
const foreignContacts = (suffix = '') => async (w: Who) => (await contactOutOfReach(w)).map((id) => `/back/bo/contacts/admin/${id}${suffix}`);

/** The inspector's record writes (PUT, DELETE, events) go to sheets of their own; a colleague's sheet is refused them. */
function ownFeeSheets(rows: Route[]): Route[] {
  const own = new Map<string, Promise<number>>();
  /** A sheet naming the inspector, still open (CREATED), one per route (DELETE removes its own). */
  const ownSheet = (route: string) => {
    if (!own.has(route)) {
      own.set(route, (async () => {
        const { feeIdHK: _id, version: _version, number: _number, ...base } = (await server.store.find('fees', (fee) => fee.companyId === people.inspector.companyId))[0];
        const sheet = { ...base, status: 'CREATED', contributors: [people.inspector.contactId] };
        return (await server.store.insert('fees', 'feeIdHK', sheet)).feeIdHK as number;
      })());
    }
    return own.get(route)!;
  };
  const colleagues = async () => (await server.store.find('fees', (fee) => fee.companyId === people.inspector.companyId && !(fee.contributors as number[]).includes(people.inspector.contactId)))[0].feeIdHK as number;
  return rows.map((row) => {
    const [method, path] = row.route.split(' ');
    if (!['PUT', 'DELETE', 'PATCH'].includes(method) || path === '/back/bo/fee/:id/notes') return row;
    const suffix = method === 'PATCH' ? '/noSuchEvent' : '';
    return {
      ...row,
      url: async (who: Who) => (who === 'inspector' ? `/back/bo/fee/${await ownSheet(row.route)}${suffix}` : row.url!(who)),
      notTheirs: async (who: Who) => (who === 'inspector' ? [{ url: `/back/bo/fee/${await colleagues()}${suffix}`, collection: 'fees', id: await colleagues() }] : []),
    };
  });
}

/** A copy of a sector the caller sees, with a code no service names. */
async function unusedSector(who: Who): Promise<string> {
  const { sectorId: _id, version: _version, ...base } = (await server.store.get('sectors', await seen('sector', who)))!;
  const copy = await server.store.insert('sectors', 'sectorId', { ...base, code: `UNUSED-${who}` });
  return `/back/bo/sectors/${copy.sectorId}`;
}

const TABLE: Route[] = [
  // Anonymous calls.
  { route: 'POST /back/login', who: 'anyone', form: { username: 'nobody@nowhere.test', password: 'wrong' }, expect: [401] },
  { route: 'POST /back/logout', who: 'anyone', expect: [200] },
  { route: 'GET /back/version', who: 'anyone' },
  // CONTRACT.md: the API description and its reference page need no login.
  { route: 'GET /back/openapi.json', who: 'anyone' },
  { route: 'GET /back/docs', who: 'anyone' },
  { route: 'POST /back/password/forgotten', who: 'anyone', body: { email: 'not-an-e-mail' }, expect: [400] },
  { route: 'GET /back/password/token', who: 'anyone', expect: [400] },
  { route: 'POST /back/password/reset', who: 'anyone', body: {}, expect: [400] },
  // An e-mail's unsubscribe link: the signed token is the proof, no session (a wrong token: 400, nothing written).
  { route: 'POST /back/unsubscribe/:contactId/:type', who: 'anyone', url: () => '/back/unsubscribe/1/SERVICE_CREATED', body: { token: 'forged.token' }, expect: [400] },

  // Session and shell.
  { route: 'GET /back/auth/profile', who: ALL },
  { route: 'GET /back/auth/session', who: 'anyone' },
  { route: 'GET /back/schemas', who: ALL },
  { route: 'GET /back/bo/menu', who: ALL, url: () => '/back/bo/menu/' },
  { route: 'GET /back/bo/menu/locale', who: ALL },
  { route: 'GET /back/bo/menu/:name', who: MANAGERS, url: () => '/back/bo/menu/capas' },
  // The external sites: anyone signed in; the matrix's server configures none (404).
  { route: 'GET /back/bo/menu/guide', who: ALL, expect: [404] },
  { route: 'GET /back/bo/menu/idea', who: ALL, expect: [404] },
  { route: 'GET /back/bo/workflows', who: ALL, url: () => '/back/bo/workflows/' },
  { route: 'GET /back/bo/pages/notFound', who: ALL, url: () => '/back/bo/pages/notFound?path=/nowhere' },
  // The whole store of every universe: the platform's administrators only.
  { route: 'GET /back/bo/admin/database', who: ADMIN },
  { route: 'GET /back/bo/admin/database/consistency', who: ADMIN },
  { route: 'GET /back/alerts/poll', who: ALL },
  { route: 'GET /back/alerts', who: ALL, url: () => '/back/alerts/' },
  { route: 'PATCH /back/alerts', who: ALL, url: () => '/back/alerts/?lowlivealertid=first' },
  {
    route: 'GET /back/login/impersonate',
    who: ADMIN,
    url: () => '/back/login/impersonate?username=nobody@nowhere.test',
    expect: [404],
    outOfReach: (w) => [`/back/login/impersonate?username=${encodeURIComponent(ACCOUNTS[otherUniverse(w)])}`],
  },
  { route: 'POST /back/logout/impersonate', who: ALL, expect: [409] },

  // My account.
  { route: 'GET /back/bo/profile/user', who: ALL },
  { route: 'PUT /back/bo/profile/user', who: ALL, body: { firstName: 42 } },
  { route: 'PUT /back/bo/profile/user/password', who: ALL, body: {} },
  { route: 'GET /back/bo/profile/user/notificationconfig', who: ALL },
  { route: 'PUT /back/bo/profile/user/notificationconfig', who: ALL, body: { allowNotification: 'yes' } },
  // The company-wide switch of notification e-mails (docs/notifications.md): anyone reads its own company's; COMPANY_ADMIN / MANAGER change it.
  {
    route: 'GET /back/bo/profile/company/:companyId/notificationconfig', who: ALL,
    url: (w) => `/back/bo/profile/company/${people[w].companyId}/notificationconfig`,
    outOfReach: (w) => [`/back/bo/profile/company/${people[otherUniverse(w)].companyId}/notificationconfig`],
  },
  {
    route: 'PUT /back/bo/profile/company/:companyId/notificationconfig', who: MANAGERS, body: { notificationsDisabled: 'yes' },
    url: (w) => `/back/bo/profile/company/${people[w].companyId}/notificationconfig`,
    outOfReach: (w) => [`/back/bo/profile/company/${people[otherUniverse(w)].companyId}/notificationconfig`],
  },
  // A company's settings (docs/settings.md): anyone reads its own company's; its MANAGER changes them.
  ...(['workflowconfig', 'taskconfig', 'servicedefault'] as const).flatMap((kind): Route[] => [
    {
      route: `GET /back/bo/profile/company/:companyId/${kind}`, who: ALL,
      url: (w) => `/back/bo/profile/company/${people[w].companyId}/${kind}`,
      outOfReach: (w) => [`/back/bo/profile/company/${people[otherUniverse(w)].companyId}/${kind}`],
    },
    {
      route: `PUT /back/bo/profile/company/:companyId/${kind}`, who: MANAGERS, body: { unknownSetting: true },
      url: (w) => `/back/bo/profile/company/${people[w].companyId}/${kind}`,
      outOfReach: (w) => [`/back/bo/profile/company/${people[otherUniverse(w)].companyId}/${kind}`],
    },
  ]),
  // The company profile record (docs/profiles.md): every contact reads its own company's; COMPANY_ADMIN / MANAGER write
  // (each field as its section allows); universe admins enable or disable a company of their universe.
  {
    route: 'GET /back/bo/profile/company/:companyId', who: ALL,
    url: (w) => `/back/bo/profile/company/${people[w].companyId}`,
    outOfReach: (w) => [`/back/bo/profile/company/${people[otherUniverse(w)].companyId}`],
  },
  {
    route: 'PUT /back/bo/profile/company/:companyId', who: MANAGERS, body: { name: 42, version: 1 },
    url: (w) => `/back/bo/profile/company/${people[w].companyId}`,
    outOfReach: (w) => [`/back/bo/profile/company/${people[otherUniverse(w)].companyId}`],
  },
  {
    route: 'PATCH /back/bo/profile/company/:companyId', who: ADMIN, body: { enabled: 'yes' },
    url: (w) => `/back/bo/profile/company/${people[w].companyId}`,
    outOfReach: (w) => [`/back/bo/profile/company/${people[otherUniverse(w)].companyId}`],
  },
  { route: 'GET /back/bo/universe/admin/universes', who: ADMIN },
  // The universe profile's settings: always the caller's own universe (no path names another).
  { route: 'GET /back/bo/profile/universe', who: ADMIN },
  { route: 'PUT /back/bo/profile/universe', who: ADMIN, body: { name: '   ' } },
  { route: 'GET /back/bo/profile/universe/notificationconfig', who: ADMIN },
  { route: 'PUT /back/bo/profile/universe/notificationconfig', who: ADMIN, body: { disabledTypes: ['NOT_A_TYPE'] } },
  { route: 'GET /back/bo/country/geocode', who: ALL, url: () => '/back/bo/country/geocode?city=Lyon&country=France' },
  { route: 'GET /back/bo/profile/user/twoFactor', who: ALL },
  { route: 'POST /back/bo/profile/user/twoFactor/setup', who: ALL, expect: [200] },
  { route: 'POST /back/bo/profile/user/twoFactor', who: ALL, body: { code: '000000' } },
  { route: 'POST /back/bo/profile/user/twoFactor/disable', who: ALL, body: { code: '000000' } },

  // Lookups, tags, saved filters.
  { route: 'GET /back/bo/reports/aql/plan', who: ALL, url: () => '/back/bo/reports/aql/plan?lotSize=1000&level=II&aql=2.5' },
  { route: 'GET /back/bo/combospa/filters/aqlLimit', who: ALL },
  { route: 'GET /back/bo/combospa/filters/aqlSampleNumber', who: ALL },
  // The lookups of schemas/lookups.json (server/lookups): every logged-in account, at each path; what each sees is tests/api/lookups.test.ts.
  ...Object.values(loadRegistry(join(ROOT, 'schemas')).lookups).flatMap((source) => source.paths.map((path): Route => ({ route: `GET ${path}`, who: ALL }))),
  { route: 'GET /back/bo/tags/:types/options', who: ALL, url: () => '/back/bo/tags/CAPA,NON_COMPLIANCE/options' },
  { route: 'GET /back/bo/tags/:ref', who: MANAGERS, url: capaTags, outOfReach: foreignCapaTags() },
  { route: 'GET /back/bo/tags/:ref/:type', who: MANAGERS, url: async (w) => `${await capaTags(w)}/CAPA`, outOfReach: foreignCapaTags('/CAPA') },
  { route: 'PATCH /back/bo/tags/:ref', who: MANAGERS, url: capaTags, body: {}, outOfReach: foreignCapaTags() },
  { route: 'GET /back/bo/userfilter/:type', who: ALL, url: () => '/back/bo/userfilter/capa' },
  { route: 'POST /back/bo/userfilter/:type', who: ALL, url: () => '/back/bo/userfilter/capa', body: {} },
  { route: 'PUT /back/bo/userfilter/:type', who: ALL, url: () => '/back/bo/userfilter/capa', body: {} },
  { route: 'DELETE /back/bo/userfilter/:id', who: ALL, url: () => '/back/bo/userfilter/999999' },
  { route: 'GET /back/bo/userfilter/:type/default', who: ALL, url: () => '/back/bo/userfilter/capa/default' },
  { route: 'PUT /back/bo/userfilter/:type/default', who: ALL, url: () => '/back/bo/userfilter/capa/default', body: { userFilterId: 'first' } },

  // Quality records (x-roles MANAGER, SUPER_ADMIN) and the monitors (SUPER_ADMIN).
  ...resource('capa', '/back/bo/capas', MANAGERS, { writable: true, machine: true }),
  ...resource('qualityAlert', '/back/bo/qualityAlerts', MANAGERS, { writable: true, machine: true }),
  ...resource('nonCompliance', '/back/bo/nonCompliances', MANAGERS, { writable: true, machine: false }),
  ...resource('matrix8d', '/back/bo/matrix8ds', MANAGERS, { writable: true, machine: true }),
  ...resource('structuralCost', '/back/bo/structuralCost', MANAGERS, { writable: true, machine: true }),
  // Fee sheets (x-roles MANAGER, SUPER_ADMIN, BILLING_FEE, CONTRIBUTOR): inspectors file their own expenses and change
  // only the sheets naming them (x-owners); a colleague's sheet, which they see, answers 403 to their writes.
  ...ownFeeSheets(resource('fee', '/back/bo/fee', [...MANAGERS, 'inspector'], { writable: true, machine: true, history: true, notes: true })),
  // Billing (x-roles MANAGER, SUPER_ADMIN, BILLING_FEE: among the demo accounts, the MANAGER holders); lines are written by their batch only.
  ...resource('invoice', '/back/bo/invoices', MANAGERS, { writable: true, machine: true }),
  { route: 'PUT /back/bo/invoices/validate', who: MANAGERS, body: { invoiceIds: [] } },
  ...resource('invoiceLine', '/back/bo/invoiceLines', MANAGERS, { writable: false, machine: false }),
  { route: 'PUT /back/bo/invoiceLines/update', who: MANAGERS, body: { toAddInvoiceLines: 'none' } },
  ...resource('loginEvent', '/back/bo/admin/loginEvent', ADMIN, { writable: false, machine: false }),
  ...resource('serverLog', '/back/bo/admin/serverLogs', ADMIN, { writable: false, machine: false }),

  // Custom fields and what groups them: company lists of its managers (x-roles MANAGER, SUPER_ADMIN; spec §6.1: customFields is MANAGER's).
  ...ownedList('customField', '/back/bo/customFields/admin', MANAGERS, MANAGERS),
  ...ownedList('reportCriterion', '/back/bo/reportCriteria', MANAGERS, MANAGERS),
  ...ownedList('customFieldSection', '/back/bo/customFieldSections/admin', MANAGERS, MANAGERS),
  ...ownedList('serviceTypeCustomField', '/back/bo/serviceTypeCustomField/admin', MANAGERS, MANAGERS),
  ...ownedList('serviceTypeReportCriterion', '/back/bo/serviceTypeReportCriterions/admin', MANAGERS, MANAGERS),
  ...ownedList('serviceTypeSection', '/back/bo/serviceTypeSection/admin', MANAGERS, MANAGERS),
  // Owned lists (docs/schemas.md "Owned lists"): the universe's seasons are read by all and written by universe admins
  // (and companies with CUSTOM_SEASON: among the demo accounts, the SUPER_ADMIN profile); strategies and laboratory
  // packages by any member of their company; compulsory elements by its managers, under the company's path.
  ...ownedList('season', '/back/bo/seasons/admin', ALL, ADMIN),
  // Their screens' company roles close the APIs to other companies (server/screenAccess.ts): strategies to order takers,
  // laboratory packages to all but service providers (QCFlow Admin, Atlas).
  ...ownedList('strategy', '/back/bo/strategies/admin', ALL.filter((w) => w !== 'sales'), ALL.filter((w) => w !== 'sales')),
  ...ownedList('laboPackage', '/back/bo/laboPackages/admin', ['admin', 'manager', 'inspector'], ['admin', 'manager', 'inspector']),
  ...ownedList('compulsoryElement', '/back/bo/companies/:companyId/compulsoryElements/admin', MANAGERS, MANAGERS, elementsOf),
  // A company's report models: its managers, decision makers and service providers only (every manager account is one).
  ...ownedList('customReport', '/back/bo/profile/company/:companyId/customReport', MANAGERS, MANAGERS, customReportsOf),
  // Families and their items (docs/schemas.md "Families and their items"): products and defects are the universe's,
  // behind ADMIN, LOCAL_ADMIN, UNIVERSE_ADMIN or SUPER_ADMIN (among the demo accounts, the SUPER_ADMIN profile);
  // laboratory tests are everybody's (global: no record is out of reach), written with EDIT_GLOBAL_DATA.
  ...ownedList('productFamily', '/back/bo/products/admin/families', ADMIN, ADMIN),
  ...ownedList('product', '/back/bo/products/admin', ADMIN, ADMIN),
  ...ownedList('defectFamily', '/back/bo/defects/admin/families', ADMIN, ADMIN),
  ...ownedList('defect', '/back/bo/defects/admin', ADMIN, ADMIN),
  ...globalList('laboratoryTestFamily', '/back/bo/laboratoryTests/admin/families'),
  ...globalList('laboratoryTest', '/back/bo/laboratoryTests/admin'),
  {
    route: 'GET /back/bo/strategies/company/:companyId', who: ALL,
    url: (w) => `/back/bo/strategies/company/${people[w].companyId}`,
    outOfReach: (w) => [...(people[w].superAdmin ? [] : [people[w].companyId === people.quality.companyId ? people.manager.companyId : people.quality.companyId]), people[otherUniverse(w)].companyId].map((id) => `/back/bo/strategies/company/${id}`),
  },

  // Administration (docs/identity.md).
  { route: 'GET /back/bo/contacts/admin', who: MANAGERS, url: () => '/back/bo/contacts/admin/' },
  { route: 'GET /back/bo/contacts/admin/:id', who: MANAGERS, url: contactUrl(), outOfReach: foreignContacts() },
  { route: 'POST /back/bo/contacts/admin', who: MANAGERS, body: {} },
  { route: 'PUT /back/bo/contacts/admin/:id', who: MANAGERS, url: contactUrl(), body: { version: 1 }, outOfReach: foreignContacts() },
  { route: 'DELETE /back/bo/contacts/admin/:id', who: MANAGERS, url: contactUrl(), expect: [422], outOfReach: foreignContacts() },
  { route: 'PATCH /back/bo/contacts/admin/:id/unlock', who: MANAGERS, url: contactUrl('/unlock'), expect: [200], outOfReach: foreignContacts('/unlock') },
  {
    route: 'GET /back/bo/contacts/admin/:id/welcome',
    who: MANAGERS,
    url: async (w) => `/back/bo/contacts/admin/${await contactWithoutAccount(w)}/welcome`,
    expect: [422],
    outOfReach: foreignContacts('/welcome'),
  },
  {
    route: 'DELETE /back/bo/companies/:id',
    who: ADMIN,
    url: (w) => `/back/bo/companies/${people[w].companyId}`,
    expect: [422],
    outOfReach: (w) => [`/back/bo/companies/${people[otherUniverse(w)].companyId}`],
  },
  // Companies (docs/companies.md): listed and their contacts read by everyone who sees them; archived ⇄ restored by the
  // UNIVERSE_ADMIN (own company: 422); merged, reset and their contacts moved by the SUPER_ADMIN (invalid bodies: refused).
  { route: 'GET /back/bo/companies', who: ALL, url: () => '/back/bo/companies/' },
  {
    route: 'GET /back/bo/companies/:id/contacts',
    who: ALL,
    url: (w) => `/back/bo/companies/${people[w].companyId}/contacts`,
    outOfReach: (w) => [`/back/bo/companies/${people[otherUniverse(w)].companyId}/contacts`],
  },
  {
    route: 'PATCH /back/bo/companies/:id/toggleVisibility',
    who: ADMIN,
    url: (w) => `/back/bo/companies/${people[w].companyId}/toggleVisibility`,
    expect: [422],
    outOfReach: (w) => [`/back/bo/companies/${people[otherUniverse(w)].companyId}/toggleVisibility`],
  },
  {
    route: 'GET /back/bo/companies/:id/merge',
    who: ADMIN,
    url: (w) => `/back/bo/companies/${people[w].companyId}/merge?into=${people[w].companyId}`,
    expect: [422],
    outOfReach: (w) => [`/back/bo/companies/${people[otherUniverse(w)].companyId}/merge?into=${people[w].companyId}`],
  },
  { route: 'POST /back/bo/companies/:id/merge', who: ADMIN, url: (w) => `/back/bo/companies/${people[w].companyId}/merge`, body: {} },
  { route: 'POST /back/bo/companies/:id/reset', who: ADMIN, url: (w) => `/back/bo/companies/${people[w].companyId}/reset`, body: { confirmation: 'reset' } },
  {
    route: 'POST /back/bo/companies/:id/contacts/:contactId/move',
    who: ADMIN,
    url: (w) => `/back/bo/companies/${people[w].companyId}/contacts/${people[w].contactId}/move`,
    body: {},
  },
  { route: 'GET /back/bo/apiTokens/admin', who: ADMIN, url: () => '/back/bo/apiTokens/admin/' },
  { route: 'POST /back/bo/apiTokens/admin', who: ADMIN, body: {} },
  {
    route: 'DELETE /back/bo/apiTokens/admin/:id',
    who: ADMIN,
    url: () => `/back/bo/apiTokens/admin/${fixtures.ownToken}`,
    expect: [200],
    outOfReach: () => [`/back/bo/apiTokens/admin/${fixtures.atlasToken}`, `/back/bo/apiTokens/admin/${fixtures.otherUniverseToken}`],
  },
  // The network (docs/network.md): every account reads its company's links; changes need CREATE_NETWORK (the MANAGER profiles).
  { route: 'GET /back/bo/network/links', who: ALL, url: () => '/back/bo/network/links/' },
  {
    route: 'GET /back/bo/network/links/:id',
    who: ALL,
    url: async (w) => `/back/bo/network/links/${await networkLinkOf(w)}`,
    outOfReach: async (w) => (await networkLinksOutOfReach(w)).map((id) => `/back/bo/network/links/${id}`),
  },
  { route: 'POST /back/bo/network/links', who: MANAGERS, body: {} },
  {
    route: 'PATCH /back/bo/network/links/:id/:action',
    who: MANAGERS,
    url: async (w) => `/back/bo/network/links/${await networkLinkOf(w)}/FLY`,
    outOfReach: async (w) => (await networkLinksOutOfReach(w)).map((id) => `/back/bo/network/links/${id}/DEACTIVATE`),
  },
  {
    route: 'GET /back/bo/network/companies/:id',
    who: ALL,
    url: (w) => `/back/bo/network/companies/${people[w].companyId}`,
    outOfReach: (w) => [`/back/bo/network/companies/${people[otherUniverse(w)].companyId}`],
  },
  // Profile lists (docs/schemas.md "The profile sections and their company roles"): tags any member; the service budget the
  // providers' managers (companyRoles SERVICE_PROVIDER); brands the decision makers' managers; sectors every manager; checkpoints the universe's admins.
  ...resource('tag', '/back/bo/tags/admin', ALL, { writable: true, machine: false }),
  ...resource('companyServiceBudget', '/back/bo/companyServiceBudget/admin', ['admin', 'manager'], { writable: true, machine: false }),
  // The universe's checkpoints: read by its companies, written by its administrators.
  ...resource('checkpoint', '/back/bo/checkpoints/admin', ALL, { writable: false, machine: false }),
  // Their write right is the list's scope, checked before the body (403).
  ...resource('checkpoint', '/back/bo/checkpoints/admin', ADMIN, { writable: true, machine: false }).filter((row) => !row.route.startsWith('GET ')),
  ...resource('brand', '/back/bo/brands', ['quality', 'outsider'], { writable: true, machine: false }),
  { route: 'POST /back/bo/brands/create', who: ['quality', 'outsider'], body: { notAField: true } },
  // A seeded sector is in use (services name its code): DELETE tries a sector of its own code.
  ...resource('sector', '/back/bo/sectors', MANAGERS, { writable: true, machine: false }).map((row): Route => (row.route.startsWith('DELETE') ? { ...row, url: unusedSector } : row)),
  { route: 'POST /back/bo/sectors/create', who: MANAGERS, body: { notAField: true } },
  // ---- references (docs/references.md): read by the brand and the suppliers they name, written by the brand's managers (x-writers) ----
  ...resource('reference', '/back/bo/references', ALL, { writable: false, machine: false, history: true }),
  // Written by the brands' managers and the universe's super admin (a provider's manager writes none); a delete
  // tries a reference of the caller's company that nothing names (the seeded ones are in the services' lines).
  ...resource('reference', '/back/bo/references', BRAND_WRITERS, { writable: true, machine: false })
    .filter((row) => !row.route.startsWith('GET '))
    .map((row): Route => (row.route.startsWith('DELETE') ? { ...row, url: async (w) => `/back/bo/references/${await loneReference(w)}` } : row)),
  { route: 'GET /back/bo/smartdata/references', who: ALL, url: () => '/back/bo/smartdata/references/' },
  ...(['GET /back/bo/references/:id/noOrderOrderTakers', 'GET /back/bo/checkpoints/assignments/references/:id'] as const).map((route): Route => ({
    route, who: ALL,
    url: async (w) => referenceCall(route, await seen('reference', w)),
    outOfReach: async (w) => (await foreign('reference', w)).map((id) => referenceCall(route, id)),
  })),
  {
    route: 'PATCH /back/bo/checkpoints/assignments/references/:id', who: BRAND_WRITERS, body: { checkpointIds: [999999] },
    url: async (w) => `/back/bo/checkpoints/assignments/references/${await seen('reference', w)}`,
    outOfReach: async (w) => (await foreign('reference', w)).map((id) => `/back/bo/checkpoints/assignments/references/${id}`),
  },
  // ---- files (files-contract): the record's rights, shown on CAPAs (x-roles MANAGER, SUPER_ADMIN); unknown uploads and files are 404 ----
  { route: 'POST /back/bo/uploads', who: ALL, url: () => '/back/bo/uploads/', body: {} },
  ...(['GET', 'PATCH', 'PUT', 'DELETE'] as const).map((method): Route => ({
    route: `${method} /back/bo/uploads/:uuid`, who: ALL, url: () => '/back/bo/uploads/00000000-0000-4000-8000-000000000000', expect: method === 'PATCH' ? [400] : [404],
  })),
  // Another company's internal files (COMPANY, CONTACT_SIGNATURE: docs/files.md) are out of reach, even in the universe.
  {
    route: 'GET /back/bo/uploads/elements/:fileType/:entityId', who: MANAGERS,
    url: async (w) => `/back/bo/uploads/elements/CAPA/${await seen('capa', w)}`,
    outOfReach: async (w) => [
      ...(await foreign('capa', w)).map((id) => `/back/bo/uploads/elements/CAPA/${id}`),
      ...foreignInternal((file) => [`/back/bo/uploads/elements/COMPANY/${file.companyId}`, `/back/bo/uploads/elements/CONTACT_SIGNATURE/${file.contactId}`])(w),
    ],
  },
  {
    route: 'DELETE /back/bo/uploads/elements/:fileType/:entityId/:fileId', who: MANAGERS,
    url: async (w) => `/back/bo/uploads/elements/CAPA/${await seen('capa', w)}/999999`,
    outOfReach: async (w) => [
      ...(await foreign('capa', w)).map((id) => `/back/bo/uploads/elements/CAPA/${id}/999999`),
      ...foreignInternal((file) => [`/back/bo/uploads/elements/COMPANY/${file.companyId}/${file.companyFile}`, `/back/bo/uploads/elements/CONTACT_SIGNATURE/${file.contactId}/${file.signature}`])(w),
    ],
  },
  {
    route: 'GET /back/bo/files/:domain/:ref', who: MANAGERS, expect: [404],
    url: async (w) => `/back/bo/files/capas/${await seen('capa', w)}_999999/`,
    outOfReach: async (w) => [
      ...(await foreign('capa', w)).map((id) => `/back/bo/files/CAPA/${id}_999999/`),
      ...foreignInternal((file) => [`/back/bo/files/companies/${file.companyId}_${file.companyFile}/`, `/back/bo/files/COMPANY/${file.companyId}_${file.companyFile}/`, `/back/bo/files/contacts/${file.contactId}_${file.signature}/`])(w),
    ],
  },
  // Everyone may remove their own picture; another universe's contact, another company's signature are out of reach.
  {
    route: 'DELETE /back/bo/files/:domain/:ref', who: ALL,
    url: (w) => `/back/bo/files/contacts/${people[w].contactId}_999999/`,
    outOfReach: (w) => [`/back/bo/files/contacts/${people[otherUniverse(w)].contactId}_999999/`, ...foreignInternal((file) => [`/back/bo/files/contacts/${file.contactId}_${file.signature}/`])(w)],
  },
  { route: 'GET /back/photos/:fileId/ORIGINAL', who: ALL, url: () => '/back/photos/999999/ORIGINAL', expect: [404], outOfReach: foreignInternal((file) => [`/back/photos/${file.signature}/ORIGINAL`]) },
  {
    route: 'GET /back/photos/:resolution/:ref/:name', who: ALL, url: () => '/back/photos/48x48/1_999999/picture', expect: [404],
    outOfReach: foreignInternal((file) => [`/back/photos/48x48/${file.contactId}_${file.signature}/picture`]),
  },
  // ---- services: create, edit, lines, split/merge, notes, one service ----
  ...((): Route[] => {
    /** Service route roles (SEARCH_SERVICE, a CREATE_SERVICE flag, SUPER_ADMIN): every account but the inspector creates services. */
    const readers: Who[] = ['admin', 'manager', 'quality', 'buyer', 'sales', 'outsider'];
    /** …and the inspector (CONTRIBUTOR with SEARCH_SERVICE) reads them: its company's, Atlas's. */
    const viewers: Who[] = [...readers, 'inspector'];
    /** Per caller, a service it may edit (confirmed by the provider, so DELETE is refused with 422). */
    const owned = new Map<Who, number>();
    /** Services hidden until the provider confirms: from Maison Lumière (Shenzhen's request to Atlas), from Atlas and Shenzhen (QCFlow Admin provides). */
    const hidden = { fromLumiere: 0, fromAtlas: 0 };
    const outOfReachIds = (w: Who): number[] => {
      if (people[w].universeId !== people.quality.universeId) return [owned.get('quality')!];
      const hiddenFrom: Partial<Record<Who, number[]>> = { manager: [hidden.fromAtlas], inspector: [hidden.fromAtlas], quality: [hidden.fromLumiere], buyer: [hidden.fromLumiere], sales: [hidden.fromAtlas] };
      const sameUniverse = hiddenFrom[w] ?? [];
      return [...sameUniverse, owned.get('outsider')!];
    };
    // Made through the API once the clients are logged in (this suite runs before the matrix suites).
    describe('service core fixtures', () => {
      beforeAll(async () => {
        const company = async (name: string) => (await server.store.find('companies', (row) => row.name === name))[0].companyId as number;
        const shenzhen = await company('Shenzhen Textile Co');
        const contact = (await server.store.find('contacts', (row) => row.companyId === shenzhen))[0].contactId;
        let day = 0;
        const create = async (who: Who, roles: string[], provider: string, confirmed: boolean) => {
          const startDate = `2031-01-${String(++day).padStart(2, '0')}`;
          const reply = await clients[who].post('/back/bo/services', {
            roles,
            service: {
              thirdPartyDepartment: 'INSP', type: 'INSP_FINAL_RANDOM', client: await company('Maison Lumière'), supplier: shenzhen, serviceProvider: await company(provider),
              startDate, exFactoryDate: '2031-02-01', orderTakerContacts: [contact],
            },
            purchaseOrderLines: [{ poNumber: `PO-MATRIX-${day}`, designation: 'Matrix sample', orderedQuantity: { quantity: 10 } }],
          });
          if (reply.status !== 201) throw new Error(`service fixture for ${who}: ${reply.status} ${reply.text}`);
          const id = reply.body.service.serviceId as number;
          if (confirmed) await server.store.update('services', id, (current) => ({ ...current, providerConfirmed: true }));
          return id;
        };
        const lumiere = await create('quality', ['DECISION_MAKER'], 'Atlas Inspection', true);
        for (const who of ['quality', 'buyer', 'admin'] as const) owned.set(who, lumiere);
        owned.set('sales', await create('sales', ['ORDER_TAKER'], 'Atlas Inspection', true));
        owned.set('manager', await create('manager', ['SERVICE_PROVIDER'], 'Atlas Inspection', true));
        // A provider's own proposal confirms it at once; an order taker's request does not.
        hidden.fromLumiere = await create('sales', ['ORDER_TAKER'], 'Atlas Inspection', false);
        hidden.fromAtlas = await create('quality', ['DECISION_MAKER'], 'QCFlow Admin', false);
        // Universe 2 has no service provider to order from: its service is written straight into the store.
        const outsider = people.outsider;
        const northwind = await server.store.insert('services', 'serviceId', {
          universeId: outsider.universeId, number: 'S-MATRIX', type: 'INSP_FINAL_RANDOM', thirdPartyDepartment: 'INSP', client: outsider.companyId,
          startDate: '2031-03-01', serviceStep: 'OPENED', providerConfirmed: true, creatorCompany: outsider.companyId, creator: outsider.contactId,
          creatorSide: 'DECISION_MAKER', orderTakerContacts: [], purchaseOrderLines: [{ purchaseOrderLineId: 990001, poNumber: 'PO-NW', designation: 'Boots', orderedQuantity: { quantity: 5 } }], laboratoryLines: [],
        });
        owned.set('outsider', northwind.serviceId as number);
      });
      it('every service user owns a service; the hidden ones exist', () => {
        expect([...owned.keys()].sort()).toEqual([...readers].sort());
        expect(hidden.fromLumiere * hidden.fromAtlas).toBeGreaterThan(0);
      });
    });
    const mine = (w: Who) => owned.get(w) ?? owned.get(w === 'inspector' ? 'manager' : 'quality')!;
    const on = (path: (id: number) => string) => ({ url: (w: Who) => path(mine(w)), outOfReach: (w: Who) => outOfReachIds(w).map(path) });
    const service = (suffix = '') => on((id) => `/back/bo/services/${id}${suffix}`);
    const quick = on((id) => `/back/bo/quickService/${id}`);
    const lines = (suffix = '') => on((id) => `/back/bo/purchaseOrderLines/${id}${suffix}`);
    const notes = (suffix = '') => on((id) => `/back/bo/servicenotes/${id}${suffix}`);
    return [
      { route: 'GET /back/bo/services/:id', who: viewers, ...service() },
      { route: 'DELETE /back/bo/services/:id', who: readers, ...service(), expect: [422] },
      { route: 'POST /back/bo/services', who: readers, body: { notAField: true } },
      { route: 'PUT /back/bo/services/:id', who: viewers, ...service(), body: { version: 1, notAField: true } },
      { route: 'POST /back/bo/services/:id/split', who: readers, ...service('/split'), body: {} },
      { route: 'POST /back/bo/services/:id/merge', who: readers, ...service('/merge'), body: {} },
      { route: 'GET /back/bo/quickService/:id', who: viewers, ...quick },
      { route: 'POST /back/bo/quickService', who: readers, body: { notAField: true } },
      { route: 'PUT /back/bo/quickService/:id', who: viewers, ...quick, body: { version: 1, notAField: true } },
      { route: 'GET /back/bo/purchaseOrderLines/:serviceId', who: viewers, ...lines() },
      { route: 'PATCH /back/bo/purchaseOrderLines/:serviceId', who: viewers, ...lines(), body: {} },
      { route: 'GET /back/bo/purchaseOrderLines/:serviceId/laboratoryLines', who: viewers, ...lines('/laboratoryLines') },
      { route: 'PATCH /back/bo/purchaseOrderLines/:serviceId/laboratoryLines', who: viewers, ...lines('/laboratoryLines'), body: {} },
      { route: 'GET /back/bo/servicenotes/:serviceId', who: viewers, ...notes() },
      { route: 'POST /back/bo/servicenotes/:serviceId', who: viewers, ...notes(), body: {} },
      { route: 'PUT /back/bo/servicenotes/:serviceId', who: viewers, ...notes(), body: {} },
      { route: 'DELETE /back/bo/servicenotes/:serviceId/:noteId', who: viewers, ...notes('/999999') },
      { route: 'GET /back/bo/notifyreminder/reminders', who: viewers, ...on((id) => `/back/bo/notifyreminder/reminders?serviceId=${id}`) },
      { route: 'POST /back/bo/notifyreminder/reminders', who: viewers, body: {} },
      { route: 'PUT /back/bo/notifyreminder/reminders/:id', who: viewers, url: () => '/back/bo/notifyreminder/reminders/999999', body: {} },
      { route: 'DELETE /back/bo/notifyreminder/reminders/:id', who: viewers, url: () => '/back/bo/notifyreminder/reminders/999999' },
      { route: 'GET /back/bo/serviceElements/:id/elements', who: viewers, ...on((id) => `/back/bo/serviceElements/${id}/elements`) },
      { route: 'PATCH /back/bo/serviceElements/:id/elements/:fileId', who: readers, ...on((id) => `/back/bo/serviceElements/${id}/elements/999999`), body: { notAField: true } },
    ];
  })(),
  // ---- services: dates and workflow actions ----
  ...((): Route[] => {
    /** Service route roles (SEARCH_SERVICE, a CREATE_SERVICE flag, SUPER_ADMIN): every account. */
    const serviceUsers: Who[] = ['admin', 'manager', 'inspector', 'quality', 'buyer', 'sales', 'outsider'];
    /** docs/services.md visibility: same universe; super admin, owner or provider, or a party once the provider confirmed. */
    const sees = (w: Who, service: Row) => {
      const { universeId, companyId, superAdmin } = people[w];
      if (service.universeId !== universeId) return false;
      if (superAdmin || service.creatorCompany === companyId || service.serviceProvider === companyId) return true;
      return service.providerConfirmed === true && [service.client, service.supplier, service.factory, service.agent].includes(companyId);
    };
    /** A demo-seeded service the caller sees (any of its universe for a caller without the route role). */
    const seenService = async (w: Who) => {
      const services = await server.store.all('services');
      const found = services.find((service) => sees(w, service)) ?? services.find((service) => service.universeId === people[w].universeId);
      if (!found) throw new Error(`no demo service for ${w}: the services seed is missing`);
      return found.serviceId as number;
    };
    /** One service of the caller's universe it does not see (when the seed has one) and one of the other universe. */
    const unseen = async (w: Who) => {
      const services = (await server.store.all('services')).filter((service) => !sees(w, service));
      const sameUniverse = services.find((service) => service.universeId === people[w].universeId);
      const elsewhere = services.find((service) => service.universeId !== people[w].universeId);
      return [sameUniverse, elsewhere].filter((service) => service !== undefined).map((service) => service.serviceId as number);
    };
    const dateLines = '/back/bo/serviceDateLines';
    const history = (id: number) => `/back/bo/services/${id}/history`;
    const action = (id: number) => `/back/bo/services/${id}/noSuchAction`;
    const notifyRules = (id: number) => `/back/bo/notify/services/${id}/rules/SERVICE_CONFIRMED`;
    const notifyEmails = (id: number) => `/back/bo/notify/services/${id}/emails?includeNetworkContact=true`;
    return [
      { route: `GET ${dateLines}/:serviceId`, who: serviceUsers, url: async (w) => `${dateLines}/${await seenService(w)}`, outOfReach: async (w) => (await unseen(w)).map((id) => `${dateLines}/${id}`) },
      ...['requestDate', 'postpone', 'acceptDate', 'refuseDate'].map((call): Route => ({ route: `POST ${dateLines}/${call}`, who: serviceUsers, body: { serviceId: 'none' } })),
      { route: 'GET /back/bo/services/:id/history', who: serviceUsers, url: async (w) => history(await seenService(w)), outOfReach: async (w) => (await unseen(w)).map(history) },
      { route: 'PATCH /back/bo/services/:id/:action', who: serviceUsers, url: async (w) => action(await seenService(w)), outOfReach: async (w) => (await unseen(w)).map(action) },
      // The notification form (docs/notifications.md): whoever sees the service.
      ...['GET', 'POST'].map((method): Route => ({
        route: `${method} /back/bo/notify/services/:serviceId/rules/:type`,
        who: serviceUsers,
        url: async (w) => notifyRules(await seenService(w)),
        outOfReach: async (w) => (await unseen(w)).map(notifyRules),
        ...(method === 'POST' ? { body: { doSend: 'yes' } } : {}),
      })),
      { route: 'GET /back/bo/notify/contacts', who: serviceUsers, url: (w) => `/back/bo/notify/contacts?companyId=${people[w].companyId}` },
      { route: 'GET /back/bo/notify/services/:serviceId/emails', who: serviceUsers, url: async (w) => notifyEmails(await seenService(w)), outOfReach: async (w) => (await unseen(w)).map(notifyEmails) },
    ];
  })(),
  // ---- inspection reports (docs/reports.md): spec §6.4 report access and decision right ----
  ...((): Route[] => {
    /** A demo service with a report (terminated inspections) the caller sees as a party; the outsider's universe has none: one of its own services. */
    const withReport = async (w: Who) => {
      const { universeId, companyId, superAdmin } = people[w];
      const reported = new Set((await server.store.all('reports')).map((report) => report.serviceId));
      const services = await server.store.all('services');
      const party = (service: Row) => [service.client, service.supplier, service.factory, service.agent, service.serviceProvider].includes(companyId);
      const found =
        services.find((service) => reported.has(service.serviceId) && service.universeId === universeId && (superAdmin || party(service))) ??
        services.find((service) => service.universeId === universeId && (party(service) || service.creatorCompany === companyId));
      if (!found) throw new Error(`no demo report for ${w}`);
      return found.serviceId as number;
    };
    /** A service with a report out of the caller's sight: another universe's, or one of its universe where its company plays no part. */
    const unseenReport = async (w: Who) => {
      const reported = new Set((await server.store.all('reports')).map((report) => report.serviceId));
      const { universeId, companyId, superAdmin } = people[w];
      const services = (await server.store.all('services')).filter((service) => reported.has(service.serviceId));
      const out = services.filter((service) => service.universeId !== universeId || (!superAdmin && service.creatorCompany !== companyId && ![service.client, service.supplier, service.factory, service.agent, service.serviceProvider].includes(companyId)));
      return out.slice(0, 1).map((service) => service.serviceId as number);
    };
    const at = (tail: string, base = '/back/bo/reports/') => ({
      url: async (w: Who) => `${base}${await withReport(w)}${tail}`,
      outOfReach: async (w: Who) => (await unseenReport(w)).map((id) => `${base}${id}${tail}`),
    });
    /** READ: the provider (Atlas), the brand (decision maker) and the super admin; the supplier reads a summary only (403 on the details). */
    const readers: Who[] = ['admin', 'manager', 'inspector', 'quality', 'buyer'];
    const providers: Who[] = ['admin', 'manager', 'inspector'];
    /**
     * The decision maker's managers (the MANAGER flag, a local manager's profile or SERVICE_DECISION_POWER, within the
     * decision-maker company) and the super admin: the provider's manager holds decision power but is another party (DESIGN rule 11).
     */
    const deciders: Who[] = ['admin', 'quality', 'buyer'];
    return [
      { route: 'GET /back/bo/reports/:serviceId', who: [...readers, 'sales'], ...at('') },
      { route: 'GET /back/bo/reports/:serviceId/overview', who: ALL, ...at('/overview') },
      { route: 'GET /back/bo/reports/:serviceId/default', who: providers, ...at('/default') },
      { route: 'GET /back/bo/reports/:serviceId/aql', who: readers, ...at('/aql') },
      { route: 'GET /back/bo/reports/:serviceId/defects', who: readers, ...at('/defects') },
      { route: 'GET /back/bo/dfc/reports/:serviceId/defects/combo', who: readers, ...at('/defects/combo', '/back/bo/dfc/reports/') },
      { route: 'GET /back/bo/reports/:serviceId/reportDefects', who: readers, ...at('/reportDefects') },
      { route: 'GET /back/bo/reports/:serviceId/inspectedPieces', who: readers, ...at('/inspectedPieces') },
      { route: 'GET /back/bo/reports/:serviceId/customFields', who: readers, ...at('/customFields') },
      { route: 'GET /back/bo/reports/:serviceId/pdf', who: readers, ...at('/pdf') },
      { route: 'POST /back/bo/reports/:serviceId', who: providers, ...at(''), body: { report: { notAField: true } } },
      { route: 'PUT /back/bo/reports/:serviceId', who: providers, ...at(''), body: { version: 1, report: { notAField: true } } },
      { route: 'POST /back/bo/reports/:serviceId/reportDefects', who: providers, ...at('/reportDefects'), body: { version: 1, defects: 'none' } },
      { route: 'POST /back/bo/reports/:serviceId/inspectedPieces', who: providers, ...at('/inspectedPieces'), body: { version: 1, inspectedPieces: 'none' } },
      { route: 'PUT /back/bo/reports/:serviceId/decision', who: deciders, ...at('/decision'), body: { version: 1, clientDecision: 'NOPE', recipients: [] } },
      // Reopening a decided report is the provider's, who writes it (docs/reports.md).
      { route: 'PATCH /back/bo/reports/:serviceId/reopen', who: providers, ...at('/reopen'), body: { version: 1, comment: ' ' } },
    ];
  })(),
  // ---- assignment (docs/services.md "Assignment"): a service provider's company (or the super admin), on a service it provides ----
  ...((): Route[] => {
    const planners: Who[] = ['admin', 'manager', 'inspector'];
    const provided = async (w: Who) => {
      const services = await server.store.all('services');
      const { universeId, companyId, superAdmin } = people[w];
      const found = services.find((service) => service.universeId === universeId && (superAdmin || service.serviceProvider === companyId)) ?? services.find((service) => service.universeId === universeId);
      if (!found) throw new Error(`no demo service for ${w}`);
      return found.serviceId as number;
    };
    const elsewhere = async (w: Who) => (await server.store.all('services')).filter((service) => service.universeId !== people[w].universeId).slice(0, 1).map((service) => service.serviceId as number);
    const at = (path: string) => ({
      url: async (w: Who) => `${path}?serviceId=${await provided(w)}`,
      outOfReach: async (w: Who) => (await elsewhere(w)).map((id) => `${path}?serviceId=${id}`),
    });
    // Changing the team is for the provider's managers (and the super admin): its inspector reads the form only.
    const assigners: Who[] = ['admin', 'manager'];
    return [
      { route: 'GET /back/bo/pln/planning/assignment-form', who: planners, ...at('/back/bo/pln/planning/assignment-form') },
      { route: 'POST /back/bo/pln/planning/assignment-form', who: assigners, body: {} },
      { route: 'GET /back/bo/pln/planning/attendees', who: assigners, ...at('/back/bo/pln/planning/attendees') },
    ];
  })(),
  // ---- services: search and priorities ----
  ...((): Route[] => {
    /** Service route roles (SEARCH_SERVICE, a CREATE_SERVICE flag, SUPER_ADMIN): every account. Each caller's own data: nothing out of reach. */
    const searchers: Who[] = ['admin', 'manager', 'inspector', 'quality', 'buyer', 'sales', 'outsider'];
    return [
      { route: 'GET /back/bo/services', who: searchers },
      { route: 'GET /back/bo/services/lookup', who: searchers },
      { route: 'GET /back/bo/services/priority', who: searchers },
      { route: 'POST /back/bo/services/priority', who: searchers, body: [{ service: { serviceId: 1 }, priority: 0 }] },
    ];
  })(),
  // ---- team planning and its export (docs/planning.md): the service route roles, every account; each sees the assignments of the services it sees (tests/api/planning.test.ts) ----
  { route: 'GET /back/bo/pln/planning/team', who: ALL },
  { route: 'GET /back/bo/inter/spa/planning/export/', who: ALL },
  { route: 'GET /back/bo/pln/planning/rows', who: ALL },
  // ---- activity figures (the service routes' roles: every demo account) and the dashboard's costs (structural costs' and fees' roles) ----
  { route: 'GET /back/bo/activity/figures', who: ['admin', 'manager', 'inspector', 'quality', 'buyer', 'sales', 'outsider'] },
  { route: 'GET /back/bo/dashboard/costs', who: MANAGERS },
  // ---- KPIs of the datacenter (docs/kpis.md): the service routes' roles, every demo account; each counts the services it sees (tests/api/kpi-calls.test.ts) ----
  ...['supplier/overview', 'supplier/chart', 'supplier/heatmap', 'supplier/compare', 'internal/yearMonth', 'internal/bySeason', 'internal/byProductType', 'serviceprovider/overview', 'serviceprovider/compare', 'generate'].map((call): Route => ({ route: `GET /back/bo/kpi/${call}`, who: ALL })),
  ...['supplier', 'serviceprovider'].map((family): Route => ({
    route: `GET /back/bo/kpi/${family}/compareSeason`, who: ALL,
    url: async (who) => { const season = await seen('season', who); return `/back/bo/kpi/${family}/compareSeason?period1Season=${season}&period2Season=${season}`; },
  })),
  // ---- tasks (docs/tasks.md): every service reader reads its company's; closing needs a CREATE_SERVICE flag, SERVICE_WORKFLOW or SUPER_ADMIN ----
  ...((): Route[] => {
    const readers: Who[] = ['admin', 'manager', 'inspector', 'quality', 'buyer', 'sales', 'outsider'];
    const closers: Who[] = ['admin', 'manager', 'quality', 'buyer', 'sales', 'outsider'];
    /** A task of the caller's company (any of its universe when it has none: a refusal comes first then). */
    const ownTask = async (w: Who) => {
      const { companyId, universeId } = people[w];
      const tasks = (await server.store.all('tasks')).filter((task) => task.universeId === universeId);
      return (tasks.find((task) => task.companyId === companyId) ?? tasks[0]).taskId as number;
    };
    /** Another company's task of the caller's universe, and one of the other universe. */
    const othersTasks = async (w: Who) => {
      const { companyId, universeId } = people[w];
      const tasks = await server.store.all('tasks');
      const same = tasks.find((task) => task.universeId === universeId && task.companyId !== companyId);
      const other = tasks.find((task) => task.universeId !== universeId);
      return [same, other].filter((task) => !!task).map((task) => `/back/bo/tasks/${task!.taskId as number}`);
    };
    return [
      { route: 'GET /back/bo/tasks', who: readers },
      { route: 'PATCH /back/bo/tasks/:id', who: closers, url: async (w) => `/back/bo/tasks/${await ownTask(w)}`, body: { version: 1, status: 'OPEN' }, outOfReach: othersTasks },
    ];
  })(),
  // ---- risk analysis (docs/risk.md): the MANAGER flag or SUPER_ADMIN ----
  ...((): Route[] => {
    /** A company of the caller's universe (its own); out of reach: the other universe's. */
    const company = (suffix: string) => ({
      url: (w: Who) => `/back/bo/risk/company/${people[w].companyId}/${suffix}`,
      outOfReach: (w: Who) => [`/back/bo/risk/company/${people[otherUniverse(w)].companyId}/${suffix}`],
    });
    const visible = (w: Who, service: Row) => {
      const { universeId, companyId, superAdmin } = people[w];
      if (service.universeId !== universeId) return false;
      if (superAdmin || service.creatorCompany === companyId || service.serviceProvider === companyId) return true;
      return service.providerConfirmed === true && [service.client, service.supplier, service.factory, service.agent].includes(companyId);
    };
    const references = (id: unknown) => `/back/bo/risk/services/${String(id)}/references`;
    const referenceOf = async (companyId: number) =>
      (await server.store.insert('references', 'referenceId', { name: 'Matrix reference', sku: `MATRIX-${companyId}-${Date.now()}`, referenceType: 'FINISHED_PRODUCT', companyId, universeId: (await server.store.get('companies', companyId))!.universeId, suppliers: [], parentIds: [], tags: [], risk: 'NA', score: 0 })).referenceId as number;
    return [
      { route: 'GET /back/bo/risk/company/:companyId/charts', who: MANAGERS, ...company('charts') },
      { route: 'GET /back/bo/risk/company/:companyId/defectSynthesis', who: MANAGERS, ...company('defectSynthesis') },
      {
        route: 'GET /back/bo/risk/services/:id/references', who: MANAGERS,
        url: async (w) => references((await server.store.all('services')).find((service) => visible(w, service))?.serviceId ?? 999999),
        outOfReach: async (w) => (await server.store.all('services')).filter((service) => !visible(w, service) && service.universeId !== people[w].universeId).slice(0, 1).map((service) => references(service.serviceId)),
      },
      {
        route: 'GET /back/bo/risk/companies/:supplierId_clientId', who: MANAGERS,
        url: (w) => `/back/bo/risk/companies/${people[w].companyId}_${people[w].companyId}`,
        outOfReach: (w) => [`/back/bo/risk/companies/${people[otherUniverse(w)].companyId}_${people[w].companyId}`, `/back/bo/risk/companies/${people[w].companyId}_${people[otherUniverse(w)].companyId}`],
      },
      {
        route: 'GET /back/bo/risk/orderTakers/:companyId/factoryExport/generate', who: MANAGERS,
        url: (w) => `/back/bo/risk/orderTakers/${people[w].companyId}/factoryExport/generate`,
        outOfReach: (w) => [`/back/bo/risk/orderTakers/${people[otherUniverse(w)].companyId}/factoryExport/generate`],
      },
      {
        // A reference of the caller's company (its brand's), made for the call; out of reach: one of the other universe.
        route: 'GET /back/bo/smartdata/operations/references/:id', who: MANAGERS,
        url: async (w) => `/back/bo/smartdata/operations/references/${await referenceOf(people[w].companyId)}`,
        outOfReach: async (w) => [`/back/bo/smartdata/operations/references/${await referenceOf(people[otherUniverse(w)].companyId)}`],
      },
      // The wizard's right (a CREATE_SERVICE flag or SUPER_ADMIN), as POST /back/bo/services.
      { route: 'POST /back/bo/smartdata/operations/newService', who: ['admin', 'manager', 'quality', 'buyer', 'sales', 'outsider'], body: { notAField: true } },
    ];
  })(),
  // ---- a reference's elements (docs/files.md) and the services↔references calls (docs/services.md): references are read by their
  // brand and the suppliers they name, written by the brand's MANAGER (or a super admin); the service calls have the service routes' roles ----
  ...((): Route[] => {
    /** Per caller, a reference it sees (written by the store: the reference API is its own part); out of reach: Como's, the other universe's. */
    const refs = { lumiere: 0, como: 0, northwind: 0 };
    describe('reference fixtures', () => {
      beforeAll(async () => {
        const company = async (name: string) => (await server.store.find('companies', (row) => row.name === name))[0].companyId as number;
        const reference = async (companyId: number, universeId: number, suppliers: number[]) =>
          (await server.store.insert('references', 'referenceId', { companyId, universeId, suppliers, sku: `MATRIX-${companyId}`, name: 'Matrix sample', referenceType: 'FINISHED_PRODUCT', parentIds: [], tags: [] })).referenceId as number;
        // Atlas among the suppliers too, so that every account of universe 1 reads one.
        refs.lumiere = await reference(people.quality.companyId, people.quality.universeId, [await company('Shenzhen Textile Co'), people.manager.companyId]);
        refs.como = await reference(await company('Como Seta S.r.l.'), people.quality.universeId, []);
        refs.northwind = await reference(people.outsider.companyId, people.outsider.universeId, []);
      });
      it('the references exist', () => expect(refs.lumiere * refs.como * refs.northwind).toBeGreaterThan(0));
    });
    const mine = (w: Who) => (people[w].universeId === people.quality.universeId ? refs.lumiere : refs.northwind);
    const others = (w: Who) => [...(people[w].superAdmin ? [] : [refs.como]), people[w].universeId === people.quality.universeId ? refs.northwind : refs.lumiere];
    const on = (path: (id: number) => string) => ({ url: (w: Who) => path(mine(w)), outOfReach: (w: Who) => others(w).map(path) });
    const brandManagers: Who[] = ['admin', 'quality', 'outsider'];
    /** A service the caller sees (the demo seed's), and one of the other universe. */
    const visible = (w: Who, service: Row) => {
      const { universeId, companyId, superAdmin } = people[w];
      if (service.universeId !== universeId) return false;
      if (superAdmin || service.creatorCompany === companyId || service.serviceProvider === companyId) return true;
      return service.providerConfirmed === true && [service.client, service.supplier, service.factory, service.agent].includes(companyId);
    };
    const onService = (suffix: string) => ({
      url: async (w: Who) => `/back/bo/services/${(await server.store.all('services')).find((service) => visible(w, service))?.serviceId ?? 999999}/${suffix}`,
      outOfReach: async (w: Who) => (await server.store.all('services')).filter((service) => service.universeId !== people[w].universeId).slice(0, 1).map((service) => `/back/bo/services/${service.serviceId}/${suffix}`),
    });
    return [
      { route: 'GET /back/bo/referenceElements/:id/elements', who: ALL, ...on((id) => `/back/bo/referenceElements/${id}/elements`) },
      { route: 'GET /back/bo/referenceElements/:id/pushToServices', who: brandManagers, ...on((id) => `/back/bo/referenceElements/${id}/pushToServices`) },
      { route: 'PATCH /back/bo/files/references/:id/elements/:fileId', who: brandManagers, ...on((id) => `/back/bo/files/references/${id}/elements/999999`), body: { notAField: true } },
      { route: 'DELETE /back/bo/files/references/:fileId/:referenceId', who: brandManagers, ...on((id) => `/back/bo/files/references/999999/${id}/`) },
      { route: 'GET /back/bo/services/references', who: ALL, ...on((id) => `/back/bo/services/references?referenceId=${id}`) },
      { route: 'GET /back/bo/services/:id/historyReferences', who: ALL, ...onService('historyReferences') },
      // A service of another department than the call's: 422.
      { route: 'GET /back/bo/services/:id/auditLine', who: ALL, ...onService('auditLine'), expect: [200, 422] },
      { route: 'GET /back/bo/services/:id/consultingLine', who: ALL, ...onService('consultingLine'), expect: [200, 422] },
    ];
  })(),

  // Purchase orders and their lines (docs/purchaseOrders.md): every caller reads what names its company; a brand's MANAGER or a SUPER_ADMIN writes.
  ...purchaseOrderRows(),
  // ---- imports (docs/imports.md): the MANAGER of a decision-making company, for its own company; no document yet, no history ----
  ...['/back/bo/importOrder', '/back/bo/importservice'].flatMap((base): Route[] => {
    const importers: Who[] = ['quality', 'outsider'];
    return [
      { route: `GET ${base}/mappings`, who: importers },
      { route: `PATCH ${base}/mappings/:column`, who: importers, url: () => `${base}/mappings/0`, body: {} },
      { route: `GET ${base}/preview`, who: importers },
      { route: `GET ${base}/startImport`, who: importers, expect: [422] },
      { route: `DELETE ${base}/importDocument`, who: importers },
      { route: `GET ${base}/histories`, who: importers },
      { route: `GET ${base}/histories/:id`, who: importers, url: () => `${base}/histories/999999`, expect: [404] },
      { route: `GET ${base}/histories/:id/progress`, who: importers, url: () => `${base}/histories/999999/progress`, expect: [404] },
      { route: `GET ${base}/histories/:id/refusedRows`, who: importers, url: () => `${base}/histories/999999/refusedRows`, expect: [404] },
    ];
  }),
];

/** The order routes: reads for all, writes for the brands' managers and the super admin; a line's path is its order's. */
function purchaseOrderRows(): Route[] {
  const writers: Who[] = ['admin', 'quality', 'outsider'];
  const orders = resource('purchaseOrder', '/back/bo/purchaseOrders', ALL, { writable: true, machine: false }).map((row) => (row.route.startsWith('GET ') ? row : { ...row, who: writers }));
  const linesOf = async (id: number) => `/back/bo/purchaseOrders/${(await server.store.get('orderLines', id))!.purchaseOrderId as number}/lines`;
  const lines = ownedList('orderLine', '/back/bo/purchaseOrders/:purchaseOrderId/lines', ALL, writers, async (w, id) => linesOf(id ?? (await seen('orderLine', w))));
  const reference = async (w: Who) => {
    const found = (await server.store.all('references')).find((record) => companySees(entity('reference'), record, people[w]));
    return `/back/bo/purchaseOrders/references/${String(found?.referenceId ?? 999999)}`;
  };
  return [...orders, ...lines, { route: 'GET /back/bo/purchaseOrders/references/:referenceId', who: ALL, url: reference, expect: [200, 404] }];
}

// ---- routes as the app registers them ----

/** `/back/bo/capas/:id{[0-9]+}/` → `/back/bo/capas/:` (parameter names and patterns, even nested braces, and a trailing slash dropped). */
function normalizePath(path: string): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    if (path[i] === ':') {
      out += ':';
      while (/[A-Za-z0-9_]/.test(path[i + 1] ?? '')) i++;
    } else if (path[i] === '{') {
      for (let depth = 1; depth && i < path.length - 1; ) {
        i++;
        depth += path[i] === '{' ? 1 : path[i] === '}' ? -1 : 0;
      }
    } else out += path[i];
  }
  return out.length > 1 ? out.replace(/\/$/, '') : out;
}
const keyOf = (route: string) => {
  const [method, path] = route.split(' ');
  return `${method} ${normalizePath(path)}`;
};

function appRoutes(): Map<string, string[]> {
  const app = routeListingApp(server.url);
  const routes = new Map<string, string[]>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL' || !path.startsWith('/back')) continue;
    const key = `${method} ${normalizePath(path)}`;
    routes.set(key, [...new Set([...(routes.get(key) ?? []), path])]);
  }
  return routes;
}

// ---- fixtures ----

async function makeFixtures() {
  const { store } = server;
  const como = (await store.find('companies', (company) => company.name === 'Como Seta S.r.l.'))[0].companyId as number;
  const copyOf = (def: EntityDef, record: Stored<Row>, changes: Row = {}): Row => {
    const { version: _version, [def.idField]: _id, ...fields } = record;
    return { ...fields, ...changes };
  };
  const generic = [...entities.values()].filter((def) => def.api && !def.customRoutes);
  const writable = generic.filter((def) => !def.readOnly);
  /** Who may use an entity's routes, as the table says. */
  // (an entity the table does not classify yet gets no fixture: its routes fail the classification test instead)
  const routeWho = (def: EntityDef) => (TABLE.find((row) => keyOf(row.route) === keyOf(`GET ${routeOf(def)}`))?.who ?? []) as Who[];
  // A record of their own company for callers the seed gives none (fee sheets and invoices are Atlas's): their routes are tried on it.
  const pairs = generic.filter((d) => d.visibility.length || d.scope === 'company').flatMap((def) => routeWho(def).map((who) => ({ def, who })));
  const unseen = (await Promise.all(pairs.map(async (pair) => ((await firstSeen(store, pair.def, people[pair.who])) === undefined ? [pair] : [])))).flat();
  await store.transaction(async (tx) => {
    for (const { def, who } of unseen) {
      const base = (await tx.query({ collection: def.collection })).find((record) => record.universeId === people[who].universeId)!;
      await tx.insert(def.collection, def.idField, copyOf(def, base, Object.fromEntries(companyFields(def).map((field) => [field, people[who].companyId]))));
    }
  });
  const copies = await Promise.all(writable.flatMap((def) => routeWho(def).map(async (who) => ({ def, who, record: (await store.get(def.collection, await seen(def.name, who)))! }))));
  const main = people.quality.universeId;
  await store.transaction(async (tx) => {
    for (const def of writable.filter((d) => companyFields(d).length)) {
      const base = (await tx.query({ collection: def.collection })).find((record) => record.universeId === main)!;
      const record = copyOf(def, base, Object.fromEntries(companyFields(def).map((field) => [field, como])));
      onlyComo.set(def.name, (await tx.insert(def.collection, def.idField, record))[def.idField] as number);
    }
    // The copies DELETE tries are in a status that may still be deleted (not `x-frozen`).
    const deletable = (def: EntityDef, record: Row): Row => (def.statusField && def.frozen.includes(String(record[def.statusField])) ? { [def.statusField]: initialStatus(def.machine!) } : {});
    for (const { def, who, record } of copies) disposables.set(`${def.name}:${who}`, (await tx.insert(def.collection, def.idField, copyOf(def, record, deletable(def, record))))[def.idField] as number);
    for (const who of ['quality', 'outsider'] as const) {
      const contact = (await tx.get<any>('contacts', people[who].contactId))!;
      await serverLogEntry(tx, { level: 'INFO', application: 'SERVER', contact, message: `rights matrix sample for ${who}` });
    }
    const token = (who: Who) => ({
      universeId: people[who].universeId,
      companyId: people[who].companyId,
      name: `matrix ${who}`,
      canWrite: false,
      contactId: people[who].contactId,
      ipAddress: '127.0.0.1',
      creationDate: '2026-01-01',
      expirationDate: '2099-12-31',
      secretHash: `not-a-hash-${who}`,
      createdBy: people[who].contactId,
    });
    fixtures.ownToken = (await tx.insert('apiTokens', 'apiTokenId', token('admin'))).apiTokenId as number;
    fixtures.atlasToken = (await tx.insert('apiTokens', 'apiTokenId', token('manager'))).apiTokenId as number;
    fixtures.otherUniverseToken = (await tx.insert('apiTokens', 'apiTokenId', token('outsider'))).apiTokenId as number;
    // Internal files of three companies (two of universe 1, one of universe 2): a COMPANY file and a signature.
    for (const who of ['quality', 'manager', 'outsider'] as const) {
      const { companyId, contactId, universeId } = people[who];
      const file = (fileType: string, entityId: number, picture: boolean) =>
        tx.insert('files', 'fileId', { entityId, fileType, fileName: `${fileType}.png`, mimeType: 'image/png', byteSize: 1, hash: '0'.repeat(64), picture, universeId, creationDate: '2026-01-01' });
      const companyFile = (await file('COMPANY', companyId, false)).fileId as number;
      const signature = (await file('CONTACT_SIGNATURE', contactId, true)).fileId as number;
      internalFiles.set(who, { companyId, companyFile, contactId, signature });
    }
  });
}

beforeAll(async () => {
  server = await startServer();
  people = await demoPeople(server.store);
  anonymous = new Client(server.url);
  clients = Object.fromEntries(await Promise.all(WHO.map(async (who) => [who, await loginAs(server, ACCOUNTS[who])]))) as Record<Who, Client>;
  registered = appRoutes();
  await makeFixtures(); // after the logins: their login events are samples too
});
afterAll(() => server?.close());

// ---- the checks ----

const methodOf = (row: Route) => row.route.split(' ')[0];
const pathOf = (row: Route) => row.route.split(' ')[1];
const isWrite = (row: Route) => methodOf(row) !== 'GET';

/** The URL and its trailing-slash twin when the app registers both. */
function variants(row: Route, url: string): string[] {
  const paths = registered.get(keyOf(row.route)) ?? [];
  const hasTwin = paths.some((path) => path.endsWith('/')) && paths.some((path) => !path.endsWith('/'));
  if (!hasTwin) return [url];
  const [path, query] = url.split('?');
  const twin = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
  return [url, query === undefined ? twin : `${twin}?${query}`];
}

async function call(client: Client, row: Route, url: string): Promise<Reply> {
  return client.request(methodOf(row), url, { json: row.body, form: row.form });
}

async function check(row: Route): Promise<string[]> {
  const problems: string[] = [];
  const verify = async (label: string, client: Client, url: string, allowed: number[] | 'not 403', ...why: string[]) => {
    for (const variant of variants(row, url)) {
      const reply = await call(client, row, variant);
      const ok = allowed === 'not 403' ? reply.status !== 403 && reply.status < 500 : allowed.includes(reply.status);
      if (!ok) problems.push(`${label} ${methodOf(row)} ${variant} → ${reply.status} (expected ${allowed}${why.join('')}) ${reply.text.slice(0, 160)}`);
    }
  };
  const urlFor = async (who: Who) => (row.url ? await row.url(who) : pathOf(row));
  const expected = row.expect ?? (isWrite(row) ? REFUSED : [200]);

  if (row.who === 'anyone') {
    await verify('anonymous', anonymous, await urlFor('admin'), expected);
    return problems;
  }
  await verify('anonymous', anonymous, await urlFor('admin'), [403]);
  const allowed = row.who;
  for (const who of WHO.filter((w) => !allowed.includes(w))) await verify(who, clients[who], await urlFor(who), [403], ', no right');
  for (const who of WHO) {
    for (const url of (await row.outOfReach?.(who)) ?? []) {
      const reach = !allowed.includes(who) || people[who].universeId !== people.quality.universeId ? [403, 404] : [404];
      await verify(who, clients[who], url, reach, ', out of reach');
    }
  }
  for (const who of allowed) {
    for (const { url, collection, id } of (await row.notTheirs?.(who)) ?? []) {
      const before = await server.store.get(collection, id);
      await verify(who, clients[who], url, [403], ', not theirs');
      if (JSON.stringify(await server.store.get(collection, id)) !== JSON.stringify(before)) problems.push(`${who} ${methodOf(row)} ${url}: refused, but ${collection} #${id} changed`);
    }
  }
  for (const who of allowed) await verify(who, clients[who], await urlFor(who), expected);
  return problems;
}

describe('every /back/ route is classified', () => {
  it('the app has no route missing from the table', () => {
    const known = new Set(TABLE.map((row) => keyOf(row.route)));
    expect([...registered.keys()].filter((key) => !known.has(key))).toEqual([]);
  });

  it('the table lists no route the app does not have', () => {
    expect(TABLE.map((row) => keyOf(row.route)).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('the table lists each route once', () => {
    const keys = TABLE.map((row) => keyOf(row.route));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });
});

describe('rights matrix', () => {
  for (const row of TABLE) {
    it(`${row.route} — ${row.who === 'anyone' ? 'anyone' : row.who.join(', ')}`, async () => {
      expect(registered.has(keyOf(row.route)), `${row.route} is not registered yet`).toBe(true);
      expect(await check(row)).toEqual([]);
    });
  }
});

describe('search answers stay inside the caller’s universe and visibility', () => {
  const rightsOf = (route: string) => TABLE.find((row) => keyOf(row.route) === keyOf(route))!.who as Who[];
  /** Platform records (no universe) are for super admins only. */
  const inReach = (def: EntityDef, record: Row | undefined, who: Who) =>
    !!record && (companySees(def, record, people[who]) || (people[who].superAdmin && (record.universeId === null || record.universeId === undefined)));

  it('searches and lookups of the generic resources', async () => {
    const problems: string[] = [];
    for (const def of [...entities.values()].filter((d) => d.api && !d.customRoutes)) {
      for (const who of rightsOf(`GET ${routeOf(def)}`)) {
        // An x-api with `{companyId}`: the caller's own company's records; another parameter (an order's lines): that of a record the caller sees.
        const sample = await firstSeen(server.store, def, people[who]);
        const sampleRecord = sample === undefined ? undefined : await server.store.get(def.collection, sample);
        const valueOf = (param: string) => (param in people[who] ? people[who][param as 'companyId'] : sampleRecord?.[param]);
        const api = def.api!.replace(/\{(\w+)\}/g, (_, param: string) => String(valueOf(param)));
        const onPath = (record: Row) => def.pathParams.every((param) => record[param] === valueOf(param));
        const list = await clients[who].get(`${api}/`);
        const lookup = await clients[who].get(`${api}/lookup`);
        expect([list.status, lookup.status], `${who} ${api}`).toEqual([200, 200]);
        if ((await firstSeen(server.store, def, people[who], onPath)) !== undefined) expect(list.body.length, `${who} sees some ${def.name}`).toBeGreaterThan(0);
        const ids = [...list.body.map((row: Row) => row[def.idField]), ...lookup.body.map((option: { value: number }) => option.value)];
        for (const id of ids) if (!inReach(def, await server.store.get(def.collection, id as number), who)) problems.push(`${who} got ${def.name} #${id}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('contacts administration lists the contacts of the caller’s company only', async () => {
    for (const who of rightsOf('GET /back/bo/contacts/admin')) {
      const reply = await clients[who].get('/back/bo/contacts/admin/');
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.length).toBeGreaterThan(0);
      expect(new Set(reply.body.map((row: Row) => row.companyId))).toEqual(new Set([people[who].companyId]));
      expect(reply.body.every((row: Row) => !('account' in row))).toBe(true);
      const elsewhere = await clients[who].get('/back/bo/contacts/admin/', { companyId: people[otherUniverse(who)].companyId });
      expect(elsewhere.status).toBe(403);
    }
    const atlas = await clients.admin.get('/back/bo/contacts/admin/', { companyId: people.manager.companyId });
    expect(atlas.body.length).toBeGreaterThan(0);
    expect(atlas.body.every((row: Row) => row.companyId === people.manager.companyId)).toBe(true);
  });

  it('API tokens are listed for the caller’s company only, without secrets', async () => {
    const reply = await clients.admin.get('/back/bo/apiTokens/admin/');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.every((token: Row) => token.companyId === people.admin.companyId && !('secretHash' in token))).toBe(true);
    expect(reply.body.map((token: Row) => token.apiTokenId)).not.toContain(fixtures.atlasToken);
  });

  it('network lookups and tag options', async () => {
    const problems: string[] = [];
    for (const who of WHO) {
      for (const source of ['contacts', 'allcompanies', 'decisionmakers', 'ordertakers']) {
        const collection = source === 'contacts' ? 'contacts' : 'companies';
        const reply = await clients[who].get(`/back/bo/networkcombo/${source}`);
        expect(reply.status).toBe(200);
        for (const { value } of reply.body) if ((await server.store.get(collection, value))?.universeId !== people[who].universeId) problems.push(`${who} ${source} #${value}`);
      }
      const tags = await clients[who].get('/back/bo/tags/CAPA,NON_COMPLIANCE/options');
      expect(tags.body.length).toBeGreaterThan(0);
      for (const { value } of tags.body) {
        const tag = (await server.store.get('tags', value))!;
        if (tag.universeId !== people[who].universeId || (tag.privacy === 'SECRET' && tag.companyId !== people[who].companyId)) problems.push(`${who} tag #${value}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('GET calls that change state are guarded like writes', () => {
  /** A read-only API token of the quality director (inserted with a known secret). */
  async function readOnlyToken(): Promise<string> {
    const secret = newTokenSecret();
    await server.store.insert('apiTokens', 'apiTokenId', {
      universeId: people.quality.universeId,
      companyId: people.quality.companyId,
      name: 'read-only matrix token',
      canWrite: false,
      contactId: people.quality.contactId,
      ipAddress: '127.0.0.1',
      creationDate: '2026-01-01',
      expirationDate: '2099-12-31',
      secretHash: secretHashOf(secret),
      createdBy: people.quality.contactId,
    });
    return secret;
  }

  it('without X-Requested-With (a cross-site link) or with a read-only token: 403, nothing changed', async () => {
    const language = async () => (await server.store.get('contacts', people.quality.contactId))!.language;
    const before = await language();
    const link = new Client(server.url, { xhr: false });
    link.cookies.set(...([...clients.quality.cookies][0] as [string, string]));
    const token = new Client(server.url, { xhr: false });
    const bearer = { Authorization: `Bearer ${await readOnlyToken()}` };
    for (const url of ['/back/bo/menu/locale?locale=it', `/back/bo/contacts/admin/${await contactWithoutAccount('quality')}/welcome`]) {
      const refused = await link.get(url);
      expect([refused.status, refused.body.message], url).toEqual([403, 'Request refused: it does not come from the application']);
      expect((await token.request('GET', url, { headers: bearer })).status, url).toBe(403);
    }
    expect((await token.request('GET', '/back/bo/menu/locale', { headers: bearer })).body).toBe(before);
    expect(await language()).toBe(before);
    const adminLink = new Client(server.url, { xhr: false });
    adminLink.cookies.set(...([...clients.admin.cookies][0] as [string, string]));
    expect((await adminLink.get('/back/login/impersonate', { username: ACCOUNTS.buyer })).status).toBe(403);
    expect((await adminLink.get('/back/auth/profile')).body.impersonating).toBeFalsy();
  });
});

describe('tag calls follow the rights of the tagged record’s own routes, for every tag source', () => {
  const registry = loadRegistry(join(ROOT, 'schemas'));
  const tagSources: string[] = registry.enums.tagSource.enum;
  const withTags = [...entities.values()].filter((def) => def.tags);
  // Compared with the record's own route: an entity without routes of its own yet (references: their files are tested above) has none to compare with.
  const tagged = withTags.filter((def) => def.api);
  const refOf = (def: EntityDef) => def.name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  /** Companies' SECRET, SHARED tags of services (the demo seed tags none): on every universe-1 service. */
  const serviceTags = { lumiereSecret: 0, atlasSecret: 0, shared: 0 };

  beforeAll(async () => {
    await server.store.transaction(async (tx) => {
      const tag = async (who: Who, localizedName: string, privacy: string) =>
        (await tx.insert('tags', 'tagId', { universeId: people[who].universeId, companyId: people[who].companyId, localizedName, color: '#000000', privacy, disabled: false, sources: ['SERVICE'] })).tagId as number;
      serviceTags.lumiereSecret = await tag('quality', 'Brand eyes only', 'SECRET');
      serviceTags.atlasSecret = await tag('manager', 'Inspector eyes only', 'SECRET');
      serviceTags.shared = await tag('quality', 'Shared service tag', 'SHARED');
      for (const service of (await tx.query({ collection: 'services' })).filter((row) => row.universeId === people.quality.universeId)) {
        await tx.update('services', service.serviceId as number, (row) => ({ ...row, tags: [serviceTags.shared, serviceTags.lumiereSecret, serviceTags.atlasSecret] }));
      }
    });
  });

  /** What the record's own route answers this caller: its status, the tags it shows, and whether the caller may change the record. */
  const profileRoles = new Map<Who, string[]>();
  /** `x-writers`: of the companies that see a record, the one it names writes it (docs/schemas.md), with the rule's flags. */
  async function mayWrite(def: EntityDef, record: Row, who: Who): Promise<boolean> {
    if (!def.writers) return true;
    if (!profileRoles.has(who)) profileRoles.set(who, (await clients[who].get('/back/auth/profile')).body.roles as string[]);
    return mayWriteRecord(def.schema, record, people[who].companyId, profileRoles.get(who)!);
  }

  async function ownRoute(def: EntityDef, id: number, who: Who) {
    const reply = await clients[who].get(`${def.api}/${id}`);
    const writable = reply.status === 200 && !def.readOnly && (def.name !== 'service' || reply.body.rights.sheet.right === 'WRITE') && (await mayWrite(def, reply.body, who));
    return { status: reply.status, tags: reply.status === 200 ? (reply.body[def.tags!.field] as number[]) : [], writable };
  }

  const mayShow = (tag: Row, who: Who) => tag.universeId === people[who].universeId && (tag.privacy !== 'SECRET' || tag.companyId === people[who].companyId);

  it('every tag source is either the source of a tagged entity or answers 404 to everyone', async () => {
    const problems: string[] = [];
    for (const source of tagSources.filter((name) => !withTags.some((def) => def.tags!.source === name))) {
      for (const who of WHO) {
        for (const [method, url] of [['GET', `/back/bo/tags/${source}_1`], ['GET', `/back/bo/tags/${source}_1/${source}`], ['PATCH', `/back/bo/tags/${source}_1`]]) {
          const reply = await clients[who].request(method, url, { json: method === 'PATCH' ? [] : undefined });
          if (reply.status !== 404) problems.push(`${who} ${method} ${url} → ${reply.status}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(withTags.map((def) => def.tags!.source).every((source) => tagSources.includes(source))).toBe(true);
  });

  // An entity without routes yet (no x-api) has no own route to compare with: its tags are checked once it has one.
  for (const def of tagged.filter((entity) => entity.api)) {
    it(`${refOf(def)} (source ${def.tags!.source}): read, read by source and replace answer like ${def.api}/:id for every demo account`, async () => {
      const problems: string[] = [];
      const ids = (await server.store.all(def.collection)).map((record) => record[def.idField] as number);
      for (const who of WHO) {
        // Up to two records per answer of the own route (seen and writable, seen only, forbidden, out of sight here or in the other universe).
        const samples = new Map<string, number[]>();
        for (const id of ids) {
          const own = await ownRoute(def, id, who);
          const sameUniverse = (await server.store.get(def.collection, id))!.universeId === people[who].universeId;
          const key = `${own.status}:${own.writable}:${sameUniverse}`;
          if ((samples.get(key)?.length ?? 0) < 2) samples.set(key, [...(samples.get(key) ?? []), id]);
        }
        for (const id of [...samples.values()].flat()) {
          const own = await ownRoute(def, id, who);
          const ref = `/back/bo/tags/${refOf(def)}_${id}`;
          const label = `${who} ${ref} (own route ${own.status}${own.writable ? ', writable' : ''})`;
          for (const url of [ref, `${ref}/${def.tags!.source}`]) {
            const read = await clients[who].get(url);
            if (read.status !== own.status) problems.push(`${label}: GET ${url} → ${read.status}`);
            if (read.status !== 200) continue;
            const shown = read.body.map((tag: { tagId: number }) => tag.tagId);
            if (url === ref && shown.join() !== own.tags.join()) problems.push(`${label}: GET shows [${shown}], the record shows [${own.tags}]`);
            for (const tagId of shown) if (!mayShow((await server.store.get('tags', tagId))!, who)) problems.push(`${label}: GET ${url} shows hidden tag #${tagId}`);
          }
          const before = (await server.store.get(def.collection, id))!;
          const write = await clients[who].patch(ref, own.tags, { version: before.version });
          const expected = own.status !== 200 ? own.status : own.writable ? 200 : 403;
          if (write.status !== expected) problems.push(`${label}: PATCH → ${write.status}, expected ${expected} ${write.text.slice(0, 120)}`);
          const after = (await server.store.get(def.collection, id))!;
          if (expected !== 200 && JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${label}: PATCH refused but the record changed`);
          const sorted = (record: Row) => [...(record[def.tags!.field] as number[])].sort().join();
          if (expected === 200 && sorted(after) !== sorted(before)) problems.push(`${label}: rewriting the visible tags changed the stored list`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('a company’s SECRET tag on a service stays hidden from the other parties who see the service', async () => {
    const service = (await server.store.find('services', (row) => row.client === people.quality.companyId && row.serviceProvider === people.manager.companyId && row.providerConfirmed === true))[0];
    const ref = `/back/bo/tags/SERVICE_${service.serviceId}`;
    const shown = async (who: Who) => (await clients[who].get(ref)).body.map((tag: { tagId: number }) => tag.tagId);
    expect(await shown('manager')).toEqual([serviceTags.shared, serviceTags.atlasSecret]);
    expect(await shown('quality')).toEqual([serviceTags.shared, serviceTags.lumiereSecret]);
    const options = await clients.manager.get('/back/bo/tags/SERVICE/options');
    expect(options.body.map((option: { value: number }) => option.value)).not.toContain(serviceTags.lumiereSecret);
  });
});
