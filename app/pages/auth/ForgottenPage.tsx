import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconAt } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../../engine/api';
import { currentLanguage } from '../../i18n/i18n';
import { AuthCardHeader } from './AuthLayout';
import { EMAIL } from './email';
import { refusalText, serverFieldErrors } from './serverErrors';

/** `/auth/forgotten`: asks for a reset link; the answer never says whether the account exists. */
export function ForgottenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState('');
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = EMAIL.test(email.trim());

  async function send(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setRefusal('');
    setServerError('');
    if (!valid) return;
    setBusy(true);
    try {
      await api.post('/back/password/forgotten', { email: email.trim(), locale: currentLanguage() }, { quiet: true });
      navigate(`/auth/forgottenSent?${new URLSearchParams({ email: email.trim() })}`);
    } catch (error) {
      const fieldError = serverFieldErrors(error).email;
      if (fieldError) setServerError(fieldError);
      else setRefusal(refusalText(error, t('error.unknown')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={send} noValidate aria-label={t('login.forgottenTitle')}>
      <AuthCardHeader subtitle={t('login.forgottenTitle')} />
      <Stack gap="md">
        <Text size="sm">{t('password.forgottenText')}</Text>
        <TextInput
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          type="email"
          name="email"
          autoComplete="username"
          leftSection={<IconAt size={16} />}
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setServerError('');
          }}
          error={serverError || (submitted && !valid ? t('login.emailInvalid') : null)}
          autoFocus
        />
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
            {refusal}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={busy}>
          {t('password.sendLink')}
        </Button>
        <Group justify="center">
          <Anchor component={Link} to="/auth/login" size="sm" fw={500} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <IconArrowLeft size={14} />
            {t('common.backToLogin')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
