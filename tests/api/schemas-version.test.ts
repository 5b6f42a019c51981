import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins, type Client, type TestServer } from './helpers';

/**
 * GET /back/schemas names its answer (`version`, also the ETag) so that the browser can ask again
 * cheaply (engine/configFreshness.ts): 304 while the caller's answer is the same, the new answer
 * once the company's custom fields change; another company's fields leave it as it was.
 */
let server: TestServer;
let quality: Client;
let manager: Client;

beforeAll(async () => {
  ({ server, clients: { quality, manager } } = await startWithLogins(['quality', 'manager']));
});
afterAll(() => server?.close());

const API = '/back/bo/customFields/admin';
const field = (code: string) => ({ code, i18n: { en: `Field ${code}` }, functionalGroup: 'SERVICE', fieldType: 'TEXT' });
const schemas = (client: Client, version?: string) => client.request('GET', '/back/schemas', { headers: version ? { 'If-None-Match': `"${version}"` } : {} });

describe('GET /back/schemas and its version', () => {
  it('answers 304 with no body while unchanged, the new answer once a custom field is added, changed or deleted', async () => {
    const first = await schemas(quality);
    expect(first.status).toBe(200);
    const version = first.body.version as string;
    expect(version).toMatch(/^[\w-]{20,}$/);
    expect(first.headers.get('etag')).toBe(`"${version}"`);
    expect(first.headers.get('cache-control')).toBe('no-cache');

    const same = await schemas(quality, version);
    expect(same.status).toBe(304);
    expect(same.text).toBe('');
    // Another version, or none, gets the whole answer.
    expect((await schemas(quality, 'not-this-one')).status).toBe(200);

    const created = await quality.post(API, field('FRESH_NOTE'));
    expect(created.status, created.text).toBe(201);
    const added = await schemas(quality, version);
    expect(added.status).toBe(200);
    expect(added.body.version).not.toBe(version);
    expect(Object.values(added.body.locales.en)).toContain('Field FRESH_NOTE');
    expect((await schemas(quality, added.body.version)).status).toBe(304);

    const { customFieldId, version: recordVersion } = created.body;
    const renamed = await quality.put(`${API}/${customFieldId}`, { ...created.body, i18n: { en: 'Renamed note' }, version: recordVersion });
    expect(renamed.status, renamed.text).toBe(200);
    const changed = await schemas(quality, added.body.version);
    expect(changed.status).toBe(200);
    expect(Object.values(changed.body.locales.en)).toContain('Renamed note');

    expect((await quality.delete(`${API}/${customFieldId}`)).status).toBe(200);
    const removed = await schemas(quality, changed.body.version);
    expect(removed.status).toBe(200);
    expect(Object.values(removed.body.locales.en)).not.toContain('Renamed note');
  });

  it("does not change with another company's custom fields", async () => {
    const before = (await schemas(quality)).body.version as string;
    expect((await manager.post(API, field('ATLAS_ONLY'))).status).toBe(201);
    expect((await schemas(quality, before)).status).toBe(304);
    expect((await schemas(manager, before)).status).toBe(200);
  });
});
