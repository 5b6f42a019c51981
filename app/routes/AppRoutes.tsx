import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useSession } from '../auth/session';
import { FullPageLoader } from '../pages/FullPageLoader';
import {
  AboutPage, AuthLayout, AuthNoticePage, ExternalSitePage, HomePage, LoginPage, NotFoundPage, NotImplementedPage, ScreenRoute, ShellLayout,
} from './lazyPages';
import { PLANNED_ROUTES } from './plannedRoutes';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { Logout, MenuRedirect, ReloadProfile, RequireSession } from './sessionRoutes';

const notImplemented = (titleKey: string) => <AuthNoticePage titleKey={titleKey} />;

/**
 * Every route of the SPA. The screen routes are built from `config.screens` (GET /back/schemas)
 * each time the session loads, so a screen added as JSON exists after a server restart, with no app change.
 */
export function AppRoutes() {
  const { config } = useSession();
  const screens = config?.screens ?? [];
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullPageLoader />}>
        <Routes>
          <Route path="/auth" element={<AuthLayout />}>
            <Route index element={<Navigate to="/auth/login" replace />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="forgotten" element={notImplemented('login.forgottenTitle')} />
            <Route path="forgottenSent" element={notImplemented('login.forgottenTitle')} />
            <Route path="passwordReset" element={notImplemented('login.passwordResetTitle')} />
            <Route path="expiredToken" element={<AuthNoticePage titleKey="login.passwordResetTitle" messageKey="login.linkExpired" />} />
          </Route>
          <Route path="/auth/logout" element={<Logout />} />
          <Route path="/auth/logout/impersonate" element={<Logout impersonation />} />
          <Route path="/unsubscribe/:id/:type" element={<AuthLayout />}>
            <Route index element={notImplemented('page.unsubscribe.title')} />
          </Route>

          <Route element={<RequireSession><ShellLayout /></RequireSession>}>
            <Route index element={<HomePage />} />
            <Route path="/reloadProfile" element={<ReloadProfile />} />
            <Route path="/menu/*" element={<MenuRedirect />} />
            <Route path="/about" element={<AboutPage />} />
            <Route path="/guide" element={<ExternalSitePage site="guide" />} />
            <Route path="/idea" element={<ExternalSitePage site="idea" />} />
            {screens.map((screen) => (
              <Route key={screen.route} path={screen.route} element={<ScreenRoute screen={screen} />} />
            ))}
            {PLANNED_ROUTES.map((path) => (
              <Route key={path} path={path} element={<NotImplementedPage />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
