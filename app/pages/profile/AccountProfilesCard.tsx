import { Checkbox, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { enumText } from '../../../engine/i18n';
import { applyProfileRules } from '../../../machines/accountProfiles';
import { useReadySession } from '../../auth/session';
import { ProfileCard } from './ProfileLayout';

/**
 * The account profiles my administrator gave me, read-only: the same picker as the contact
 * administration, with the profiles the rules make unavailable (covered by SUPER_ADMIN) marked so.
 */
export function AccountProfilesCard({ profiles }: { profiles: string[] }) {
  const { t } = useTranslation();
  const { config } = useReadySession();
  const all = (config.enums.accountProfile?.enum as string[] | undefined) ?? profiles;
  const { profiles: held, disabled } = applyProfileRules(profiles);
  return (
    <ProfileCard title={t('contact.profiles')} text={t('profile.profiles.text')} testId="account-profiles">
      <Checkbox.Group value={held} aria-label={t('contact.profiles')} readOnly>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {all.map((profile) => (
            <Checkbox
              key={profile}
              value={profile}
              label={enumText(t, 'accountProfile', profile)}
              description={disabled.includes(profile) ? t('profile.profiles.covered') : undefined}
              disabled
              // Read-only, yet the profiles I hold must stand out from the others.
              styles={held.includes(profile) ? { label: { color: 'var(--mantine-color-text)', fontWeight: 600 } } : undefined}
              data-held={held.includes(profile)}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </ProfileCard>
  );
}
