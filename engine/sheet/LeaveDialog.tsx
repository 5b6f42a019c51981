import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import type { useLeaveGuard } from './useLeaveGuard';

/** The leave guard's question: discard the unsaved input, or keep editing (`onStay` after the guard's own). */
export function LeaveDialog({ guard, onStay }: { guard: ReturnType<typeof useLeaveGuard>; onStay?: () => void }) {
  const { t } = useTranslation();
  return (
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
        onStay?.();
      }}
    />
  );
}
