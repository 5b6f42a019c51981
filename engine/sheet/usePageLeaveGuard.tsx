import { useEffect, useEffectEvent, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { useLeaveGuard } from './useLeaveGuard';
import { LeaveDialog } from './LeaveDialog';

/**
 * The form leave guard (machines/leaveGuard.ts) on a whole page (a wizard, a record page): leaving with unsaved input
 * (a link, the back button, the menu) asks first; closing the tab gets the browser's warning.
 */
export function usePageLeaveGuard(input: object, baseline: object) {
  const blockerRef = useRef<ReturnType<typeof useBlocker> | null>(null);
  const guard = useLeaveGuard(input as Record<string, unknown>, baseline as Record<string, unknown>, () => blockerRef.current?.proceed?.());
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guard.dirty && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search);
  blockerRef.current = blocker;

  const askFirst = useEffectEvent(() => {
    if (!guard.confirming) guard.requestLeave();
  });
  useEffect(() => {
    if (blocker.state === 'blocked') askFirst();
  }, [blocker.state]);

  return { dirty: guard.dirty, dialog: <LeaveDialog guard={guard} onStay={() => blocker.reset?.()} /> };
}
