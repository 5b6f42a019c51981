import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../support/readPdf';
import { startWithLogins, type Client, type TestServer } from './helpers';
import { pdfBytes, pngBytes, sha256 } from './upload-client';

/**
 * GET /back/bo/reports/{serviceId}/pdf (CONTRACT.md): the inspection report as a PDF, read back
 * with pdf.js (its text and its images), in the caller's language, and the refusals of spec §6.4.
 */
let server: TestServer;
let quality: Client, sales: Client, outsider: Client, manager: Client;

type Row = Record<string, any>;

beforeAll(async () => {
  ({ server, clients: { quality, sales, outsider, manager } } = await startWithLogins(['quality', 'sales', 'outsider', 'manager']));
});
afterAll(() => server?.close());

const pdfPath = (serviceId: number) => `/back/bo/reports/${serviceId}/pdf`;

/** The raw download (the test client reads bodies as text). */
async function download(client: Client, serviceId: number): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${server.url}${pdfPath(serviceId)}`, { headers: { Cookie: cookie, 'X-Requested-With': 'XMLHttpRequest' } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A terminated inspection of the demo whose report quality@brand.test may read, with its defects. */
async function demoReport(): Promise<{ service: Row; report: Row; defects: Row[] }> {
  const reports = await server.store.find<Row>('reports', (report) => (report.defects as Row[]).length > 1);
  for (const report of reports) {
    const service = (await server.store.get<Row>('services', report.serviceId))!;
    if (service.serviceStep !== 'TERMINATED' || (await quality.get(`/back/bo/reports/${service.serviceId}/overview`)).body.downloadable !== true) continue;
    const defects = await Promise.all((report.defects as Row[]).map(async (defect) => (await server.store.get<Row>('defects', defect.defectId))!));
    return { service, report, defects };
  }
  throw new Error('no terminated demo inspection with a report');
}

/** A file of the service as a finished upload leaves it: its entry and its blob. */
async function serviceFile(service: Row, bytes: Buffer, fileName: string, mimeType: string): Promise<Row> {
  const hash = sha256(bytes);
  const dir = join(server.filesDir, 'blobs', hash.slice(0, 2), hash.slice(2, 4));
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, hash), bytes);
  const entry = { entityId: service.serviceId, fileType: 'SERVICE', fileName, mimeType, byteSize: bytes.length, hash, picture: mimeType.startsWith('image/'), universeId: service.universeId, creationDate: new Date().toISOString() };
  return server.store.insert('files', 'fileId', entry);
}

describe('the inspection report PDF', () => {
  it('is downloaded by the client: its number, parties, quantities, defects, verdict and pictures', async () => {
    const { service, report, defects } = await demoReport();
    const serviceId = service.serviceId as number;
    // A picture of the service on a defect, another picture, and a document that is no picture
    // (a terminated service takes no upload: its files are laid as the upload leaves them).
    const shot = await serviceFile(service, await pngBytes(900, 600), 'defect-closeup.png', 'image/png');
    await serviceFile(service, await pngBytes(640, 480), 'carton-marking.png', 'image/png');
    await serviceFile(service, Buffer.from(pdfBytes(2000, 3)), 'packing-list.pdf', 'application/pdf');
    const [first, ...others] = report.defects as Row[];
    const withPicture = [{ ...first, pictures: [shot.fileId], comment: 'Seen on 3 cartons’ labels' }, ...others].map(({ reportDefectId: _id, ...defect }) => defect);
    const saved = await manager.post(`/back/bo/reports/${serviceId}/reportDefects`, { version: report.version, defects: withPicture });
    expect(saved.status, saved.text).toBe(200);
    const stored = saved.body;

    const reply = await download(quality, serviceId);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${service.number}-report\\.pdf"`));
    expect(reply.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(reply.bytes.length).toBeLessThan(400_000);

    const pdf = await readPdf(reply.bytes);
    expect(pdf.text).toContain('Inspection report');
    expect(pdf.text).toContain(service.number);
    for (const name of ['Maison Lumière', 'Atlas Inspection']) expect(pdf.text).toContain(name);
    for (const line of service.purchaseOrderLines as Row[]) expect(pdf.text).toContain(`${line.poNumber} ${line.designation} ${line.sku}`);
    for (const defect of defects) {
      expect(pdf.text).toContain(defect.code);
      expect(pdf.text).toContain(defect.names.en);
    }
    expect(pdf.text).toContain('Seen on 3 cartons’ labels');
    const verdict = { ACCEPTED: 'Accepted', REFUSED: 'Refused' }[stored.reportResult as string]!;
    expect(pdf.text).toContain(verdict.toUpperCase());
    expect(pdf.text).toContain(`Lot size ${String(stored.computed.lotSize)}`);
    expect(pdf.text).toMatch(stored.decision.clientDecision === 'PENDING' ? /WAITING FOR THE DECISION/ : /Decided by/);
    expect(pdf.text).toContain(`Page 1 / ${pdf.pages}`);
    // The defect's picture (captioned with the defect) and the other image; not the PDF document.
    expect(pdf.images).toBe(2);
    expect(pdf.text).toContain(`${defects[0].code} · ${defects[0].names.en}`);
    expect(pdf.text).toContain('carton-marking.png');
    expect(pdf.text).not.toContain('packing-list.pdf');
  });

  it('lists the failed pieces of a report inspected piece by piece', async () => {
    const { service: first } = await demoReport();
    // A report still waiting for the decision: a decided one is frozen until reopened (docs/reports.md).
    const pending = (report: Row) => ((report.decision as Row | undefined)?.clientDecision ?? 'PENDING') === 'PENDING';
    const other = (await server.store.find<Row>('reports', (report) => report.serviceId !== first.serviceId && report.universeId === first.universeId && pending(report)))[0];
    const service = (await server.store.get<Row>('services', other.serviceId))!;
    const library = await server.store.find<Row>('defects', (defect) => defect.companyId === service.client);
    const { reportId: _id, version, computed: _computed, reportResult: _result, decision: _decision, serviceId: _service, universeId: _universe, creator: _creator, creationDate: _created, updateDate: _updated, updatedBy: _by, ...fields } = other;
    const report = {
      ...fields,
      // Whatever the demo report was (goods not ready, a protocol, a verdict given): a normal one under ISO 2859-1.
      reportType: 'NORMAL',
      standard: 'ISO_2859_1',
      resultOverride: undefined,
      overrideReason: undefined,
      inspectionMode: 'PIECE_WITH_SEVERITY',
      defects: [],
      inspectedPieces: [
        { pieceNumber: 1, result: 'FAILED', defectId: library[0].defectId, severity: 'CRITICAL', comment: 'Sharp edge on the zip' },
        { pieceNumber: 2, result: 'PASSED' },
        { pieceNumber: 3, result: 'FAILED', defectId: library[1].defectId, severity: 'MINOR' },
      ],
    };
    const saved = await manager.put(`/back/bo/reports/${service.serviceId}`, { version, report });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.report.reportResult).toBe('REFUSED');

    const reply = await download(quality, service.serviceId);
    expect(reply.status).toBe(200);
    const { text } = await readPdf(reply.bytes);
    expect(text).toContain(`${library[0].code} ${library[0].names.en}`);
    expect(text).toContain('#1 · Sharp edge on the zip');
    expect(text).toContain(`${library[1].code} ${library[1].names.en}`);
    expect(text).toContain('Total · Critical 1 Ac 0 / Re 1');
    expect(text).toContain('Total · Minor 1');
    expect(text).toContain('REFUSED');
    expect(text).not.toContain('No defect found');
  });

  it('is refused outside the universe (404), to an order taker without the download right (403), before the service ends (422) and without a report (404)', async () => {
    const { service } = await demoReport();
    expect((await download(outsider, service.serviceId)).status).toBe(404);

    const limited = (await server.store.find<Row>('services', (row) => row.serviceStep === 'TERMINATED' && !!row.report)).map((row) => row.serviceId as number);
    let refusedToSales = 0;
    for (const serviceId of limited) {
      if ((await sales.get(`/back/bo/reports/${serviceId}/overview`)).body?.rights?.report !== 'READ_LIMITED') continue;
      expect((await download(sales, serviceId)).status).toBe(403);
      refusedToSales++;
    }
    expect(refusedToSales).toBeGreaterThan(0);

    const atlas = (await server.store.find<Row>('companies', (company) => company.name === 'Atlas Inspection'))[0];
    const candidates = await server.store.find<Row>('services', (row) => row.serviceStep === 'CONFIRMED' && row.serviceProvider === atlas.companyId && row.thirdPartyDepartment === 'INSP');
    let confirmed: Row | undefined;
    for (const candidate of candidates) {
      if ((await manager.get(`/back/bo/reports/${candidate.serviceId}/overview`)).body?.rights?.report === 'WRITE') confirmed = candidate;
    }
    if (!confirmed) throw new Error('no confirmed inspection the manager of Atlas Inspection may report on');
    const draft = await manager.get(`/back/bo/reports/${confirmed.serviceId}/default`);
    expect(draft.status, draft.text).toBe(200);
    const created = await manager.post(`/back/bo/reports/${confirmed.serviceId}`, { report: draft.body });
    expect(created.status, created.text).toBe(201);
    const early = await download(manager, confirmed.serviceId);
    expect(early.status).toBe(422);
    expect(JSON.parse(early.bytes.toString('utf8')).message).toBe('Report not available');

    const withoutReport = (await server.store.find<Row>('services', (row) => row.serviceStep === 'TERMINATED' && !row.report && row.client === service.client))[0];
    expect((await download(quality, withoutReport.serviceId)).status).toBe(404);
  });

  it("prints the report's custom values and its pieces' under their labels, in the caller's language", async () => {
    const { service, report } = await demoReport();
    const added = [
      { code: 'PDF_FINISH', i18n: { en: 'Finish', fr: 'Finition' }, functionalGroup: 'REPORT', fieldType: 'LIST', listOptions: [{ code: 'MATTE', i18n: { en: 'Matte', fr: 'Mate' } }] },
      { code: 'PDF_CHECKED_ON', i18n: { en: 'Checked on', fr: 'Contrôlé le' }, functionalGroup: 'REPORT', fieldType: 'DATE' },
      { code: 'PDF_BOXED', i18n: { en: 'Boxed', fr: 'En boîte' }, functionalGroup: 'REPORT', fieldType: 'BOOLEAN' },
    ];
    for (const field of added) {
      const reply = await quality.post('/back/bo/customFields/admin', field);
      expect(reply.status, reply.text).toBe(201);
    }
    const values = { HANGER_TEST: 'PASSED', MOISTURE_RATE: 6.5, PDF_FINISH: 'MATTE', PDF_CHECKED_ON: '2026-03-05', PDF_BOXED: true };
    const pieces = [{ pieceNumber: 7, result: 'PASSED', customFieldPiece: { PIECE_WEIGHT: 380 } }];
    await server.store.update<Row>('reports', report.reportId, (current) => ({ ...current, customFieldReport: values, inspectedPieces: pieces }));
    const profile = (await quality.get('/back/bo/profile/user')).body;
    try {
      const english = (await readPdf((await download(quality, service.serviceId)).bytes)).text;
      for (const printed of ['Report details', 'Appearance', 'Hanger test Passed', 'Moisture rate (%) 6.5', 'Finish Matte', 'Checked on Mar 5, 2026', 'Boxed Yes', 'Piece details', 'Piece no. 7', 'Measured weight (g) 380']) {
        expect(english).toContain(printed);
      }
      expect(english).not.toContain('MATTE');
      expect((await quality.put('/back/bo/profile/user', { firstName: profile.firstName, lastName: profile.lastName, language: 'fr' })).status).toBe(200);
      const french = (await readPdf((await download(quality, service.serviceId)).bytes)).text;
      for (const printed of ['Détails du rapport', 'Aspect', 'Test sur cintre Conforme', 'Taux d’humidité (%) 6,5', 'Finition Mate', 'Contrôlé le 5 mars 2026', 'En boîte Oui', 'Détails de la pièce', 'Pièce n° 7', 'Poids mesuré (g) 380']) {
        expect(french).toContain(printed);
      }
    } finally {
      await quality.put('/back/bo/profile/user', { firstName: profile.firstName, lastName: profile.lastName, language: profile.language ?? 'en' });
      await server.store.update<Row>('reports', report.reportId, (current) => ({ ...current, customFieldReport: report.customFieldReport, inspectedPieces: report.inspectedPieces }));
    }
  });

  it("speaks the caller's language: French labels for a French contact", async () => {
    const { service, defects } = await demoReport();
    const profile = (await quality.get('/back/bo/profile/user')).body;
    const asFrench = await quality.put('/back/bo/profile/user', { firstName: profile.firstName, lastName: profile.lastName, language: 'fr' });
    expect(asFrench.status, asFrench.text).toBe(200);
    try {
      const reply = await download(quality, service.serviceId);
      expect(reply.status).toBe(200);
      const { text } = await readPdf(reply.bytes);
      for (const label of ['Rapport d’inspection', 'Intervenants', 'Quantités par ligne de commande', 'Défauts constatés', 'Décision du client', 'Taille du lot']) expect(text).toContain(label);
      const french = defects.filter((defect) => defect.names.fr && defect.names.fr !== defect.names.en);
      expect(french.length).toBeGreaterThan(0);
      for (const defect of french) expect(text).toContain(defect.names.fr);
      expect(text).not.toContain('Inspection report');
    } finally {
      await quality.put('/back/bo/profile/user', { firstName: profile.firstName, lastName: profile.lastName, language: profile.language ?? 'en' });
    }
  });
});
