// The other anonymous pages (password forgotten and reset, notices): their own lazy chunk, so the
// login page stays light; the strength meter's dictionaries load in yet another chunk when a
// password form opens.
export { AuthNoticePage } from './AuthNoticePage';
export { ExpiredTokenPage } from './ExpiredTokenPage';
export { ForgottenPage } from './ForgottenPage';
export { ForgottenSentPage } from './ForgottenSentPage';
export { PasswordResetPage } from './PasswordResetPage';
