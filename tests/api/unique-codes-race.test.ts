import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins, type Client, type Reply, type TestServer } from './helpers';

/**
 * `x-unique` holds when requests race (server/resources/uniqueness.ts): the same code posted many
 * times at once, typed in other cases and spaces, is written once; every other request is refused
 * 422 'code already in use' naming the field, never a 5xx, on lowdb and on PostgreSQL alike.
 */
let server: TestServer;
let quality: Client;
let admin: Client;

beforeAll(async () => {
  ({ server, clients: { quality, admin } } = await startWithLogins(['quality', 'admin']));
});
afterAll(() => server?.close());

const RACERS = 8;
/** The same code as a person may type it: cases and surrounding spaces differ. */
const typings = (code: string) => Array.from({ length: RACERS }, (_, index) => [code, code.toLowerCase(), ` ${code}`, `${code} `][index % 4]);

function expectOneWinner(replies: Reply[]): void {
  const statuses = replies.map((reply) => reply.status).sort();
  expect(statuses, replies.map((reply) => reply.text.slice(0, 120)).join('\n')).toEqual([201, ...Array<number>(RACERS - 1).fill(422)]);
  for (const reply of replies.filter((one) => one.status === 422)) {
    expect(reply.body).toMatchObject({ exception: 'BusinessException', message: 'Code already in use', errors: [{ path: '/code', message: 'Code already in use' }] });
  }
}

const stored = async (collection: string, code: string) => (await server.store.all(collection)).filter((row) => String(row.code).trim().toLowerCase() === code.toLowerCase());

describe('x-unique under concurrent writes', () => {
  it("a company's strategy code posted 8 times at once is written once", async () => {
    const replies = await Promise.all(typings('RACE-STRAT').map((code) => quality.post('/back/bo/strategies/admin', { code, names: { en: `Strategy ${code}` } })));
    expectOneWinner(replies);
    expect(await stored('strategies', 'race-strat')).toHaveLength(1);
  });

  it("a universe's season code posted 8 times at once is written once", async () => {
    const replies = await Promise.all(typings('SS31').map((code) => admin.post('/back/bo/seasons/admin', { code, names: { en: `Season ${code}` }, year: 2031, period: 'SS' })));
    expectOneWinner(replies);
    expect(await stored('seasons', 'ss31')).toHaveLength(1);
  });

  it('renaming two records at once to the same new code lets one through', async () => {
    const first = (await quality.post('/back/bo/strategies/admin', { code: 'RENAME-A', names: { en: 'A' } })).body;
    const second = (await quality.post('/back/bo/strategies/admin', { code: 'RENAME-B', names: { en: 'B' } })).body;
    const replies = await Promise.all([first, second].map((record) => quality.put(`/back/bo/strategies/admin/${record.strategyId}`, { code: 'RENAMED', names: record.names, version: record.version })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 422]);
    expect(await stored('strategies', 'renamed')).toHaveLength(1);
  });
});
