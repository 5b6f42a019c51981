import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportApiError } from '../../../../engine/api';
import { titleText } from '../../../../engine/i18n';
import { CommentDialog, limitOf } from '../../../../engine/record/header/CommentDialog';
import { useReadySession } from '../../../auth/session';
import { showSnack } from '../../../notifications/snackbar';
import { reportCalls } from './reportCalls';

export interface ReopenDialogProps {
  opened: boolean;
  serviceId: number;
  number: string;
  /** The report's version (from the overview). */
  version: number;
  onClose: () => void;
  onReopened: () => void;
}

/**
 * Reopening a decided report (docs/reports.md): the provider says why (the engine's comment dialog), the
 * client's decision goes back to pending and the decision maker is told; the report can then be edited again.
 */
export function ReopenDialog({ opened, serviceId, number, version, onClose, onReopened }: ReopenDialogProps) {
  const { t } = useTranslation();
  const { config } = useReadySession();
  const [saving, setSaving] = useState(false);

  const save = async (comment: string): Promise<string | undefined> => {
    setSaving(true);
    try {
      await reportCalls.reopen(serviceId, { version, comment });
      showSnack({ level: 'success', message: t('serviceSheet.report.reopened') });
      onReopened();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      const onField = failure.body?.errors?.find((item: { path: string }) => item.path === '/comment');
      if (failure.status === 400 && onField) return onField.message;
      reportApiError(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <CommentDialog
      opened={opened}
      title={t('serviceSheet.report.reopenTitle', { number })}
      notice={t('serviceSheet.report.reopenMessage')}
      commentLabel={titleText(t, 'report.decision.reopenComment')}
      max={limitOf(config, 'report.decision.reopenComment')}
      requiredMessage={t('serviceSheet.report.reopenReasonRequired')}
      confirmLabel={t('serviceSheet.report.reopen')}
      confirmColor="orange"
      loading={saving}
      onConfirm={save}
      onClose={onClose}
    />
  );
}
