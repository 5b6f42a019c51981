import { and, assign, setup } from 'xstate';

/**
 * Saved filters of a search screen (spec §4 and §5.5), as a pure machine: it decides
 * what a user gesture means; the browser performs the call it asks for (`context.command`
 * while in `busy`) and answers DONE or FAILED.
 *
 * - no selected filter: saving creates one; a name is required and an identical filter
 *   (same name, or same criteria) is refused with a warning;
 * - a selected filter: saving updates its criteria, or renames it in rename mode;
 * - clicking the default mark of a filter toggles it as the default;
 * - after loading, the default filter is selected (the screen applies it).
 */
export type FilterCriteria = Record<string, unknown>;

export interface SavedFilter {
  userFilterId: number;
  name: string;
  filter: FilterCriteria;
  shared?: boolean;
  version?: number;
}

export type SavedFilterCommand =
  | { kind: 'create'; name: string; filter: FilterCriteria }
  | { kind: 'update'; target: SavedFilter; filter: FilterCriteria }
  | { kind: 'rename'; target: SavedFilter; name: string }
  | { kind: 'delete'; target: SavedFilter }
  | { kind: 'setDefault'; userFilterId: number | null };

/** A message for the user, as an i18n key; `seq` makes two equal notices distinct. */
export interface SavedFilterNotice {
  level: 'success' | 'warning' | 'error';
  key: string;
  seq: number;
}

export interface SavedFilterContext {
  filters: SavedFilter[];
  selectedId: number | null;
  defaultId: number | null;
  renaming: boolean;
  command: SavedFilterCommand | null;
  notice: SavedFilterNotice | null;
}

export type SavedFilterEvent =
  | { type: 'LOADED'; filters: SavedFilter[]; defaultId: number | null }
  | { type: 'RELOAD' }
  | { type: 'SELECT'; userFilterId: number }
  | { type: 'DESELECT' }
  | { type: 'RENAME_MODE'; on: boolean }
  | { type: 'SAVE'; name?: string; filter: FilterCriteria }
  | { type: 'TOGGLE_DEFAULT'; userFilterId: number }
  | { type: 'DELETE'; userFilterId: number }
  | { type: 'DONE'; filter?: SavedFilter }
  | { type: 'FAILED'; messageKey?: string };

/** Stable comparison of criteria: key order and empty values do not matter. */
export function sameCriteria(a: FilterCriteria, b: FilterCriteria): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0))
      .sort(([x], [y]) => x.localeCompare(y));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function selected(context: SavedFilterContext): SavedFilter | undefined {
  return context.filters.find((f) => f.userFilterId === context.selectedId);
}

function findFilter(context: SavedFilterContext, userFilterId: number): SavedFilter | undefined {
  return context.filters.find((f) => f.userFilterId === userFilterId);
}

function notice(context: SavedFilterContext, level: SavedFilterNotice['level'], key: string): SavedFilterNotice {
  return { level, key, seq: (context.notice?.seq ?? 0) + 1 };
}

/** The context once the server confirmed `command`. */
function applyDone(context: SavedFilterContext, saved?: SavedFilter): Partial<SavedFilterContext> {
  const command = context.command;
  const base = { command: null, renaming: false };
  if (!command) return base;
  switch (command.kind) {
    case 'create': {
      if (!saved) return base;
      return { ...base, filters: [...context.filters, saved], selectedId: saved.userFilterId, notice: notice(context, 'success', 'engine.filters.created') };
    }
    case 'update':
    case 'rename': {
      const replacement = saved ?? (command.kind === 'rename' ? { ...command.target, name: command.name } : { ...command.target, filter: command.filter });
      return {
        ...base,
        filters: context.filters.map((f) => (f.userFilterId === command.target.userFilterId ? replacement : f)),
        notice: notice(context, 'success', command.kind === 'rename' ? 'engine.filters.renamed' : 'engine.filters.updated'),
      };
    }
    case 'delete': {
      const id = command.target.userFilterId;
      return {
        ...base,
        filters: context.filters.filter((f) => f.userFilterId !== id),
        selectedId: context.selectedId === id ? null : context.selectedId,
        defaultId: context.defaultId === id ? null : context.defaultId,
        notice: notice(context, 'success', 'engine.filters.deleted'),
      };
    }
    case 'setDefault':
      return { ...base, defaultId: command.userFilterId };
  }
}

export const savedFilterMachine = setup({
  types: {
    context: {} as SavedFilterContext,
    events: {} as SavedFilterEvent,
  },
  guards: {
    hasSelection: ({ context }) => selected(context) !== undefined,
    isKnownFilter: ({ context, event }) => 'userFilterId' in event && findFilter(context, event.userFilterId) !== undefined,
    nameMissing: ({ event }) => event.type === 'SAVE' && !(event.name ?? '').trim(),
    isDuplicate: ({ context, event }) =>
      event.type === 'SAVE' && context.filters.some((f) => sameName(f.name, event.name ?? '') || sameCriteria(f.filter, event.filter)),
    renameTaken: ({ context, event }) =>
      event.type === 'SAVE' && context.filters.some((f) => f.userFilterId !== context.selectedId && sameName(f.name, event.name ?? '')),
    isRenaming: ({ context }) => context.renaming,
  },
  actions: {
    warn: assign({ notice: ({ context }, key: string) => notice(context, 'warning', key) }),
  },
}).createMachine({
  id: 'savedFilter',
  context: { filters: [], selectedId: null, defaultId: null, renaming: false, command: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      on: {
        LOADED: {
          target: 'ready',
          actions: assign(({ event }) => {
            const defaultId = event.filters.some((f) => f.userFilterId === event.defaultId) ? event.defaultId : null;
            return { filters: event.filters, defaultId, selectedId: defaultId, renaming: false };
          }),
        },
        FAILED: { target: 'ready' },
      },
    },
    ready: {
      on: {
        RELOAD: { target: 'loading' },
        SELECT: { guard: 'isKnownFilter', actions: assign({ selectedId: ({ event }) => event.userFilterId, renaming: false }) },
        DESELECT: { actions: assign({ selectedId: null, renaming: false }) },
        RENAME_MODE: [
          { guard: 'hasSelection', actions: assign({ renaming: ({ event }) => event.on }) },
          { actions: assign({ renaming: false }) },
        ],
        SAVE: [
          // With a selection: rename (name required, not another filter's) or update the criteria.
          { guard: and(['hasSelection', 'isRenaming', 'nameMissing']), actions: { type: 'warn', params: 'engine.filters.nameRequired' } },
          { guard: and(['hasSelection', 'isRenaming', 'renameTaken']), actions: { type: 'warn', params: 'engine.filters.duplicate' } },
          {
            guard: and(['hasSelection', 'isRenaming']),
            target: 'busy',
            actions: assign({ command: ({ context, event }) => ({ kind: 'rename', target: selected(context)!, name: (event.name ?? '').trim() }) }),
          },
          {
            guard: 'hasSelection',
            target: 'busy',
            actions: assign({ command: ({ context, event }) => ({ kind: 'update', target: selected(context)!, filter: event.filter }) }),
          },
          // Without a selection: create, unless nameless or identical to an existing one.
          { guard: 'nameMissing', actions: { type: 'warn', params: 'engine.filters.nameRequired' } },
          { guard: 'isDuplicate', actions: { type: 'warn', params: 'engine.filters.duplicate' } },
          {
            target: 'busy',
            actions: assign({ command: ({ event }) => ({ kind: 'create', name: (event.name ?? '').trim(), filter: event.filter }) }),
          },
        ],
        TOGGLE_DEFAULT: {
          guard: 'isKnownFilter',
          target: 'busy',
          actions: assign({
            command: ({ context, event }) => ({ kind: 'setDefault', userFilterId: context.defaultId === event.userFilterId ? null : event.userFilterId }),
          }),
        },
        DELETE: {
          guard: 'isKnownFilter',
          target: 'busy',
          actions: assign({ command: ({ context, event }) => ({ kind: 'delete', target: findFilter(context, event.userFilterId)! }) }),
        },
      },
    },
    busy: {
      on: {
        DONE: { target: 'ready', actions: assign(({ context, event }) => applyDone(context, event.filter)) },
        FAILED: {
          target: 'ready',
          actions: assign(({ context, event }) => ({ command: null, notice: event.messageKey ? notice(context, 'warning', event.messageKey) : context.notice })),
        },
      },
    },
  },
});
