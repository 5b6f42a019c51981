/**
 * A wizard's draft kept in the browser (IndexedDB via idb-keyval, as the upload queue keeps its files): what was
 * typed, the step and the visited steps, per signed-in person and page address, so that a reload or a browser
 * restart mid-wizard loses nothing. Forgotten on save and on "discard draft".
 */
import { createStore, del, get, set } from 'idb-keyval';

type Row = Record<string, unknown>;

export interface WizardDraft {
  data: Row;
  extras: Row;
  step: string;
  visited: string[];
  /** When it was last written (ISO): the notice tells it. */
  savedAt: string;
}

const store = createStore('wizardDrafts', 'drafts');

/** The key of a person's draft of the wizard at this address (the route's parameters are in the path). */
export const draftKey = (owner: string | number, path: string) => `${owner}|${path}`;

export const readDraft = (key: string): Promise<WizardDraft | undefined> => get<WizardDraft>(key, store).catch(() => undefined);

export function writeDraft(key: string, draft: WizardDraft): void {
  void set(key, draft, store).catch((error) => console.warn('Wizard draft not kept', error));
}

export function forgetDraft(key: string): Promise<void> {
  return del(key, store).catch(() => undefined);
}
