import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client, currentMonth, loginAs, shiftDay, startServer, today, type TestServer } from './helpers';

/**
 * The generic resource API, run the same way over the five quality resources:
 * CRUD, search filters, validation, roles, visibility, versions, workflow and defaults.
 */
interface ResourceCase {
  api: string;
  collection: string;
  idField: string;
  /** A minimal valid body (`ids` = ids of the demo network, known once logged in). */
  valid: (ids: Ids) => Record<string, unknown>;
  /** What the server adds on create from `valid` (schema defaults, initial status, stamps). */
  defaults: (ids: Ids, id: number) => Record<string, unknown>;
  change: Record<string, unknown>;
  required: string;
  badEnum?: [string, unknown];
  wrongType: [string, unknown];
  /** A lookup field and a value outside the caller's universe. */
  foreign: (ids: Ids) => [string, unknown];
  /** The date the created record is found by (`YYYY-MM-DD`), and what to add to the body to get it. */
  dated: { day: () => string; body: (day: string) => Record<string, unknown> };
  array: { param: string; hit: unknown[]; miss: unknown[]; body?: (ids: Ids) => Record<string, unknown> };
  keywordsField?: string;
  badQueryEnum: [string, string];
  workflow?: { machine: string; statusEnum: string; ok: string; to: string; refused: string; status: string };
}

interface Ids {
  managerContact: number;
  managerCompany: number;
  lumiere: number;
  factory: number;
  atlasStaff: number[];
  northwind: number;
  outsiderContact: number;
}

const pastDay = '2025-03-10';

const cases: Record<string, ResourceCase> = {
  capas: {
    api: '/back/bo/capas',
    collection: 'capas',
    idField: 'capaId',
    valid: () => ({ title: 'Retrain operators on seam allowance', capaType: 'CORRECTIVE_ACTION', startDate: today() }),
    defaults: (ids) => ({ status: 'NEW', cost: 0, costCurrency: 'EUR', tags: [], creator: ids.managerContact, companyCreator: ids.managerCompany }),
    change: { title: 'Retrain all sewing lines', cost: 120.5 },
    required: 'title',
    badEnum: ['capaType', 'FIX_IT'],
    wrongType: ['cost', 'cheap'],
    foreign: (ids) => ['site', ids.northwind],
    dated: { day: () => pastDay, body: (day) => ({ startDate: day }) },
    array: { param: 'types', hit: ['PREVENTIVE_ACTION', 'CORRECTIVE_ACTION'], miss: ['PREVENTIVE_ACTION', 'CONTAINMENT'] },
    keywordsField: 'title',
    badQueryEnum: ['statuses', 'DONE'],
    workflow: { machine: 'capa', statusEnum: 'capaStatus', ok: 'START', to: 'IN_PROGRESS', refused: 'REOPEN', status: 'NEW' },
  },
  qualityAlerts: {
    api: '/back/bo/qualityAlerts',
    collection: 'qualityAlerts',
    idField: 'qualityAlertId',
    valid: (ids) => ({ title: 'Colour migration on navy chinos', site: ids.factory }),
    defaults: (ids, id) => ({ status: 'DRAFT', alertNumber: `QA-${String(id).padStart(6, '0')}`, creationDate: today(), creator: ids.managerContact, companyCreator: ids.managerCompany }),
    change: { title: 'Colour migration on all chinos', summary: 'Stores report it since Monday' },
    required: 'title',
    wrongType: ['responsible', 'Nadia'],
    foreign: (ids) => ['responsibleCompany', ids.northwind],
    dated: { day: today, body: () => ({}) },
    array: { param: 'statuses', hit: ['SENT', 'DRAFT'], miss: ['SENT', 'CLOSED'] },
    keywordsField: 'title',
    badQueryEnum: ['statuses', 'LOST'],
    workflow: { machine: 'qualityAlert', statusEnum: 'qualityAlertStatus', ok: 'SEND', to: 'SENT', refused: 'CLOSE', status: 'DRAFT' },
  },
  nonCompliances: {
    api: '/back/bo/nonCompliances',
    collection: 'nonCompliances',
    idField: 'nonComplianceId',
    valid: (ids) => ({ title: 'Broken stitching on sleeve seams', issueLevel: 'MAJOR', companyId: ids.factory }),
    defaults: (ids) => ({ tags: [], creationDate: today(), creator: ids.managerContact, companyCreator: ids.managerCompany }),
    change: { issueLevel: 'CRITICAL', reference: 'MLW-2411' },
    required: 'issueLevel',
    badEnum: ['issueLevel', 'SEVERE'],
    wrongType: ['reference', 2411],
    foreign: (ids) => ['companyId', ids.northwind],
    dated: { day: today, body: () => ({}) },
    array: { param: 'levels', hit: ['MINOR', 'MAJOR'], miss: ['MINOR', 'CRITICAL'] },
    keywordsField: 'title',
    badQueryEnum: ['levels', 'HUGE'],
  },
  matrix8ds: {
    api: '/back/bo/matrix8ds',
    collection: 'matrix8ds',
    idField: 'matrixId',
    valid: (ids) => ({ problemDescription: 'Seam slippage on viscose dresses', orderMakerId: ids.lumiere }),
    defaults: (ids) => ({ status: 'PROBLEMS', correctiveActionResult: 'OPENED', teamMembers: [], actions: [], tagAssignments: [], createDate: today(), creator: ids.managerContact, creatorCompany: ids.managerCompany }),
    change: { rootCauseDescription: 'Stitch density reduced without approval' },
    required: 'problemDescription',
    badEnum: ['correctiveActionResult', 'MAYBE'],
    wrongType: ['teamMembers', 'everyone'],
    foreign: (ids) => ['orderMakerId', ids.northwind],
    dated: { day: today, body: () => ({}) },
    array: { param: 'statuses', hit: ['RESULT', 'PROBLEMS'], miss: ['RESULT', 'ANALYSIS'] },
    keywordsField: 'problemDescription',
    badQueryEnum: ['statuses', 'D9'],
    workflow: { machine: 'matrix8d', statusEnum: 'matrix8dStep', ok: 'ANALYSE', to: 'ANALYSIS', refused: 'BACK', status: 'PROBLEMS' },
  },
  structuralCost: {
    api: '/back/bo/structuralCost',
    collection: 'structuralCosts',
    idField: 'structuralCostId',
    valid: () => ({}),
    defaults: (ids, id) => ({ status: 'CREATED', amount: 0, date: currentMonth(), type: 'CONTRIBUTOR', currency: 'EUR', companyId: ids.managerCompany, structuralCostIdHK: `SC-${String(id).padStart(6, '0')}` }),
    change: { amount: 1520.75, department: 'LAB' },
    required: 'type',
    badEnum: ['department', 'FINANCE'],
    wrongType: ['amount', 'lots'],
    foreign: (ids) => ['contributor', ids.outsiderContact],
    dated: { day: () => pastDay, body: (day) => ({ date: day.slice(0, 7) }) },
    array: { param: 'contributors', hit: [], miss: [], body: (ids) => ({ contributor: ids.atlasStaff[0] }) },
    badQueryEnum: ['department', 'FINANCE'],
    workflow: { machine: 'structuralCost', statusEnum: 'structuralCostStatus', ok: 'VERIFY', to: 'VERIFIED', refused: 'UNVERIFY', status: 'CREATED' },
  },
};

let server: TestServer;
let manager: Client;
let buyer: Client;
let outsider: Client;
let anonymous: Client;
let ids: Ids;
/** The schema labels (another team's file): refusal messages name the action and status by their labels. */
let labels: Record<string, string>;

beforeAll(async () => {
  server = await startServer();
  [manager, buyer, outsider] = await Promise.all([loginAs(server, ACCOUNTS.manager), loginAs(server, ACCOUNTS.buyer), loginAs(server, ACCOUNTS.outsider)]);
  anonymous = new Client(server.url);
  labels = (await manager.get('/back/schemas')).body.locales.en;
  const profile = (await manager.get('/back/auth/profile')).body;
  const outsiderProfile = (await outsider.get('/back/auth/profile')).body;
  const companies = (await manager.get('/back/bo/networkcombo/allcompanies')).body as { value: number; label: string }[];
  const contacts = (await manager.get('/back/bo/networkcombo/contacts', { q: 'Atlas Inspection' })).body as { value: number }[];
  const byName = (name: string) => companies.find((company) => company.label === name)!.value;
  ids = {
    managerContact: profile.contactId,
    managerCompany: profile.companyId,
    lumiere: byName('Maison Lumière'),
    factory: byName('Dhaka Knitwear Ltd'),
    atlasStaff: contacts.map((contact) => contact.value),
    northwind: outsiderProfile.companyId,
    outsiderContact: outsiderProfile.contactId,
  };
});

afterAll(() => server?.close());

describe.each(Object.entries(cases))('%s', (name, rc) => {
  const create = async (extra: Record<string, unknown> = {}) => {
    const reply = await manager.post(rc.api, { ...rc.valid(ids), ...extra });
    expect(reply.status, reply.text).toBe(201);
    return reply.body as Record<string, any>;
  };
  const search = async (query: Record<string, any>) => {
    const reply = await manager.get(`${rc.api}/`, query);
    expect(reply.status, reply.text).toBe(200);
    return (reply.body as Record<string, any>[]).map((record) => record[rc.idField]);
  };
  const count = async () => (await server.store.all(rc.collection)).length;

  it('creates with the server defaults, stamps and initial status, then reads it back', async () => {
    const created = await create();
    const id = created[rc.idField];
    expect(id).toBeTypeOf('number');
    expect(created.version).toBe(1);
    expect(created.universeId).toBe(1);
    expect(created).toMatchObject({ ...rc.valid(ids), ...rc.defaults(ids, id) });
    const read = await manager.get(`${rc.api}/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
  });

  it('ignores server-owned fields sent by the client', async () => {
    const created = await create({ [rc.idField]: 999999, version: 42, universeId: 2 });
    expect(created[rc.idField]).not.toBe(999999);
    expect(created.version).toBe(1);
    expect(created.universeId).toBe(1);
  });

  it('also creates through the trailing-slash alias', async () => {
    const reply = await manager.post(`${rc.api}/`, rc.valid(ids));
    expect(reply.status).toBe(201);
  });

  it('replaces on PUT with the current version, then refuses the stale version (409)', async () => {
    const created = await create();
    const id = created[rc.idField];
    const updated = await manager.put(`${rc.api}/${id}`, { ...created, ...rc.change });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ ...rc.change, version: 2, [rc.idField]: id });
    const stale = await manager.put(`${rc.api}/${id}`, { ...created, ...rc.change });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ level: 'ERROR', exception: 'OptimisticLockException' });
    expect((await manager.get(`${rc.api}/${id}`)).body.version).toBe(2);
  });

  it('requires the version on PUT', async () => {
    const { version, ...created } = await create();
    const reply = await manager.put(`${rc.api}/${created[rc.idField]}`, created);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toContainEqual({ path: '/version', message: 'required' });
  });

  it('deletes (answers true), then the record is gone', async () => {
    const id = (await create())[rc.idField];
    const reply = await manager.delete(`${rc.api}/${id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(true);
    expect((await manager.get(`${rc.api}/${id}`)).status).toBe(404);
    expect((await manager.delete(`${rc.api}/${id}`)).status).toBe(404);
  });

  it('never reuses an id after a delete', async () => {
    const first = (await create())[rc.idField];
    await manager.delete(`${rc.api}/${first}`);
    const second = (await create())[rc.idField];
    expect(second).toBeGreaterThan(first);
  });

  it('searches newest first', async () => {
    const a = (await create())[rc.idField];
    const b = (await create())[rc.idField];
    const found = await search({});
    expect(found.indexOf(b)).toBeLessThan(found.indexOf(a));
    expect([...found].sort((x, y) => y - x)).toEqual(found);
  });

  it('filters on an inclusive date range', async () => {
    const day = rc.dated.day();
    const id = (await create(rc.dated.body(day)))[rc.idField];
    expect(await search({ fromDate: day, toDate: day })).toContain(id);
    const monthly = name === 'structuralCost';
    const after = monthly ? `${day.slice(0, 7)}-28` : day;
    expect(await search({ fromDate: after, toDate: after })).toContain(id);
    const nextDay = monthly ? shiftDay(`${day.slice(0, 7)}-01`, 31) : shiftDay(day, 1);
    const previousDay = monthly ? shiftDay(`${day.slice(0, 7)}-01`, -1) : shiftDay(day, -1);
    expect(await search({ fromDate: nextDay })).not.toContain(id);
    expect(await search({ toDate: previousDay })).not.toContain(id);
  });

  it('filters on repeated array parameters', async () => {
    const extra = rc.array.body?.(ids) ?? {};
    const created = await create(extra);
    const id = created[rc.idField];
    const hit = rc.array.hit.length ? rc.array.hit : [ids.atlasStaff[1], ids.atlasStaff[0]];
    const miss = rc.array.miss.length ? rc.array.miss : [ids.atlasStaff[1], ids.atlasStaff[2]];
    expect(await search({ [rc.array.param]: hit })).toContain(id);
    expect(await search({ [rc.array.param]: miss })).not.toContain(id);
    expect(await search({ [rc.array.param]: [hit[1]] })).toContain(id);
  });

  if (rc.keywordsField) {
    it('matches keywords ignoring accents and case, every word required', async () => {
      const id = (await create({ [rc.keywordsField!]: 'Défaut de teinture sur écharpe — lot 77' }))[rc.idField];
      expect(await search({ keywords: '  defaut ECHARPE ' })).toContain(id);
      expect(await search({ keywords: 'ÉCHARPE teinture' })).toContain(id);
      expect(await search({ keywords: 'echarpe absente' })).not.toContain(id);
    });
  }

  it('refuses a bad search parameter (400)', async () => {
    const [param, value] = rc.badQueryEnum;
    const reply = await manager.get(`${rc.api}/`, { [param]: value });
    expect(reply.status).toBe(400);
    expect((await manager.get(`${rc.api}/`, { fromDate: '2025-02-30' })).status).toBe(400);
    expect((await manager.get(`${rc.api}/`, { notAFilter: 'x' })).status).toBe(400);
  });

  it('answers lookups [{value, label}] for q and id', async () => {
    const created = await create();
    const id = created[rc.idField];
    const byId = await manager.get(`${rc.api}/lookup`, { id });
    expect(byId.status).toBe(200);
    expect(byId.body).toHaveLength(1);
    expect(byId.body[0].value).toBe(id);
    expect(byId.body[0].label).toBeTypeOf('string');
    expect((await outsider.get(`${rc.api}/lookup`, { id })).body).toEqual([]);
  });

  describe('invalid input (400 with field errors, nothing written)', () => {
    const refused = async (body: string, status = 400) => {
      const before = await count();
      const reply = await manager.request('POST', rc.api, { raw: body });
      expect(reply.status, reply.text).toBe(status);
      expect(reply.body.level).toBe('ERROR');
      expect(reply.body.message).toBeTypeOf('string');
      expect(await count()).toBe(before);
      return reply.body as { message: string; errors: { path: string; message: string }[] };
    };

    it('missing required field', async () => {
      const body = rc.valid(ids);
      delete body[rc.required];
      const created = await create();
      const { version } = created;
      const replaced: Record<string, unknown> = { ...created, version };
      delete replaced[rc.required];
      const reply = await manager.put(`${rc.api}/${created[rc.idField]}`, replaced);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('Validation error: missing mandatory data');
      expect(reply.body.errors).toContainEqual({ path: `/${rc.required}`, message: 'required' });
      if (name !== 'structuralCost') {
        const errors = await refused(JSON.stringify(body));
        expect(errors.errors).toContainEqual({ path: `/${rc.required}`, message: 'required' });
      }
    });

    if (rc.badEnum) {
      it('unknown enum value', async () => {
        const [field, value] = rc.badEnum!;
        const errors = await refused(JSON.stringify({ ...rc.valid(ids), [field]: value }));
        expect(errors.errors).toContainEqual({ path: `/${field}`, message: 'unknown value' });
      });
    }

    it('wrong type', async () => {
      const [field, value] = rc.wrongType;
      const errors = await refused(JSON.stringify({ ...rc.valid(ids), [field]: value }));
      expect(errors.errors).toContainEqual({ path: `/${field}`, message: 'wrong type' });
    });

    it('unknown field', async () => {
      const errors = await refused(JSON.stringify({ ...rc.valid(ids), hackerField: 1 }));
      expect(errors.errors).toContainEqual({ path: '/hackerField', message: 'unknown field' });
    });

    it('__proto__, constructor or prototype keys anywhere', async () => {
      const valid = JSON.stringify(rc.valid(ids)).slice(1, -1);
      const comma = valid ? ',' : '';
      await refused(`{${valid}${comma}"__proto__":{"isAdmin":true}}`);
      await refused(`{${valid}${comma}"nested":{"constructor":{"prototype":{"x":1}}}}`);
      await refused(`[{"prototype":1}]`);
    });

    it('bodies nested deeper than any schema', async () => {
      const deep = await refused(`{"description":${'['.repeat(400_000)}${']'.repeat(400_000)}}`);
      expect(deep.message).toBe('The request body is nested too deeply (maximum 32 levels)');
    });

    it('a valid body not sent as application/json (415: a cross-site form can post text/plain)', async () => {
      const before = await count();
      const body = JSON.stringify(rc.valid(ids));
      for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const reply = await manager.request('POST', rc.api, { raw: body, headers: { 'Content-Type': type } });
        expect([reply.status, reply.body.exception, reply.body.message], type).toEqual([415, 'UnsupportedMediaTypeException', 'Send the request body as JSON (Content-Type: application/json)']);
        expect(reply.body).toMatchObject({ level: 'ERROR', errors: [] });
      }
      const french = await new Client(server.url, { language: 'fr' }).request('POST', '/back/password/forgotten', { raw: '{"email":"nobody@nowhere.test"}', headers: { 'Content-Type': 'text/plain' } });
      expect([french.status, french.body.message]).toEqual([415, 'Envoyez le corps de la requête en JSON (Content-Type: application/json)']);
      const service = await manager.request('POST', '/back/bo/services', { raw: '{}', headers: { 'Content-Type': 'text/plain' } });
      expect(service.status).toBe(415);
      expect(await count()).toBe(before);
      const charset = await manager.request('POST', rc.api, { raw: body, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
      expect(charset.status, charset.text).toBe(201);
    });

    it('malformed JSON and non-object bodies', async () => {
      const bad = await refused('{"title": ');
      expect(bad.message).toBe('The request body is not valid JSON');
      await refused('');
      await refused('[]');
      await refused('"text"');
    });

    it('a lookup id outside the caller universe', async () => {
      const [field, value] = rc.foreign(ids);
      const errors = await refused(JSON.stringify({ ...rc.valid(ids), [field]: value }));
      expect(errors.errors).toContainEqual({ path: `/${field}`, message: 'unknown or unavailable value' });
    });

    it('a body over 1 MB (413)', async () => {
      const before = await count();
      const reply = await manager.request('POST', rc.api, { raw: JSON.stringify({ ...rc.valid(ids), description: 'x'.repeat(1_100_000) }) });
      expect(reply.status).toBe(413);
      expect(reply.body.exception).toBe('PayloadTooLargeException');
      expect(await count()).toBe(before);
    });
  });

  describe('access', () => {
    it('403 without a session', async () => {
      expect((await anonymous.get(`${rc.api}/`)).status).toBe(403);
      expect((await anonymous.post(rc.api, rc.valid(ids))).status).toBe(403);
      expect((await anonymous.get(`${rc.api}/1`)).status).toBe(403);
    });

    it('403 for a profile without MANAGER (local manager)', async () => {
      expect((await buyer.get(`${rc.api}/`)).status).toBe(403);
      expect((await buyer.post(rc.api, rc.valid(ids))).status).toBe(403);
      expect((await buyer.delete(`${rc.api}/1`)).status).toBe(403);
    });

    it('404 from another universe, which does not see it in searches either', async () => {
      const created = await create();
      const id = created[rc.idField];
      expect((await outsider.get(`${rc.api}/${id}`)).status).toBe(404);
      expect((await outsider.put(`${rc.api}/${id}`, { ...created, ...rc.change })).status).toBe(404);
      expect((await outsider.delete(`${rc.api}/${id}`)).status).toBe(404);
      const found = (await outsider.get(`${rc.api}/`)).body as Record<string, any>[];
      expect(found.map((record) => record[rc.idField])).not.toContain(id);
      expect(found.every((record) => record.universeId === 2)).toBe(true);
      expect((await manager.get(`${rc.api}/${id}`)).body.version).toBe(1);
    });
  });

  if (rc.workflow) {
    const flow = rc.workflow;
    it('moves the status through the workflow and refuses what the machine refuses (409)', async () => {
      const created = await create();
      const id = created[rc.idField];
      const refused = await manager.patch(`${rc.api}/${id}/${flow.refused}`);
      expect(refused.status).toBe(409);
      expect(refused.body.exception).toBe('TransitionException');
      const action = labels[`workflow.${flow.machine}.${flow.refused}`] ?? flow.refused;
      const status = labels[`enum.${flow.statusEnum}.${flow.status}`] ?? flow.status;
      expect(refused.body.message).toBe(`Action ${action} is not allowed while the status is ${status}`);
      const moved = await manager.patch(`${rc.api}/${id}/${flow.ok}`, { version: 1 });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body).toMatchObject({ status: flow.to, version: 2 });
      const stale = await manager.patch(`${rc.api}/${id}/${flow.refused}`, undefined, { version: 1 });
      expect(stale.status).toBe(409);
      expect((await outsider.patch(`${rc.api}/${id}/${flow.ok}`)).status).toBe(404);
      expect((await manager.get(`${rc.api}/${id}`)).body.status).toBe(flow.to);
    });
  } else {
    it('has no workflow actions', async () => {
      const id = (await create())[rc.idField];
      expect((await manager.patch(`${rc.api}/${id}/START`)).status).toBe(404);
    });
  }
});

describe('resource specifics', () => {
  it('structural cost: updating an unknown line answers 404 "line not found"', async () => {
    const reply = await manager.put('/back/bo/structuralCost/987654', { version: 1, date: currentMonth(), type: 'OFFICE', amount: 1, currency: 'EUR' });
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ level: 'ERROR', exception: 'NotFoundException', message: 'line not found' });
  });

  it('8D: nested field errors carry the item path; valid nested items are stored', async () => {
    const bad = await manager.post('/back/bo/matrix8ds', { problemDescription: 'Zip failures', actions: [{ type: 'CONTAINMENT' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ path: '/actions/0/description', message: 'required' });
    const foreignMember = await manager.post('/back/bo/matrix8ds', { problemDescription: 'Zip failures', teamMembers: [{ contactId: ids.outsiderContact }] });
    expect(foreignMember.body.errors).toContainEqual({ path: '/teamMembers/0/contactId', message: 'unknown or unavailable value' });
    const good = await manager.post('/back/bo/matrix8ds', {
      problemDescription: 'Zip failures',
      teamMembers: [{ contactId: ids.atlasStaff[0], role: 'Team leader' }],
      actions: [{ type: 'CONTAINMENT', description: 'Hold the stock' }],
    });
    expect(good.status).toBe(201);
    expect(good.body.actions).toEqual([{ type: 'CONTAINMENT', description: 'Hold the stock', done: false }]);
  });

  it('8D: update stamps who changed it and when', async () => {
    const created = (await manager.post('/back/bo/matrix8ds', { problemDescription: 'Shade variation' })).body;
    const updated = (await manager.put(`/back/bo/matrix8ds/${created.matrixId}`, { ...created, rootCauseDescription: 'Dye lot changed' })).body;
    expect(updated).toMatchObject({ updateDate: today(), updatedBy: ids.managerContact, updatedByCompany: ids.managerCompany, createDate: today() });
  });

  it('a record stays visible to the companies named in its visibility fields', async () => {
    const quality = await loginAs(server, ACCOUNTS.quality);
    const shared = (await manager.post('/back/bo/capas', { title: 'Shared', capaType: 'CONTAINMENT', startDate: today(), target: ids.lumiere })).body;
    const internal = (await manager.post('/back/bo/capas', { title: 'Internal', capaType: 'CONTAINMENT', startDate: today() })).body;
    expect((await quality.get(`/back/bo/capas/${shared.capaId}`)).status).toBe(200);
    expect((await quality.get(`/back/bo/capas/${internal.capaId}`)).status).toBe(404);
    const admin = await loginAs(server, ACCOUNTS.admin);
    expect((await admin.get(`/back/bo/capas/${internal.capaId}`)).status).toBe(200);
  });
});
