import { Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Step 4: an optional first note, added to the service's notes when it is created. */
export function NotesStep({ note, onChange, error }: { note: string; onChange: (note: string) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('serviceWizard.notes.intro')}
      </Text>
      <Textarea
        label={t('serviceWizard.notes.label')}
        placeholder={t('serviceWizard.notes.placeholder')}
        autosize
        minRows={5}
        maxRows={14}
        maxLength={4000}
        value={note}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
    </Stack>
  );
}
