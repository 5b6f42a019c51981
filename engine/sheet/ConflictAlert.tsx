import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A save refused because someone else changed the record meanwhile (409): the server's message and a way to reload. */
export function ConflictAlert({ message, onReload }: { message: string; onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} mb="md" title={t('engine.sheet.conflictTitle')} role="alert">
      <Text size="sm">{message}</Text>
      <Button size="xs" mt="xs" variant="white" color="orange" leftSection={<IconRefresh size={14} />} onClick={onReload}>
        {t('engine.sheet.reload')}
      </Button>
    </Alert>
  );
}
