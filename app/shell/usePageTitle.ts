import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useSession } from '../auth/session';
import { titleText } from '../../engine/i18n';
import type { Frame } from '../../engine/ui/frameTitle';
import { ownerEntry, screenAt } from './menu';

// Title keys of the app's own pages.
const PAGE_TITLES: Record<string, string> = {
  '/about': 'page.about.title',
  '/guide': 'shell.help',
  '/idea': 'page.idea.title',
  '/profileUser/personalInformation': 'page.profileUser.personalInformation',
  '/profileUser/account': 'page.profileUser.account',
  '/profileUser/userNotification': 'page.profileUser.userNotification',
};

// Areas of the app's own pages that are not in the menu: the header names the area, the tab the page.
const PAGE_AREAS: Record<string, string> = {
  '/profileUser': 'page.profileUser.title',
};

const areaOf = (pathname: string): string | undefined =>
  Object.entries(PAGE_AREAS).find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1];

/**
 * The header names the area the user is in (the menu entry owning the path); the page body
 * carries the screen's own heading. Pages outside the menu fall back to their own title.
 */
export function usePageTitle(): Frame {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { config, menu } = useSession();
  const screens = config?.screens ?? [];
  const screen = screenAt(screens, pathname);
  const pageKey = screen?.title ?? PAGE_TITLES[pathname];
  const areaKey = ownerEntry(menu, screens, pathname)?.name ?? areaOf(pathname) ?? pageKey;
  const page = titleText(t, pageKey);

  useEffect(() => {
    document.title = page ? `${page} · ${t('app.name')}` : t('app.name');
  }, [page, t]);

  const area = titleText(t, areaKey);
  // A page with neither (one the user may not see: its menu entry is not theirs) keeps a named h1: the app's name.
  return { title: area || t('app.name'), showsScreenTitle: area === page };
}
