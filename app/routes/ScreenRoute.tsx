import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import type { ScreenConfig } from '../../engine/config';
import { useFirstGets } from '../../engine/firstGets';
import { hasAnyRole } from '../auth/profile';
import { useReadySession } from '../auth/session';
import { PageLoader } from '../pages/FullPageLoader';
import { ForbiddenPage, NotImplementedPage } from '../pages/simplePages';
import { APP_PAGE_GETS, APP_PAGES } from './appPages';
import { FilesScreen, MenuScreen, PanelsScreen, RecordScreen, SearchScreen, SettingsScreen, WizardScreen, WorkflowsScreen } from './engineScreens';

/** A configured screen, behind its role guard (spec §6.1: one of the screen's roles). */
export function ScreenRoute({ screen }: { screen: ScreenConfig }) {
  const { profile, config } = useReadySession();
  const allowed = hasAnyRole(profile, screen.roles);
  // What the screen reads first starts now, while its code is on its way (docs/schemas.md "Loading a screen").
  useFirstGets(screen, config, allowed ? profile.roles : null, APP_PAGE_GETS[String(screen.page)]);
  if (!allowed) return <ForbiddenPage />;
  // Its own boundary: this route stays drawn while the screen's code loads, so what it started above is not started again.
  return (
    <Suspense fallback={<PageLoader />}>
      <ScreenOfType screen={screen} />
    </Suspense>
  );
}

/** The screen its type names. */
function ScreenOfType({ screen }: { screen: ScreenConfig }) {
  const { profile, config } = useReadySession();
  const location = useLocation();
  // key: two screens of the same type must not share state.
  switch (screen.type) {
    case 'search':
      return <SearchScreen key={screen.route} screen={screen} config={config} userRoles={profile.roles} caller={{ ...profile }} />;
    case 'menu':
      return <MenuScreen key={screen.route} screen={screen} config={config} />;
    case 'record':
      // key: each record (and a new one) gets a fresh page, read anew from the server.
      return <RecordScreen key={location.pathname} screen={screen} config={config} userRoles={profile.roles} userContactId={profile.contactId} userCompanyId={profile.companyId} />;
    case 'wizard':
      return <WizardScreen key={location.pathname} screen={screen} config={config} userRoles={profile.roles} owner={profile.contactId} />;
    case 'files':
      // The record comes from the caller's profile (`recordId: "{companyId}"`).
      return <FilesScreen key={screen.route} screen={screen} config={config} context={{ ...profile }} userRoles={profile.roles} />;
    case 'panels':
      // key: another record's page (route parameters) starts with fresh filters.
      return <PanelsScreen key={location.pathname} screen={screen} config={config} userRoles={profile.roles} />;
    case 'workflows':
      return <WorkflowsScreen key={screen.route} screen={screen} config={config} />;
    case 'settings':
      // key: another company's settings are read anew.
      return <SettingsScreen key={location.pathname} screen={screen} config={config} />;
    case 'page': {
      const Page = APP_PAGES[String(screen.page)];
      return Page ? <Page key={screen.route} /> : <NotImplementedPage />;
    }
    default:
      return <NotImplementedPage />;
  }
}
