import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../../engine/format/values';
import { LocalDateInput } from '../../../../../engine/form/widgets/LocalDateInput';
import { CountedTextarea } from '../../../../../engine/ui/CountedTextarea';
import { useFieldError, useWizardLimits } from '../fields';
import { editService, type StepProps } from '../stepPanel';

/** The server paths of the flat date call (`/startDate`, `/comment`) on the wizard's fields. */
export const datePath = (path: string) => (path === '/comment' ? '/note' : path.startsWith('/service') ? path : `/service${path}`);

/** RESCHEDULE: the new dates proposed to the other side, with a comment; the dates now on the service for reference. */
export function DatesStep({ draft, edit, errors, source }: StepProps) {
  const { t, i18n } = useTranslation();
  const errorAt = useFieldError(errors);
  const { dateComment: max } = useWizardLimits();
  const { service, note: comment } = draft;
  const onService = editService(edit);
  const range = [source?.startDate, source?.endDate].filter(Boolean).map((date) => formatDate(date, i18n.language));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {range.length ? t('serviceWizard.dates.current', { dates: range.join(' → ') }) : t('serviceWizard.dates.none')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LocalDateInput label={t('service.startDate')} required value={service.startDate} onChange={(startDate) => onService({ startDate })} error={errorAt('/service/startDate')} />
        <LocalDateInput label={t('service.endDate')} clearable value={service.endDate} minDate={service.startDate} onChange={(endDate) => onService({ endDate })} error={errorAt('/service/endDate')} />
      </SimpleGrid>
      <CountedTextarea
        label={t('serviceWizard.dates.comment')}
        minRows={2}
        maxRows={6}
        max={max}
        value={comment ?? ''}
        onChange={(event) => {
          const note = event.currentTarget.value;
          edit((d) => ({ ...d, note }));
        }}
        error={errorAt('/note')}
      />
    </Stack>
  );
}
