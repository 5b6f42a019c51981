import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconKey, IconLock } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, reportApiError } from '../../../engine/api';
import { showSnack } from '../../notifications/snackbar';
import { NewPasswordFields, useNewPasswordForm } from '../auth/NewPasswordFields';
import { serverFieldErrors } from '../auth/serverErrors';
import { ProfileCard } from './ProfileLayout';
import { PASSWORD_PATH, type UserProfile } from './userProfile';

/** Current password, then the new one twice with the strength meter (`PUT …/profile/user/password`). */
export function ChangePasswordCard({ user, onForbidden }: { user: UserProfile; onForbidden(): void }) {
  const { t } = useTranslation();
  const names = useMemo(() => [user.firstName, user.lastName], [user]);
  const form = useNewPasswordForm(names);
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState('');
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const newOk = form.check();
    setCurrentError(current ? '' : t('login.passwordRequired'));
    if (!newOk || !current) return;
    setBusy(true);
    try {
      await api.put(PASSWORD_PATH, { currentPassword: current, ...form.value }, { quiet: true });
      showSnack({ level: 'success', message: t('profile.password.changed') });
      setCurrent('');
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) return onForbidden();
      const { currentPassword, ...fields } = serverFieldErrors(error);
      setCurrentError(currentPassword ?? '');
      form.setServerErrors(fields);
      if (!currentPassword && !Object.keys(fields).length && error instanceof ApiError) reportApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ProfileCard title={t('profile.password.title')} text={t('profile.password.text')} testId="change-password">
      <form onSubmit={save} noValidate aria-label={t('profile.password.title')}>
        <Stack gap="md" maw={440}>
          <PasswordInput
            label={t('profile.password.current')}
            name="currentPassword"
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            value={current}
            onChange={(event) => {
              setCurrent(event.currentTarget.value);
              setCurrentError('');
            }}
            error={currentError || undefined}
            required
          />
          <NewPasswordFields {...form.fields} />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={busy} leftSection={<IconKey size={18} />}>
            {t('profile.password.submit')}
          </Button>
        </Group>
      </form>
    </ProfileCard>
  );
}

/** Shown instead of the password and two-factor forms when this session may not change them. */
export function SecurityLockedAlert({ impersonating }: { impersonating: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" icon={<IconAlertCircle size={18} />} title={t('profile.security.lockedTitle')} data-testid="security-locked">
      {t(impersonating ? 'profile.security.impersonating' : 'profile.security.forbidden')}
    </Alert>
  );
}
