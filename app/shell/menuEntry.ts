import { api } from '../../engine/api';

/** One entry of the left icon menu as `GET /back/bo/menu/` returns it. */
export interface MenuEntry {
  /** i18n key */
  name: string;
  icon: string;
  link: string;
}

/** The menu, loaded with the session (apart from menu.ts, which only the shell needs, not the login page). */
export function fetchMenu(): Promise<MenuEntry[]> {
  return api.get<MenuEntry[]>('/back/bo/menu/').then((entries) => (Array.isArray(entries) ? entries : []));
}
