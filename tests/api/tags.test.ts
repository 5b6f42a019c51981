import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, loginAs, startServer, today, type Client, type TestServer } from './helpers';

/** Tag options, a record's tags, replacing them, and tag privacy (SECRET tags stay with their company). */
let server: TestServer;
let manager: Client;
let quality: Client;
let tag: Record<string, number>;

const labelsOf = (options: { label: string }[]) => options.map((option) => option.label);

beforeAll(async () => {
  server = await startServer();
  [manager, quality] = await Promise.all([loginAs(server, ACCOUNTS.manager), loginAs(server, ACCOUNTS.quality)]);
  tag = Object.fromEntries((await server.store.all('tags')).map((row) => [row.localizedName as string, row.tagId as number]));
});
afterAll(() => server?.close());

async function sharedCapa(tags: number[] = []) {
  const lumiere = (await manager.get('/back/bo/networkcombo/decisionmakers')).body[0].value;
  const reply = await manager.post('/back/bo/capas', { title: 'Tagged CAPA', capaType: 'CONTAINMENT', startDate: today(), target: lumiere, tags });
  expect(reply.status, reply.text).toBe(201);
  return reply.body as { capaId: number; version: number; tags: number[] };
}

describe('tag options', () => {
  it('offers enabled tags of the sources, with colours, hiding other companies SECRET tags', async () => {
    const forBrand = (await quality.get('/back/bo/tags/CAPA/options')).body;
    expect(forBrand).toContainEqual({ value: tag['Supplier on watch'], label: 'Supplier on watch', color: '#495057', assignable: true });
    expect(labelsOf(forBrand)).not.toContain('Quick win'); // Atlas's VISIBLE tag: seen, not assignable
    expect(labelsOf((await quality.get('/back/bo/tags/CAPA/options', { searchOnly: 'true' })).body)).toContain('Quick win');
    expect(labelsOf(forBrand)).not.toContain('Internal follow-up');
    expect(labelsOf(forBrand)).not.toContain('Lab test');
    const forInspection = labelsOf((await manager.get('/back/bo/tags/CAPA/options')).body);
    expect(forInspection).toContain('Internal follow-up');
    expect(forInspection).not.toContain('Supplier on watch');
  });

  it('accepts several sources, never offers disabled tags, and filters on the owner', async () => {
    const both = labelsOf((await quality.get('/back/bo/tags/NON_COMPLIANCE,CAPA/options', { searchOnly: 'true' })).body);
    expect(both).toEqual(expect.arrayContaining(['Lab test', 'Quick win', 'Colour fastness']));
    expect(both).not.toContain('Legacy 2023');
    const own = labelsOf((await quality.get('/back/bo/tags/NON_COMPLIANCE,CAPA/options', { privateOnly: 'true' })).body);
    expect(own).toContain('Supplier on watch');
    expect(own).not.toContain('Lab test');
    expect((await quality.get('/back/bo/tags/NOT_A_SOURCE/options')).status).toBe(400);
    const outsider = await loginAs(server, ACCOUNTS.outsider);
    expect(labelsOf((await outsider.get('/back/bo/tags/CAPA/options')).body)).toEqual(['Priority']);
  });
});

describe("a record's tags", () => {
  it('lists, replaces (bumping the version) and filters by type', async () => {
    const capa = await sharedCapa([tag['Quick win']]);
    const ref = `/back/bo/tags/CAPA_${capa.capaId}`;
    expect((await manager.get(ref)).body).toEqual([{ tagId: tag['Quick win'], localizedName: 'Quick win', color: '#40c057', privacy: 'VISIBLE' }]);

    const replaced = await quality.patch(ref, [tag['Recurring defect'], tag['Customer complaint']]);
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.map((t: { localizedName: string }) => t.localizedName)).toEqual(['Recurring defect', 'Customer complaint']);
    const record = (await manager.get(`/back/bo/capas/${capa.capaId}`)).body;
    expect(record.version).toBe(2);
    expect(record.tags).toEqual([tag['Recurring defect'], tag['Customer complaint']]);

    expect((await manager.get(`${ref}/CAPA`)).body).toHaveLength(2);
    const nonCompliance = await manager.get(`${ref}/NON_COMPLIANCE`);
    expect(nonCompliance.body.map((t: { localizedName: string }) => t.localizedName)).toEqual(['Recurring defect', 'Customer complaint']);
  });

  it('refuses unknown, disabled, wrong-source and other companies SECRET tags (400, nothing changed)', async () => {
    const capa = await sharedCapa();
    const ref = `/back/bo/tags/CAPA_${capa.capaId}`;
    for (const bad of [[987654], [tag['Lab test']], [tag['Internal follow-up']]]) {
      const reply = await quality.patch(ref, bad);
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ path: '/0', message: 'unknown or disabled tag' }]);
    }
    const nc = (await quality.post('/back/bo/nonCompliances', { title: 'Label missing', issueLevel: 'MINOR' })).body;
    const disabled = await quality.patch(`/back/bo/tags/NON_COMPLIANCE_${nc.nonComplianceId}`, [tag['Colour fastness'], tag['Legacy 2023']]);
    expect(disabled.status).toBe(400);
    expect(disabled.body.errors).toEqual([{ path: '/1', message: 'unknown or disabled tag' }]);
    expect((await quality.patch(ref, { tags: [] })).status).toBe(400);
    expect((await manager.get(`/back/bo/capas/${capa.capaId}`)).body.version).toBe(1);
  });

  it("keeps a company's SECRET tags out of others' sight and untouched by their edits", async () => {
    const capa = await sharedCapa([tag['Internal follow-up']]);
    const ref = `/back/bo/tags/CAPA_${capa.capaId}`;
    await quality.patch(ref, [tag['Supplier on watch']]);
    expect((await manager.get(ref)).body.map((t: { localizedName: string }) => t.localizedName)).toEqual(['Internal follow-up']);
    expect((await quality.get(ref)).body.map((t: { localizedName: string }) => t.localizedName)).toEqual(['Supplier on watch']);
    expect((await quality.get(`/back/bo/capas/${capa.capaId}`)).body.tags).toEqual([tag['Supplier on watch']]);

    const current = (await quality.get(`/back/bo/capas/${capa.capaId}`)).body;
    const put = await quality.put(`/back/bo/capas/${capa.capaId}`, { ...current, tags: [] });
    expect(put.status, put.text).toBe(200);
    expect((await manager.get(ref)).body.map((t: { localizedName: string }) => t.localizedName)).toEqual(['Internal follow-up']);
    expect((await quality.get(ref)).body).toEqual([]);
  });

  it('finds the record by its entity name (MATRIX8D) and applies roles and visibility', async () => {
    const lumiere = (await manager.get('/back/bo/networkcombo/decisionmakers')).body[0].value;
    const matrix = (await manager.post('/back/bo/matrix8ds', { problemDescription: 'Zip failures', orderMakerId: lumiere, tagAssignments: [tag['Workmanship']] })).body;
    expect((await quality.get(`/back/bo/tags/MATRIX8D_${matrix.matrixId}`)).body.map((t: { tagId: number }) => t.tagId)).toEqual([tag['Workmanship']]);
    const capa = await sharedCapa();
    const outsider = await loginAs(server, ACCOUNTS.outsider);
    expect((await outsider.get(`/back/bo/tags/CAPA_${capa.capaId}`)).status).toBe(404);
    expect((await outsider.patch(`/back/bo/tags/CAPA_${capa.capaId}`, [])).status).toBe(404);
    const buyer = await loginAs(server, ACCOUNTS.buyer);
    expect((await buyer.get(`/back/bo/tags/CAPA_${capa.capaId}`)).status).toBe(403);
    expect((await manager.get('/back/bo/tags/SERVICE_999999')).status).toBe(404);
  });
});
