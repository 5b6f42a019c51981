import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SessionProvider } from './auth/session';
import { AppRoutes } from './routes/AppRoutes';
import { SNACK_LIMIT } from './notifications/snackbar';
import { cssVariablesResolver, themeIn } from './theme';

// The snack list (with its transitions and the notifications store) is not needed to draw a page:
// it comes in its own chunk. Snacks shown before it arrives appear once it is in (see snackbar.tsx).
const Notifications = lazy(async () => ({ default: (await import('./notifications/SnackHost')).Notifications }));

function Root() {
  return (
    <>
      {/* Inside the router so snack links can navigate. At the top (spec §2), centred under the header
          (Shell.module.css moves them below it); a few at once, the others wait their turn. */}
      <Suspense fallback={null}>
        <Notifications position="top-center" zIndex={1000} limit={SNACK_LIMIT} containerWidth={440} />
      </Suspense>
      <AppRoutes />
    </>
  );
}

// A data router (needed by useBlocker for leave guards) whose routes are the descendant
// <Routes> of AppRoutes: those are built at run time from the server's screen config.
const router = createBrowserRouter([{ path: '*', element: <Root /> }]);

export function App() {
  const { t, i18n } = useTranslation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows the language: the theme's button names change with it
  const theme = useMemo(() => themeIn(t), [t, i18n.language]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </MantineProvider>
  );
}
