/**
 * How the engine tells the user something. The app installs the real notifier
 * (snackbars); until then messages go to the console.
 */
export type NotifyLevel = 'success' | 'warning' | 'error';

export interface Notice {
  level: NotifyLevel;
  /** Already-translated text. */
  message: string;
  link?: { label: string; href: string };
}

let current: (notice: Notice) => void = (notice) => console.info(`[${notice.level}]`, notice.message);

export function setNotifier(notifier: (notice: Notice) => void): void {
  current = notifier;
}

export function notify(notice: Notice): void {
  current(notice);
}
