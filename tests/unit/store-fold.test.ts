import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonPieces } from '../../server/store/durable-file';
import { LowdbStore } from '../../server/store/lowdb';

/** Folding the journal into a large data file (server/store/lowdb.ts) while the server keeps answering. */
let dir: string;
let file: string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const journalBytes = () => stat(`${file}.journal`).then((info) => info.size);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qcflow-fold-'));
  file = join(dir, 'db.json');
  // About 40 MB of small fields: serializing it whole holds the thread for a good while.
  const services: Record<string, unknown> = {};
  for (let id = 1; id <= 40_000; id++) {
    services[id] = {
      serviceId: id, number: `S-${id}`, type: 'INSP_FINAL_RANDOM', startDate: '2026-11-25', client: 3, supplier: 7, factory: 9,
      tags: [1, 2], purchaseOrderLines: Array.from({ length: 4 }, (_, line) => ({ poNumber: `BP-${id}-${line}`, designation: 'Shirt', color: 'Navy', size: 'M', orderedQuantity: { quantity: 500, unit: 'PIECE' } })),
      searchText: `s-${id} bp-${id} shirt navy`, version: 1,
    };
  }
  await mkdir(dir, { recursive: true });
  await writeFile(file, JSON.stringify({ meta: {}, sequences: { services: 40_000 }, collections: { services } }));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('journal fold', () => {
  it('leaves the event loop and the writes free while it runs; what was written meanwhile survives a restart', { timeout: 120_000 }, async () => {
    const store = await LowdbStore.open(file, { foldAtBytes: 1 });
    // What writing the data at once holds the thread for, on this machine under its present load:
    // the fold's longest stall is measured against it, not against a fixed time a busy machine misses.
    const whole = performance.now();
    JSON.stringify(store.all('services'));
    const wholeMs = performance.now() - whole;
    let longestStall = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last);
      last = now;
    }, 2);
    const started = performance.now();
    // This write passes the fold's threshold; the next ones come while the fold runs.
    const trigger = store.insert('capas', 'capaId', { title: 'Starts the fold' });
    const meanwhile = (async () => {
      await trigger;
      for (let i = 0; i < 5; i++) await store.insert('capas', 'capaId', { title: `Written during the fold ${i}` });
      return performance.now() - started;
    })();
    // The fold is over when the journal drops the entries the data file now holds.
    let peak = 0;
    for (;;) {
      const bytes = await journalBytes();
      if (bytes < peak) break;
      peak = Math.max(peak, bytes);
      await sleep(2);
    }
    const foldMs = performance.now() - started;
    const writesMs = await meanwhile;
    clearInterval(ticker);

    expect(foldMs).toBeGreaterThan(200);
    expect(longestStall).toBeLessThan(Math.min(wholeMs / 2, foldMs / 3));
    expect(writesMs).toBeLessThan(foldMs);

    // As after kill -9: the data file holds the fold, the journal the writes made during it.
    const journal = (await readFile(`${file}.journal`, 'utf8')).trim().split('\n');
    expect(journal).toHaveLength(5);
    const reopened = await LowdbStore.open(file);
    expect(reopened.all('services')).toHaveLength(40_000);
    expect(reopened.all('capas').map((capa) => capa.title)).toEqual(['Starts the fold', ...Array.from({ length: 5 }, (_, i) => `Written during the fold ${i}`)]);
    expect(JSON.parse(await readFile(file, 'utf8')).collections.capas).toEqual({ 1: { capaId: 1, title: 'Starts the fold', version: 1 } });
  });
});

describe('data file text written in pieces', () => {
  it('is the text JSON.stringify gives', () => {
    const value = {
      meta: { secret: 's', gone: undefined, at: new Date(0) },
      sequences: { capas: 3 },
      collections: { capas: { 10: { capaId: 10, lines: [1, undefined, { a: 'é"\n' }], nothing: null }, 2: { capaId: 2, skip: undefined } }, empty: {} },
      list: [{ a: 1 }],
    };
    for (const depth of [0, 1, 2, 3, 4]) expect([...jsonPieces(value, depth)].join('')).toBe(JSON.stringify(value));
  });
});
