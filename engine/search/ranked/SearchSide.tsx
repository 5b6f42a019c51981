import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SidePanelConfig } from '../../config';
import { notify } from '../../notify';
import type { JsonSchema } from '../../schema/resolve';
import { rankedLabel } from './labels';
import { RankedListPanel } from './RankedListPanel';
import { useRankedList } from './useRankedList';

type Row = Record<string, unknown>;

/** Below this width a side panel starts folded, so the grid keeps most of the row; a choice made by the user wins. */
const OPEN_FROM = '(min-width: 1400px)';

function storedOpen(key: string): boolean {
  let stored: string | null = null;
  try {
    stored = globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    // No storage: the screen's width decides.
  }
  return stored === null ? (globalThis.matchMedia?.(OPEN_FROM).matches ?? true) : stored === 'true';
}

/**
 * A search screen's `side` panel (docs/schemas.md "Side panel"): its list, whether it shows (kept
 * per browser and screen), and the row action adding a row to it. The filter panel and the side
 * panel would leave the grid too narrow: the side folds while filtering, and unfolding closes the filters.
 */
export function useSearchSide(side: SidePanelConfig | undefined, route: string, entity: JsonSchema, filters: { open: boolean; close: () => void }) {
  const { t } = useTranslation();
  const key = `qcflow.side.${route}.open`;
  const [open, setOpen] = useState(() => storedOpen(key));
  const state = useRankedList(side, entity['x-id']);
  const shown = open && !filters.open;

  const toggle = () => {
    if (filters.open) {
      filters.close();
      if (open) return;
    }
    try {
      globalThis.localStorage?.setItem(key, String(!open));
    } catch {
      // The choice then lasts for this page only.
    }
    setOpen(!open);
  };

  const add = (row: Row) => {
    if (!state.add(row)) notify({ level: 'warning', message: t(rankedLabel(side?.labels ?? '', 'already'), row) });
    else if (!shown) toggle();
  };

  return {
    add,
    panel: side && <RankedListPanel side={side} state={state} entity={entity} opened={shown} onToggle={toggle} />,
  };
}
