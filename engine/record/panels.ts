import type { ComponentType } from 'react';
import type { AppConfig, PanelConfig, ScreenConfig } from '../config';
import type { FieldError } from '../form/validation';
import type { JsonSchema } from '../schema/resolve';

type Row = Record<string, unknown>;

/** What every panel of a record page gets: the record being edited and how to change it. */
export interface PanelProps {
  panel: PanelConfig;
  screen: ScreenConfig;
  config: AppConfig;
  entity: JsonSchema;
  /** The record as edited (unsaved changes included): what panels change. */
  record: Row;
  /** The same with its computed fields (`x-computed`) worked out: what panels show. */
  view: Row;
  /** The stored record (null while creating). */
  saved: Row | null;
  /** Replaces the edited record (held until Save). */
  onChange: (next: Row) => void;
  /** Reads the record again from the server (after a row action's call changed it). */
  onReload?: () => void;
  readOnly: boolean;
  /** The caller may add to the record (its files) — true even when a frozen status locks its fields; false for a reader. */
  writable?: boolean;
  /** The caller may add files to the record though not change it (nor its files): adding is a right of its own there. */
  addable?: boolean;
  userRoles: readonly string[];
  /** The caller's contact id: a notes panel lets the author edit their own notes. */
  userContactId?: unknown;
  /** Field errors of the last refused save (JSON paths). */
  serverErrors: FieldError[];
  /** Fields other panels of the page show (a form panel leaves them out). */
  elsewhere: string[];
  /** The screen's filter values (a panels screen's search form), sent with the calls of chart and table panels. */
  query?: Record<string, unknown>;
  /** A panel with its own checks registers them here (it returns the unregister): Save runs them first. */
  registerSubmit: (check: () => Promise<boolean>) => () => void;
}

/**
 * The panel registry, as JSON Forms picks renderers: each entry has a tester that ranks how well
 * it fits a panel config (-1: not at all); the highest rank renders it. The engine registers its
 * kinds; `app/` registers the rare custom panel with `registerPanel` (kind "custom", its name).
 */
export interface PanelEntry {
  tester: (panel: PanelConfig, entity: JsonSchema) => number;
  component: ComponentType<PanelProps>;
}

const entries: PanelEntry[] = [];

export function registerPanelKind(entry: PanelEntry): void {
  entries.push(entry);
}

/** A custom panel: `{ "kind": "custom", "component": name }` in a screen renders it. */
export function registerPanel(name: string, component: ComponentType<PanelProps>): void {
  registerPanelKind({ tester: (panel) => (panel.kind === 'custom' && panel.component === name ? 10 : -1), component });
}

export function pickPanel(panel: PanelConfig, entity: JsonSchema): ComponentType<PanelProps> | null {
  let best: PanelEntry | null = null;
  let bestRank = -1;
  for (const entry of entries) {
    const rank = entry.tester(panel, entity);
    if (rank > bestRank) [best, bestRank] = [entry, rank];
  }
  return best?.component ?? null;
}

/** A tester for a kind of the engine's own. */
export const isKind = (kind: string, rank = 1) => (panel: PanelConfig) => (panel.kind === kind ? rank : -1);
