import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, copySchemas, currentMonth, loginAs, startServer, startWithLogins, today, type Client, type TestServer } from './helpers';

/**
 * `X-Outside-Window`: a search with a date window says how many records its other filters
 * match outside that window, so a screen can say "26 more outside these dates".
 */
const monthWindow = () => {
  const [year, month] = currentMonth().split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { fromDate: `${currentMonth()}-01`, toDate: `${currentMonth()}-${String(last).padStart(2, '0')}` };
};
const outside = (reply: { headers: Headers }) => reply.headers.get('x-outside-window');

describe('generic searches (CAPA, 8D, …)', () => {
  let server: TestServer;
  let quality: Client;
  beforeAll(async () => {
    ({ server, clients: { quality } } = await startWithLogins(['quality']));
  });
  afterAll(() => server?.close());

  it.each(['/back/bo/capas', '/back/bo/qualityAlerts', '/back/bo/nonCompliances', '/back/bo/matrix8ds'])('%s counts the matches the window leaves out', async (api) => {
    const all = (await quality.get(`${api}/`)).body as unknown[];
    const window = await quality.get(`${api}/`, monthWindow());
    expect(window.status).toBe(200);
    expect(outside(window)).toBe(String(all.length - window.body.length));
    expect(all.length - window.body.length, 'the demo seed has records outside the current month').toBeGreaterThan(0);
  });

  it('counts with the other filters: a CAPA created outside the window is the one left out', async () => {
    const created = await quality.post('/back/bo/capas', { title: 'Zanzibar zipper recall', capaType: 'CONTAINMENT', startDate: '2024-02-12' });
    expect(created.status).toBe(201);
    const window = await quality.get('/back/bo/capas/', { ...monthWindow(), keywords: 'zanzibar' });
    expect(window.body).toEqual([]);
    expect(outside(window)).toBe('1');
    expect(outside(await quality.get('/back/bo/capas/', { ...monthWindow(), keywords: 'nowhere-to-be-found' }))).toBe('0');
  });

  it('sends no header without a date bound', async () => {
    expect(outside(await quality.get('/back/bo/capas/'))).toBeNull();
    expect(outside(await quality.get('/back/bo/capas/', { fromDate: today() }))).not.toBeNull();
  });
});

describe('service search', () => {
  let server: TestServer;
  let quality: Client;
  beforeAll(async () => {
    ({ server, clients: { quality } } = await startWithLogins(['quality']));
  });
  afterAll(() => server?.close());

  it('counts the services the window leaves out, with the other filters applied', async () => {
    const window = { fromDate: today(), toDate: today() };
    const all = (await quality.get('/back/bo/services/')).body.services as unknown[];
    const inside = await quality.get('/back/bo/services/', window);
    expect(inside.status).toBe(200);
    expect(Number(outside(inside))).toBe(all.length - inside.body.services.length);
    expect(Number(outside(inside))).toBeGreaterThan(0);

    const steps = { serviceSteps: ['TERMINATED'] };
    const allTerminated = (await quality.get('/back/bo/services/', steps)).body.services as unknown[];
    const terminated = await quality.get('/back/bo/services/', { ...window, ...steps });
    expect(Number(outside(terminated))).toBe(allTerminated.length - terminated.body.services.length);
    expect(outside(await quality.get('/back/bo/services/'))).toBeNull();
  });

  it('stops counting at the hit limit: the header then says "<limit>+"', async () => {
    const schemasDir = await copySchemas();
    const file = join(schemasDir, 'entities', 'service.json');
    await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), 'x-hitLimit': 3 }));
    const capped = await startServer({ schemasDir });
    try {
      const admin = await loginAs(capped, ACCOUNTS.quality);
      expect(outside(await admin.get('/back/bo/services/', { fromDate: '2000-01-01', toDate: '2000-01-02' }))).toBe('3+');
    } finally {
      await capped.close();
      await rm(schemasDir, { recursive: true, force: true });
    }
  });
});
