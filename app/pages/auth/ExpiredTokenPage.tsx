import { Alert, Button, Stack } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthCardHeader } from './AuthLayout';

/** `/auth/expiredToken`: a reset or welcome link that expired, was used, or never existed. */
export function ExpiredTokenPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <AuthCardHeader subtitle={t('login.passwordResetTitle')} />
      <Alert color="orange" variant="light" icon={<IconClockExclamation size={18} />} title={t('password.expiredTitle')}>
        {t('login.linkExpired')}
      </Alert>
      <Button component={Link} to="/auth/forgotten" fullWidth>
        {t('password.requestAgain')}
      </Button>
      <Button component={Link} to="/auth/login" variant="subtle" fullWidth>
        {t('common.backToLogin')}
      </Button>
    </Stack>
  );
}
