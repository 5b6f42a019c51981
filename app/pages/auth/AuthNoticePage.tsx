import { Alert, Button, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthCardHeader } from './AuthLayout';

/**
 * An auth card with one message and the way back to sign in: the auth pages that are not built
 * yet say so honestly (spec §8 'This feature is not implemented yet'), an expired link says that.
 */
export function AuthNoticePage({ messageKey = 'common.notImplemented', titleKey }: { messageKey?: string; titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <AuthCardHeader subtitle={t(titleKey)} />
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
        {t(messageKey)}
      </Alert>
      <Button component={Link} to="/auth/login" variant="light" fullWidth>
        {t('common.backToLogin')}
      </Button>
    </Stack>
  );
}
