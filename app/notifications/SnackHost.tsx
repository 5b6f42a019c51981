import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
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

export function show(snack: Snack): void {
  const title = snack.title !== snack.message ? snack.title : undefined;
  const text = [title, snack.message].filter(Boolean).join(' — ');
  if (!text || visibleTexts.has(text)) return;
  visibleTexts.add(text);
  const staysOpen = snack.level === 'error' || Boolean(snack.link);
  notifications.show({
    ...LOOK[snack.level],
    title,
    message: (
      <>
        <Text size="sm">{snack.message}</Text>
        {snack.link && <SnackLink link={snack.link} />}
      </>
    ),
    autoClose: staysOpen ? false : SNACK_TIMEOUT_MS,
    withCloseButton: true,
    withBorder: true,
    'data-level': snack.level,
    onClose: () => visibleTexts.delete(text),
  });
}

export function clean(): void {
  notifications.clean();
}
