import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../../../engine/ui/CountedTextarea';
import { useWizardLimits } from '../fields';

/** Step 4: an optional first note, added to the service's notes when it is created; counted against the note schema's limit. */
export function NotesStep({ note, onChange, error }: { note: string; onChange: (note: string) => void; error?: string }) {
  const { t } = useTranslation();
  const { note: max } = useWizardLimits();
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('serviceWizard.notes.intro')}
      </Text>
      <CountedTextarea
        label={t('serviceWizard.notes.label')}
        placeholder={t('serviceWizard.notes.placeholder')}
        autosize
        minRows={5}
        maxRows={14}
        max={max}
        value={note}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
    </Stack>
  );
}
