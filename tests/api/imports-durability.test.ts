import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../server/boot';
import { ROOT, loginAs, processesOfFile, startProcess, storeEnv, testStore } from './helpers';
import { ORDER, finished, uploadDocument, xlsxOf, type Cells } from './import-files';
import { network } from './service-fixtures';

/**
 * docs/imports.md "The job": the real server (server/main.ts and its job worker) killed with
 * kill -9 in the middle of an import, then started again: the job is taken again once its lease
 * has passed and resumes from the last committed batch — every row counted once, no line twice.
 */
const { started, demoStore } = processesOfFile();

const ROWS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an import across a kill -9', () => {
  it('resumes from the last committed batch after a restart: counts right, no duplicate', async () => {
    const { dir, location, found: net } = await demoStore((db) => network(testStore(db)));
    const env = { ...storeEnv(location), SEED: 'demo', FILES_DIR: join(dir, 'files'), JOBS_POLL_MS: '100', JOBS_LEASE_MS: '1500', IMPORT_BATCH_ROWS: '100' };

    // An order needs one date (the API's rule, which the import applies).
    const rows: Cells[] = [['PO number', 'Supplier', 'SKU', 'Color', 'Size', 'Ordered quantity', 'Order date']];
    for (let i = 0; i < ROWS; i++) rows.push([`KILL-PO-${Math.floor(i / 50)}`, 'Shenzhen Textile Co', `KILL-SKU-${i % 200}`, ['Red', 'Blue', 'Black'][i % 3], `S${Math.floor(i / 600)}`, i + 1, '2031-05-01']);
    const first = await startProcess(env);
    started.push(first);
    const quality = await loginAs(first, 'quality@brand.test');
    expect((await uploadDocument(quality, net.lumiere, ORDER, await xlsxOf(rows), 'big.xlsx')).status).toBe(200);
    await quality.get(`${ORDER}/mappings`);
    const { importHistoryId } = (await quality.get(`${ORDER}/startImport`)).body;
    // Killed once some batches are in, before the end.
    let read = 0;
    for (let i = 0; i < 600 && read < 300; i++) {
      read = (await quality.get(`${ORDER}/histories/${importHistoryId}/progress`)).body.rowsRead;
      await sleep(10);
    }
    first.child.kill('SIGKILL');
    await first.exited;

    const { db: checkDb } = await openStore({ ...location, seed: 'none', schemasDir: join(ROOT, 'schemas') });
    const check = testStore(checkDb);
    const atKill = (await check.get('importHistories', importHistoryId))!;
    const linesAtKill = (await check.find('orderLines', (line) => String(line.poNumber).startsWith('KILL-PO-'))).length;
    expect(atKill.status).toBe('RUNNING');
    expect(atKill.rowsRead).toBeGreaterThan(0);
    expect(atKill.rowsRead).toBeLessThan(ROWS);
    // What was committed is exactly the batches counted: no batch half-applied.
    expect(linesAtKill).toBe(atKill.created);
    await checkDb.close();

    const second = await startProcess(env);
    started.push(second);
    const again = await loginAs(second, 'quality@brand.test');
    const history = await finished(again, ORDER, importHistoryId, 120_000);
    expect(history).toMatchObject({ status: 'DONE', totalRows: ROWS, rowsRead: ROWS, created: ROWS, updated: 0, refused: 0 });
    second.child.kill('SIGKILL');
    await second.exited;
    const { db: after } = await openStore({ ...location, seed: 'none', schemasDir: join(ROOT, 'schemas') });
    const lines = await testStore(after).find('orderLines', (line) => String(line.poNumber).startsWith('KILL-PO-'));
    expect(lines).toHaveLength(ROWS);
    expect(new Set(lines.map((line) => `${line.poNumber}|${line.sku}|${line.color}|${line.size}`)).size).toBe(ROWS);
    expect(lines.reduce((sum, line) => sum + Number(line.orderedQuantity), 0)).toBe((ROWS * (ROWS + 1)) / 2);
    expect(await testStore(after).find('jobs', (job) => job.key === `import:${importHistoryId}`)).toEqual([]);
    await after.close();
  }, 240_000);
});
