import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { savedFilterMachine, type FilterCriteria, type SavedFilter, type SavedFilterCommand } from '../../machines/ui';
import { notify } from '../notify';
import { savedFiltersApi } from './api';

async function perform(type: string, command: SavedFilterCommand): Promise<SavedFilter | undefined> {
  switch (command.kind) {
    case 'create':
      return savedFiltersApi.create(type, command.name, command.filter);
    case 'update':
      return savedFiltersApi.update(type, { ...command.target, filter: command.filter });
    case 'rename':
      return savedFiltersApi.update(type, { ...command.target, name: command.name });
    case 'share':
      return savedFiltersApi.update(type, { ...command.target, shared: command.shared });
    case 'delete':
      if (!(await savedFiltersApi.remove(command.target.userFilterId))) throw new Error('refused');
      return undefined;
    case 'setDefault':
      await savedFiltersApi.setDefault(type, command.userFilterId);
      return undefined;
  }
}

/**
 * Saved filters of a search type: the machine (machines/savedFilter.ts) decides, this hook
 * makes the calls it asks for, shows its notices, and applies a filter when one is chosen —
 * the default one as soon as the list is loaded, unless `keepFirst` (criteria the address gave).
 */
export function useSavedFilters(type: string, apply: (criteria: FilterCriteria) => void, keepFirst = false) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(savedFilterMachine);
  const { context } = snapshot;
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const running = useRef<SavedFilterCommand | null>(null);

  const loading = snapshot.matches('loading');
  const busy = snapshot.matches('busy');
  useEffect(() => {
    if (!loading) return;
    let live = true;
    Promise.all([savedFiltersApi.list(type), savedFiltersApi.getDefault(type).catch(() => null)])
      .then(([filters, defaultId]) => {
        if (!live) return;
        const list = Array.isArray(filters) ? filters : [];
        send({ type: 'LOADED', filters: list, defaultId });
        const initial = list.find((f) => f.userFilterId === defaultId);
        if (initial && !keepFirst) applyRef.current(initial.filter ?? {});
      })
      .catch(() => live && send({ type: 'FAILED' }));
    return () => {
      live = false;
    };
  }, [type, loading, send, keepFirst]);

  useEffect(() => {
    const command = context.command;
    if (!busy || !command || running.current === command) return;
    running.current = command;
    perform(type, command)
      .then((filter) => send({ type: 'DONE', filter: filter && typeof filter === 'object' ? filter : undefined }))
      .catch((error: unknown) => send({ type: 'FAILED', messageKey: error instanceof Error && error.message === 'refused' ? 'engine.filters.deleteRefused' : undefined }));
  }, [busy, context.command, type, send]);

  // A notice is told once, in the language of that moment.
  const tell = useEffectEvent((notice: NonNullable<typeof context.notice>) => notify({ level: notice.level, message: t(notice.key) }));
  useEffect(() => {
    if (context.notice) tell(context.notice);
  }, [context.notice]);

  const select = (userFilterId: number) => {
    const chosen = context.filters.find((f) => f.userFilterId === userFilterId);
    if (!chosen) return;
    send({ type: 'SELECT', userFilterId });
    applyRef.current(chosen.filter ?? {});
  };

  return {
    filters: context.filters,
    selected: context.filters.find((f) => f.userFilterId === context.selectedId) ?? null,
    defaultId: context.defaultId,
    renaming: context.renaming,
    busy: snapshot.matches('busy'),
    loading: snapshot.matches('loading'),
    select,
    deselect: () => send({ type: 'DESELECT' }),
    setRenaming: (on: boolean) => send({ type: 'RENAME_MODE', on }),
    save: (filter: FilterCriteria, name?: string) => send({ type: 'SAVE', filter, name }),
    toggleDefault: (userFilterId: number) => send({ type: 'TOGGLE_DEFAULT', userFilterId }),
    toggleShared: (userFilterId: number) => send({ type: 'SHARE', userFilterId }),
    remove: (userFilterId: number) => send({ type: 'DELETE', userFilterId }),
  };
}

export type SavedFiltersState = ReturnType<typeof useSavedFilters>;
