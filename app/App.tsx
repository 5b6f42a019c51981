import { MantineProvider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SessionProvider } from './auth/session';
import { AppRoutes } from './routes/AppRoutes';
import { SNACK_LIMIT } from './notifications/snackbar';
import { theme } from './theme';

// The snack list (with its transitions and the notifications store) is not needed to draw a page:
// it comes in its own chunk. Snacks shown before it arrives appear once it is in (see snackbar.tsx).
const Notifications = lazy(async () => ({ default: (await import('./notifications/SnackHost')).Notifications }));

/** Past the 72 px icon menu of the shell. */
const SNACK_LEFT = 'calc(72px + var(--mantine-spacing-md))';

function Root() {
  return (
    <>
      {/* Inside the router so snack links can navigate. Bottom left, beside the icon menu: away from the
          header and search toolbars they covered at the top, and from the buttons pages keep on the right
          (priority list, wizard and sheet footers). A few at once; the others wait their turn. */}
      <Suspense fallback={null}>
        <Notifications position="bottom-left" zIndex={1000} limit={SNACK_LIMIT} containerWidth={400} styles={{ root: { left: SNACK_LEFT } }} />
      </Suspense>
      <AppRoutes />
    </>
  );
}

// A data router (needed by useBlocker for leave guards) whose routes are the descendant
// <Routes> of AppRoutes: those are built at run time from the server's screen config.
const router = createBrowserRouter([{ path: '*', element: <Root /> }]);

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </MantineProvider>
  );
}
