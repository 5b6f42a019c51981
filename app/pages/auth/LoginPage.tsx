import { Alert, Anchor, Button, Group, Input, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconAt, IconLock, IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError, request } from '../../../engine/api';
import { takePreLoginUrl } from '../../auth/preLoginUrl';
import { useSession } from '../../auth/session';
import { clearSnacks } from '../../notifications/snackbar';
import { AuthCardHeader } from './AuthLayout';
import { EMAIL } from './email';

const CODE = /^\d{6}$/;

/** Which message a refused login shows (keys of app/locales). */
function loginErrorKey(error: unknown, codeSent: boolean): string {
  if (!(error instanceof ApiError)) return 'error.unknown';
  if (error.body?.twoFactorRequired) return codeSent ? 'login.codeRejected' : '';
  return error.status === 401 ? 'login.failed' : 'login.sessionError';
}

/** Spec §5.2: e-mail, then password, then a six-digit authenticator code when the server asks. */
export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  // After a password reset the e-mail is already known.
  const known = (useLocation().state as { email?: string } | null)?.email;
  const [email, setEmail] = useState(known ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [errorKey, setErrorKey] = useState('');
  const [busy, setBusy] = useState(false);

  const emailError = submitted && !EMAIL.test(email.trim()) ? t('login.emailInvalid') : null;
  const passwordError = submitted && !password ? t('login.passwordRequired') : null;
  const codeError = submitted && needsCode && !CODE.test(code) ? t('login.codeInvalid') : null;

  async function signIn(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!EMAIL.test(email.trim()) || !password || (needsCode && !CODE.test(code))) return;
    setBusy(true);
    setErrorKey('');
    try {
      const form: Record<string, string> = { username: email.trim(), password };
      if (needsCode) form.code = code;
      await request('POST', '/back/login', { form, quiet: true });
      const status = await session.load();
      if (status === 'ready') {
        // Errors of the ended session (they stay until closed) say nothing about this one.
        clearSnacks();
        navigate(takePreLoginUrl(), { replace: true });
      }
      else setErrorKey('login.sessionError');
    } catch (error) {
      if (error instanceof ApiError && error.body?.twoFactorRequired && !needsCode) {
        setNeedsCode(true);
        // The code field is new: it is judged when the code is sent, not as it appears.
        setSubmitted(false);
      }
      setErrorKey(loginErrorKey(error, needsCode));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={signIn} noValidate aria-label={t('login.title')}>
      <AuthCardHeader subtitle={t('login.subtitle')} />
      <Stack gap="md">
        <TextInput
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          type="email"
          name="username"
          autoComplete="username"
          leftSection={<IconAt size={16} />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={emailError}
          autoFocus={!known}
        />
        <div>
          <Group justify="space-between" mb={2}>
            <Input.Label htmlFor="login-password">{t('login.password')}</Input.Label>
            <Anchor component={Link} to="/auth/forgotten" size="xs" fw={500}>
              {t('login.forgotten')}
            </Anchor>
          </Group>
          <PasswordInput
            id="login-password"
            name="password"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            leftSection={<IconLock size={16} />}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={passwordError}
            autoFocus={Boolean(known)}
          />
        </div>
        {needsCode && (
          <TextInput
            label={t('login.code')}
            description={t('login.codeHelp')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            leftSection={<IconShieldLock size={16} />}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
            error={codeError}
            styles={{ input: { letterSpacing: '0.4em', fontFamily: 'var(--mantine-font-family-monospace)' } }}
            autoFocus
          />
        )}
        {errorKey && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
            {t(errorKey)}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={busy} mt={4}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
