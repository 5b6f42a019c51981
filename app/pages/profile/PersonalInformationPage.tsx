import { Alert, Button, Divider, Group, Select, SimpleGrid, Skeleton, Text, TextInput } from '@mantine/core';
import { IconAt, IconBuilding, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, reportApiError } from '../../../engine/api';
import { enumText } from '../../../engine/i18n';
import { useTooLongMessage } from '../../../engine/ui/CountedTextarea';
import { useReadySession } from '../../auth/session';
import { showSnack } from '../../notifications/snackbar';
import { serverFieldErrors, type FieldErrors } from '../auth/serverErrors';
import { ProfileCard, ProfileSection } from './ProfileLayout';
import { ProfilePictureCard } from './ProfilePictureCard';
import { USER_PATH, useLoaded, type PersonalInformation, type UserProfile } from './userProfile';

const EDITABLE = ['firstName', 'lastName', 'position', 'phone', 'language'] as const;

const editable = (user: UserProfile): PersonalInformation =>
  Object.fromEntries(EDITABLE.map((field) => [field, user[field] ?? ''])) as unknown as PersonalInformation;

/** `/profileUser/personalInformation`: name, position, phone and language; the e-mail is shown only. */
export function PersonalInformationPage() {
  const { t } = useTranslation();
  const session = useReadySession();
  const contact = session.config.entities.contact?.properties ?? {};
  const { data: user, setData: setUser, status } = useLoaded<UserProfile>(USER_PATH);
  const [form, setForm] = useState<PersonalInformation | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const tooLong = useTooLongMessage();

  useEffect(() => {
    if (user) setForm(editable(user));
  }, [user]);

  if (status === 'forbidden' || status === 'failed') {
    return (
      <ProfileSection sectionKey="personalInformation">
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
          {t('profile.unavailable')}
        </Alert>
      </ProfileSection>
    );
  }
  if (!user || !form) {
    return (
      <ProfileSection sectionKey="personalInformation">
        <Skeleton h={320} radius="lg" />
      </ProfileSection>
    );
  }

  const changed = EDITABLE.some((field) => (form[field] ?? '') !== (user[field] ?? ''));
  const missing = (['firstName', 'lastName'] as const).filter((field) => !form[field]?.trim());
  const set = (field: keyof PersonalInformation, value: string) => {
    setForm({ ...form, [field]: value });
    setErrors(({ [field]: _, ...others }) => others);
  };
  const maxLength = (field: string) => (contact[field] as { maxLength?: number } | undefined)?.maxLength;
  const fieldProps = (field: keyof PersonalInformation, required = false) => ({
    label: t(`contact.${field}`),
    name: field,
    value: form[field] ?? '',
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
    // No `maxLength` attribute (it cuts a paste without a word): a longer text stays, marked, and is not saved.
    error: errors[field] ?? tooLong(form[field], maxLength(field)),
    required,
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((field) => [field, t('profile.required')])));
      return;
    }
    // A field past its maxLength already says so under it.
    if (EDITABLE.some((field) => tooLong(form[field], maxLength(field)))) return;
    setBusy(true);
    try {
      const trimmed = Object.fromEntries(EDITABLE.map((field) => [field, (form[field] ?? '').trim()]));
      const saved = await api.put<UserProfile>(USER_PATH, trimmed, { quiet: true });
      setUser(saved);
      setErrors({});
      showSnack({ level: 'success', message: t('profile.saved') });
      // The header shows my name and position, and the interface follows my language.
      void session.load();
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      if (!Object.keys(fields).length && error instanceof ApiError) reportApiError(error);
    } finally {
      setBusy(false);
    }
  }

  const languages = ((session.config.enums.language?.enum as string[] | undefined) ?? ['en', 'fr', 'it']).map((value) => ({
    value,
    label: enumText(t, 'language', value),
  }));

  return (
    <ProfileSection sectionKey="personalInformation">
      <ProfileCard title={t('profile.personalInformation.identity')}>
        <form onSubmit={save} noValidate aria-label={t('page.profileUser.personalInformation')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput {...fieldProps('firstName', true)} autoComplete="given-name" />
            <TextInput {...fieldProps('lastName', true)} autoComplete="family-name" />
            <TextInput {...fieldProps('position')} autoComplete="organization-title" />
            <TextInput {...fieldProps('phone')} type="tel" autoComplete="tel" />
            <Select
              label={t('contact.language')}
              name="language"
              data={languages}
              value={form.language}
              onChange={(value) => value && set('language', value)}
              allowDeselect={false}
              error={errors.language}
              required
            />
          </SimpleGrid>
          <Divider my="lg" label={t('profile.personalInformation.signIn')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label={t('contact.email')} name="email" value={user.email ?? ''} leftSection={<IconAt size={16} />} readOnly variant="filled" />
            <TextInput label={t('contact.companyId')} value={user.companyName ?? ''} leftSection={<IconBuilding size={16} />} readOnly variant="filled" />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            {t('profile.emailReadOnly')}
          </Text>
          <Group justify="flex-end" mt="xl" gap="sm">
            <Button variant="default" disabled={!changed || busy} onClick={() => (setForm(editable(user)), setErrors({}))}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!changed} leftSection={<IconDeviceFloppy size={18} />}>
              {t('profile.save')}
            </Button>
          </Group>
        </form>
      </ProfileCard>
      <ProfilePictureCard />
    </ProfileSection>
  );
}
