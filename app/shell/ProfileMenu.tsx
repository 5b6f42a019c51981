import { Button, Divider, Group, NavLink, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBuilding, IconLogout, IconUserCircle, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isUploadPending, useUploadQueue } from '../../engine/files/uploads';
import { ConfirmDialog } from '../../engine/ui/ConfirmDialog';
import { useReadySession } from '../auth/session';
import { screenAt } from './menu';
import { ProfileAvatar } from './ProfileAvatar';


/** The avatar in the header and its popup: who I am, my company and universe, logout. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { profile, config } = useReadySession();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  const navigate = useNavigate();
  // Signing out stops the uploads still running: ask first (spec 1 §4 "Leaving with uploads pending warns").
  const uploading = useUploadQueue().some(isUploadPending);
  const [confirmLogout, setConfirmLogout] = useState(false);
  // A settings link shows only when a configured screen the user may open is behind it (never a "coming soon").
  const opens = (path: string) => !!screenAt(config.screens, path);
  const companyLink = `/profileCompany/${profile.companyId}`;
  const universeLink = '/profileUniverse';
  const isCompanyAdmin = profile.roles.includes('COMPANY_ADMIN') && opens(companyLink);
  const isUniverseAdmin = profile.roles.includes('UNIVERSE_ADMIN') && opens(universeLink);

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={300} shadow="lg" withArrow>
        <Popover.Target>
          {/* Named by what it shows (WCAG 2.5.3), after what it is. */}
          <UnstyledButton onClick={() => setOpened((open) => !open)} data-testid="profile-button">
            <VisuallyHidden>{t('shell.profile')}:</VisuallyHidden>
            <Group gap="xs" wrap="nowrap">
              <ProfileAvatar profile={profile} size={36} />
              <Stack gap={0} visibleFrom="md" maw={180}>
                <Text size="sm" fw={600} truncate>
                  {profile.userFullName}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {profile.companyName}
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown p="md" data-testid="profile-popup">
          <Group wrap="nowrap" align="center">
            <ProfileAvatar profile={profile} size={48} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {profile.userFullName}
              </Text>
              {profile.userPosition && (
                <Text size="sm" c="dimmed" truncate>
                  {profile.userPosition}
                </Text>
              )}
            </Stack>
          </Group>
          <Divider my="sm" />
          <NavLink
            component={Link}
            to="/profileUser/personalInformation"
            label={t('shell.myAccount')}
            description={t('shell.myAccountHint')}
            leftSection={<IconUserCircle size={18} />}
            onClick={close}
            data-testid="my-account-link"
          />
          {isCompanyAdmin ? (
            <NavLink
              component={Link}
              to={companyLink}
              label={profile.companyName}
              description={t('shell.companySettings')}
              leftSection={<IconBuilding size={18} />}
              onClick={close}
              data-testid="company-settings-link"
            />
          ) : (
            profile.companyName && (
              <Group gap="sm" px="sm" py={6} wrap="nowrap" c="dimmed">
                <IconBuilding size={18} />
                <Text size="sm">{profile.companyName}</Text>
              </Group>
            )
          )}
          {isUniverseAdmin && (
            <NavLink
              component={Link}
              to={universeLink}
              label={t('shell.universeSettings')}
              leftSection={<IconWorld size={18} />}
              onClick={close}
              data-testid="universe-settings-link"
            />
          )}
          <Button
            component={Link}
            to="/auth/logout"
            variant="light"
            color="red"
            fullWidth
            mt="sm"
            leftSection={<IconLogout size={18} />}
            onClick={(event) => {
              if (!uploading) return;
              event.preventDefault();
              close();
              setConfirmLogout(true);
            }}
          >
            {t('shell.logout')}
          </Button>
        </Popover.Dropdown>
      </Popover>
      <ConfirmDialog
        opened={confirmLogout}
        title={t('uploads.leaveTitle')}
        message={t('uploads.leaveMessage')}
        confirmLabel={t('shell.logout')}
        cancelLabel={t('uploads.stay')}
        danger
        onConfirm={() => navigate('/auth/logout')}
        onCancel={() => setConfirmLogout(false)}
      />
    </>
  );
}
