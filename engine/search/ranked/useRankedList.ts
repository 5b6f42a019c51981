import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isDirty, isRanked, rankedListMachine, type RankedCommand, type RankedEntry, type RankedId } from '../../../machines/rankedList';
import { api } from '../../api';
import type { SidePanelConfig } from '../../config';
import { notify } from '../../notify';

type Row = Record<string, unknown>;

/** The stored entries (`[{ <item>: {…}, <rank>: n }]`) as the machine's; entries without an id are left out. */
function entriesOf(data: unknown, side: SidePanelConfig | undefined, idField: string): RankedEntry[] | undefined {
  if (!side || !Array.isArray(data)) return undefined;
  return data.flatMap((entry: Row) => {
    const item = (entry?.[side.item] ?? {}) as Row;
    const id = item[idField] as RankedId | undefined;
    return id == null ? [] : [{ id, item, rank: Number(entry[side.rank]) }];
  });
}

/** What a grid row gives the list: the `keep` fields (all when not named) and the id. */
function kept(row: Row, side: SidePanelConfig | undefined, idField: string): Row {
  return side?.keep ? Object.fromEntries([idField, ...side.keep].map((field) => [field, row[field]])) : row;
}

/**
 * A user's ranked list (a search screen's `side`; none: nothing is loaded): the machine (machines/rankedList.ts) decides, this hook loads the stored
 * list, performs the save it asks for and shows its notices. Failed calls are shown by the app
 * (engine/api.ts); the machine then keeps the working copy.
 */
export function useRankedList(side: SidePanelConfig | undefined, idField: string) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(rankedListMachine);
  const { context } = snapshot;
  const running = useRef<RankedCommand | null>(null);
  const read = useEffectEvent((data: unknown) => entriesOf(data, side, idField));

  const url = side?.url;
  useEffect(() => {
    if (!url) return;
    let live = true;
    api
      .get<unknown>(url)
      .then((data) => live && send({ type: 'LOADED', list: read(data) ?? [] }))
      .catch(() => live && send({ type: 'FAILED' }));
    return () => {
      live = false;
    };
  }, [url, send]);

  const saving = snapshot.matches('saving');
  const store = useEffectEvent((list: RankedEntry[]) =>
    api.post<unknown>(
      side!.url,
      list.map((entry) => ({
        [side!.item]: { [idField]: entry.id },
        [side!.rank]: entry.rank,
      })),
    ),
  );
  useEffect(() => {
    const command = context.command;
    if (!saving || !command || running.current === command) return;
    running.current = command;
    store(command.list)
      .then((data) => send({ type: 'DONE', list: read(data) }))
      .catch(() => send({ type: 'FAILED' }));
  }, [saving, context.command, send]);

  // A notice is told once, in the language of that moment.
  const tell = useEffectEvent((notice: NonNullable<typeof context.notice>) =>
    notify({
      level: notice.level,
      message: t(`${side?.labels}.${notice.key}`),
    }),
  );
  useEffect(() => {
    if (context.notice) tell(context.notice);
  }, [context.notice]);

  return {
    list: context.working,
    dirty: isDirty(context),
    loading: snapshot.matches('loading'),
    saving,
    /** Adds a grid row at the end; false when it is already ranked. */
    add: (row: Row): boolean => {
      const id = row[idField] as RankedId;
      if (isRanked(context.working, id)) return false;
      send({ type: 'ADD', id, item: kept(row, side, idField) });
      return true;
    },
    remove: (id: RankedId) => send({ type: 'REMOVE', id }),
    move: (id: RankedId, to: { direction?: 'up' | 'down'; rank?: number }) => send({ type: 'MOVE', id, ...to }),
    clear: () => send({ type: 'CLEAR' }),
    reset: () => send({ type: 'RESET' }),
    save: () => send({ type: 'SAVE' }),
  };
}

export type RankedListState = ReturnType<typeof useRankedList>;
