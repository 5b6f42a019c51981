import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, ROOT, copySchemas, loginAs, shiftDay, startProcess, startServer, tempDir, today, type Client, type TestServer } from './helpers';

/**
 * The low-code promise: a config author adds an entity, a search form and a screen as JSON
 * files only (tests/fixtures/config-author), and the server serves a working API and menu.
 */
let schemasDir: string;
let server: TestServer;
let manager: Client;

beforeAll(async () => {
  schemasDir = await copySchemas();
  await cp(join(ROOT, 'tests/fixtures/config-author'), schemasDir, { recursive: true });
  server = await startServer({ schemasDir });
  manager = await loginAs(server, ACCOUNTS.manager);
});
afterAll(async () => {
  await server?.close();
  await rm(schemasDir, { recursive: true, force: true });
});

describe('an entity no code knows', () => {
  it('is created with its defaults, stamps and readable number, read, updated and deleted', async () => {
    const created = await manager.post('/back/bo/widgets', { name: 'Blue sprocket', size: 'M' });
    expect(created.status, created.text).toBe(201);
    const id = created.body.widgetId;
    expect(created.body).toMatchObject({ name: 'Blue sprocket', size: 'M', count: 1, madeOn: today(), createdOn: today(), code: `WG-${String(id).padStart(6, '0')}`, version: 1 });
    expect((await manager.get(`/back/bo/widgets/${id}`)).body).toEqual(created.body);
    const updated = await manager.put(`/back/bo/widgets/${id}`, { ...created.body, count: 5 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ count: 5, version: 2, code: created.body.code });
    expect((await manager.put(`/back/bo/widgets/${id}`, { ...created.body, count: 6 })).status).toBe(409);
    expect((await manager.delete(`/back/bo/widgets/${id}`)).body).toBe(true);
    expect((await manager.get(`/back/bo/widgets/${id}`)).status).toBe(404);
  });

  it('is validated by its schema and guarded by its roles and visibility', async () => {
    const bad = await manager.post('/back/bo/widgets', { name: 'x', size: 'XXL', count: -1, colour: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([
      { path: '/size', message: 'unknown value' },
      { path: '/count', message: 'too small' },
      { path: '/colour', message: 'unknown field' },
    ]));
    const buyer = await loginAs(server, ACCOUNTS.buyer);
    expect((await buyer.get('/back/bo/widgets/')).status).toBe(403);
    const id = (await manager.post('/back/bo/widgets', { name: 'Hidden', size: 'S' })).body.widgetId;
    const quality = await loginAs(server, ACCOUNTS.quality);
    expect((await quality.get(`/back/bo/widgets/${id}`)).status).toBe(404);
  });

  it('is searched with its own filters and hit limit', async () => {
    await manager.post('/back/bo/widgets', { name: 'Green gear', size: 'L', madeOn: '2024-05-02' });
    await manager.post('/back/bo/widgets', { name: 'Red gear', size: 'S', madeOn: '2024-05-03' });
    const range = await manager.get('/back/bo/widgets/', { fromDate: '2024-05-02', toDate: '2024-05-02' });
    expect(range.body.map((w: { name: string }) => w.name)).toEqual(['Green gear']);
    const sizes = await manager.get('/back/bo/widgets/', { sizes: ['L', 'S'], keywords: 'GEAR' });
    expect(sizes.body.map((w: { name: string }) => w.name)).toEqual(['Red gear', 'Green gear']);
    for (let i = 0; i < 3; i++) await manager.post('/back/bo/widgets', { name: `Bolt ${i}`, size: 'S' });
    const capped = await manager.get('/back/bo/widgets/', { fromDate: shiftDay(today(), -1) });
    expect(capped.body).toHaveLength(3);
    expect(capped.headers.get('x-hit-limit')).toBe('3');
    expect(capped.body.map((w: { name: string }) => w.name)).toEqual(['Bolt 2', 'Bolt 1', 'Bolt 0']);
  });

  it('has lines with computed totals and a workflow written as JSON, with a guard on its lines', async () => {
    const created = await manager.post('/back/bo/widgets', { name: 'Geared', size: 'S', parts: [], partsTotal: 999 });
    expect(created.status, created.text).toBe(201);
    const id = created.body.widgetId;
    // The server computes the totals (the client's are dropped) and the machine's first state.
    expect(created.body).toMatchObject({ status: 'DRAFT', parts: [], partsTotal: 0 });
    // APPROVE needs parts (guard `filled`): refused, nothing written.
    const refused = await manager.patch(`/back/bo/widgets/${id}/APPROVE`, { version: 1 });
    expect(refused.status).toBe(409);
    expect((await manager.get(`/back/bo/widgets/${id}`)).body).toMatchObject({ status: 'DRAFT', version: 1 });
    const parts = [
      { partName: 'Axle', quantity: 3, unitPrice: 12.5, total: 1 },
      { partName: 'Gear', quantity: 'two', unitPrice: 1 },
    ];
    // A line the schema refuses names its cell.
    const bad = await manager.put(`/back/bo/widgets/${id}`, { ...created.body, parts });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: '/parts/1/quantity' })]);
    const updated = await manager.put(`/back/bo/widgets/${id}`, { ...created.body, parts: [parts[0], { partName: 'Gear', quantity: 2, unitPrice: 0.1 }] });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.parts.map((part: { total: number }) => part.total)).toEqual([37.5, 0.2]);
    expect(updated.body.partsTotal).toBe(37.7);
    const approved = await manager.patch(`/back/bo/widgets/${id}/APPROVE`, { version: updated.body.version });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.status).toBe('APPROVED');
    expect((await manager.patch(`/back/bo/widgets/${id}/APPROVE`, { version: approved.body.version })).status).toBe(409);
    expect((await manager.patch(`/back/bo/widgets/${id}/REOPEN`, { version: approved.body.version })).body.status).toBe('DRAFT');
  });

  it('has its JSON machines in /back/schemas and in the workflow viewer', async () => {
    const schemas = (await manager.get('/back/schemas')).body;
    // The author's machines beside the project's own (schemas/machines/).
    expect(Object.keys(schemas.machines)).toEqual(expect.arrayContaining(['widget', 'widgetWizard']));
    expect(schemas.screens.map((screen: { route: string }) => screen.route)).toEqual(expect.arrayContaining(['/widgets/:widgetId', '/widgets/wizard']));
    const charts = (await manager.get('/back/bo/workflows/')).body as { id: string; entity?: string; mermaid: string }[];
    const widget = charts.find((chart) => chart.id === 'widget');
    expect(widget).toMatchObject({ entity: 'widget' });
    expect(widget!.mermaid).toContain('DRAFT --> APPROVED: APPROVE [filled(parts)]');
    expect(charts.map((chart) => chart.id)).toContain('widgetWizard');
  });

  it('appears in /back/schemas and in the menu', async () => {
    const schemas = (await manager.get('/back/schemas')).body;
    expect(schemas.entities.widget.properties.size.enum).toEqual(['S', 'M', 'L']);
    expect(schemas.search.widget['x-entity']).toBe('widget');
    expect(schemas.screens.map((screen: { route: string }) => screen.route)).toContain('/widgets/search');
    const menu = (await manager.get('/back/bo/menu/')).body;
    expect(menu).toContainEqual({ name: 'screen.widgetSearch', icon: 'box', link: '/widgets/search' });
    const inspector = await loginAs(server, ACCOUNTS.inspector);
    // An inspector (CONTRIBUTOR) is not a MANAGER: no widgets; the services of its company, billing for their fee sheets, and the shared documents.
    const links = ((await inspector.get('/back/bo/menu/')).body as { link: string }[]).map((entry) => entry.link);
    expect(links).not.toContain('/widgets/search');
    expect(links).toEqual(expect.arrayContaining(['/billing', '/documents']));
  });
});

describe('a configuration with a problem', () => {
  it('keeps the server from starting, with the problem as check:schemas reports it', async () => {
    const broken = await copySchemas();
    const dataDir = await tempDir();
    try {
      const file = join(broken, 'screens', 'capaSearch.json');
      const screen = JSON.parse(await readFile(file, 'utf8'));
      screen.columns.push('titel');
      await writeFile(file, JSON.stringify(screen));
      const refused = startProcess({ SCHEMAS_DIR: broken, SEED: 'none', DB_FILE: join(dataDir, 'db.json') });
      await expect(refused).rejects.toThrow('screens/capaSearch.json /columns/12: unknown field titel in a column: entity capa has no such property');
      await expect(refused).rejects.toThrow('QCFlow cannot start');
    } finally {
      await rm(broken, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
