import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../engine/notify';
import {
  isDirty,
  isRanked,
  servicePrioritiesMachine,
  type Priority,
  type PriorityCommand,
  type PriorityService,
} from '../../../../machines/servicePriorities';
import { serviceApi } from '../shared/serviceApi';

const asList = (data: unknown): Priority[] | undefined => (Array.isArray(data) ? (data as Priority[]) : undefined);

/**
 * The user's priority list: the machine (machines/servicePriorities.ts) decides, this hook
 * loads the saved list, performs the save it asks for and shows its notices. Failed calls are
 * shown by the app (engine/api.ts); the machine then keeps the working copy.
 */
export function useServicePriorities() {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(servicePrioritiesMachine);
  const { context } = snapshot;
  const running = useRef<PriorityCommand | null>(null);

  useEffect(() => {
    let live = true;
    serviceApi
      .priorities()
      .then((list) => live && send({ type: 'LOADED', list: asList(list) ?? [] }))
      .catch(() => live && send({ type: 'FAILED' }));
    return () => {
      live = false;
    };
  }, [send]);

  const saving = snapshot.matches('saving');
  useEffect(() => {
    const command = context.command;
    if (!saving || !command || running.current === command) return;
    running.current = command;
    serviceApi
      .savePriorities(command.list)
      .then((list) => send({ type: 'DONE', list: asList(list) }))
      .catch(() => send({ type: 'FAILED' }));
  }, [saving, context.command, send]);

  // A notice is told once, in the language of that moment.
  const tell = useEffectEvent((notice: NonNullable<typeof context.notice>) => notify({ level: notice.level, message: t(notice.key) }));
  useEffect(() => {
    if (context.notice) tell(context.notice);
  }, [context.notice]);

  return {
    list: context.working,
    dirty: isDirty(context),
    loading: snapshot.matches('loading'),
    saving: snapshot.matches('saving'),
    isRanked: (serviceId: number) => isRanked(context.working, serviceId),
    add: (service: PriorityService) => send({ type: 'ADD', service }),
    remove: (serviceId: number) => send({ type: 'REMOVE', serviceId }),
    move: (serviceId: number, to: { direction?: 'up' | 'down'; rank?: number }) => send({ type: 'MOVE', serviceId, ...to }),
    clear: () => send({ type: 'CLEAR' }),
    reset: () => send({ type: 'RESET' }),
    save: () => send({ type: 'SAVE' }),
  };
}

export type ServicePrioritiesState = ReturnType<typeof useServicePriorities>;
