import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useReadySession } from '../auth/session';
import { StatusPage } from './StatusPage';

/** The landing page after login (spec §2). */
const LANDING = '/dashboard';

/** `/` opens the dashboard when the user's menu has it, else its first entry (else /capas); a user with no screen gets a welcome. */
export function HomePage() {
  const { t } = useTranslation();
  const { menu, config, profile } = useReadySession();
  const target = menu.find((entry) => entry.link === LANDING)?.link ?? menu[0]?.link ?? config.screens.find((screen) => screen.route === '/capas')?.route;
  if (target) return <Navigate to={target} replace />;
  return (
    <StatusPage
      icon={<IconLayoutDashboard size={38} />}
      title={t('page.welcome.title', { name: profile.userFullName ?? '' })}
      text={t('page.welcome.text')}
      action={{ label: t('page.about.title'), to: '/about' }}
    />
  );
}
