// The other anonymous pages (password forgotten and reset, notices, unsubscribe): their own lazy chunk, so the
// login page stays light; the strength meter's dictionaries load in yet another chunk when a
// password form opens.
export { ExpiredTokenPage } from './ExpiredTokenPage';
export { ForgottenPage } from './ForgottenPage';
export { ForgottenSentPage } from './ForgottenSentPage';
export { PasswordResetPage } from './PasswordResetPage';
export { UnsubscribePage } from './UnsubscribePage';
