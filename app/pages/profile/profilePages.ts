// "My account" (/profileUser/*): one lazy chunk, loaded when the user opens it.
export { AccountPage } from './AccountPage';
export { PersonalInformationPage } from './PersonalInformationPage';
export { ProfileLayout } from './ProfileLayout';
export { UserNotificationPage } from './UserNotificationPage';
