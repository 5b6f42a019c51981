// Everything behind login: one lazy chunk, so the login page does not download the shell.
export { ShellLayout } from './ShellLayout';
export { AboutPage } from '../pages/AboutPage';
export { CatchAllPage } from '../pages/CatchAllPage';
export { ExternalSitePage } from '../pages/ExternalSitePage';
export { HomePage } from '../pages/HomePage';
export { ForbiddenPage, NotFoundPage, NotImplementedPage } from '../pages/simplePages';
export { ScreenRoute } from '../routes/ScreenRoute';
