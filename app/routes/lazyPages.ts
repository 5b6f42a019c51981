import { lazyNamed, loadModule } from '../../engine/ui/lazyNamed';
import { opensBehindLogin } from '../auth/session';

const authPages = () => import('../pages/auth/authPages');
const passwordPages = () => import('../pages/auth/passwordPages');
const profilePages = () => import('../pages/profile/profilePages');
const shellPages = () => import('../shell/shellPages');
const transitRoutes = () => import('./transitRoutes');

// Behind login the shell is needed as soon as the session is: its code comes beside the session's answers.
if (opensBehindLogin) loadModule(shellPages).catch(() => {}); // a failure shows when the page asks for it

export const AuthLayout = lazyNamed(authPages, 'AuthLayout');
export const LoginPage = lazyNamed(authPages, 'LoginPage');

export const ExpiredTokenPage = lazyNamed(passwordPages, 'ExpiredTokenPage');
export const ForgottenPage = lazyNamed(passwordPages, 'ForgottenPage');
export const ForgottenSentPage = lazyNamed(passwordPages, 'ForgottenSentPage');
export const PasswordResetPage = lazyNamed(passwordPages, 'PasswordResetPage');
export const UnsubscribePage = lazyNamed(passwordPages, 'UnsubscribePage');

export const ProfileLayout = lazyNamed(profilePages, 'ProfileLayout');
export const PersonalInformationPage = lazyNamed(profilePages, 'PersonalInformationPage');
export const AccountPage = lazyNamed(profilePages, 'AccountPage');
export const UserNotificationPage = lazyNamed(profilePages, 'UserNotificationPage');

export const ShellLayout = lazyNamed(shellPages, 'ShellLayout');
export const AboutPage = lazyNamed(shellPages, 'AboutPage');
export const CatchAllPage = lazyNamed(shellPages, 'CatchAllPage');
export const ExternalSitePage = lazyNamed(shellPages, 'ExternalSitePage');
export const HomePage = lazyNamed(shellPages, 'HomePage');
export const NotImplementedPage = lazyNamed(shellPages, 'NotImplementedPage');
export const ForbiddenPage = lazyNamed(shellPages, 'ForbiddenPage');
export const ScreenRoute = lazyNamed(shellPages, 'ScreenRoute');

export const Logout = lazyNamed(transitRoutes, 'Logout');
export const MenuRedirect = lazyNamed(transitRoutes, 'MenuRedirect');
export const ReloadProfile = lazyNamed(transitRoutes, 'ReloadProfile');
