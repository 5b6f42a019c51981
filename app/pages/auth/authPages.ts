// What /auth/login draws: the layout of the anonymous pages and the login form, one lazy chunk
// (vite.config.ts keeps these modules together, apart from what they import).
export { AuthLayout } from './AuthLayout';
export { LoginPage } from './LoginPage';
