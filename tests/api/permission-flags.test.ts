import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PERMISSION_FLAGS, permissionFlags } from '../../server/auth/roles';
import type { Row } from '../../server/store/types';
import { ACCOUNTS, type Client, type Reply, type TestServer } from './helpers';
import { expectRefused, insertService, network, wizardBody, type Network } from './service-fixtures';

/**
 * The rights matrix of the permission flags (spec §6.2): for every flag that guards something
 * built, one call made twice by the same account — once holding exactly the flags of its profile
 * without that flag, once with it. Without: refused (403, or 409 where the flag only widens a
 * workflow rule), nothing written. With: let through. Every other flag is listed with what it
 * will guard once that exists, so that no flag is forgotten.
 *
 * Profiles grant whole sets of flags (server/auth/roles.ts), so no demo account lacks just one.
 * The test gives an account an exact set: a profile named `FLAGS:A,B` stands for the flags A, B.
 */
vi.mock('../../server/auth/roles', async (original) => (await import('./exactFlags')).withExactFlags(await original()));

type Who = 'quality' | 'manager' | 'sales';

interface FlagCase {
  flag: string;
  /** What the call does, for the test's name. */
  call: string;
  /** Whose account makes the call (its company and side), and the profile whose flags it holds besides the flag. */
  who: Who;
  profile: string;
  /** Flags held besides the profile's, in both runs. */
  also?: string[];
  /** A record made before each of the two runs (a fresh one each time), given to `run`. */
  prepare?: () => Promise<number>;
  run: (client: Client, id: number) => Promise<Reply>;
  /** Status without the flag (default 403) and with it. */
  without?: number;
  with: number[];
}

let server: TestServer;
let clients: Record<Who, Client>;
let net: Network;

beforeAll(async () => {
  // The test files of a worker share their modules (vitest.config.ts): the server is imported
  // anew, so that it takes the mocked flags.
  vi.resetModules();
  const { startWithLogins } = await import('./helpers');
  ({ server, clients } = await startWithLogins(['quality', 'manager', 'sales'] as const));
  net = await network(server.store);
});
afterAll(() => server?.close());

/** Gives the account exactly these flags (plus SPA_USER); its session stays open. */
async function holdFlags(who: Who, flags: string[]): Promise<void> {
  const contactId = net.contacts[ACCOUNTS[who]];
  await server.store.update<Row>('contacts', contactId, (contact) => ({ ...contact, account: { ...(contact.account as Row), profiles: [`FLAGS:${flags.join(',')}`] } }));
}

const flagsOf = (profile: string) => permissionFlags([profile]);
const ASSESSMENT = ['ASSESSMENT_INTERNAL', 'ASSESSMENT_THIRD_PARTY', 'ASSESSMENT_SELF'];

/** A valid wizard body of a department (a laboratory service needs a test line). */
const departmentBody = (department: string, type: string) =>
  wizardBody(net, { service: { thirdPartyDepartment: department, type }, ...(department === 'LAB' ? { laboratoryLines: [{ testName: 'Azo dyes', sampleCount: 3 }] } : {}) });

/** A service the provider (manager@inspect.test) may confirm: both sides agreed on the date. */
const agreedService = async () =>
  (await insertService(server.store, { fields: { dateRelevance: 'ACCEPTED', pendingDateBy: null, providerConfirmed: false } })).serviceId as number;

/** A confirmed service created by Maison Lumière: Shenzhen (supplier) does not own it. */
const confirmedService = async () =>
  (await insertService(server.store, { fields: { serviceStep: 'CONFIRMED', dateRelevance: 'ACCEPTED', pendingDateBy: null, providerConfirmed: true } })).serviceId as number;

const CASES: FlagCase[] = [
  { flag: 'IMPERSONATE', call: 'GET /back/login/impersonate', who: 'quality', profile: 'MANAGER', run: (c) => c.get('/back/login/impersonate', { username: 'nobody@nowhere.test' }), with: [404] },
  { flag: 'ADMIN', call: 'GET /back/bo/apiTokens/admin', who: 'quality', profile: 'MANAGER', run: (c) => c.get('/back/bo/apiTokens/admin'), with: [200] },
  { flag: 'COMPANY_ADMIN', call: 'GET /back/bo/contacts/admin', who: 'quality', profile: 'MANAGER', run: (c) => c.get('/back/bo/contacts/admin'), with: [200] },
  // MANAGER lacks only CREATE_NETWORK here; a company of the universe linked to nobody, made for each run, is invited.
  {
    flag: 'CREATE_NETWORK',
    call: 'POST /back/bo/network/links',
    who: 'quality',
    profile: 'MANAGER',
    prepare: async () => (await server.store.insert('companies', 'companyId', { universeId: net.universeId, name: `Unlinked ${Date.now()}`, roles: ['FACTORY'], currency: 'EUR' })).companyId as number,
    run: (c, partnerId) => c.post('/back/bo/network/links', { partnerId }),
    with: [201],
  },
  { flag: 'CREATE_CONTACT', call: 'POST /back/bo/contacts/admin', who: 'quality', profile: 'MANAGER', run: (c) => c.post('/back/bo/contacts/admin', {}), with: [400] },
  { flag: 'SUPER_ADMIN', call: 'GET /back/bo/admin/loginEvent/', who: 'quality', profile: 'MANAGER', run: (c) => c.get('/back/bo/admin/loginEvent/'), with: [200] },
  { flag: 'MANAGER', call: 'GET /back/bo/capas/', who: 'quality', profile: 'MANAGER', run: (c) => c.get('/back/bo/capas/'), with: [200] },
  { flag: 'UNIVERSE_ADMIN', call: 'DELETE /back/bo/companies/{id}', who: 'quality', profile: 'MANAGER', run: (c) => c.delete('/back/bo/companies/999999'), with: [404] },
  { flag: 'UNIVERSE_ADMIN', call: 'PATCH /back/bo/companies/{id}/toggleVisibility', who: 'quality', profile: 'MANAGER', run: (c) => c.patch('/back/bo/companies/999999/toggleVisibility'), with: [404] },
  { flag: 'SEARCH_SERVICE', call: 'GET /back/bo/services', who: 'quality', profile: 'ADMIN_OPERATION', run: (c) => c.get('/back/bo/services'), with: [200] },
  { flag: 'CREATE_SERVICE', call: 'POST /back/bo/services', who: 'quality', profile: 'ADMIN_OPERATION', run: (c) => c.post('/back/bo/services', {}), with: [400] },
  ...(
    [
      ['CREATE_SERVICE_INSPECTION', 'INSP', 'INSP_FINAL_RANDOM'],
      ['CREATE_SERVICE_AUDIT', 'AUDIT', 'AUDIT_SOCIAL'],
      ['CREATE_SERVICE_LABORATORY', 'LAB', 'LAB_PHYSICAL_TEST'],
      ['CREATE_SERVICE_CONSULTING', 'CON', 'CON_TRAINING'],
    ] as const
  ).map(([flag, department, type]): FlagCase => ({
    flag,
    call: `POST /back/bo/services of department ${department}`,
    who: 'quality',
    profile: 'MANAGER',
    run: (c) => c.post('/back/bo/services', departmentBody(department, type)),
    with: [201],
  })),
  ...ASSESSMENT.map(
    (flag): FlagCase => ({
      flag,
      call: 'POST /back/bo/services with another assessment method than the default',
      who: 'quality',
      // Without: none of the three assessment flags; with: this one alone is enough (spec §6.2).
      profile: 'MANAGER',
      run: (c) => c.post('/back/bo/services', wizardBody(net, { service: { assessmentMethod: 'INTERNAL' } })),
      with: [201],
    }),
  ),
  {
    flag: 'SERVICE_WORKFLOW',
    call: 'PATCH /back/bo/services/{id}/CONFIRM (the provider)',
    who: 'manager',
    profile: 'MANAGER',
    prepare: agreedService,
    run: (c, id) => c.patch(`/back/bo/services/${id}/CONFIRM`),
    with: [200],
  },
  {
    flag: 'ALWAYS_OWNER',
    call: 'PATCH /back/bo/services/{id}/CANCEL (an order taker that did not create it)',
    who: 'sales',
    profile: 'LOCAL_MANAGER',
    also: ['SERVICE_WORKFLOW'],
    prepare: confirmedService,
    run: (c, id) => c.patch(`/back/bo/services/${id}/CANCEL`),
    without: 409,
    with: [200],
  },
];

/**
 * Flags that guard nothing built yet, and what they will guard (docs/identity.md "Permission
 * flags"). A flag moves from here to CASES with the capability it guards.
 */
const NOT_YET: Record<string, string> = {
  SPA_USER: 'held by every signed-in account: the session itself is the guard (401 without one)',
  ADMIN_OPERATION: 'marks the operations administrator profile; no screen of its own yet',
  LOCAL_ADMIN: 'company profile: defect families, defects, product families, products',
  CONTRIBUTOR: 'marks the technician profile (assignment and planning)',
  LEGACY_ACCESS: 'the legacy application (not part of this product)',
  SEARCH_SERVICE_LEGACY: 'the legacy service search (not part of this product)',
  EDIT_GLOBAL_DATA: 'editing universe-wide reference data',
  PRIVATE_NETWORK: 'refuses nothing: the links its holder makes are seen by their two companies only (docs/network.md, tests/api/network.test.ts)',
  SERVICE_DECISION_POWER: 'the report decision (reports)',
  CHECKLIST: 'checkpoints of references',
  BILLING_FEE: 'the billing tab of the service sheet (billing)',
  CUSTOM_DEFECT: 'the company defect library',
  CUSTOM_PRODUCT: 'the company product library',
  CUSTOM_SEASON: 'company seasons',
  REPORT_PIECE_DEFECT_SEVERITY: 'the report wizard (piece with severity mode)',
  REPORT_PIECE_DEFECT_WEIGHTING: 'the report wizard (weighting mode)',
  REPORT_PIECE_DEFECT_APPRECIATION: 'the report wizard (appreciation mode)',
  SHOW_REPORT_WIZARD_INSPECTION_STATUS: 'the report wizard (inspection status)',
};

describe('every permission flag of spec §6.2 is either guarded on the server or listed as guarding nothing built yet', () => {
  it('37 flags, each in exactly one of the two lists', () => {
    expect(PERMISSION_FLAGS).toHaveLength(37);
    const guarded = new Set(CASES.map((item) => item.flag));
    expect([...guarded].filter((flag) => flag in NOT_YET)).toEqual([]);
    expect(PERMISSION_FLAGS.filter((flag) => !guarded.has(flag) && !(flag in NOT_YET))).toEqual([]);
    expect([...guarded, ...Object.keys(NOT_YET)].filter((flag) => !(PERMISSION_FLAGS as readonly string[]).includes(flag))).toEqual([]);
  });

  it('the profiles grant only flags of §6.2', () => {
    const profiles = ['CONTRIBUTOR', 'LOCAL_MANAGER', 'MANAGER', 'LOCAL_OWNER', 'OWNER', 'SUPER_ADMIN', 'OFFICE_RESPONSIBLE', 'INTERNATIONAL_RESPONSIBLE', 'ADMIN_ACCOUNTING', 'ADMIN_OPERATION'];
    expect(permissionFlags(profiles).filter((flag) => !(PERMISSION_FLAGS as readonly string[]).includes(flag))).toEqual([]);
  });
});

describe('permission flags on the server: the same call without the flag, then with it', () => {
  it.each(CASES.map((item) => [`${item.flag}: ${item.call}`, item] as const))('%s', async (_name, item) => {
    const base = [...flagsOf(item.profile), ...(item.also ?? [])].filter((flag) => flag !== item.flag && !(ASSESSMENT.includes(item.flag) && ASSESSMENT.includes(flag)));
    const client = clients[item.who];

    await holdFlags(item.who, base);
    const first = (await item.prepare?.()) ?? 0;
    const refused = await expectRefused(server.store, () => item.run(client, first), item.without ?? 403);
    if ((item.without ?? 403) === 403) expect(refused.body.exception).toBe('AccessDeniedException');

    await holdFlags(item.who, [...base, item.flag]);
    const allowed = await item.run(client, (await item.prepare?.()) ?? 0);
    expect(item.with, `${allowed.status} ${allowed.text.slice(0, 300)}`).toContain(allowed.status);
  });

  it('a department without its CREATE_SERVICE flag is refused naming the field; the wizard keeps the others', async () => {
    await holdFlags('quality', flagsOf('MANAGER').filter((flag) => flag !== 'CREATE_SERVICE_AUDIT'));
    const refused = await expectRefused(server.store, () => clients.quality.post('/back/bo/services', departmentBody('AUDIT', 'AUDIT_SOCIAL')), 403);
    expect(refused.body.errors).toEqual([{ path: '/service/thirdPartyDepartment', message: 'your profile may not change this value' }]);
    expect((await clients.quality.post('/back/bo/services', departmentBody('INSP', 'INSP_FINAL_RANDOM'))).status).toBe(201);
  });

  it('without SERVICE_WORKFLOW the sheet offers no step-driving action, and the refusal says why', async () => {
    const id = await agreedService();
    await holdFlags('manager', flagsOf('MANAGER').filter((flag) => flag !== 'SERVICE_WORKFLOW'));
    const sheet = (await clients.manager.get(`/back/bo/services/${id}`)).body;
    expect(sheet.actions).not.toContain('CONFIRM');
    expect(sheet.actions).toContain('POSTPONE');
    const refused = await expectRefused(server.store, () => clients.manager.patch(`/back/bo/services/${id}/CONFIRM`), 403, [id]);
    expect(refused.body.message).toBe('Your profile may not drive the workflow of a service (confirm, complete, cancel, reopen)');
    await holdFlags('manager', flagsOf('MANAGER'));
    expect((await clients.manager.get(`/back/bo/services/${id}`)).body.actions).toContain('CONFIRM');
  });
});
