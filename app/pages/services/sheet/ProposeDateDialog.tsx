import '@mantine/dates/styles.css';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalDateInput } from '../../../../engine/form/widgets/LocalDateInput';
import { isIsoDay } from '../../../../engine/format/localDates';
import { sameDates } from '../../../../machines/service';
import type { SchemaText } from './schemaText';

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
        <Textarea label={text.label('comment')} value={comment} onChange={(event) => setComment(event.currentTarget.value)} autosize minRows={2} maxLength={1000} />
        <Group justify="flex-end">
          {unchanged && (
            <Text size="sm" c="dimmed" mr="auto">
              {t('serviceSheet.dateLines.sameDates')}
            </Text>
          )}
          <Button variant="default" onClick={onCancel}>
            {t('engine.action.cancel')}
          </Button>
          <Button loading={loading} disabled={unchanged} onClick={submit}>
            {t('serviceSheet.dateLines.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
