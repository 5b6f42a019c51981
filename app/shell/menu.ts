import { api } from '../../engine/api';

/** One entry of the left icon menu as `GET /back/bo/menu/` returns it. */
export interface MenuEntry {
  /** i18n key */
  name: string;
  icon: string;
  link: string;
}

export function fetchMenu(): Promise<MenuEntry[]> {
  return api.get<MenuEntry[]>('/back/bo/menu/').then((entries) => (Array.isArray(entries) ? entries : []));
}

/** The entry owning a path: the longest link that is the path or one of its parents. */
export function activeEntry(entries: MenuEntry[], pathname: string): MenuEntry | undefined {
  return entries
    .filter((entry) => pathname === entry.link || pathname.startsWith(entry.link.endsWith('/') ? entry.link : `${entry.link}/`))
    .sort((a, b) => b.link.length - a.link.length)[0];
}
