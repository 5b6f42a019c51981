import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportApiError } from '../../../../engine/api';
import { titleText } from '../../../../engine/i18n';
import { propertiesOf } from '../../../../engine/schema/fields';
import { CountedTextarea, overLimit } from '../../../../engine/ui/CountedTextarea';
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

/** The schema's limit of the reason (schemas/entities/report.json `decision.reopenComment`). */
function useReasonMax(): number | undefined {
  const { config } = useReadySession();
  const max = propertiesOf(propertiesOf(config.entities.report).decision).reopenComment?.maxLength;
  return typeof max === 'number' ? max : undefined;
}

/**
 * Reopening a decided report (docs/reports.md): the provider says why, the client's decision goes
 * back to pending and the decision maker is told; the report can then be edited again.
 */
export function ReopenDialog({ opened, serviceId, number, version, onClose, onReopened }: ReopenDialogProps) {
  const { t } = useTranslation();
  const max = useReasonMax();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setReason('');
    setError(undefined);
  }, [opened]);

  const save = async () => {
    if (!reason.trim()) return setError(t('serviceSheet.report.reopenReasonRequired'));
    setSaving(true);
    try {
      await reportCalls.reopen(serviceId, { version, comment: reason.trim() });
      showSnack({ level: 'success', message: t('serviceSheet.report.reopened') });
      onReopened();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      const onField = failure.body?.errors?.find((item: { path: string }) => item.path === '/comment');
      if (failure.status === 400 && onField) setError(onField.message);
      else reportApiError(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{t('serviceSheet.report.reopenTitle', { number })}</Text>} size="lg" centered>
      <Stack gap="md">
        <Alert color="orange" variant="light">
          {t('serviceSheet.report.reopenMessage')}
        </Alert>
        <CountedTextarea
          label={titleText(t, 'report.decision.reopenComment')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          max={max}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('engine.action.cancel')}
          </Button>
          <Button color="orange" loading={saving} disabled={overLimit(reason.trim(), max)} onClick={() => void save()}>
            {t('serviceSheet.report.reopen')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
