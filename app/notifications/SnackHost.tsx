import { Anchor, Text } from '@mantine/core';
import { notifications, type NotificationData } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { FocusEvent } from 'react';
import type { ApiError } from '../../engine/api';
import { snackForApiError } from './apiErrorSnack';
import { forgetMessages, rememberMessage } from './recentMessages';
import { SNACK_TIMEOUT_MS, type Snack } from './snack';

// The snack list and the notifications store, with what draws a snack: App and snackbar.tsx load
// this module lazily, so none of it is in the first page's script.
export { Notifications } from '@mantine/notifications';

const LOOK = {
  success: { color: 'teal', icon: <IconCheck size={18} /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
} as const;

// Texts currently on screen: spec §8 says a duplicate text is not shown twice.
const visibleTexts = new Set<string>();

function SnackLink({ link }: { link: NonNullable<Snack['link']> }) {
  const internal = link.href.startsWith('/');
  return internal ? (
    <Anchor component={Link} to={link.href} size="sm" fw={600}>
      {link.label}
    </Anchor>
  ) : (
    <Anchor href={link.href} target="_blank" rel="noreferrer" size="sm" fw={600}>
      {link.label}
    </Anchor>
  );
}

/**
 * Mantine pauses a snack's countdown while the pointer is on it (and starts it again, whole, when
 * the pointer leaves) but, in its default layout, not while the keyboard focus is in it: the
 * countdown is switched off while the focus is inside and on again when it leaves (WCAG 2.2.1).
 */
function pausedWhileFocused({ id, message }: Required<Pick<NotificationData, 'id' | 'message'>>): Pick<NotificationData, 'onFocusCapture' | 'onBlurCapture'> {
  return {
    onFocusCapture: () => notifications.update({ id, message, autoClose: false }),
    onBlurCapture: (event: FocusEvent<HTMLDivElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) notifications.update({ id, message, autoClose: SNACK_TIMEOUT_MS });
    },
  };
}

let nextSnackId = 1;

export function show(snack: Snack): void {
  const title = snack.title !== snack.message ? snack.title : undefined;
  const text = [title, snack.message].filter(Boolean).join(' — ');
  if (!text || visibleTexts.has(text)) return;
  visibleTexts.add(text);
  rememberMessage({ level: snack.level, text, link: snack.link });
  const staysOpen = snack.level === 'error' || Boolean(snack.link);
  const id = `snack-${nextSnackId++}`;
  const message = (
    <>
      <Text size="sm">{snack.message}</Text>
      {snack.link && <SnackLink link={snack.link} />}
    </>
  );
  notifications.show({
    ...LOOK[snack.level],
    id,
    title,
    message,
    // Read out as it appears (WCAG 4.1.3): politely, errors at once.
    role: snack.level === 'error' ? 'alert' : 'status',
    autoClose: staysOpen ? false : SNACK_TIMEOUT_MS,
    ...(staysOpen ? {} : pausedWhileFocused({ id, message })),
    withCloseButton: true,
    withBorder: true,
    'data-level': snack.level,
    onClose: () => visibleTexts.delete(text),
  });
}

/** Closes every snack and forgets the recent ones: called when someone signs in. */
export function showApiError(error: ApiError): void {
  const snack = snackForApiError(error);
  if (snack) show(snack);
  else console.warn('API', error.status, error.body ?? error.statusText);
}

export function clean(): void {
  notifications.clean();
  forgetMessages();
}
