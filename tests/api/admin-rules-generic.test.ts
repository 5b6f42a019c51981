import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPeople } from './demo-people';
import { loginAs, startWithLogins, storedContactByEmail, type Client, type Reply, type TestServer } from './helpers';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { refusedWithoutWrites } from './refused';

/**
 * The generic rules of the owned lists (docs/schemas.md "Owned lists"), on the lists that use them:
 * `x-unique` codes (422 'code already in use'), `x-archive` (a season a service names is archived,
 * not deleted; archived records leave the lookups), `x-scope` universe / company with its flags
 * (403) and reach (404), and an `x-api` path parameter (compulsory elements). Each refusal writes nothing.
 */
let server: TestServer;
/** A super admin of the other universe (the demo has none): the right to write seasons, in its own universe only. */
let otherAdmin: Client;
let admin: Client, manager: Client, quality: Client, inspector: Client, outsider: Client;
let watch: WriteWatch;
const SEASONS = '/back/bo/seasons/admin';
const STRATEGIES = '/back/bo/strategies/admin';
const ELEMENTS = (companyId: number) => `/back/bo/companies/${companyId}/compulsoryElements/admin`;
let atlasId: number, lumiereId: number;

beforeAll(async () => {
  ({ server, clients: { admin, manager, quality, inspector, outsider } } = await startWithLogins(['admin', 'manager', 'quality', 'inspector', 'outsider']));
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
  const people = await demoPeople(server.store);
  atlasId = people.manager.companyId;
  lumiereId = people.quality.companyId;
  const outsiderContact = (await storedContactByEmail(server.store, 'outsider@other.test'))!;
  const { contactId: _id, version: _version, ...fields } = outsiderContact;
  await server.store.insert('contacts', 'contactId', { ...fields, email: 'universe.admin@other.test', account: { ...outsiderContact.account!, profiles: ['SUPER_ADMIN'] } });
  otherAdmin = await loginAs(server, 'universe.admin@other.test');
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

/** The call is refused with `status` and writes nothing but the audit. */
const refused = (status: number, call: () => Promise<Reply>): Promise<Reply> => refusedWithoutWrites(watch, status, call);

const season = (code: string) => ({ code, names: { en: `Season ${code}`, fr: `Saison ${code}` }, year: 2028, period: 'SS' });
const bySeasonCode = async (client: Client, code: string, query: Record<string, string> = {}) => ((await client.get(`${SEASONS}/`, query)).body as { code: string; seasonId: number }[]).find((row) => row.code === code);

describe('x-unique: a code is unique in its owner scope, trimmed and case-insensitively', () => {
  it('a second season SS28 of the universe, typed " ss28 ", is refused 422 naming the field', async () => {
    expect((await admin.post(SEASONS, season('SS28'))).status).toBe(201);
    const reply = await refused(422, () => admin.post(SEASONS, season(' ss28 ')));
    expect(reply.body).toMatchObject({ level: 'ERROR', exception: 'BusinessException', message: 'Code already in use', errors: [{ path: '/code', message: 'Code already in use' }] });
  });

  it('renaming a record to another one’s code is refused; keeping its own code is not', async () => {
    const ss28 = await bySeasonCode(admin, 'SS28');
    const fw28 = (await admin.post(SEASONS, season('FW28'))).body;
    await refused(422, () => admin.put(`${SEASONS}/${fw28.seasonId}`, { ...season('ss28'), version: fw28.version }));
    const kept = await admin.put(`${SEASONS}/${fw28.seasonId}`, { ...season('FW28'), year: 2029, version: fw28.version });
    expect(kept.status, kept.text).toBe(200);
    expect(ss28).toBeDefined();
  });

  it('a code is unique per company: two companies may use one code, one company not twice', async () => {
    const code = { code: 'DUP-1', names: { en: 'Duplicate one' } };
    expect((await manager.post(STRATEGIES, code)).status).toBe(201);
    expect((await quality.post(STRATEGIES, code)).status).toBe(201);
    await refused(422, () => manager.post(STRATEGIES, { ...code, code: 'dup-1' }));
  });
});

describe('x-scope universe with x-customFlag (seasons)', () => {
  it('every company of the universe reads the universe’s seasons; a manager without UNIVERSE_ADMIN nor CUSTOM_SEASON writes none (403)', async () => {
    const ss26 = await bySeasonCode(quality, 'SS26');
    expect(ss26).toBeDefined();
    await refused(403, () => quality.post(SEASONS, season('XX28')));
    const stored = (await quality.get(`${SEASONS}/${ss26!.seasonId}`)).body;
    await refused(403, () => quality.put(`${SEASONS}/${ss26!.seasonId}`, { ...stored, code: 'SS26B' }));
    await refused(403, () => manager.delete(`${SEASONS}/${ss26!.seasonId}`));
  });

  it('another universe’s season is not found (404) to read, change or delete, even by a super admin of that universe', async () => {
    const ss26 = await bySeasonCode(quality, 'SS26');
    const theirs = await bySeasonCode(outsider, 'SS26');
    expect(theirs!.seasonId).not.toBe(ss26!.seasonId);
    await refused(404, () => outsider.get(`${SEASONS}/${ss26!.seasonId}`));
    await refused(404, () => otherAdmin.put(`${SEASONS}/${ss26!.seasonId}`, { ...season('SS26'), version: 1 }));
    await refused(404, () => otherAdmin.delete(`${SEASONS}/${ss26!.seasonId}`));
    // Its own universe's seasons are its to change; the code SS26 is free there.
    const mine = (await otherAdmin.get(`${SEASONS}/${theirs!.seasonId}`)).body;
    expect((await otherAdmin.put(`${SEASONS}/${theirs!.seasonId}`, { ...mine, names: { en: 'Spring-summer 2026 (US)' } })).status).toBe(200);
    expect((await outsider.get(`${SEASONS}/lookup`, { q: 'SS26' })).body.map((item: { value: number }) => item.value)).toEqual([theirs!.seasonId]);
  });
});

describe('x-archive: a record in use is archived, not deleted', () => {
  it('a season services name is refused 422 WARN "may be in use, archive instead"; archived, it leaves the lookups and the list but is read by id', async () => {
    const ss26 = await bySeasonCode(admin, 'SS26');
    const reply = await refused(422, () => admin.delete(`${SEASONS}/${ss26!.seasonId}`));
    expect(reply.body).toMatchObject({ level: 'WARN', exception: 'BusinessException', message: 'This item may be in use: archive it instead' });
    const stored = (await admin.get(`${SEASONS}/${ss26!.seasonId}`)).body;
    const archived = await admin.put(`${SEASONS}/${ss26!.seasonId}`, { ...stored, archived: true });
    expect(archived.status, archived.text).toBe(200);
    const lookup = (await quality.get(`${SEASONS}/lookup`)).body as { value: number; label: string }[];
    expect(lookup.map((item) => item.label)).toContain('FW26');
    expect(lookup.map((item) => item.label)).not.toContain('SS26');
    expect((await quality.get(`${SEASONS}/lookup`, { id: String(ss26!.seasonId) })).body).toEqual([{ value: ss26!.seasonId, label: 'SS26' }]);
    expect(await bySeasonCode(quality, 'SS26')).toBeUndefined();
    expect(await bySeasonCode(quality, 'SS26', { archived: 'true' })).toBeDefined();
    expect(await bySeasonCode(quality, 'FW26', { archived: 'true' })).toBeUndefined();
  });

  it('a season nothing names is deleted (true)', async () => {
    const unused = (await admin.post(SEASONS, season('SS30'))).body;
    const reply = await admin.delete(`${SEASONS}/${unused.seasonId}`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toBe(true);
  });
});

describe('x-scope company (strategies): members of the company only', () => {
  it('another company’s strategy is not found (404) to read, change or delete; its companyId asked in the list is 404 too', async () => {
    const theirs = (await quality.post(STRATEGIES, { code: 'LUM-ONLY', names: { en: 'Lumière only' } })).body;
    expect(theirs.companyId).toBe(lumiereId);
    await refused(404, () => manager.get(`${STRATEGIES}/${theirs.strategyId}`));
    await refused(404, () => manager.put(`${STRATEGIES}/${theirs.strategyId}`, { code: 'LUM-ONLY', names: { en: 'Taken' }, version: theirs.version }));
    await refused(404, () => manager.delete(`${STRATEGIES}/${theirs.strategyId}`));
    await refused(404, () => manager.get(`${STRATEGIES}/`, { companyId: String(lumiereId) }));
    expect(((await manager.get(`${STRATEGIES}/`)).body as { companyId: number }[]).every((row) => row.companyId === atlasId)).toBe(true);
  });

  it('a strategy created for another company is not found (404), nothing written; a super admin writes for a company of its universe', async () => {
    await refused(404, () => manager.post(STRATEGIES, { code: 'FOR-LUM', names: { en: 'For Lumière' }, companyId: lumiereId }));
    const made = await admin.post(STRATEGIES, { code: 'FOR-LUM', names: { en: 'For Lumière' }, companyId: lumiereId });
    expect(made.status, made.text).toBe(201);
    expect(made.body.companyId).toBe(lumiereId);
    await refused(404, () => outsider.post(STRATEGIES, { code: 'FOR-LUM2', names: { en: 'For Lumière' }, companyId: lumiereId }));
  });

  it('an update cannot move a record to another company', async () => {
    const own = (await manager.post(STRATEGIES, { code: 'MOVE', names: { en: 'Stays' } })).body;
    const moved = await manager.put(`${STRATEGIES}/${own.strategyId}`, { ...own, companyId: lumiereId });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.companyId).toBe(atlasId);
  });
});

describe('GET /back/bo/strategies/company/{companyId} (spec §7.4)', () => {
  it('answers the company’s strategies not archived, by code; another company’s is 404', async () => {
    const made = (await quality.post(STRATEGIES, { code: 'AAA-OLD', names: { en: 'Old one' } })).body;
    expect((await quality.put(`${STRATEGIES}/${made.strategyId}`, { ...made, archived: true })).status).toBe(200);
    const reply = await quality.get(`/back/bo/strategies/company/${lumiereId}`);
    expect(reply.status, reply.text).toBe(200);
    const codes = (reply.body as { code: string; companyId: number }[]).map((row) => row.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toContain('PSI-STD');
    expect(codes).not.toContain('AAA-OLD');
    expect((reply.body as { companyId: number }[]).every((row) => row.companyId === lumiereId)).toBe(true);
    await refused(404, () => manager.get(`/back/bo/strategies/company/${lumiereId}`));
    await refused(404, () => outsider.get(`/back/bo/strategies/company/${lumiereId}`));
    expect((await admin.get(`/back/bo/strategies/company/${lumiereId}`)).body.length).toBe(codes.length);
  });
});

describe('an x-api path parameter: /back/bo/companies/{companyId}/compulsoryElements/admin', () => {
  it('lists and creates the company of the path; another company’s path is 404, nothing written', async () => {
    const list = (await manager.get(`${ELEMENTS(atlasId)}/`)).body as { companyId: number }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((row) => row.companyId === atlasId)).toBe(true);
    const made = await manager.post(ELEMENTS(atlasId), { code: 'SEAL', names: { en: 'Seal intact' }, department: 'INSP' });
    expect(made.status, made.text).toBe(201);
    expect(made.body.companyId).toBe(atlasId);
    await refused(404, () => manager.get(`${ELEMENTS(lumiereId)}/`));
    await refused(404, () => manager.post(ELEMENTS(lumiereId), { code: 'SEAL2', names: { en: 'Seal' }, department: 'INSP' }));
    await refused(404, () => outsider.post(ELEMENTS(atlasId), { code: 'SEAL3', names: { en: 'Seal' }, department: 'INSP' }));
  });

  it('a record is reached only on its own company’s path; without MANAGER the list is 403', async () => {
    const theirs = ((await quality.get(`${ELEMENTS(lumiereId)}/`)).body as { compulsoryElementId: number }[])[0];
    const own = ((await manager.get(`${ELEMENTS(atlasId)}/`)).body as { compulsoryElementId: number; version: number }[])[0];
    await refused(404, () => manager.get(`${ELEMENTS(atlasId)}/${theirs.compulsoryElementId}`));
    await refused(404, () => manager.delete(`${ELEMENTS(atlasId)}/${theirs.compulsoryElementId}`));
    await refused(404, () => quality.delete(`${ELEMENTS(lumiereId)}/${own.compulsoryElementId}`));
    await refused(403, () => inspector.get(`${ELEMENTS(atlasId)}/`));
    await refused(403, () => inspector.post(ELEMENTS(atlasId), { code: 'SEAL4', names: { en: 'Seal' }, department: 'INSP' }));
    await refused(422, () => manager.post(ELEMENTS(atlasId), { code: 'seal', names: { en: 'Seal again' }, department: 'INSP' }));
  });
});
