import { ActionIcon, AppShell, Button, Group, Title, Tooltip } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { IconArrowBackUp, IconHelp } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useReadySession } from '../auth/session';
import '../i18n/dayjsLocale';
import { RecentMessagesButton } from '../notifications/RecentMessagesButton';
import { PageLoader } from '../pages/FullPageLoader';
import { RouteErrorBoundary } from '../routes/RouteErrorBoundary';
import { FrameTitle } from '../../engine/ui/frameTitle';
import { AlertsBell } from './alerts/AlertsBell';
import { LocaleSelector } from './LocaleSelector';
import { NavMenu } from './NavMenu';
import { ProfileMenu } from './ProfileMenu';
import { UploadPanel } from './UploadPanel';
import { useFreshSchemas } from './useFreshSchemas';
import { usePageTitle } from './usePageTitle';
import classes from './Shell.module.css';

/** Shown only while impersonating: the way back to the main account (spec §2). */
function ImpersonationButton() {
  const { t } = useTranslation();
  const { profile } = useReadySession();
  if (!profile.impersonating) return null;
  return (
    <Button component={Link} to="/auth/logout/impersonate" color="orange" variant="light" size="compact-sm" leftSection={<IconArrowBackUp size={16} />}>
      {t('shell.impersonating')}
    </Button>
  );
}

/** The help button of the header (spec §2): `/guide` opens the help site. */
function HelpButton() {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('shell.help')}>
      <ActionIcon component={Link} to="/guide" variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('shell.help')} data-testid="help-button">
        <IconHelp size={21} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The signed-in frame: icon menu on the left, header with title and tools, the page below. */
export function ShellLayout() {
  const frame = usePageTitle();
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  useFreshSchemas();
  // Date pickers exist only in the signed-in screens: their settings live here, not in the app root.
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <a href="#main-content" className={classes.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <AppShell layout="alt" header={{ height: 60 }} navbar={{ width: 72, breakpoint: 0 }} padding="lg">
        <AppShell.Navbar className={classes.navbar}>
          <NavMenu />
        </AppShell.Navbar>
        <AppShell.Header className={classes.header}>
          <Title order={1} fz="h3" fw={650} lineClamp={1} data-testid="page-title">
            {frame.title}
          </Title>
          <Group gap={6} wrap="nowrap">
            <ImpersonationButton />
            <AlertsBell />
            <RecentMessagesButton />
            <HelpButton />
            <LocaleSelector />
            <ProfileMenu />
          </Group>
        </AppShell.Header>
        {/* The skip link's target: focusable by script only, so keyboard users land at the page's start. */}
        <AppShell.Main className={classes.main} id="main-content" tabIndex={-1}>
          <RouteErrorBoundary key={pathname}>
            <Suspense fallback={<PageLoader />}>
              {/* The header's title: a screen with the same title does not repeat it. */}
              <FrameTitle.Provider value={frame}>
                <Outlet />
              </FrameTitle.Provider>
            </Suspense>
          </RouteErrorBoundary>
        </AppShell.Main>
        <UploadPanel />
      </AppShell>
    </DatesProvider>
  );
}
