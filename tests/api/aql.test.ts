import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, Client, startWithLogins, storedContactByEmail, type TestServer } from './helpers';

/**
 * ISO 2859-1 sampling over HTTP (CONTRACT.md "Calls the spec leaves open", server/reports/aqlRoutes.ts):
 * the plan of a lot, its 400s, and the choices of the report form in the caller's language.
 * The tables themselves are checked in tests/unit/aql.test.ts.
 */
let server: TestServer;
let inspector: Client, sales: Client;

beforeAll(async () => {
  ({ server, clients: { inspector, sales } } = await startWithLogins(['inspector', 'sales']));
});
afterAll(() => server?.close());

const PLAN = '/back/bo/reports/aql/plan';
const FILTERS = '/back/bo/combospa/filters';

/** Runs `call` with the account's contact speaking `language`, then English again. */
async function speaking<T>(email: string, language: 'fr' | 'it', call: () => Promise<T>): Promise<T> {
  const contactId = (await storedContactByEmail(server.store, email))!.contactId as number;
  await server.store.update('contacts', contactId, (contact) => ({ ...contact, language }));
  try {
    return await call();
  } finally {
    await server.store.update('contacts', contactId, (contact) => ({ ...contact, language: 'en' }));
  }
}

describe('GET /back/bo/reports/aql/plan', () => {
  it('answers the CONTRACT example: lot 1000, level II, AQL 2.5 → J, 80, 5/6', async () => {
    const reply = await inspector.get(PLAN, { lotSize: 1000, level: 'II', aql: '2.5' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({ codeLetter: 'J', sampleSize: 80, accept: 5, reject: 6 });
    expect((await sales.get(PLAN, { lotSize: 1000, level: 'II', aql: '2.50', inspection: 'NORMAL' })).body).toEqual(reply.body);
  });

  it('tightened and reduced inspection (Tables II-B and II-C)', async () => {
    expect((await inspector.get(PLAN, { lotSize: 1000, level: 'II', aql: '2.5', inspection: 'TIGHTENED' })).body).toEqual({ codeLetter: 'J', sampleSize: 80, accept: 3, reject: 4 });
    expect((await inspector.get(PLAN, { lotSize: 1000, level: 'II', aql: '2.5', inspection: 'REDUCED' })).body).toEqual({ codeLetter: 'J', sampleSize: 32, accept: 2, reject: 5 });
    // II-B R/0.015 ↓ → S/0.015 (3150 items).
    expect((await inspector.get(PLAN, { lotSize: 600000, level: 'III', aql: '0.015', inspection: 'TIGHTENED' })).body).toEqual({ codeLetter: 'R', sampleSize: 3150, accept: 1, reject: 2 });
  });

  it('follows the arrows and inspects the whole lot when the sample would exceed it', async () => {
    // J/0.25 ↑ → H/0.25 = 0/1 with 50 items; the letter answered stays J.
    expect((await inspector.get(PLAN, { lotSize: 1000, level: 'II', aql: '0.25' })).body).toEqual({ codeLetter: 'J', sampleSize: 50, accept: 0, reject: 1 });
    // B/0.10 ↓ … → K/0.10 = 0/1 with 125 items > 10: all 10.
    expect((await inspector.get(PLAN, { lotSize: 10, level: 'II', aql: '0.1' })).body).toEqual({ codeLetter: 'B', sampleSize: 10, accept: 0, reject: 1 });
    expect((await inspector.get(PLAN, { lotSize: 2000, level: 'S-4', aql: '0.01' })).body).toEqual({ codeLetter: 'G', sampleSize: 1250, accept: 0, reject: 1 });
  });

  it.each([
    [{ level: 'II', aql: '2.5' }, 'The lot size must be a whole number of at least 2'],
    [{ lotSize: '1', level: 'II', aql: '2.5' }, 'The lot size must be a whole number of at least 2'],
    [{ lotSize: '12.5', level: 'II', aql: '2.5' }, 'The lot size must be a whole number of at least 2'],
    [{ lotSize: 'many', level: 'II', aql: '2.5' }, 'The lot size must be a whole number of at least 2'],
    [{ lotSize: '1000', aql: '2.5' }, 'Unknown inspection level (S-1, S-2, S-3, S-4, I, II or III)'],
    [{ lotSize: '1000', level: 'IV', aql: '2.5' }, 'Unknown inspection level (S-1, S-2, S-3, S-4, I, II or III)'],
    [{ lotSize: '1000', level: 'II' }, 'Unknown AQL (0.010 to 10, as in the sampling tables)'],
    [{ lotSize: '1000', level: 'II', aql: '3' }, 'Unknown AQL (0.010 to 10, as in the sampling tables)'],
    [{ lotSize: '1000', level: 'II', aql: 'x' }, 'Unknown AQL (0.010 to 10, as in the sampling tables)'],
    [{ lotSize: '1000', level: 'II', aql: '2.5', inspection: 'SEVERE' }, 'Unknown inspection (NORMAL, TIGHTENED or REDUCED)'],
  ])('400 for %j', async (query, message) => {
    const reply = await inspector.get(PLAN, query as Record<string, string>);
    expect(reply.status, reply.text).toBe(400);
    expect(reply.body).toMatchObject({ level: 'ERROR', exception: 'BadRequestException', message });
  });

  it('the 400 message follows the caller\'s language', async () => {
    const reply = await speaking(ACCOUNTS.sales, 'fr', () => sales.get(PLAN, { lotSize: 1000, level: 'II', aql: '3' }));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe("NQA inconnu (de 0,010 à 10, comme dans les tables d'échantillonnage)");
  });

  it('403 without a session', async () => {
    const anonymous = new Client(server.url);
    expect((await anonymous.get(PLAN, { lotSize: 1000, level: 'II', aql: '2.5' })).status).toBe(403);
    for (const name of ['aqlLevel', 'aqlLimit', 'aqlSeverity', 'aqlSampleNumber', 'aqlSamplingPlan']) {
      expect((await anonymous.get(`${FILTERS}/${name}`)).status, name).toBe(403);
    }
  });
});

describe('GET /back/bo/combospa/filters/{aql…}: choices in the caller\'s language', () => {
  const values = (choices: { value: unknown }[]) => choices.map((choice) => choice.value);
  const labels = (choices: { label: string }[]) => choices.map((choice) => choice.label);
  const both = async (path: string) => {
    const en = await sales.get(path);
    const fr = await speaking(ACCOUNTS.sales, 'fr', () => sales.get(path));
    expect([en.status, fr.status], `${en.text} ${fr.text}`).toEqual([200, 200]);
    expect(values(fr.body)).toEqual(values(en.body));
    return { en: en.body, fr: fr.body };
  };

  it('aqlLevel: S-1 … III', async () => {
    const { en, fr } = await both(`${FILTERS}/aqlLevel`);
    expect(values(en)).toEqual(['S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III']);
    expect(labels(en)).toEqual(['S-1 (special)', 'S-2 (special)', 'S-3 (special)', 'S-4 (special)', 'I (general)', 'II (general)', 'III (general)']);
    expect(labels(fr)).toEqual(['S-1 (spécial)', 'S-2 (spécial)', 'S-3 (spécial)', 'S-4 (spécial)', 'I (général)', 'II (général)', 'III (général)']);
  });

  it('aqlLimit: 0.010 … 10, with the decimal mark of the language', async () => {
    const { en, fr } = await both(`${FILTERS}/aqlLimit`);
    expect(values(en)).toEqual(['0.010', '0.015', '0.025', '0.040', '0.065', '0.10', '0.15', '0.25', '0.40', '0.65', '1.0', '1.5', '2.5', '4.0', '6.5', '10']);
    expect(labels(en)).toEqual(values(en));
    expect(labels(fr)).toEqual(['0,010', '0,015', '0,025', '0,040', '0,065', '0,10', '0,15', '0,25', '0,40', '0,65', '1,0', '1,5', '2,5', '4,0', '6,5', '10']);
  });

  it('aqlSeverity: critical, major, minor', async () => {
    const { en, fr } = await both(`${FILTERS}/aqlSeverity`);
    expect(en).toEqual([{ value: 'CRITICAL', label: 'Critical' }, { value: 'MAJOR', label: 'Major' }, { value: 'MINOR', label: 'Minor' }]);
    expect(fr).toEqual([{ value: 'CRITICAL', label: 'Critique' }, { value: 'MAJOR', label: 'Majeur' }, { value: 'MINOR', label: 'Mineur' }]);
  });

  it('aqlSampleNumber: the sample sizes of the tables', async () => {
    const { en, fr } = await both(`${FILTERS}/aqlSampleNumber`);
    expect(values(en)).toEqual([2, 3, 5, 8, 13, 20, 32, 50, 80, 125, 200, 315, 500, 800, 1250, 2000, 3150]);
    expect(labels(en).slice(-3)).toEqual(['1,250', '2,000', '3,150']);
    expect(labels(fr)[0]).toBe('2');
    expect(labels(fr).at(-1)).toMatch(/^3\s150$/u);
  });

  it('aqlSamplingPlan: normal, tightened, reduced', async () => {
    const { en, fr } = await both(`${FILTERS}/aqlSamplingPlan`);
    expect(en).toEqual([{ value: 'NORMAL', label: 'Normal' }, { value: 'TIGHTENED', label: 'Tightened' }, { value: 'REDUCED', label: 'Reduced' }]);
    expect(fr).toEqual([{ value: 'NORMAL', label: 'Normal' }, { value: 'TIGHTENED', label: 'Renforcé' }, { value: 'REDUCED', label: 'Réduit' }]);
  });
});
