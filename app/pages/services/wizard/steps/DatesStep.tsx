import { SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../../engine/format/values';
import type { ServiceDraft, WizardError } from '../../../../../machines/serviceWizard';
import { DateField, useFieldError } from '../fields';

interface DatesStepProps {
  service: ServiceDraft;
  /** The dates now on the service, for reference. */
  current: { startDate?: string; endDate?: string };
  comment: string;
  errors: WizardError[];
  onService: (patch: Partial<ServiceDraft>) => void;
  onComment: (comment: string) => void;
}

/** RESCHEDULE: the new dates proposed to the other side, with a comment. */
export function DatesStep({ service, current, comment, errors, onService, onComment }: DatesStepProps) {
  const { t, i18n } = useTranslation();
  const errorAt = useFieldError(errors);
  const range = [current.startDate, current.endDate].filter(Boolean).map((date) => formatDate(date, i18n.language));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {range.length ? t('serviceWizard.dates.current', { dates: range.join(' → ') }) : t('serviceWizard.dates.none')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DateField label={t('service.startDate')} required value={service.startDate} onChange={(startDate) => onService({ startDate })} error={errorAt('/service/startDate')} />
        <DateField label={t('service.endDate')} value={service.endDate} minDate={service.startDate} onChange={(endDate) => onService({ endDate })} error={errorAt('/service/endDate')} />
      </SimpleGrid>
      <Textarea
        label={t('serviceWizard.dates.comment')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
        value={comment}
        onChange={(event) => onComment(event.currentTarget.value)}
        error={errorAt('/note')}
      />
    </Stack>
  );
}
