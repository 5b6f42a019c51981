import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { useLeaveGuard } from '../../../../engine/sheet/useLeaveGuard';
import { ConfirmDialog } from '../../../../engine/ui/ConfirmDialog';

/**
 * The form leave guard (machines/leaveGuard.ts) on the wizard's page: leaving with unsaved input
 * (a link, the back button, the menu) asks first; closing the tab gets the browser's warning.
 */
export function useWizardLeaveGuard(input: object, baseline: object) {
  const { t } = useTranslation();
  const blockerRef = useRef<ReturnType<typeof useBlocker> | null>(null);
  const guard = useLeaveGuard(input as Record<string, unknown>, baseline as Record<string, unknown>, () => blockerRef.current?.proceed?.());
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guard.dirty && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search);
  blockerRef.current = blocker;

  useEffect(() => {
    if (blocker.state === 'blocked' && !guard.confirming) guard.requestLeave();
  }, [blocker.state]);

  const dialog = (
    <ConfirmDialog
      opened={guard.confirming}
      title={t('engine.sheet.leaveTitle')}
      message={t('engine.sheet.leaveMessage')}
      confirmLabel={t('engine.sheet.discard')}
      cancelLabel={t('engine.sheet.keepEditing')}
      danger
      onConfirm={guard.confirmLeave}
      onCancel={() => {
        guard.stay();
        blocker.reset?.();
      }}
    />
  );
  return { dirty: guard.dirty, dialog };
}
