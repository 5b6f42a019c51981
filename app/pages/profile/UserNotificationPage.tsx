import { Alert, Button, Checkbox, Divider, Group, SimpleGrid, Skeleton, Switch, Text } from '@mantine/core';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../engine/api';
import { enumText } from '../../../engine/i18n';
import { useReadySession } from '../../auth/session';
import { showSnack } from '../../notifications/snackbar';
import { ProfileCard, ProfileSection } from './ProfileLayout';
import { NOTIFICATION_PATH, useLoaded, type NotificationConfig } from './userProfile';

const normalized = (answer: NotificationConfig): NotificationConfig => ({
  allowNotification: Boolean(answer.allowNotification),
  notificationTypes: answer.notificationTypes ?? [],
});

const sameConfig = (a: NotificationConfig, b: NotificationConfig) =>
  a.allowNotification === b.allowNotification && [...a.notificationTypes].sort().join() === [...b.notificationTypes].sort().join();

/** `/profileUser/userNotification`: whether I receive e-mail notifications, and which ones. */
export function UserNotificationPage() {
  const { t } = useTranslation();
  const { config } = useReadySession();
  const { data: saved, setData: setSaved, status } = useLoaded<NotificationConfig>(NOTIFICATION_PATH);
  const [form, setForm] = useState<NotificationConfig | null>(null);
  const [busy, setBusy] = useState(false);
  const types = (config.enums.notificationType?.enum as string[] | undefined) ?? [];

  useEffect(() => {
    if (saved) setForm(normalized(saved));
  }, [saved]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setBusy(true);
    try {
      setSaved(normalized(await api.put<NotificationConfig>(NOTIFICATION_PATH, form)));
      showSnack({ level: 'success', message: t('profile.userNotification.saved') });
    } catch {
      // Shown by the API error handler.
    } finally {
      setBusy(false);
    }
  }

  return (
    <ProfileSection sectionKey="userNotification">
      {status === 'forbidden' || status === 'failed' ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
          {t('profile.unavailable')}
        </Alert>
      ) : !form || !saved ? (
        <Skeleton h={360} radius="lg" />
      ) : (
        <ProfileCard title={t('profile.userNotification.emails')} text={t('profile.userNotification.text')}>
          <form onSubmit={save} noValidate aria-label={t('page.profileUser.userNotification')}>
            <Switch
              label={t('contact.allowNotification')}
              description={t('profile.userNotification.allowHelp')}
              name="allowNotification"
              checked={form.allowNotification}
              onChange={(event) => setForm({ ...form, allowNotification: event.currentTarget.checked })}
              size="md"
            />
            <Divider my="lg" />
            <Checkbox.Group
              label={t('profile.userNotification.types')}
              description={t(form.allowNotification ? 'profile.userNotification.typesHelp' : 'profile.userNotification.typesOff')}
              value={form.notificationTypes}
              onChange={(notificationTypes) => setForm({ ...form, notificationTypes })}
            >
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="sm" mt="sm">
                {types.map((type) => (
                  <Checkbox key={type} value={type} label={enumText(t, 'notificationType', type)} disabled={!form.allowNotification} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Group justify="space-between" mt="xl">
              <Text size="xs" c="dimmed">
                {t('profile.userNotification.count', { count: form.notificationTypes.length, total: types.length })}
              </Text>
              <Group gap="sm">
                <Button variant="default" disabled={sameConfig(form, saved) || busy} onClick={() => setForm(saved)}>
                  {t('profile.cancel')}
                </Button>
                <Button type="submit" loading={busy} disabled={sameConfig(form, saved)} leftSection={<IconDeviceFloppy size={18} />}>
                  {t('profile.save')}
                </Button>
              </Group>
            </Group>
          </form>
        </ProfileCard>
      )}
    </ProfileSection>
  );
}
