import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "Maximum search size reached" above a capped result grid, with how to narrow the search. */
export function HitLimitAlert({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} py="xs" role="status">
      <Text span size="sm" fw={600}>
        {message}
      </Text>
      {' · '}
      <Text span size="sm">
        {t('engine.search.hitLimitHint')}
      </Text>
    </Alert>
  );
}
