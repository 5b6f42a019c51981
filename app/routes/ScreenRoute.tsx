import type { ScreenConfig } from '../../engine/config';
import { hasAnyRole } from '../auth/profile';
import { useReadySession } from '../auth/session';
import { ForbiddenPage, NotImplementedPage } from '../pages/simplePages';
import { MenuScreen, SearchScreen } from './engineScreens';

const SCREEN_TYPES = { search: SearchScreen, menu: MenuScreen } as const;

/** A configured screen, behind its role guard (spec §6.1: one of the screen's roles). */
export function ScreenRoute({ screen }: { screen: ScreenConfig }) {
  const { profile, config } = useReadySession();
  if (!hasAnyRole(profile, screen.roles)) return <ForbiddenPage />;
  const Screen = SCREEN_TYPES[screen.type as keyof typeof SCREEN_TYPES];
  // key: two screens of the same type must not share state.
  return Screen ? <Screen key={screen.route} screen={screen} config={config} /> : <NotImplementedPage />;
}
