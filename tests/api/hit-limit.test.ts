import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, copySchemas, loginAs, startServer, type Client, type TestServer } from './helpers';

/** x-hitLimit caps every search and says so in `X-Hit-Limit` (schemas copied with a limit of 5). */
const LIMIT = 5;
let schemasDir: string;
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  schemasDir = await copySchemas();
  const entities = join(schemasDir, 'entities');
  for (const file of await readdir(entities)) {
    const schema = JSON.parse(await readFile(join(entities, file), 'utf8'));
    if (schema['x-api']) await writeFile(join(entities, file), JSON.stringify({ ...schema, 'x-hitLimit': LIMIT }));
  }
  server = await startServer({ schemasDir });
  admin = await loginAs(server, ACCOUNTS.admin);
});
afterAll(async () => {
  await server?.close();
  await rm(schemasDir, { recursive: true, force: true });
});

describe.each(['/back/bo/capas', '/back/bo/qualityAlerts', '/back/bo/nonCompliances', '/back/bo/matrix8ds', '/back/bo/structuralCost'])('%s', (api) => {
  it('returns the newest records up to the limit with X-Hit-Limit', async () => {
    const capped = await admin.get(`${api}/`, { fromDate: '2000-01-01' });
    expect(capped.status).toBe(200);
    expect(capped.body).toHaveLength(LIMIT);
    expect(capped.headers.get('x-hit-limit')).toBe(String(LIMIT));
  });

  it('has no header when the result fits', async () => {
    const small = await admin.get(`${api}/`, { fromDate: '2000-01-01', toDate: '2000-01-31' });
    expect(small.body).toEqual([]);
    expect(small.headers.get('x-hit-limit')).toBeNull();
  });
});
