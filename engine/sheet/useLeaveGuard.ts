import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { hasUnsavedChanges, leaveGuardMachine, sameCriteria } from '../../machines/ui';

/**
 * Leave guard of a form (machines/leaveGuard.ts): closing with changed content asks first;
 * closing the browser tab with changes gets the browser's own warning.
 */
export function useLeaveGuard(formData: Record<string, unknown>, baseline: Record<string, unknown>, onLeave: () => void) {
  const [snapshot, send] = useMachine(leaveGuardMachine);
  const state = String(snapshot.value);
  const onLeaveRef = useRef(onLeave);
  onLeaveRef.current = onLeave;

  useEffect(() => {
    send({ type: 'CHANGE', changed: !sameCriteria(formData, baseline) });
  }, [formData, baseline, send]);

  useEffect(() => {
    if (state !== 'left') return;
    send({ type: 'RESET' });
    onLeaveRef.current();
  }, [state, send]);

  useEffect(() => {
    if (!hasUnsavedChanges(state)) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);

  return {
    dirty: hasUnsavedChanges(state),
    confirming: state === 'confirming',
    requestLeave: () => send({ type: 'LEAVE' }),
    confirmLeave: () => send({ type: 'CONFIRM' }),
    stay: () => send({ type: 'STAY' }),
    /** Leave without asking (after a delete). */
    forceLeave: () => {
      send({ type: 'RESET' });
      onLeaveRef.current();
    },
  };
}
