import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRange } from '../../engine/dates';
import { storedContactByEmail, startWithLogins, today, type Client, type TestServer } from './helpers';
import { ACCOUNTS } from './helpers';

/**
 * Fee sheets (expense sheets) through the generic API: search filters, totals and line ids the
 * server computes, and the workflow with its event rules (x-events): who may validate, the
 * comment TOFIX needs and counts, the guard that wants lines — each refusal writing nothing.
 */
const API = '/back/bo/fee';
let server: TestServer;
let manager: Client, inspector: Client, sales: Client, outsider: Client;
let inspectorId: number, managerId: number;

type Sheet = Record<string, any>;

beforeAll(async () => {
  ({ server, clients: { manager, inspector, sales, outsider } } = await startWithLogins(['manager', 'inspector', 'sales', 'outsider']));
  inspectorId = (await storedContactByEmail(server.store, ACCOUNTS.inspector))!.contactId as number;
  managerId = (await storedContactByEmail(server.store, ACCOUNTS.manager))!.contactId as number;
});
afterAll(() => server?.close());

const line = (extra: Sheet = {}): Sheet => ({ date: today(), contributors: [inspectorId], ...extra });
const sheet = (extra: Sheet = {}): Sheet => ({ reference: 'Lyon trip', businessUnit: 'Europe', legalUnit: 'Atlas Inspection SAS', contributors: [inspectorId], managerContact: managerId, ...extra });
const stored = (id: number) => server.store.get('fees', id);

async function create(client: Client, body: Sheet): Promise<Sheet> {
  const reply = await client.post(API, body);
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}
/** A sheet of the inspector with one line, sent for validation. */
async function toValidate(): Promise<Sheet> {
  const created = await create(inspector, sheet({ feeLines: [line({ train: 80 })] }));
  const reply = await inspector.patch(`${API}/${created.feeIdHK}/REQUEST_VALIDATION`);
  expect(reply.body.status).toBe('TOVALIDATE');
  return reply.body;
}
/** The call is refused with `status`, and the stored sheet is as it was. */
async function refusedUnchanged(call: Promise<{ status: number; body: any }>, id: number, status: number) {
  const before = await stored(id);
  const reply = await call;
  expect(reply.status).toBe(status);
  expect(await stored(id)).toEqual(before);
  return reply.body;
}

describe('fee sheet search', () => {
  it('finds the sheets of the default range (current month) and leaves older ones outside the window', async () => {
    const { fromDate, toDate } = defaultRange('currentMonth');
    const reply = await manager.get(`${API}/`, { fromDate: fromDate!, toDate: toDate! });
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBeGreaterThan(2);
    for (const found of reply.body) expect(found.creationDate >= fromDate! && found.creationDate <= toDate!).toBe(true);
    expect(Number(reply.headers.get('X-Outside-Window'))).toBeGreaterThan(0);
  });

  it.each([
    ['businessUnit', 'Asia', (found: Sheet) => found.businessUnit === 'Asia'],
    ['legalUnit', 'Atlas Inspection HK Ltd', (found: Sheet) => found.legalUnit === 'Atlas Inspection HK Ltd'],
  ])('filters on %s', async (param, value, matches) => {
    const all: Sheet[] = (await manager.get(`${API}/`)).body;
    const found: Sheet[] = (await manager.get(`${API}/`, { [param]: value })).body;
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((row) => row.feeIdHK)).toEqual(all.filter(matches).map((row) => row.feeIdHK));
  });

  it('filters on a contributor (sheets listing them) and on the manager', async () => {
    const all: Sheet[] = (await manager.get(`${API}/`)).body;
    const theirs: Sheet[] = (await manager.get(`${API}/`, { contributor: inspectorId })).body;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.map((row) => row.feeIdHK)).toEqual(all.filter((row) => row.contributors.includes(inspectorId)).map((row) => row.feeIdHK));
    expect(theirs.length).toBeLessThan(all.length);
    const managed: Sheet[] = (await manager.get(`${API}/`, { manager: managerId })).body;
    expect(managed.length).toBe(all.filter((row) => row.managerContact === managerId).length);
    expect((await manager.get(`${API}/`, { manager: inspectorId })).body).toEqual([]);
  });

  it('filters on a service its lines name (the computed `services` of the sheet: the service sheet\'s billing tab)', async () => {
    const [service, other] = ((await manager.get('/back/bo/services/lookup', { q: 'S-' })).body as { value: number }[]).map((item) => item.value);
    const created = await create(manager, sheet({ services: [other], feeLines: [line({ services: [service, other] }), line({ services: [other] }), line({})] }));
    // Computed from the lines, each once; the client's value is dropped.
    expect(created.services).toEqual([service, other]);
    const found: Sheet[] = (await manager.get(`${API}/`, { service })).body;
    expect(found.map((row) => row.feeIdHK)).toEqual([created.feeIdHK]);
    const updated = (await manager.put(`${API}/${created.feeIdHK}`, { ...created, feeLines: created.feeLines.slice(1) })).body;
    expect(updated.services).toEqual([other]);
    expect((await manager.get(`${API}/`, { service })).body).toEqual([]);
  });

  it('shows Atlas its own sheets, the other universe its own, nothing to a caller without a fee role', async () => {
    const atlas = (await manager.get(`${API}/`)).body as Sheet[];
    expect(new Set(atlas.map((row) => row.universeId))).toEqual(new Set([1]));
    const theirs = (await outsider.get(`${API}/`)).body as Sheet[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((row) => row.universeId === 2)).toBe(true);
    expect((await sales.get(`${API}/`)).status).toBe(403);
  });
});

describe('fee sheet create and update', () => {
  it('creates with the totals computed, line ids given and the client totals ignored', async () => {
    const created = await create(inspector, sheet({
      totalAmount: 9999,
      feeLines: [
        line({ train: 100.5, hotel: 80, meal: 20.25, total: 1 }),
        line({ toll: 10, fixed: 30, fuel: 12.4, kmFee: 99, status: 'VALID' }),
      ],
    }));
    expect(created).toMatchObject({ status: 'CREATED', number: expect.stringMatching(/^FS-\d{6}$/), type: 'FEE', currency: 'EUR', currencyRate: 1, creationDate: today(), totalAmount: 253.15 });
    expect(created.feeLines).toEqual([
      expect.objectContaining({ feeLineId: 1, total: 200.75, status: 'CREATED' }),
      expect.objectContaining({ feeLineId: 2, total: 52.4, status: 'CREATED' }),
    ]);
    expect((await stored(created.feeIdHK))!.totalAmount).toBe(253.15);
  });

  it('updates: lines changed, removed and added keep or get ids, totals follow, the km fee replaces fixed + fuel with globalKmFee', async () => {
    const created = await create(manager, sheet({ feeLines: [line({ hotel: 90 }), line({ fixed: 30, fuel: 10, kmFee: 55 }), line({ meal: 12 })] }));
    const [first, second] = created.feeLines;
    const reply = await manager.put(`${API}/${created.feeIdHK}`, {
      ...created,
      globalKmFee: true,
      feeLines: [{ ...first, hotel: 100 }, { ...second, total: 0 }, line({ taxi: 25.5 })],
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.feeLines.map((row: Sheet) => [row.feeLineId, row.total])).toEqual([[1, 100], [2, 55], [4, 25.5]]);
    expect(reply.body.totalAmount).toBe(180.5);
    const stale = await manager.put(`${API}/${created.feeIdHK}`, { ...reply.body, version: created.version });
    expect(stale.status).toBe(409);
  });

  it('refuses a line id the stored sheet does not have, on create and on update (400, nothing written)', async () => {
    const onCreate = await manager.post(API, sheet({ feeLines: [line({ feeLineId: 1 })] }));
    expect(onCreate.status).toBe(400);
    expect(onCreate.body.errors).toEqual([{ path: '/feeLines/0/feeLineId', message: expect.any(String) }]);
    const created = await create(manager, sheet({ feeLines: [line()] }));
    const body = await refusedUnchanged(manager.put(`${API}/${created.feeIdHK}`, { ...created, feeLines: [...created.feeLines, line({ feeLineId: 7 })] }), created.feeIdHK, 400);
    expect(body.errors.map((error: Sheet) => error.path)).toEqual(['/feeLines/1/feeLineId']);
  });

  it('refuses a line without date or contributors, and a comment over its maxLength (400)', async () => {
    for (const [bad, path] of [
      [{ contributors: [inspectorId] }, '/feeLines/0/date'],
      [{ date: today() }, '/feeLines/0/contributors'],
      [{ date: today(), contributors: [] }, '/feeLines/0/contributors'],
    ] as const) {
      const reply = await manager.post(API, sheet({ feeLines: [bad] }));
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('Validation error: missing mandatory data');
      expect(reply.body.errors.map((error: Sheet) => error.path)).toContain(path);
    }
    const long = await manager.post(API, sheet({ comment: 'x'.repeat(2001) }));
    expect(long.status).toBe(400);
    expect(long.body.errors.map((error: Sheet) => error.path)).toEqual(['/comment']);
  });
});

describe('fee sheet workflow', () => {
  it('refuses to send a sheet without lines for validation (409, nothing written), sends one with lines', async () => {
    const empty = await create(inspector, sheet());
    await refusedUnchanged(inspector.patch(`${API}/${empty.feeIdHK}/REQUEST_VALIDATION`), empty.feeIdHK, 409);
    const sent = await toValidate();
    expect(sent.status).toBe('TOVALIDATE');
  });

  it('TOFIX needs a comment that is not blank (400, nothing written), then counts and stores it', async () => {
    const sent = await toValidate();
    const url = `${API}/${sent.feeIdHK}/TOFIX`;
    const missing = await refusedUnchanged(manager.patch(url), sent.feeIdHK, 400);
    expect(missing.errors).toEqual([{ path: '/comment', message: expect.any(String) }]);
    const blank = await refusedUnchanged(manager.patch(url, { comment: '   ' }), sent.feeIdHK, 400);
    expect(blank.errors.map((error: Sheet) => error.path)).toEqual(['/comment']);
    const tooLong = await refusedUnchanged(manager.patch(url, { comment: 'x'.repeat(2001) }), sent.feeIdHK, 400);
    expect(tooLong.errors.map((error: Sheet) => error.path)).toEqual(['/comment']);
    const other = await refusedUnchanged(manager.patch(url, { comment: 'Receipt missing', status: 'VALID' }), sent.feeIdHK, 400);
    expect(other.errors.map((error: Sheet) => error.path)).toEqual(['/status']);
    const fixed = await manager.patch(url, { comment: 'Receipt missing', version: sent.version });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ status: 'TOFIX', fixCount: 1, fixComment: 'Receipt missing' });
  });

  it('TOFIX keeps the sheet\'s own comment: the send-back\'s goes to fixComment and the history (CONTRACT.md)', async () => {
    const created = await create(inspector, sheet({ comment: 'Two nights in Lyon: the audit ran late.', feeLines: [line({ hotel: 95 })] }));
    await inspector.patch(`${API}/${created.feeIdHK}/REQUEST_VALIDATION`);
    const fixed = await manager.patch(`${API}/${created.feeIdHK}/TOFIX`, { comment: 'Hotel receipt missing' });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body).toMatchObject({ comment: 'Two nights in Lyon: the audit ran late.', fixComment: 'Hotel receipt missing' });
    expect(await stored(created.feeIdHK)).toMatchObject({ comment: 'Two nights in Lyon: the audit ran late.', fixComment: 'Hotel receipt missing' });
    const history = (await manager.get(`${API}/${created.feeIdHK}/history`)).body as Sheet[];
    expect(history[0]).toMatchObject({ event: 'TOFIX', detail: 'Hotel receipt missing' });
    // fixComment is the server's: a save of the sheet neither sets nor clears it, and the inspector's comment stays theirs to edit.
    const saved = await inspector.put(`${API}/${created.feeIdHK}`, { ...fixed.body, comment: 'Receipt attached.', fixComment: 'never mind' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ comment: 'Receipt attached.', fixComment: 'Hotel receipt missing' });
  });

  it('TOFIX → REQUEST_VALIDATION → VALIDATE sets the validator and the validation date; the counter keeps counting', async () => {
    const sent = await toValidate();
    await manager.patch(`${API}/${sent.feeIdHK}/TOFIX`, { comment: 'Taxi receipt missing' });
    const again = await inspector.patch(`${API}/${sent.feeIdHK}/REQUEST_VALIDATION`);
    expect(again.body.status).toBe('TOVALIDATE');
    const second = await manager.patch(`${API}/${sent.feeIdHK}/TOFIX`, { comment: 'Still missing' });
    expect(second.body).toMatchObject({ fixCount: 2, fixComment: 'Still missing' });
    await inspector.patch(`${API}/${sent.feeIdHK}/REQUEST_VALIDATION`);
    const valid = await manager.patch(`${API}/${sent.feeIdHK}/VALIDATE`);
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ status: 'VALID', validatorContact: managerId, validationDate: today(), fixCount: 2 });
  });

  it('a validated sheet is frozen (x-frozen): no more edits nor deletion (409, nothing written)', async () => {
    const sheetToValidate = await toValidate();
    const valid = (await manager.patch(`${API}/${sheetToValidate.feeIdHK}/VALIDATE`)).body;
    expect(valid.status).toBe('VALID');
    const edit = await refusedUnchanged(manager.put(`${API}/${valid.feeIdHK}`, { ...valid, reference: 'changed after validation' }), valid.feeIdHK, 409);
    expect(edit).toMatchObject({ exception: 'FrozenRecordException', message: expect.stringContaining('Validated') });
    await refusedUnchanged(manager.delete(`${API}/${valid.feeIdHK}`), valid.feeIdHK, 409);
    // Notes are not edits of the sheet: a frozen sheet still takes them.
    expect((await manager.post(`${API}/${valid.feeIdHK}/notes`, { text: 'Paid with the November expenses.' })).status).toBe(201);
    // Before validation the same edit is accepted.
    const open = await toValidate();
    expect((await manager.put(`${API}/${open.feeIdHK}`, { ...open, reference: 'changed before validation' })).status).toBe(200);
  });

  it('refuses VALIDATE from CREATED (409) and from an inspector (403), writing nothing', async () => {
    const created = await create(inspector, sheet({ feeLines: [line({ meal: 18 })] }));
    const refused = await refusedUnchanged(manager.patch(`${API}/${created.feeIdHK}/VALIDATE`), created.feeIdHK, 409);
    expect(refused.message).toBe('Action Validate is not allowed while the status is Created');
    const sent = await toValidate();
    await refusedUnchanged(inspector.patch(`${API}/${sent.feeIdHK}/VALIDATE`), sent.feeIdHK, 403);
    await refusedUnchanged(inspector.patch(`${API}/${sent.feeIdHK}/TOFIX`, { comment: 'mine' }), sent.feeIdHK, 403);
  });

  it('refuses a caller without a fee role (403) and another universe (404), writing nothing', async () => {
    const sent = await toValidate();
    await refusedUnchanged(sales.patch(`${API}/${sent.feeIdHK}/VALIDATE`), sent.feeIdHK, 403);
    expect((await sales.get(`${API}/${sent.feeIdHK}`)).status).toBe(403);
    await refusedUnchanged(outsider.patch(`${API}/${sent.feeIdHK}/VALIDATE`), sent.feeIdHK, 404);
    expect((await outsider.get(`${API}/${sent.feeIdHK}`)).status).toBe(404);
  });
});

describe('an inspector changes only their own sheets (x-owners: its contributors); managers keep their rights', () => {
  let colleagueId: number;
  beforeAll(async () => {
    const atlas = (await server.store.get('contacts', inspectorId))!.companyId;
    colleagueId = (await server.store.find('contacts', (contact) => contact.companyId === atlas && contact.contactId !== inspectorId && contact.contactId !== managerId))[0].contactId as number;
  });
  /** A colleague's sheet, filed by their manager: the inspector sees it, among the company's. */
  const colleagues = () => create(manager, sheet({ contributors: [colleagueId], feeLines: [line({ contributors: [colleagueId], train: 64 })] }));
  const historyOf = async (id: number) => (await server.store.all('recordHistory')).filter((row) => row.entity === 'fee' && row.recordId === id).length;

  it('PUT, DELETE, its lines and its workflow events on a colleague\'s sheet: 403, nothing written', async () => {
    const theirs = await colleagues();
    const id = theirs.feeIdHK;
    expect((await inspector.get(`${API}/${id}`)).status).toBe(200);
    const history = await historyOf(id);
    const edit = await refusedUnchanged(inspector.put(`${API}/${id}`, { ...theirs, reference: 'mine now' }), id, 403);
    expect(edit).toMatchObject({ exception: 'AccessDeniedException', message: 'You may change only your own records: this one is not yours.' });
    await refusedUnchanged(inspector.put(`${API}/${id}`, { ...theirs, feeLines: [...theirs.feeLines, line({ taxi: 30 })] }), id, 403);
    await refusedUnchanged(inspector.put(`${API}/${id}`, { ...theirs, contributors: [colleagueId, inspectorId] }), id, 403);
    await refusedUnchanged(inspector.delete(`${API}/${id}`), id, 403);
    await refusedUnchanged(inspector.patch(`${API}/${id}/REQUEST_VALIDATION`), id, 403);
    expect(await historyOf(id)).toBe(history);
    // Nor may they attach files to it (an upload declared on it: 403, no upload kept); on their own sheet they may.
    const uploads = (await server.store.all('uploads')).length;
    const upload = (entityId: number) => inspector.post('/back/bo/uploads', { filename: 'receipt.pdf', mimeType: 'application/pdf', byteSize: 1200, hash: 'a'.repeat(64), fileType: 'FEE', entityId });
    expect((await upload(id)).status).toBe(403);
    expect((await server.store.all('uploads')).length).toBe(uploads);
    const mine = await create(inspector, sheet());
    expect((await upload(mine.feeIdHK)).status).toBe(201);
    // The company's manager keeps every right on it.
    const moved = await manager.patch(`${API}/${id}/REQUEST_VALIDATION`);
    expect(moved.body.status).toBe('TOVALIDATE');
    expect((await manager.put(`${API}/${id}`, { ...moved.body, reference: 'checked by the manager' })).status).toBe(200);
    expect((await manager.delete(`${API}/${id}`)).body).toBe(true);
  });

  it('an inspector files sheets naming them, and may not hand one over to a colleague (403, nothing written)', async () => {
    const before = (await server.store.all('fees')).length;
    const forColleague = await inspector.post(API, sheet({ contributors: [colleagueId], feeLines: [line({ contributors: [colleagueId] })] }));
    expect(forColleague.status).toBe(403);
    expect((await server.store.all('fees')).length).toBe(before);
    const mine = await create(inspector, sheet({ contributors: [inspectorId, colleagueId] }));
    // A sheet shared with a colleague is theirs too.
    expect((await inspector.put(`${API}/${mine.feeIdHK}`, { ...mine, reference: 'shared trip' })).status).toBe(200);
    const current = (await inspector.get(`${API}/${mine.feeIdHK}`)).body;
    await refusedUnchanged(inspector.put(`${API}/${mine.feeIdHK}`, { ...current, contributors: [colleagueId] }), mine.feeIdHK, 403);
    expect((await inspector.delete(`${API}/${mine.feeIdHK}`)).body).toBe(true);
  });
});

describe('a sheet awaiting validation (TOVALIDATE) is read-only for its submitter', () => {
  it('PUT of its fields or lines and DELETE: 409 naming the status, nothing written; only VALIDATE or TOFIX move it', async () => {
    const sent = await toValidate();
    const id = sent.feeIdHK;
    const edit = await refusedUnchanged(inspector.put(`${API}/${id}`, { ...sent, reference: 'changed while waiting' }), id, 409);
    expect(edit).toMatchObject({ exception: 'FrozenRecordException', message: 'This record is To validate: it can no longer be changed.' });
    await refusedUnchanged(inspector.put(`${API}/${id}`, { ...sent, feeLines: [...sent.feeLines, line({ taxi: 22 })] }), id, 409);
    await refusedUnchanged(inspector.put(`${API}/${id}`, { ...sent, feeLines: [] }), id, 409);
    await refusedUnchanged(inspector.delete(`${API}/${id}`), id, 409);
    await refusedUnchanged(inspector.patch(`${API}/${id}/REQUEST_VALIDATION`), id, 409);
    // Sent back, it is the inspector's to fix again.
    const back = (await manager.patch(`${API}/${id}/TOFIX`, { comment: 'Add the taxi' })).body;
    const fixed = await inspector.put(`${API}/${id}`, { ...back, feeLines: [...back.feeLines, line({ taxi: 22 })] });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.totalAmount).toBe(102);
  });
});

describe('fee sheet history (x-history)', () => {
  it('keeps each create, save and event with who, the statuses and the comment, behind the sheet\'s own guard', async () => {
    const created = await create(inspector, sheet({ feeLines: [line({ train: 40 })] }));
    const id = created.feeIdHK;
    const saved = (await inspector.put(`${API}/${id}`, { ...created, reference: 'Lyon trip, second day' })).body;
    await inspector.patch(`${API}/${id}/REQUEST_VALIDATION`, { version: saved.version });
    await manager.patch(`${API}/${id}/TOFIX`, { comment: 'Add the train ticket' });
    const history = await manager.get(`${API}/${id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.map((row: Sheet) => [row.action, row.event, row.fromStatus, row.toStatus, row.detail, row.contactId])).toEqual([
      ['EVENT', 'TOFIX', 'TOVALIDATE', 'TOFIX', 'Add the train ticket', managerId],
      ['EVENT', 'REQUEST_VALIDATION', 'CREATED', 'TOVALIDATE', undefined, inspectorId],
      ['UPDATE', undefined, undefined, undefined, undefined, inspectorId],
      ['CREATE', undefined, undefined, undefined, undefined, inspectorId],
    ]);
    expect(history.body[0]).toMatchObject({ entity: 'fee', recordId: id, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    // A refused event leaves nothing.
    await inspector.patch(`${API}/${id}/VALIDATE`);
    expect((await manager.get(`${API}/${id}/history`)).body).toHaveLength(4);
    // The sheet's own guard: no fee role → 403, another universe → 404.
    expect((await sales.get(`${API}/${id}/history`)).status).toBe(403);
    expect((await outsider.get(`${API}/${id}/history`)).status).toBe(404);
    // Deleting the sheet deletes its history.
    expect((await manager.delete(`${API}/${id}`)).body).toBe(true);
    expect((await server.store.all('recordHistory')).filter((row) => row.entity === 'fee' && row.recordId === id)).toEqual([]);
  });
});

describe('fee sheet notes (x-notes)', () => {
  it('adds and lists notes behind the sheet\'s own guard; a blank or too long note is refused, writing nothing', async () => {
    const created = await create(inspector, sheet({ feeLines: [line({ meal: 12 })] }));
    const url = `${API}/${created.feeIdHK}/notes`;
    expect((await inspector.get(url)).body).toEqual([]);
    const added = await manager.post(url, { text: 'Receipts received by mail.' });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ entity: 'fee', recordId: created.feeIdHK, text: 'Receipts received by mail.', contactId: managerId });
    await inspector.post(url, { text: 'Thanks!' });
    expect((await inspector.get(url)).body.map((note: Sheet) => note.text)).toEqual(['Thanks!', 'Receipts received by mail.']);
    for (const body of [{ text: '   ' }, { text: 'x'.repeat(4001) }, { text: 'ok', contactId: 1, extra: true }, {}]) {
      expect((await manager.post(url, body)).status).toBe(400);
    }
    expect((await sales.post(url, { text: 'no' })).status).toBe(403);
    expect((await outsider.post(url, { text: 'no' })).status).toBe(404);
    expect((await outsider.get(url)).status).toBe(404);
    expect((await inspector.get(url)).body).toHaveLength(2);
    expect((await manager.delete(`${API}/${created.feeIdHK}`)).body).toBe(true);
    expect((await server.store.all('recordNotes')).filter((note) => note.entity === 'fee' && note.recordId === created.feeIdHK)).toEqual([]);
  });
});
