import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../server/context';
import { HttpError } from '../../server/errors';
import { referencesTo } from '../../server/resources/inUse';
import { assertMayWrite, ownerFields, scopeSees, withOwner } from '../../server/resources/ownership';
import { routePath } from '../../server/resources/listScope';
import { fillApi } from '../../engine/search/routeParams';
import { sameValue } from '../../server/resources/uniqueness';
import { formatProblem } from '../../server/schemaCheck/check';
import { checkSchemas } from '../../server/schemaLoader';
import { loadRegistry, type EntityDef } from '../../server/schemas';
import { matcher } from '../../server/store/query';
import type { Reader } from '../../server/store/types';

/** The owned lists' rules (docs/schemas.md "Owned lists") on their own: scopes and flags, codes, references, checks. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const registry = loadRegistry(join(root, 'schemas'));
const season = registry.entities.get('season')!;
const strategy = registry.entities.get('strategy')!;

const MAIN = 1;
const OWN = 10;
const OTHER = 11;
function caller(roles: string[], companyId = OWN, universeId = MAIN): Caller {
  return { roles: new Set(roles), universeId, company: { companyId, universeId }, contact: { contactId: 1 } } as unknown as Caller;
}
/** A store that knows two companies of the main universe and one of another. */
const db = { get: async (_collection: string, id: number) => ({ [OWN]: { companyId: OWN, universeId: MAIN }, [OTHER]: { companyId: OTHER, universeId: MAIN }, 99: { companyId: 99, universeId: 2 } })[id] } as unknown as Reader;

async function statusOf(call: () => unknown): Promise<number | 'ok'> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

describe('x-scope universe with x-customFlag', () => {
  const flagged = caller(['MANAGER', 'CUSTOM_SEASON']);
  const plain = caller(['MANAGER']);
  const universeAdmin = caller(['UNIVERSE_ADMIN']);

  it('a company with the flag writes its own season, stamped with its company; never the universe’s', async () => {
    expect(await ownerFields(db, season, flagged, { code: 'X' })).toEqual({ companyId: OWN });
    expect(await statusOf(() => ownerFields(db, season, flagged, { code: 'X' }, { universeId: MAIN }))).toBe(403);
    expect(await ownerFields(db, season, flagged, { code: 'X' }, { universeId: MAIN, companyId: OWN })).toEqual({ companyId: OWN });
    // Naming another company of the universe is "not found".
    expect(await statusOf(() => ownerFields(db, season, flagged, { companyId: OTHER }))).toBe(404);
  });

  it('without the flag nor UNIVERSE_ADMIN: no write at all (403 before the body)', async () => {
    expect(await statusOf(() => assertMayWrite(season, plain))).toBe(403);
    expect(await statusOf(() => assertMayWrite(season, flagged))).toBe('ok');
    expect(await statusOf(() => ownerFields(db, season, plain, { code: 'X' }, { universeId: MAIN, companyId: OWN }))).toBe(403);
  });

  it('a universe admin writes the universe’s records (no company) and sees every company’s own', async () => {
    expect(await ownerFields(db, season, universeAdmin, { code: 'X' })).toEqual({ companyId: undefined });
    expect(withOwner({ code: 'X', companyId: 5 }, { companyId: undefined })).toEqual({ code: 'X' });
    expect(scopeSees(season, { universeId: MAIN, companyId: OTHER }, universeAdmin)).toBe(true);
    expect(scopeSees(season, { universeId: MAIN, companyId: OTHER }, flagged)).toBe(false);
    expect(scopeSees(season, { universeId: MAIN }, plain)).toBe(true);
    expect(scopeSees(season, { universeId: 2 }, universeAdmin)).toBe(false);
  });
});

describe('x-scope global and company', () => {
  const global = { ...season, scope: 'global', customFlag: undefined } as EntityDef;

  it('a global list is seen from every universe and written with EDIT_GLOBAL_DATA only', async () => {
    expect(scopeSees(global, { universeId: 2 }, caller(['MANAGER']))).toBe(true);
    expect(await statusOf(() => assertMayWrite(global, caller(['MANAGER', 'UNIVERSE_ADMIN'])))).toBe(403);
    expect(await statusOf(() => ownerFields(db, global, caller(['EDIT_GLOBAL_DATA']), {}))).toBe('ok');
  });

  it('a company list: the caller’s company by default; another company is 404 but for a super admin of the universe', async () => {
    expect(await ownerFields(db, strategy, caller([]), { code: 'A' })).toEqual({ companyId: OWN });
    expect(await statusOf(() => ownerFields(db, strategy, caller([]), { companyId: OTHER }))).toBe(404);
    expect(await ownerFields(db, strategy, caller(['SUPER_ADMIN']), { companyId: OTHER })).toEqual({ companyId: OTHER });
    expect(await statusOf(() => ownerFields(db, strategy, caller(['SUPER_ADMIN']), { companyId: 99 }))).toBe(404);
    // An update keeps the stored company, whatever the body says.
    expect(await ownerFields(db, strategy, caller([]), { companyId: OTHER }, { universeId: MAIN, companyId: OWN })).toEqual({ companyId: OWN });
  });
});

describe('codes, references and paths', () => {
  it('x-unique compares trimmed and case-insensitively, not accent-insensitively', () => {
    expect(sameValue(' ss26 ', 'SS26')).toBe(true);
    expect(sameValue('ÉTÉ', 'été')).toBe(true);
    expect(sameValue('ETE', 'été')).toBe(false);
  });

  it('in use: the x-usedBy of an entity, each with the field it holds', () => {
    expect(referencesTo(registry, season)).toEqual(expect.arrayContaining([{ collection: 'services', path: 'season', field: 'code' }]));
  });

  it('a store path through arrays reads every item (`lines[].id`), and an array of ids holds one', () => {
    const has = (path: string, value: number | string) => matcher({ op: 'eq', field: path, value });
    const kit = { parts: [{}, { gadgetId: 7 }, { gadgetId: 8 }], tags: [3, 4], boxes: [{ items: [{ code: 'A' }] }] };
    expect(has('parts[].gadgetId', 8)(kit)).toBe(true);
    expect(has('parts[].gadgetId', 9)(kit)).toBe(false);
    expect(has('boxes[].items[].code', 'A')(kit)).toBe(true);
    expect(has('tags', 4)(kit)).toBe(true);
    expect(has('parts[].gadgetId', 8)({ parts: 'none' })).toBe(false);
  });

  it('the browser fills an x-api’s {name} parameters from the route, and calls nothing while one is missing', () => {
    expect(fillApi('/back/bo/companies/{companyId}/compulsoryElements/admin', { companyId: '12' })).toBe('/back/bo/companies/12/compulsoryElements/admin');
    expect(fillApi('/back/bo/companies/{companyId}/compulsoryElements/admin', {})).toBeNull();
    expect(fillApi('/back/bo/seasons/admin', {})).toBe('/back/bo/seasons/admin');
    expect(fillApi(undefined, {})).toBeNull();
  });

  it('an x-api with {name} parameters becomes a route of ids', () => {
    expect(routePath('/back/bo/companies/{companyId}/compulsoryElements/admin')).toBe('/back/bo/companies/:companyId{[0-9]+}/compulsoryElements/admin');
    expect(registry.entities.get('compulsoryElement')!.pathParams).toEqual(['companyId']);
  });
});

describe('check:schemas on the owned lists’ annotations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qcflow-owned-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports a unique or archive field that is missing or of the wrong type, a scope without companyId, a flag without universe, an unknown collection, a path parameter that is no field', () => {
    cpSync(join(root, 'schemas'), dir, { recursive: true });
    const edit = (file: string, change: (json: any) => void) => {
      const json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      change(json);
      writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
    };
    edit('entities/season.json', (json) => {
      json['x-unique'] = ['code', 'year'];
      json['x-archive'] = 'gone';
      json['x-usedBy'] = [{ collection: 'nowhere', path: 'seasonId' }, { collection: 'services', path: 'lines[.x' }];
    });
    edit('entities/strategy.json', (json) => {
      json['x-customFlag'] = 'CUSTOM_SEASON';
      json['x-archive'] = 'description';
      delete json.properties.companyId;
    });
    edit('entities/compulsoryElement.json', (json) => (json['x-api'] = '/back/bo/companies/{ownerId}/compulsoryElements/admin'));
    const problems = checkSchemas(dir).map(formatProblem);
    expect(problems).toEqual(expect.arrayContaining([
      'entities/season.json /x-unique/1: year must be a string property',
      'entities/season.json /x-archive: unknown field gone: entity has no such property',
      'entities/season.json /x-usedBy/0/collection: unknown collection nowhere: no entity has it as x-collection',
      'entities/strategy.json /x-archive: description must be a boolean property',
      'entities/strategy.json /x-scope: x-scope company needs a companyId property',
      'entities/strategy.json /x-customFlag: x-customFlag needs x-scope universe',
      'entities/compulsoryElement.json /x-api: path parameter {ownerId} must be a field of the entity',
    ]));
    expect(problems.some((problem) => problem.startsWith('entities/season.json /x-usedBy/1/path'))).toBe(true);
  });
});
