import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { draftKey, forgetDraft, readDraft, writeDraft, type WizardDraft } from './wizardDraft';

type Row = Record<string, unknown>;

export interface DraftState {
  data: Row;
  extras: Row;
  step: string;
  visited: string[];
}

export interface WizardDraftControl {
  /** Still looking for a saved draft: nothing is written before it is known. */
  checking: boolean;
  /** When the draft restored on open was saved (ISO), while its notice shows. */
  restoredAt: string | null;
  /** Forgets the draft (after a save, or "discard draft"). */
  forget(): Promise<void>;
  /** Hides the notice. */
  dismiss(): void;
}

/**
 * A wizard screen's draft (`draft: true`, docs/schemas.md "Wizards"): once its values are loaded, a draft of this
 * person at this address is restored (`restore`) and announced; from then on each change is kept, and a wizard back
 * at its loaded values keeps none. `owner` undefined (no signed-in person known) or `enabled` false: no draft.
 */
export function useWizardDraft(options: {
  enabled: boolean;
  owner: string | number | undefined;
  path: string;
  /** The wizard's values are loaded (the draft goes over them). */
  ready: boolean;
  /** Saved: nothing more is written. */
  finished: boolean;
  state: DraftState;
  baseline: Row;
  restore: (draft: WizardDraft) => void;
}): WizardDraftControl {
  const { enabled, owner, path, ready, finished, state, baseline, restore } = options;
  const key = enabled && owner !== undefined ? draftKey(owner, path) : null;
  const [checking, setChecking] = useState(key !== null);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  useEffect(() => {
    if (!key || !ready) return;
    let live = true;
    void readDraft(key).then((draft) => {
      if (!live) return;
      if (draft) {
        restoreRef.current(draft);
        setRestoredAt(draft.savedAt);
      }
      setChecking(false);
    });
    return () => {
      live = false;
    };
  }, [key, ready]);

  const changed = JSON.stringify(state.data) !== JSON.stringify(baseline) || Object.keys(state.extras).length > 0;
  const keep = useEffectEvent((draftAt: string) => {
    if (changed) writeDraft(draftAt, { ...state, savedAt: new Date().toISOString() });
    else void forgetDraft(draftAt);
  });
  // `changed` and the state's parts stand for the state.
  useEffect(() => {
    if (key && !checking && !finished) keep(key);
  }, [key, checking, finished, changed, state.data, state.extras, state.step, state.visited]);

  return {
    checking: key !== null && ready && checking,
    restoredAt,
    forget: async () => {
      setRestoredAt(null);
      if (key) await forgetDraft(key);
    },
    dismiss: () => setRestoredAt(null),
  };
}
