import { ActionIcon, Badge, Button, Code, CopyButton, Group, Image, List, Paper, Skeleton, Stack, Text, TextInput, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconShieldCheck, IconShieldLock, IconShieldOff } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, reportApiError } from '../../../engine/api';
import { showSnack } from '../../notifications/snackbar';
import { serverFieldErrors } from '../auth/serverErrors';
import { ProfileCard } from './ProfileLayout';
import { TWO_FACTOR_PATH } from './userProfile';

interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** PNG data URL of `otpauthUrl`. */
  qrCode: string;
}

const CODE = /^\d{6}$/;

/** The six-digit code of an authenticator app, with the action it confirms. */
function CodeForm({ submitLabel, color, busy, error, onSubmit, onCancel }: {
  submitLabel: string;
  color?: string;
  busy: boolean;
  error: string;
  onSubmit(code: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const clientError = submitted && !CODE.test(code) ? t('login.codeInvalid') : '';

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (CODE.test(code)) onSubmit(code);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('login.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          w={200}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
          error={clientError || error || undefined}
          styles={{ input: { letterSpacing: '0.4em', fontFamily: 'var(--mantine-font-family-monospace)' } }}
          autoFocus
        />
        <Group gap="xs" mt={25}>
          <Button type="submit" color={color} loading={busy}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('profile.cancel')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}

/** The QR code to scan, the key to type by hand, and the code that proves the app has it. */
function SetupPanel({ setup, busy, error, onConfirm, onCancel }: {
  setup: TwoFactorSetup;
  busy: boolean;
  error: string;
  onConfirm(code: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" bg="gray.0" data-testid="two-factor-setup">
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Paper radius="md" p="xs" bg="white" withBorder>
          <Image src={setup.qrCode} alt={t('profile.twoFactor.qrAlt')} w={184} h={184} data-testid="totp-qr" />
        </Paper>
        <Stack gap="md" style={{ flex: 1, minWidth: 280 }}>
          <List type="ordered" spacing="sm" size="sm">
            <List.Item>{t('profile.twoFactor.step1')}</List.Item>
            <List.Item>
              <Stack gap={6}>
                <Text size="sm">{t('profile.twoFactor.step2')}</Text>
                <Group gap={6} wrap="nowrap">
                  <Code
                    fz="sm"
                    px="sm"
                    py={6}
                    bg="white"
                    style={{ letterSpacing: '0.08em', wordBreak: 'break-all', border: '1px solid var(--mantine-color-gray-3)' }}
                    data-testid="totp-secret"
                  >
                    {setup.secret}
                  </Code>
                  <CopyButton value={setup.secret} timeout={2000}>
                    {({ copied, copy }) => (
                      <Tooltip label={t(copied ? 'profile.twoFactor.copied' : 'profile.twoFactor.copy')} withArrow>
                        <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('profile.twoFactor.copy')}>
                          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            </List.Item>
            <List.Item>{t('profile.twoFactor.step3')}</List.Item>
          </List>
          <CodeForm submitLabel={t('profile.twoFactor.confirm')} busy={busy} error={error} onSubmit={onConfirm} onCancel={onCancel} />
        </Stack>
      </Group>
    </Paper>
  );
}

type Mode = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'disabling' };

/** Two-factor login (spec §5.2): status, set up with an authenticator app, turn off with a code. */
export function TwoFactorCard({ onForbidden }: { onForbidden(): void }) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [codeError, setCodeError] = useState('');

  const refresh = () =>
    api.get<{ enabled: boolean }>(TWO_FACTOR_PATH, { quiet: true }).then(
      (answer) => setEnabled(answer.enabled),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 403) onForbidden();
        else if (error instanceof ApiError) reportApiError(error);
      },
    );

  // Once: `onForbidden` is a new function at each render of the page.
  const firstRead = useEffectEvent(() => void refresh());
  useEffect(() => firstRead(), []);

  /** Runs a call of this card: 403 hides the forms, 400 is a wrong code, 409 a stale status. */
  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setCodeError('');
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 403) onForbidden();
      else if (error.status === 400) setCodeError(serverFieldErrors(error).code ?? error.body?.message ?? t('login.codeRejected'));
      else if (error.status === 409) {
        setMode({ kind: 'idle' });
        void refresh();
      } else reportApiError(error);
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function startSetup() {
    const setup = await run(() => api.post<TwoFactorSetup>(`${TWO_FACTOR_PATH}/setup`, undefined, { quiet: true }));
    if (setup) setMode({ kind: 'setup', setup });
  }

  async function finish(path: string, code: string, doneKey: string) {
    const answer = await run(() => api.post<{ enabled: boolean }>(path, { code }, { quiet: true }));
    if (!answer) return;
    setEnabled(answer.enabled);
    setMode({ kind: 'idle' });
    showSnack({ level: 'success', message: t(doneKey) });
  }

  const cancel = () => {
    setMode({ kind: 'idle' });
    setCodeError('');
  };

  const badge =
    enabled === null ? (
      <Skeleton h={22} w={60} radius="xl" />
    ) : (
      <Badge color={enabled ? 'teal' : 'gray'} variant="light" size="lg" leftSection={enabled ? <IconShieldCheck size={14} /> : <IconShieldOff size={14} />} data-testid="two-factor-status">
        {t(enabled ? 'profile.twoFactor.on' : 'profile.twoFactor.off')}
      </Badge>
    );

  return (
    <ProfileCard title={t('profile.twoFactor.title')} text={t('profile.twoFactor.text')} badge={badge} testId="two-factor">
      {mode.kind === 'setup' && (
        <SetupPanel setup={mode.setup} busy={busy} error={codeError} onConfirm={(code) => void finish(TWO_FACTOR_PATH, code, 'profile.twoFactor.enabledDone')} onCancel={cancel} />
      )}
      {mode.kind === 'disabling' && (
        <Stack gap="sm">
          <Text size="sm">{t('profile.twoFactor.disableText')}</Text>
          <CodeForm
            submitLabel={t('profile.twoFactor.disable')}
            color="red"
            busy={busy}
            error={codeError}
            onSubmit={(code) => void finish(`${TWO_FACTOR_PATH}/disable`, code, 'profile.twoFactor.disabledDone')}
            onCancel={cancel}
          />
        </Stack>
      )}
      {mode.kind === 'idle' && enabled !== null && (
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color={enabled ? 'teal' : 'gray'}>
            <IconShieldLock size={22} />
          </ThemeIcon>
          <Text size="sm" style={{ flex: 1 }}>
            {t(enabled ? 'profile.twoFactor.enabledText' : 'profile.twoFactor.disabledText')}
          </Text>
          {enabled ? (
            <Button variant="light" color="red" leftSection={<IconShieldOff size={18} />} onClick={() => setMode({ kind: 'disabling' })}>
              {t('profile.twoFactor.disable')}
            </Button>
          ) : (
            <Button leftSection={<IconShieldLock size={18} />} loading={busy} onClick={() => void startSetup()}>
              {t('profile.twoFactor.setup')}
            </Button>
          )}
        </Group>
      )}
    </ProfileCard>
  );
}
