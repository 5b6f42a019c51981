import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { postgresWatch, journalWatch, type WriteWatch } from '../support/writeWatch';
import { startWithLogins, type Client, type Reply, type TestServer } from './helpers';
import { refusedWithoutWrites } from './refused';
import { fieldMessages, insertService } from './service-fixtures';

/**
 * A report's custom fields (docs/schemas.md "Custom fields"): the service client's REPORT fields on
 * the report and its REPORT_PIECE fields on each inspected piece, narrowed to the service's type,
 * read by the provider who writes the report, checked on every write with the same schema — a
 * required field at the report's send (POST, PUT), not on a draft save (the defects or pieces alone).
 */
let server: TestServer;
let quality: Client, inspector: Client;
let watch: WriteWatch;

beforeAll(async () => {
  ({ server, clients: { quality, inspector } } = await startWithLogins(['quality', 'inspector']));
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

const API = '/back/bo/customFields/admin';
const url = (id: number, tail = '') => `/back/bo/reports/${id}${tail}`;
/** Refused and nothing written, once the e-mails and notifications of the writes before are out. */
const refused = async (status: number, call: () => Promise<Reply>) => {
  await server.settled();
  return refusedWithoutWrites(watch, status, call);
};

/** A LIST field of Lumière's final random inspections' reports, required once `required`. */
const packing = (changes: Row = {}) => ({
  code: 'PACKING_STATE',
  i18n: { en: 'Packing state', fr: 'État de l’emballage' },
  functionalGroup: 'REPORT',
  fieldType: 'LIST',
  serviceTypes: ['INSP_FINAL_RANDOM'],
  listOptions: [
    { code: 'INTACT', i18n: { en: 'Intact', fr: 'Intact' } },
    { code: 'DAMAGED', i18n: { en: 'Damaged', fr: 'Endommagé' } },
  ],
  ...changes,
});

/** A confirmed inspection of Lumière done by Atlas, of `type`. */
async function confirmedService(type = 'INSP_FINAL_RANDOM'): Promise<number> {
  const service = await insertService(server.store, { fields: { type, serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true } });
  return service.serviceId as number;
}

/** The new report's values for the service, as the wizard starts from them. */
const defaults = async (id: number): Promise<Row> => {
  const { computed: _computed, ...report } = (await inspector.get(url(id, '/default'))).body;
  return report;
};
const storedReport = async (id: number) => (await server.store.find('reports', (row) => row.serviceId === id))[0];

let field: Row;
beforeAll(async () => {
  const reply = await quality.post(API, packing());
  expect(reply.status, reply.text).toBe(201);
  field = reply.body;
});

const setField = async (changes: Row) => {
  const reply = await quality.put(`${API}/${String(field.customFieldId)}`, { ...field, ...changes });
  expect(reply.status, reply.text).toBe(200);
  field = reply.body;
};

describe("the report's custom fields are its service client's", () => {
  it('reach the provider: the REPORT fields of the service type, the REPORT_PIECE ones, labelled in en, fr and it', async () => {
    const id = await confirmedService();
    const reply = await inspector.get(url(id, '/customFields'));
    expect(reply.status, reply.text).toBe(200);
    const { report, piece, locales, serviceType } = reply.body;
    expect(serviceType).toBe('INSP_FINAL_RANDOM');
    expect(report.properties.PACKING_STATE).toMatchObject({ type: 'string', enum: ['INTACT', 'DAMAGED'], title: 'customField.label.PACKING_STATE' });
    // Lumière's demo fields: its report's under the Appearance criterion, its pieces' weight.
    expect(Object.keys(report.properties)).toEqual(expect.arrayContaining(['HANGER_TEST', 'MOISTURE_RATE']));
    expect(report.properties.HANGER_TEST['x-group']).toMatch(/^customField\.criterion\./);
    expect(piece.properties.PIECE_WEIGHT).toMatchObject({ type: 'integer' });
    // The provider's own REPORT fields (Atlas's WEATHER) are not the client's.
    expect(report.properties.WEATHER).toBeUndefined();
    expect(locales.fr['customField.label.PACKING_STATE']).toBe('État de l’emballage');
    expect(locales.it['customField.label.PACKING_STATE']).toBe('Packing state');
    expect(locales.fr['customField.label.PIECE_WEIGHT']).toBe('Poids mesuré (g)');
    expect(locales.en[report.properties.HANGER_TEST['x-group']]).toBe('Appearance');
  });

  it("are narrowed to the service's type: an inspection during production has not the final inspection's field", async () => {
    const id = await confirmedService('INSP_DURING_PRODUCTION');
    const { report, locales } = (await inspector.get(url(id, '/customFields'))).body;
    expect(report.properties.PACKING_STATE).toBeUndefined();
    expect(report.properties.HANGER_TEST).toBeDefined();
    expect(locales.en['customField.label.PACKING_STATE']).toBeUndefined();
  });

  it("stay out of the caller's GET /back/schemas: the report entity's property holds no company's fields", async () => {
    for (const client of [inspector, quality]) {
      const { body } = await client.get('/back/schemas');
      expect(body.entities.report.properties.customFieldReport.properties).toBeUndefined();
    }
  });
});

describe('the demo reports', () => {
  it("hold their brand's REPORT values, which the brand's fields accept, and show a piece field", async () => {
    const reports = await server.store.all('reports');
    const lumiere = reports.find((report) => (report.customFieldReport as Row | undefined)?.HANGER_TEST !== undefined);
    expect(lumiere, 'a demo report of Lumière with its values').toBeDefined();
    const { report, piece } = (await inspector.get(url(lumiere!.serviceId as number, '/customFields'))).body;
    for (const [code, value] of Object.entries(lumiere!.customFieldReport as Row)) {
      const property = report.properties[code];
      expect(property, code).toBeDefined();
      if (property.enum) expect(property.enum).toContain(value);
      else expect(typeof value).toBe('number');
    }
    expect(piece.properties.PIECE_WEIGHT).toBeDefined();
  });
});

describe('every report write is checked with that schema', () => {
  let id: number;
  beforeAll(async () => {
    id = await confirmedService();
  });

  it('refuses a value outside the options (400 naming the field), nothing written', async () => {
    const report = { ...(await defaults(id)), customFieldReport: { PACKING_STATE: 'CRUSHED' } };
    const reply = await refused(400, () => inspector.post(url(id), { report }));
    expect(fieldMessages(reply.body)).toHaveProperty('/report/customFieldReport/PACKING_STATE');
  });

  it('refuses a code naming no field of the client, and a piece value of the wrong type, nothing written', async () => {
    const base = await defaults(id);
    const unknown = await refused(400, () => inspector.post(url(id), { report: { ...base, customFieldReport: { WEATHER: 'DRY' } } }));
    expect(fieldMessages(unknown.body)).toHaveProperty('/report/customFieldReport/WEATHER');
    const pieces = [{ pieceNumber: 1, result: 'PASSED', customFieldPiece: { PIECE_WEIGHT: 'heavy' } }];
    const typed = await refused(400, () => inspector.post(url(id), { report: { ...base, inspectionMode: 'PIECE', inspectedPieces: pieces } }));
    expect(fieldMessages(typed.body)).toHaveProperty('/report/inspectedPieces/0/customFieldPiece/PIECE_WEIGHT');
  });

  it('saves the values of the report and of its pieces', async () => {
    const report = { ...(await defaults(id)), inspectionMode: 'PIECE', customFieldReport: { PACKING_STATE: 'INTACT', HANGER_TEST: 'PASSED' }, inspectedPieces: [{ pieceNumber: 1, result: 'PASSED', customFieldPiece: { PIECE_WEIGHT: 412 } }] };
    const reply = await inspector.post(url(id), { report });
    expect(reply.status, reply.text).toBe(201);
    const stored = await storedReport(id);
    expect(stored.customFieldReport).toEqual({ PACKING_STATE: 'INTACT', HANGER_TEST: 'PASSED' });
    expect((stored.inspectedPieces as Row[])[0].customFieldPiece).toEqual({ PIECE_WEIGHT: 412 });
    expect((await inspector.get(url(id))).body.customFieldReport).toEqual({ PACKING_STATE: 'INTACT', HANGER_TEST: 'PASSED' });
  });
});

describe('a required field is enforced when the report is sent, not on a draft save', () => {
  let id: number;
  beforeAll(async () => {
    id = await confirmedService();
    const created = await inspector.post(url(id), { report: await defaults(id) });
    expect(created.status, created.text).toBe(201);
    await setField({ required: true });
  });
  afterAll(() => setField({ required: false }));

  it('is required in the schema the provider reads', async () => {
    expect((await inspector.get(url(id, '/customFields'))).body.report.required).toContain('PACKING_STATE');
  });

  it('refuses the send (PUT, POST) without it: 400 naming the field, nothing written', async () => {
    const { version, ...report } = (await inspector.get(url(id))).body;
    const put = await refused(400, () => inspector.put(url(id), { version, report }));
    expect(fieldMessages(put.body)).toHaveProperty('/report/customFieldReport/PACKING_STATE');
    const other = await confirmedService();
    const post = await refused(400, () => inspector.post(url(other), { report: { ...(report as Row), customFieldReport: {} } }));
    expect(fieldMessages(post.body)).toHaveProperty('/report/customFieldReport/PACKING_STATE');
  });

  it('lets a draft save (the pieces alone) leave it empty, but still checks the piece values (nothing written then)', async () => {
    const { version } = (await inspector.get(url(id))).body;
    const wrong = await refused(400, () => inspector.post(url(id, '/inspectedPieces'), { version, inspectedPieces: [{ pieceNumber: 1, result: 'PASSED', customFieldPiece: { PIECE_WEIGHT: 1.5 } }] }));
    expect(fieldMessages(wrong.body)).toHaveProperty('/report/inspectedPieces/0/customFieldPiece/PIECE_WEIGHT');
    const draft = await inspector.post(url(id, '/inspectedPieces'), { version, inspectedPieces: [{ pieceNumber: 1, result: 'PASSED', customFieldPiece: { PIECE_WEIGHT: 380 } }] });
    expect(draft.status, draft.text).toBe(200);
    expect((await storedReport(id)).customFieldReport).toEqual({});
  });

  it('takes the send once given', async () => {
    const { version, ...report } = (await inspector.get(url(id))).body;
    const reply = await inspector.put(url(id), { version, report: { ...(report as Row), customFieldReport: { PACKING_STATE: 'DAMAGED' } } });
    expect(reply.status, reply.text).toBe(200);
    expect((await storedReport(id)).customFieldReport).toEqual({ PACKING_STATE: 'DAMAGED' });
    // The pieces' values written by the draft save stayed.
    expect(((await storedReport(id)).inspectedPieces as Row[])[0].customFieldPiece).toEqual({ PIECE_WEIGHT: 380 });
  });
});

describe('a disabled field', () => {
  let id: number;
  beforeAll(async () => {
    id = await confirmedService();
    const reply = await inspector.post(url(id), { report: { ...(await defaults(id)), customFieldReport: { PACKING_STATE: 'INTACT' } } });
    expect(reply.status, reply.text).toBe(201);
    await setField({ enabled: false });
  });
  afterAll(() => setField({ enabled: true }));

  it('keeps its stored value, read-only: a write changing or dropping it leaves it as stored', async () => {
    expect((await inspector.get(url(id, '/customFields'))).body.report.properties.PACKING_STATE.readOnly).toBe(true);
    const { version, ...report } = (await inspector.get(url(id))).body;
    const changed = await inspector.put(url(id), { version, report: { ...(report as Row), customFieldReport: { PACKING_STATE: 'DAMAGED', HANGER_TEST: 'FAILED' } } });
    expect(changed.status, changed.text).toBe(200);
    expect((await storedReport(id)).customFieldReport).toEqual({ PACKING_STATE: 'INTACT', HANGER_TEST: 'FAILED' });
  });
});
