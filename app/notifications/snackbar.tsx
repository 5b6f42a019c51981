import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { Notice } from '../../engine/notify';

/** Spec §9: success and warning snacks close after 3 s; errors stay until closed. */
export const SNACK_TIMEOUT_MS = 3000;
/** Snacks on screen at once; more wait in a queue. */
export const SNACK_LIMIT = 3;

export interface Snack extends Notice {
  /** Bold first line, e.g. the localized exception name of a failed call. */
  title?: string;
}

/** Spec §8: how a server level (errors, live alerts) is shown; other levels are not shown. */
const SERVER_LEVELS: Record<string, Notice['level']> = { ERROR: 'error', FATAL: 'error', WARN: 'warning', INFO: 'success' };

export function snackLevelOf(serverLevel: string): Notice['level'] | undefined {
  return SERVER_LEVELS[serverLevel];
}

const LOOK = {
  success: { color: 'teal', icon: <IconCheck size={18} /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
} as const;

// Texts currently on screen: spec §8 says a duplicate text is not shown twice.
const visibleTexts = new Set<string>();

function SnackLink({ link }: { link: NonNullable<Notice['link']> }) {
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

export function showSnack(snack: Snack): void {
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
