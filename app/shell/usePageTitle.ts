import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router-dom';
import { useSession } from '../auth/session';
import { activeEntry } from './menu';

// Title keys of the app's own pages.
const PAGE_TITLES: Record<string, string> = {
  '/about': 'page.about.title',
  '/guide': 'shell.help',
  '/idea': 'page.idea.title',
};

/** The current page's title: its screen config, else an app page, else its menu entry. */
export function usePageTitle(): string {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { config, menu } = useSession();
  const screen = config?.screens.find((candidate) => matchPath(candidate.route, pathname));
  const key = screen?.title ?? PAGE_TITLES[pathname] ?? activeEntry(menu, pathname)?.name;
  const title = key ? t(key) : '';

  useEffect(() => {
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [title, t]);

  return title;
}
