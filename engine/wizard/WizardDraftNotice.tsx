import { Alert, Button, Group, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "Your draft was restored", with the way back to the loaded values. */
export function WizardDraftNotice({ savedAt, onDiscard, onClose }: { savedAt: string; onDiscard: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const when = new Date(savedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Alert color="blue" variant="light" icon={<IconHistory size={18} />} withCloseButton closeButtonLabel={t('engine.action.close')} onClose={onClose} data-testid="wizard-draft-notice">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('engine.wizard.draftRestored', { when })}</Text>
        <Button size="compact-sm" variant="default" onClick={onDiscard}>
          {t('engine.wizard.discardDraft')}
        </Button>
      </Group>
    </Alert>
  );
}
