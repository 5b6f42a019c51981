import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useSession } from '../auth/session';
import { FullPageLoader } from '../pages/FullPageLoader';
import {
  AboutPage, AccountPage, AuthLayout, CatchAllPage, ExpiredTokenPage, ExternalSitePage, ForbiddenPage, ForgottenPage, ForgottenSentPage, HomePage, LoginPage, Logout,
  MenuRedirect, NotImplementedPage, PasswordResetPage, PersonalInformationPage, ProfileLayout, ReloadProfile, ScreenRoute, ShellLayout, UnsubscribePage, UserNotificationPage,
} from './lazyPages';
import { PLANNED_ROUTES } from './plannedRoutes';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RequireSession } from './sessionRoutes';

/**
 * Every route of the SPA. The screen routes are built from `config.screens` (GET /back/schemas)
 * each time the session loads, so a screen added as JSON exists after a server restart, with no app change.
 */
export function AppRoutes() {
  const { config } = useSession();
  const screens = config?.screens ?? [];
  return (
    <RouteErrorBoundary main>
      <Suspense fallback={<FullPageLoader />}>
        <Routes>
          <Route path="/auth" element={<AuthLayout />}>
            <Route index element={<Navigate to="/auth/login" replace />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="forgotten" element={<ForgottenPage />} />
            <Route path="forgottenSent" element={<ForgottenSentPage />} />
            <Route path="passwordReset" element={<PasswordResetPage />} />
            <Route path="expiredToken" element={<ExpiredTokenPage />} />
          </Route>
          <Route path="/auth/logout" element={<Logout />} />
          <Route path="/auth/logout/impersonate" element={<Logout impersonation />} />
          <Route path="/unsubscribe/:id/:type" element={<AuthLayout />}>
            <Route index element={<UnsubscribePage />} />
          </Route>

          <Route element={<RequireSession><ShellLayout /></RequireSession>}>
            <Route index element={<HomePage />} />
            <Route path="/reloadProfile" element={<ReloadProfile />} />
            <Route path="/menu/*" element={<MenuRedirect />} />
            <Route path="/about" element={<AboutPage />} />
            <Route path="/guide" element={<ExternalSitePage site="guide" />} />
            <Route path="/idea" element={<ExternalSitePage site="idea" />} />
            <Route path="/profileUser" element={<ProfileLayout />}>
              <Route index element={<Navigate to="personalInformation" replace />} />
              <Route path="personalInformation" element={<PersonalInformationPage />} />
              <Route path="account" element={<AccountPage />} />
              <Route path="userNotification" element={<UserNotificationPage />} />
            </Route>
            {screens.flatMap((screen) =>
              // A record screen also answers at its create route.
              [screen.route, screen.createRoute].filter((path): path is string => !!path).map((path) => <Route key={path} path={path} element={<ScreenRoute screen={screen} />} />),
            )}
            {(config?.closedRoutes ?? []).map((path) => (
              <Route key={path} path={path} element={<ForbiddenPage />} />
            ))}
            {PLANNED_ROUTES.map((path) => (
              <Route key={path} path={path} element={<NotImplementedPage />} />
            ))}
            <Route path="*" element={<CatchAllPage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
