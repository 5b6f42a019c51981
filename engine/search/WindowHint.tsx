import { Anchor, Group, Text } from '@mantine/core';
import { IconCalendarSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OutsideWindow } from './useSearch';

export interface WindowHintProps {
  /** Rows shown. */
  count: number;
  loading: boolean;
  /** What the date window leaves out (null: no window, or the server did not say). */
  outside: OutsideWindow | null;
  /** Filters other than the dates are applied. */
  filtered: boolean;
  /** The name of a record just created that the list does not show (its dates or the filters leave it out). */
  hiddenCreated?: string | null;
  /** Removes the date bounds. */
  onWiden: () => void;
}

/** The message of the line, or null when the list needs none. */
function message(t: (key: string, values?: Record<string, unknown>) => string, { count, outside, filtered, hiddenCreated }: WindowHintProps): string | null {
  const beyond = outside && outside.count > 0 ? outside : null;
  const outsideText = beyond && t(beyond.more ? 'engine.search.outsideMore' : 'engine.search.outside', { count: beyond.count });
  if (hiddenCreated) return [t('engine.search.createdHidden', { name: hiddenCreated }), outsideText].filter(Boolean).join(' · ');
  if (count > 0) return outsideText || null;
  if (beyond) return t(beyond.more ? 'engine.search.emptyOutsideMore' : 'engine.search.emptyOutside', { count: beyond.count });
  return t(filtered ? 'engine.search.emptyFilters' : 'engine.search.empty');
}

/**
 * One line above a result grid saying what the date window hides ("26 more outside these
 * dates", with a link that removes the dates), why a result is empty, or that a record just
 * created is not in the list. Nothing while searching or when the list hides nothing.
 */
export function WindowHint(props: WindowHintProps) {
  const { t } = useTranslation();
  if (props.loading) return null;
  const text = message(t, props);
  if (!text) return null;
  const canWiden = !!props.outside && props.outside.count > 0;
  return (
    <Group gap={8} wrap="wrap" role="status" data-testid="window-hint" px={4} mb={-6}>
      <IconCalendarSearch size={16} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
      <Text size="sm" c={props.hiddenCreated ? 'orange' : 'dimmed'}>
        {text}
      </Text>
      {canWiden && (
        <Anchor component="button" type="button" size="sm" fw={600} onClick={props.onWiden}>
          {t('engine.search.widen')}
        </Anchor>
      )}
    </Group>
  );
}
