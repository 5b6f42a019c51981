import '@mantine/dates/styles.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../engine/api';
import { LocalDateInput } from '../../../../engine/form/widgets/LocalDateInput';
import { isIsoDay } from '../../../../engine/format/localDates';
import type { RecordDialogProps } from '../../../../engine/record/header/recordDialogs';
import { CountedTextarea, overLimit } from '../../../../engine/ui/CountedTextarea';
import { sameDates } from '../../../../machines/service';
import { showSnack } from '../../../notifications/snackbar';
import { serviceApi, type ServiceView } from '../shared/serviceApi';
import { useSchemaText, type SchemaText } from './schemaText';

export interface ProposedDate {
  startDate: string;
  endDate?: string;
  comment?: string;
}

export interface ProposeDateDialogProps {
  opened: boolean;
  title: string;
  /** Start and end of the service now, offered as the first guess. */
  initial: { startDate?: string; endDate?: string };
  text: SchemaText;
  loading: boolean;
  onSubmit: (proposal: ProposedDate) => void;
  onCancel: () => void;
}

/**
 * A new date proposal: start (required), end (not before start), comment. It opens on the
 * service's dates; Send waits until they change (the server refuses the same dates).
 */
export function ProposeDateDialog({ opened, title, initial, text, loading, onSubmit, onCancel }: ProposeDateDialogProps) {
  const { t } = useTranslation();
  const [startDate, setStartDate] = useState<string | null>(null);
  const [endDate, setEndDate] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const commentMax = text.maxLength('comment');
  useEffect(() => {
    if (!opened) return;
    setStartDate(initial.startDate ?? null);
    setEndDate(initial.endDate ?? null);
    setComment('');
    setTried(false);
  }, [opened, initial.startDate, initial.endDate]);

  const startError = tried && !startDate ? t('serviceSheet.dateLines.startRequired') : undefined;
  const endError = isIsoDay(startDate) && isIsoDay(endDate) && endDate < startDate ? t('serviceSheet.dateLines.endBeforeStart') : undefined;
  const unchanged = sameDates({ startDate, endDate }, initial);
  const submit = () => {
    setTried(true);
    if (!startDate || !isIsoDay(startDate) || (endDate && !isIsoDay(endDate)) || endError || unchanged) return;
    onSubmit({ startDate, endDate: endDate ?? undefined, comment: comment.trim() || undefined });
  };

  return (
    <Modal opened={opened} onClose={onCancel} title={<Text fw={600}>{title}</Text>} size="md" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('serviceSheet.dateLines.proposeHelp')}
        </Text>
        <Group grow align="flex-start">
          <LocalDateInput label={text.label('startDate')} value={startDate} onChange={(value) => setStartDate(value ?? null)} error={startError} required data-autofocus />
          <LocalDateInput
            label={text.label('endDate')}
            value={endDate}
            onChange={(value) => setEndDate(value ?? null)}
            minDate={isIsoDay(startDate) ? startDate : undefined}
            error={endError}
            clearable
          />
        </Group>
        <CountedTextarea label={text.label('comment')} value={comment} onChange={(event) => setComment(event.currentTarget.value)} minRows={2} maxRows={6} max={commentMax} />
        <Group justify="flex-end">
          {unchanged && (
            <Text size="sm" c="dimmed" mr="auto">
              {t('serviceSheet.dateLines.sameDates')}
            </Text>
          )}
          <Button variant="default" onClick={onCancel}>
            {t('engine.action.cancel')}
          </Button>
          <Button loading={loading} disabled={unchanged || overLimit(comment, commentMax)} onClick={submit}>
            {t('serviceSheet.dateLines.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The date lines' "Propose a date" / "Postpone" button (schemas/screens/serviceSheet.json, `dialog: "serviceProposeDate"`):
 * a request while the service has no agreed date, else a postponement; the sheet shows the moved service.
 */
export function ProposeServiceDate({ record, onClose, onChanged, onReload }: RecordDialogProps) {
  const { t } = useTranslation();
  const text = useSchemaText('serviceDateLine');
  const service = record as unknown as ServiceView;
  const [busy, setBusy] = useState(false);
  const kind = service.actions.includes('REQUEST_DATE') ? 'requestDate' : 'postpone';
  const propose = async (proposal: ProposedDate) => {
    setBusy(true);
    try {
      onChanged((await serviceApi.proposeDate(kind, { serviceId: service.serviceId, version: service.version, ...proposal })) as unknown as Record<string, unknown>);
      showSnack({ level: 'success', message: t('serviceSheet.dateLines.proposed') });
      onClose();
    } catch (error) {
      // Already shown; someone moved the service meanwhile: show it as it is now.
      setBusy(false);
      if (error instanceof ApiError && error.status === 409) onReload();
    }
  };
  return (
    <ProposeDateDialog
      opened
      title={t(`serviceSheet.dateLines.${kind}`)}
      initial={{ startDate: service.startDate, endDate: service.endDate }}
      text={text}
      loading={busy}
      onSubmit={(proposal) => void propose(proposal)}
      onCancel={onClose}
    />
  );
}
