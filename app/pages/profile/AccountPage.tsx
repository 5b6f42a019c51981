import { Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useReadySession } from '../../auth/session';
import { AccountProfilesCard } from './AccountProfilesCard';
import { ChangePasswordCard, SecurityLockedAlert } from './ChangePasswordCard';
import { ProfileSection } from './ProfileLayout';
import { TwoFactorCard } from './TwoFactorCard';
import { USER_PATH, useLoaded, type UserProfile } from './userProfile';

/**
 * `/profileUser/account`: password, two-factor login, account profiles. While impersonating
 * (or when the server refuses with 403) the security forms give way to an explanation.
 */
export function AccountPage() {
  const { profile } = useReadySession();
  const { data: user, status } = useLoaded<UserProfile>(USER_PATH);
  const [refused, setRefused] = useState(false);
  const impersonating = Boolean(profile.impersonating);
  const locked = impersonating || refused || status === 'forbidden';

  return (
    <ProfileSection sectionKey="account">
      {locked ? (
        <SecurityLockedAlert impersonating={impersonating} />
      ) : (
        <Stack gap="lg">
          {user && <ChangePasswordCard user={user} onForbidden={() => setRefused(true)} />}
          {status === 'loading' && <Skeleton h={300} radius="lg" />}
          <TwoFactorCard onForbidden={() => setRefused(true)} />
        </Stack>
      )}
      {user && <AccountProfilesCard profiles={user.profiles ?? []} />}
    </ProfileSection>
  );
}
