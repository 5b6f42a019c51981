// The pages an anonymous visitor sees: one lazy chunk.
export { AuthLayout } from './AuthLayout';
export { AuthNoticePage } from './AuthNoticePage';
export { LoginPage } from './LoginPage';
