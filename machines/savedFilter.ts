import { and, assign, setup } from 'xstate';

/**
 * Saved filters of a search screen (spec §4 and §5.5), as a pure machine: it decides
 * what a user gesture means; the browser performs the call it asks for (`context.command`
 * while in `busy`) and answers DONE or FAILED.
 *
 * - no selected filter: saving creates one; a name is required and an identical filter
 *   (same name, or same criteria) among the person's own is refused with a warning;
 * - a selected filter of one's own: saving updates its criteria, or renames it in rename mode;
 *   its share mark shares it with the company, or stops sharing it;
 * - a colleague's shared filter (`mine: false`) is read-only: saving makes a copy of one's own;
 * - clicking the default mark of a filter toggles it as the default;
 * - after loading, the default filter is selected (the screen applies it).
 */
export type FilterCriteria = Record<string, unknown>;

export interface SavedFilter {
  userFilterId: number;
  name: string;
  filter: FilterCriteria;
  shared?: boolean;
  /** Answered by the server: false for a colleague's shared filter, which is read-only. */
  mine?: boolean;
  version?: number;
}

export type SavedFilterCommand =
  | { kind: 'create'; name: string; filter: FilterCriteria }
  | { kind: 'update'; target: SavedFilter; filter: FilterCriteria }
  | { kind: 'rename'; target: SavedFilter; name: string }
  | { kind: 'share'; target: SavedFilter; shared: boolean }
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
  | { type: 'SHARE'; userFilterId: number }
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

/** A filter the person may change: their own (a list from before `mine` counts as their own). */
export const isMine = (filter: SavedFilter) => filter.mine !== false;

function selected(context: SavedFilterContext): SavedFilter | undefined {
  return context.filters.find((f) => f.userFilterId === context.selectedId);
}

function findFilter(context: SavedFilterContext, userFilterId: number): SavedFilter | undefined {
  return context.filters.find((f) => f.userFilterId === userFilterId);
}

function notice(context: SavedFilterContext, level: SavedFilterNotice['level'], key: string): SavedFilterNotice {
  return { level, key, seq: (context.notice?.seq ?? 0) + 1 };
}

/** One filter replaced by the server's answer (or by what was asked), with a success notice. */
function changed(context: SavedFilterContext, target: SavedFilter, asked: Partial<SavedFilter>, key: string, saved?: SavedFilter): Partial<SavedFilterContext> {
  const replacement = saved ?? { ...target, ...asked };
  return {
    command: null,
    renaming: false,
    filters: context.filters.map((f) => (f.userFilterId === target.userFilterId ? replacement : f)),
    notice: notice(context, 'success', key),
  };
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
      return changed(context, command.target, { filter: command.filter }, 'engine.filters.updated', saved);
    case 'rename':
      return changed(context, command.target, { name: command.name }, 'engine.filters.renamed', saved);
    case 'share':
      return changed(context, command.target, { shared: command.shared }, command.shared ? 'engine.filters.sharedNow' : 'engine.filters.privateNow', saved);
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
    hasOwnSelection: ({ context }) => {
      const filter = selected(context);
      return filter !== undefined && isMine(filter);
    },
    isKnownFilter: ({ context, event }) => 'userFilterId' in event && findFilter(context, event.userFilterId) !== undefined,
    isOwnFilter: ({ context, event }) => {
      const filter = 'userFilterId' in event ? findFilter(context, event.userFilterId) : undefined;
      return filter !== undefined && isMine(filter);
    },
    nameMissing: ({ event }) => event.type === 'SAVE' && !(event.name ?? '').trim(),
    isDuplicate: ({ context, event }) =>
      event.type === 'SAVE' && context.filters.some((f) => isMine(f) && (sameName(f.name, event.name ?? '') || sameCriteria(f.filter, event.filter))),
    renameTaken: ({ context, event }) =>
      event.type === 'SAVE' && context.filters.some((f) => isMine(f) && f.userFilterId !== context.selectedId && sameName(f.name, event.name ?? '')),
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
          { guard: 'hasOwnSelection', actions: assign({ renaming: ({ event }) => event.on }) },
          { actions: assign({ renaming: false }) },
        ],
        SAVE: [
          // With one's own selection: rename (name required, not another filter's) or update the criteria.
          { guard: and(['hasOwnSelection', 'isRenaming', 'nameMissing']), actions: { type: 'warn', params: 'engine.filters.nameRequired' } },
          { guard: and(['hasOwnSelection', 'isRenaming', 'renameTaken']), actions: { type: 'warn', params: 'engine.filters.duplicate' } },
          {
            guard: and(['hasOwnSelection', 'isRenaming']),
            target: 'busy',
            actions: assign({ command: ({ context, event }) => ({ kind: 'rename', target: selected(context)!, name: (event.name ?? '').trim() }) }),
          },
          {
            guard: 'hasOwnSelection',
            target: 'busy',
            actions: assign({ command: ({ context, event }) => ({ kind: 'update', target: selected(context)!, filter: event.filter }) }),
          },
          // Without a selection, or from a colleague's filter (a copy): create, unless nameless or identical to one's own.
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
        SHARE: {
          guard: 'isOwnFilter',
          target: 'busy',
          actions: assign({
            command: ({ context, event }) => {
              const target = findFilter(context, event.userFilterId)!;
              return { kind: 'share', target, shared: !target.shared };
            },
          }),
        },
        DELETE: {
          guard: 'isOwnFilter',
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
