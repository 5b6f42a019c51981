import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { ACCOUNTS, startWithLogins, type Client, type TestServer } from './helpers';
import { insertService, network, type Network } from './service-fixtures';

/**
 * The report wizard's defect picker (GET /back/bo/reports/{serviceId}/defects and its combo) reads
 * the library as it is now: a defect an admin adds at /back/bo/defects/admin is offered at once,
 * without a restart; an archived one leaves the picker but keeps its name where a report names it.
 * The library is the service's universe's plus the client's own (CUSTOM_DEFECT), never another's.
 */
let server: TestServer;
let admin: Client, inspector: Client;
let net: Network;

beforeAll(async () => {
  ({ server, clients: { admin, inspector } } = await startWithLogins(['admin', 'inspector']));
  net = await network(server.store);
});
afterAll(() => server?.close());

const confirmed = { serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true };
const ADMIN_API = '/back/bo/defects/admin';

async function confirmedService(): Promise<{ id: number; lineId: number }> {
  const service = await insertService(server.store, { fields: { orderTakerContacts: [net.shenzhenContact], ...confirmed } });
  return { id: service.serviceId as number, lineId: (service.purchaseOrderLines as Row[])[0].purchaseOrderLineId as number };
}

const picker = async (id: number): Promise<Row[]> => {
  const reply = await inspector.get(`/back/bo/reports/${id}/defects`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
};
const combo = async (id: number): Promise<Row[]> => (await inspector.get(`/back/bo/dfc/reports/${id}/defects/combo`)).body;
const codes = (rows: Row[]) => rows.map((row) => row.code);

async function familyOf(code: string, universeId: number): Promise<number> {
  return (await server.store.find('defectFamilies', (family) => family.code === code && family.universeId === universeId && family.companyId === undefined))[0].defectFamilyId as number;
}

describe('the report wizard’s defect picker', () => {
  it('offers a defect an admin has just added, in the caller’s language, grouped under its family; an archived one leaves it', async () => {
    const { id } = await confirmedService();
    const service = (await server.store.get('services', id))!;
    const before = await picker(id);
    expect(codes(before)).not.toContain('APP-09');

    const appearance = await familyOf('APP', service.universeId as number);
    const added = await admin.post(ADMIN_API, { defectFamilyId: appearance, code: 'APP-09', names: { en: 'Faded print', fr: 'Impression délavée', it: 'Stampa sbiadita' }, category: 'APPEARANCE', defaultSeverity: 'MINOR' });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ code: 'APP-09', archived: false, universeId: service.universeId });
    expect(added.body.companyId).toBeUndefined();

    const after = await picker(id);
    expect(after.find((defect) => defect.code === 'APP-09')).toMatchObject({ defectId: added.body.defectId, family: 'Appearance', localizedNameWithCode: 'APP-09 · Faded print', defaultSeverity: 'MINOR' });
    expect(after).toHaveLength(before.length + 1);
    expect((await combo(id)).find((option) => option.value === added.body.defectId)).toEqual({ value: added.body.defectId, label: 'APP-09 · Faded print', group: 'Appearance', category: 'APPEARANCE', severity: 'MINOR' });
    // In the caller's language: the French reader gets the French name.
    const inspectorId = net.contacts[ACCOUNTS.inspector];
    const speaking = (language: string) => server.store.update<Row>('contacts', inspectorId, (contact) => ({ ...contact, language }));
    await speaking('fr');
    const french = await picker(id);
    await speaking('en');
    expect(french.find((defect) => defect.code === 'APP-09')).toMatchObject({ family: 'Aspect', localizedNameWithCode: 'APP-09 · Impression délavée' });

    // Archived: it leaves the picker (and the combo), the admin list still reads it by id.
    const archived = await admin.put(`${ADMIN_API}/${added.body.defectId}`, { ...added.body, archived: true });
    expect(archived.status, archived.text).toBe(200);
    expect(codes(await picker(id))).not.toContain('APP-09');
    expect((await combo(id)).map((option) => option.value)).not.toContain(added.body.defectId);
    expect((await admin.get(`${ADMIN_API}/${added.body.defectId}`)).body).toMatchObject({ code: 'APP-09', archived: true });
  });

  it('a report keeps a defect archived since it was written, with its name; a new line naming an archived defect is refused', async () => {
    const { id, lineId } = await confirmedService();
    const service = (await server.store.get('services', id))!;
    const family = await familyOf('WRK', service.universeId as number);
    const defect = (await admin.post(ADMIN_API, { defectFamilyId: family, code: 'WRK-09', names: { en: 'Skipped stitch' }, category: 'WORKMANSHIP' })).body;
    const report = { reportType: 'NORMAL', inspectionMode: 'LOT', standard: 'ISO_2859_1', aql: { level: 'II', inspection: 'NORMAL', critical: '0', major: '2.5', minor: '4.0' }, lines: [{ purchaseOrderLineId: lineId, orderedQuantity: 1000, presentedQuantity: 1000, inspectedQuantity: 80 }], inspectedPieces: [] };
    const line = { defectId: defect.defectId, severity: 'MAJOR', count: 1 };
    const saved = await inspector.post(`/back/bo/reports/${id}`, { report: { ...report, defects: [line] } });
    expect(saved.status, saved.text).toBe(201);

    expect((await admin.put(`${ADMIN_API}/${defect.defectId}`, { ...defect, archived: true })).status).toBe(200);
    // The report still reads its line's name, and saves again with it.
    const lines = await inspector.get(`/back/bo/reports/${id}/reportDefects`);
    expect(lines.body[0]).toMatchObject({ defectId: defect.defectId, localizedNameWithCode: 'WRK-09 · Skipped stitch' });
    const again = await inspector.put(`/back/bo/reports/${id}`, { version: saved.body.report.version, report: { ...report, defects: [line, { ...line, count: 2 }] } });
    expect(again.status, again.text).toBe(200);

    // Another report may not pick it any more: 400 at the line, nothing written.
    const other = await confirmedService();
    const refused = await inspector.post(`/back/bo/reports/${other.id}`, { report: { ...report, lines: [{ ...report.lines[0], purchaseOrderLineId: other.lineId }], defects: [line] } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: '/report/defects/0/defectId' })]);
    expect(await server.store.find('reports', (row) => row.serviceId === other.id)).toEqual([]);
  });

  it('lists the families in the admin’s order (the families pane writes `order`), then the defects by code', async () => {
    const { id } = await confirmedService();
    const service = (await server.store.get('services', id))!;
    const familiesOf = (rows: Row[]) => [...new Set(rows.map((row) => row.family))];
    expect(familiesOf(await picker(id))).toEqual(['Appearance', 'Workmanship', 'Measurements', 'Labelling and packing', 'Accessories', 'Safety', 'Maison Lumière finish']);
    const safety = (await server.store.find('defectFamilies', (family) => family.code === 'SEC' && family.universeId === service.universeId))[0];
    const moved = await admin.put(`/back/bo/defects/admin/families/${safety.defectFamilyId}`, { ...safety, order: 5 });
    expect(moved.status, moved.text).toBe(200);
    const after = await picker(id);
    expect(familiesOf(after).slice(0, 2)).toEqual(['Safety', 'Appearance']);
    expect(after.filter((row) => row.family === 'Safety').map((row) => row.code)).toEqual(['SEC-01', 'SEC-02', 'SEC-03']);
    expect((await combo(id))[0].group).toBe('Safety');
  });

  it('is the universe’s library plus the client’s own, never another universe’s nor another company’s own', async () => {
    const { id } = await confirmedService();
    const service = (await server.store.get('services', id))!;
    const offered = await picker(id);
    const defects = await server.store.all('defects');
    const expected = defects.filter((defect) => defect.universeId === service.universeId && (defect.companyId === undefined || defect.companyId === service.client) && defect.archived !== true);
    expect(new Set(offered.map((defect) => defect.defectId))).toEqual(new Set(expected.map((defect) => defect.defectId)));
    // The brand's own family (LUM) is among them; another universe's and another company's are not.
    expect(codes(offered)).toEqual(expect.arrayContaining(['LUM-01', 'LUM-02', 'APP-01']));
    expect(codes(offered)).not.toContain('NWG-01');
    // Another company's own defect (the provider's), in the same universe: not the client's library.
    await server.store.insert('defects', 'defectId', { universeId: service.universeId, companyId: net.atlas, defectFamilyId: await familyOf('APP', service.universeId as number), code: 'ATL-01', names: { en: 'Provider note' }, category: 'QUALITY', defaultSeverity: 'MINOR', archived: false });
    expect(codes(await picker(id))).not.toContain('ATL-01');
  });
});
