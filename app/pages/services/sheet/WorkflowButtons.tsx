import { Button } from '@mantine/core';
import { IconBan, IconCheck, IconCircleCheck, IconFlag, IconRefresh, IconX, type Icon } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICE_PATCH_ACTIONS } from '../../../../machines/service';
import { showSnack } from '../../../notifications/snackbar';
import { serviceApi, type PatchAction, type ServiceView } from '../shared/serviceApi';
import { CommentDialog } from './CommentDialog';
import type { ServiceSheet } from './useServiceSheet';

/** How each workflow action looks; `confirm` ones ask first (they end or cancel the service). */
const LOOK: Record<PatchAction, { icon: Icon; color?: string; variant: 'filled' | 'light' | 'default'; confirm?: 'danger' | 'plain' }> = {
  CONFIRM: { icon: IconCheck, variant: 'filled' },
  COMPLETE: { icon: IconFlag, variant: 'filled', confirm: 'plain' },
  REQUEST_CANCEL: { icon: IconBan, color: 'orange', variant: 'light', confirm: 'danger' },
  CONFIRM_CANCEL: { icon: IconCircleCheck, color: 'red', variant: 'light', confirm: 'danger' },
  DECLINE_CANCEL: { icon: IconX, variant: 'default' },
  CANCEL: { icon: IconBan, color: 'red', variant: 'light', confirm: 'danger' },
  REOPEN: { icon: IconRefresh, variant: 'light' },
};

/** Exactly the PATCH actions the server allows the caller now (`service.actions`). */
export function WorkflowButtons({ service, sheet }: { service: ServiceView; sheet: ServiceSheet }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<PatchAction | null>(null);
  const [running, setRunning] = useState<PatchAction | null>(null);
  const allowed = SERVICE_PATCH_ACTIONS.filter((action) => service.actions.includes(action));

  const run = async (action: PatchAction, comment = '') => {
    setRunning(action);
    const done = await sheet.run(() => serviceApi.act(service.serviceId, action, { version: service.version, comment: comment || undefined }));
    setRunning(null);
    setAsking(null);
    if (done) showSnack({ level: 'success', message: t(`serviceSheet.done.${action}`) });
  };

  return (
    <>
      {allowed.map((action) => {
        const look = LOOK[action];
        const ActionIcon = look.icon;
        return (
          <Button
            key={action}
            color={look.color}
            variant={look.variant}
            leftSection={<ActionIcon size={16} />}
            loading={running === action && !asking}
            onClick={() => (look.confirm ? setAsking(action) : void run(action))}
          >
            {t(`serviceSheet.action.${action}`)}
          </Button>
        );
      })}
      {asking && (
        <CommentDialog
          opened
          title={t(`serviceSheet.action.${asking}`)}
          message={t(`serviceSheet.confirm.${asking}`, { number: service.number })}
          confirmLabel={t(`serviceSheet.action.${asking}`)}
          danger={LOOK[asking].confirm === 'danger'}
          loading={running === asking}
          onConfirm={(comment) => void run(asking, comment)}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}
