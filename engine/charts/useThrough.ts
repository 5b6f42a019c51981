import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PanelConfig } from '../config';
import { throughPath, throughValues } from './through';

type Row = Record<string, unknown>;

/**
 * The click-through of a panel (`through`): the path a clicked row opens, and opening it; both
 * null without one. `filters` are the screen's, `answer` the panel's call's.
 */
export function useThrough(panel: PanelConfig, filters: Row | undefined, answer: unknown): { pathOf: ((row: Row) => string | null) | null; open: ((row: Row) => void) | null } {
  const navigate = useNavigate();
  const through = panel.through;
  const pathOf = useCallback((row: Row) => throughPath(through, throughValues(filters, answer, row)), [through, filters, answer]);
  const open = useCallback(
    (row: Row) => {
      const path = pathOf(row);
      if (path) navigate(path);
    },
    [pathOf, navigate],
  );
  return through ? { pathOf, open } : { pathOf: null, open: null };
}
