import { Box, Card, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconShieldLock, IconUserCircle, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useReadySession } from '../../auth/session';
import { ProfileAvatar } from '../../shell/ProfileAvatar';
import classes from './Profile.module.css';

/** The three sections of "my account", in menu order (their titles also name the browser tab). */
export const PROFILE_SECTIONS: { path: string; key: string; icon: Icon }[] = [
  { path: 'personalInformation', key: 'personalInformation', icon: IconUserCircle },
  { path: 'account', key: 'account', icon: IconShieldLock },
  { path: 'userNotification', key: 'userNotification', icon: IconBell },
];

/** `/profileUser/*`: who I am and the sections on the left, the chosen section on the right. */
export function ProfileLayout() {
  const { t } = useTranslation();
  const { profile } = useReadySession();
  const { pathname } = useLocation();
  return (
    <div className={classes.layout}>
      <Card withBorder radius="lg" padding="md" className={classes.side}>
        <Group wrap="nowrap" gap="sm" mb="md" px={4}>
          <ProfileAvatar profile={profile} size={44} alt="" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {profile.userFullName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {profile.companyName}
            </Text>
          </Stack>
        </Group>
        <nav aria-label={t('page.profileUser.title')}>
          {PROFILE_SECTIONS.map(({ path, key, icon: SectionIcon }) => (
            <NavLink
              key={path}
              component={Link}
              to={`/profileUser/${path}`}
              active={pathname === `/profileUser/${path}`}
              aria-current={pathname === `/profileUser/${path}` ? 'page' : undefined}
              label={t(`page.profileUser.${key}`)}
              description={t(`profile.${key}.description`)}
              leftSection={<SectionIcon size={20} stroke={1.6} />}
              className={classes.sectionLink}
            />
          ))}
        </nav>
      </Card>
      <Box className={classes.content}>
        <Outlet />
      </Box>
    </div>
  );
}

/** The heading of a section page and its cards below. */
export function ProfileSection({ sectionKey, children }: { sectionKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz={24}>
          {t(`page.profileUser.${sectionKey}`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`profile.${sectionKey}.description`)}
        </Text>
      </div>
      {children}
    </Stack>
  );
}

/** One card of a section: a title, a line explaining it, then its content. */
export function ProfileCard({ title, text, badge, children, testId }: { title: string; text?: string; badge?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
        <div>
          <Title order={3} fz="lg">
            {title}
          </Title>
          {text && (
            <Text size="sm" c="dimmed" mt={2}>
              {text}
            </Text>
          )}
        </div>
        {badge}
      </Group>
      {children}
    </Card>
  );
}
