import { matchPath } from 'react-router-dom';
import type { ScreenConfig } from '../../engine/config';
import type { MenuEntry } from './menuEntry';

/** The entry owning a path: the longest link that is the path or one of its parents. */
export function activeEntry(entries: MenuEntry[], pathname: string): MenuEntry | undefined {
  return entries
    .filter((entry) => pathname === entry.link || pathname.startsWith(entry.link.endsWith('/') ? entry.link : `${entry.link}/`))
    .sort((a, b) => b.link.length - a.link.length)[0];
}

const paramCount = (route: string) => route.split('/').filter((part) => part.startsWith(':')).length;

/** The configured screen at a path; a fixed route (`/a/new`) wins over a parameter (`/a/:id`). */
export function screenAt(screens: ScreenConfig[], pathname: string): ScreenConfig | undefined {
  return screens.filter((screen) => matchPath(screen.route, pathname)).sort((a, b) => paramCount(a.route) - paramCount(b.route))[0];
}

/** The menu entry of a path, else the one of its screen's `parent` (a sheet or wizard belongs to its search). */
export function ownerEntry(entries: MenuEntry[], screens: ScreenConfig[], pathname: string): MenuEntry | undefined {
  const parent = screenAt(screens, pathname)?.parent;
  return activeEntry(entries, pathname) ?? (parent ? activeEntry(entries, parent) : undefined);
}
