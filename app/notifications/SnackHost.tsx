// The snack list component on its own: App loads this module lazily, so the component and its
// transitions stay out of the first page's script (the notifications store stays in it).
export { Notifications } from '@mantine/notifications';
