import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LowdbStore } from '../../server/store/lowdb';

/** The embedded store's journal (server/store/journal.ts): writes append, a reopen replays, the data file is rewritten only past a size. */
let dir: string;
let file: string;
const journalOf = (name: string) => `${name}.journal`;
const fileText = () => readFile(file, 'utf8').catch(() => '');

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qcflow-journal-'));
  file = join(dir, 'data', 'db.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('store journal', () => {
  it('a write goes to the journal, not the data file; reopening replays it', async () => {
    const store = await LowdbStore.open(file);
    const first = await store.insert('capas', 'capaId', { title: 'First' });
    await store.update('capas', first.capaId as number, (capa) => ({ ...capa, title: 'First, renamed' }));
    await store.insert('capas', 'capaId', { title: 'Second' });
    await store.remove('capas', 2);
    await store.transaction((tx) => tx.setMeta('sessionSecret', 'secret'));
    expect(await fileText()).toBe('');
    expect((await readFile(journalOf(file), 'utf8')).trim().split('\n')).toHaveLength(5);

    // No close: as after kill -9.
    const reopened = await LowdbStore.open(file);
    expect(reopened.all('capas')).toEqual([{ capaId: 1, title: 'First, renamed', version: 2 }]);
    expect(reopened.getMeta('sessionSecret')).toBe('secret');
    // The sequence came back too: a removed id is never given again.
    expect((await reopened.insert('capas', 'capaId', { title: 'Third' })).capaId).toBe(3);
  });

  it('closing folds the journal into the data file and empties it', async () => {
    const store = await LowdbStore.open(file);
    await store.insert('capas', 'capaId', { title: 'Kept' });
    await store.close();
    expect((await stat(journalOf(file))).size).toBe(0);
    expect(JSON.parse(await fileText()).collections.capas['1']).toMatchObject({ title: 'Kept' });
    expect((await LowdbStore.open(file)).get('capas', 1)).toMatchObject({ title: 'Kept', version: 1 });
  });

  it('a line torn by a crash is dropped: that write never happened, and the next ones are read', async () => {
    const store = await LowdbStore.open(file);
    await store.insert('capas', 'capaId', { title: 'Acknowledged' });
    await appendFile(journalOf(file), '{"records":[["capas","2",{"capaId":2,"tit');
    const reopened = await LowdbStore.open(file);
    expect(reopened.all('capas').map((capa) => capa.title)).toEqual(['Acknowledged']);
    await reopened.insert('capas', 'capaId', { title: 'After the crash' });
    const again = await LowdbStore.open(file);
    expect(again.all('capas').map((capa) => capa.title)).toEqual(['Acknowledged', 'After the crash']);
  });

  // Each fold starts a process: a few of them take more than the default 5 s on a busy machine.
  it('past its size the journal is folded into the data file while writing', { timeout: 60_000 }, async () => {
    const store = await LowdbStore.open(file, { minJournalBytes: 2_000 });
    for (let i = 0; i < 30; i++) {
      await store.insert('capas', 'capaId', { title: `CAPA ${i}`, description: 'x'.repeat(100) });
      await store.folded(); // a fold runs beside the writes; waiting keeps the journal's size predictable
    }
    expect(Object.keys(JSON.parse(await fileText()).collections.capas).length).toBeGreaterThan(10);
    expect((await stat(journalOf(file))).size).toBeLessThan(2_000);
    expect((await LowdbStore.open(file)).all('capas')).toHaveLength(30);
  });

  it('replaying a journal the data file already holds changes nothing (a crash between the rewrite and the emptying)', async () => {
    const store = await LowdbStore.open(file);
    await store.insert('capas', 'capaId', { title: 'One' });
    await store.update('capas', 1, (capa) => ({ ...capa, title: 'One, renamed' }));
    const journal = await readFile(journalOf(file), 'utf8');
    await store.close();
    await writeFile(journalOf(file), journal);
    const reopened = await LowdbStore.open(file);
    expect(reopened.all('capas')).toEqual([{ capaId: 1, title: 'One, renamed', version: 2 }]);
  });

  it('a refused transaction writes nothing', async () => {
    const store = await LowdbStore.open(file);
    await store.insert('capas', 'capaId', { title: 'One' });
    await expect(store.update('capas', 1, (capa) => ({ ...capa, title: 'Stale' }), 7)).rejects.toThrow(/Stale version/);
    await expect(
      store.transaction((tx) => {
        tx.insert('capas', 'capaId', { title: 'Half' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await readFile(journalOf(file), 'utf8')).trim().split('\n')).toHaveLength(1);
    expect((await LowdbStore.open(file)).all('capas').map((capa) => capa.title)).toEqual(['One']);
  });
});

describe('store journal damage', () => {
  it('a damaged complete line stops the start with the file and line named, instead of losing data silently', async () => {
    const store = await LowdbStore.open(file);
    await store.insert('capas', 'capaId', { title: 'One' });
    await appendFile(journalOf(file), 'not json\n');
    await store.insert('capas', 'capaId', { title: 'Two' });
    await expect(LowdbStore.open(file)).rejects.toThrow(/db\.json\.journal: line 2 is damaged/);
  });
});
