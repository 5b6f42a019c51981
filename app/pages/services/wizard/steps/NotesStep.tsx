import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../../../engine/ui/CountedTextarea';
import { useFieldError, useWizardLimits } from '../fields';
import type { StepProps } from '../stepPanel';

/** Step 4: an optional first note, added to the service's notes when it is created; counted against the note schema's limit. */
export function NotesStep({ draft, edit, errors }: StepProps) {
  const { t } = useTranslation();
  const { note: max } = useWizardLimits();
  const error = useFieldError(errors)('/note');
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('serviceWizard.notes.intro')}
      </Text>
      <CountedTextarea
        label={t('serviceWizard.notes.label')}
        placeholder={t('serviceWizard.notes.placeholder')}
        minRows={5}
        maxRows={14}
        max={max}
        value={draft.note}
        onChange={(event) => {
          const note = event.currentTarget.value;
          edit((d) => ({ ...d, note }));
        }}
        error={error}
      />
    </Stack>
  );
}
