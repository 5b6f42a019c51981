import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCardHeader } from './AuthLayout';

/**
 * `/auth/forgottenSent?email=`: the same words whether or not the account exists, so this page
 * cannot be used to find out who has one.
 */
export function ForgottenSentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  return (
    <Stack gap="md">
      <AuthCardHeader subtitle={t('password.sentTitle')} />
      <ThemeIcon size={56} radius={28} variant="light" mx="auto">
        <IconMailForward size={30} />
      </ThemeIcon>
      <Text ta="center" data-testid="forgotten-sent">
        <Trans i18nKey="password.sentText" values={{ email }} components={{ b: <strong style={{ overflowWrap: 'anywhere' }} /> }} />
      </Text>
      <Text size="sm" c="dimmed" ta="center">
        {t('password.sentHint')}
      </Text>
      <Button component={Link} to="/auth/login" fullWidth>
        {t('common.backToLogin')}
      </Button>
      <Button component={Link} to="/auth/forgotten" variant="subtle" fullWidth>
        {t('password.requestAgain')}
      </Button>
    </Stack>
  );
}
