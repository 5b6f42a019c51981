/**
 * Unfinished uploads kept in the browser (IndexedDB via idb-keyval: a File is storable as is), per signed-in person,
 * so that a reloaded page resumes them and another person on the same browser never sends them.
 */
import { createStore, del, entries, set } from 'idb-keyval';
import type { QueueItem } from '../../machines/uploadQueue';

type Saved = Omit<QueueItem, 'state' | 'error' | 'transferredBytes'> & { owner: number };

const store = createStore('uploads', 'queue');
let owner = 0;

export function saveUpload(item: QueueItem): void {
  const { state: _state, error: _error, transferredBytes: _bytes, ...kept } = item;
  void set(item.id, { ...kept, owner } satisfies Saved, store).catch((error) => console.warn('Upload not saved for resuming', error));
}

export function forgetSaved(id: string): void {
  void del(id, store).catch(() => undefined);
}

/** The saved uploads of this person; from now on, new ones are saved as theirs. */
export async function savedUploads(person: number): Promise<QueueItem[]> {
  owner = person;
  const all = await entries<string, Saved>(store).catch(() => []);
  return all
    .map(([, saved]) => saved)
    .filter((saved) => saved.owner === person)
    .map(({ owner: _owner, ...item }) => ({ ...item, transferredBytes: 0, state: 'queued' }));
}
