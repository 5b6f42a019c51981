import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SessionProvider } from './auth/session';
import { AppRoutes } from './routes/AppRoutes';
import snackClasses from './notifications/Snackbar.module.css';
import { theme } from './theme';

function Root() {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      {/* Inside the router so snack links can navigate; at the top (spec §2). */}
      <Notifications position="top-center" zIndex={1000} limit={5} containerWidth={480} classNames={snackClasses} />
      <AppRoutes />
    </DatesProvider>
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
