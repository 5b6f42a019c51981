import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../../engine/api';
import { showSnack } from '../../notifications/snackbar';
import { AuthCardHeader } from './AuthLayout';
import { NewPasswordFields, useNewPasswordForm } from './NewPasswordFields';
import { exceptionOf, refusalText, serverFieldErrors } from './serverErrors';

/** What `GET /back/password/token` tells about a usable link. */
interface TokenInfo {
  email: string;
  firstName?: string;
  lastName?: string;
  kind: 'reset' | 'welcome';
}

const EXPIRED = 'ExpiredTokenException';
const NO_TOKEN = 'NoTokenException';

/** A message in the card with the way back to sign in (no token, unreachable server). */
function ResetNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <AuthCardHeader subtitle={t('login.passwordResetTitle')} />
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {message}
      </Alert>
      <Button component={Link} to="/auth/login" variant="light" fullWidth>
        {t('common.backToLogin')}
      </Button>
    </Stack>
  );
}

/** The form, once the link is known to be usable: new password, confirmation, strength meter. */
function ResetForm({ token, info }: { token: string; info: TokenInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const names = useMemo(() => [info.firstName ?? '', info.lastName ?? ''], [info]);
  const form = useNewPasswordForm(names);
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setRefusal('');
    if (!form.check()) return;
    setBusy(true);
    try {
      await api.post('/back/password/reset', { token, ...form.value }, { quiet: true });
      showSnack({ level: 'success', message: t('password.resetDone') });
      navigate('/auth/login', { replace: true, state: { email: info.email } });
    } catch (error) {
      if (exceptionOf(error) === EXPIRED) {
        navigate('/auth/expiredToken', { replace: true });
        return;
      }
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length) form.setServerErrors(fields);
      else setRefusal(refusalText(error, t('error.unknown')));
    } finally {
      setBusy(false);
    }
  }

  const welcome = info.kind === 'welcome';
  return (
    <form onSubmit={save} noValidate aria-label={t('login.passwordResetTitle')}>
      <AuthCardHeader subtitle={t(welcome ? 'password.welcomeTitle' : 'login.passwordResetTitle')} />
      <Stack gap="md">
        <Text size="sm" data-testid="reset-for">
          <Trans
            i18nKey={welcome ? 'password.welcomeFor' : 'password.chooseFor'}
            values={{ email: info.email }}
            components={{ b: <strong style={{ overflowWrap: 'anywhere' }} /> }}
          />
        </Text>
        <NewPasswordFields {...form.fields} />
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
            {refusal}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={busy}>
          {t('password.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** `/auth/passwordReset?token=`: the link of a reset or welcome e-mail. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [info, setInfo] = useState<TokenInfo | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    api.get<TokenInfo>('/back/password/token', { query: { token }, quiet: true, signal: controller.signal }).then(setInfo, (error: unknown) => {
      if (controller.signal.aborted) return;
      const exception = exceptionOf(error);
      if (exception === EXPIRED) navigate('/auth/expiredToken', { replace: true });
      else setProblem(exception === NO_TOKEN ? t('password.noToken') : refusalText(error, t('error.unknown')));
    });
    return () => controller.abort();
  }, [token, navigate, t]);

  if (!token) return <ResetNotice message={t('password.noToken')} />;
  if (problem) return <ResetNotice message={problem} />;
  if (!info) {
    return (
      <Center mih={240}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return <ResetForm token={token} info={info} />;
}
