import { ActionIcon, Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RankedEntry, RankedId } from '../../../machines/rankedList';
import type { SidePanelConfig } from '../../config';
import { colorsOf, valueColor } from '../../format/colors';
import { cellText, type FormatContext } from '../../format/values';
import { ensureLabels, knownLabel } from '../../lookup/cache';
import { useLabelsVersion } from '../../lookup/useLookup';
import { lookupOf, propertiesOf } from '../../schema/fields';
import type { JsonSchema } from '../../schema/resolve';
import { actionUrl } from '../rowActions';
import { rankedLabel } from './labels';
import type { RankedListState } from './useRankedList';

interface RankedItemsProps {
  side: SidePanelConfig;
  state: RankedListState;
  entity: JsonSchema;
}

const nowrap = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

/** The ranked records as cards (`card`: a linked title, a badge, lines of values), dragged or moved to reorder. */
export function RankedItems({ side, state, entity }: RankedItemsProps) {
  const { t, i18n } = useTranslation();
  const [dragged, setDragged] = useState<RankedId | null>(null);
  const [over, setOver] = useState<RankedId | null>(null);
  useLabelsVersion();
  const props = propertiesOf(entity);
  const { card } = side;
  const lookups = (card.lines ?? []).flat().flatMap((field) => {
    const url = lookupOf(props[field])?.url;
    return url
      ? [
          {
            url,
            ids: state.list.map((entry) => entry.item[field]).filter((id) => id != null),
          },
        ]
      : [];
  });
  const lookupKey = JSON.stringify(lookups);
  const loadLabels = useEffectEvent(() => lookups.forEach(({ url, ids }) => void ensureLabels(url, ids)));
  useEffect(() => loadLabels(), [lookupKey]); // the ids compared by value, not by the list's identity

  const ctx: FormatContext = {
    t,
    locale: i18n.language,
    lookupLabel: knownLabel,
  };
  const text = (entry: RankedEntry, field: string) => (props[field] ? cellText({ field, schema: props[field] }, entry.item, ctx) : '');
  const drop = (event: DragEvent, target: RankedEntry) => {
    event.preventDefault();
    if (dragged !== null && dragged !== target.id) state.move(dragged, { rank: target.rank });
    setDragged(null);
    setOver(null);
  };

  return (
    <Stack gap={0} role="list" aria-label={t(rankedLabel(side.labels, 'title'))}>
      {state.list.map((entry, index) => {
        const badge = card.badgeField ? entry.item[card.badgeField] : undefined;
        const link = card.link ? actionUrl(card.link, entry.item) : null;
        const title = String(entry.item[card.titleField] ?? '');
        return (
          <Group
            key={String(entry.id)}
            role="listitem"
            data-id={String(entry.id)}
            aria-label={t(rankedLabel(side.labels, 'item'), {
              ...entry.item,
              rank: entry.rank,
            })}
            gap="xs"
            wrap="nowrap"
            px="sm"
            py={8}
            draggable={!state.saving}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              setDragged(entry.id);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(entry.id);
            }}
            onDrop={(event) => drop(event, entry)}
            style={{
              borderBottom: '1px solid var(--mantine-color-default-border)',
              background: over === entry.id && dragged !== entry.id ? 'var(--mantine-primary-color-light)' : undefined,
              opacity: dragged === entry.id ? 0.5 : 1,
            }}
          >
            <IconGripVertical size={14} color="var(--mantine-color-dimmed)" style={{ cursor: 'grab', flexShrink: 0 }} aria-hidden />
            <Badge size="lg" circle variant="filled" data-rank aria-hidden style={{ flexShrink: 0 }}>
              {entry.rank}
            </Badge>
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                {link ? (
                  <Anchor component={Link} to={link} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {title}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {title}
                  </Text>
                )}
                {badge != null && badge !== '' && (
                  <Badge size="xs" variant="light" radius="sm" color={valueColor(badge, colorsOf(props[card.badgeField!]))} style={{ textTransform: 'none' }}>
                    {text(entry, card.badgeField!)}
                  </Badge>
                )}
              </Group>
              {(card.lines ?? []).map(([first, ...rest], line) => (
                <Group key={first} gap={6} wrap="nowrap" justify="space-between">
                  <Text size="xs" c={line ? 'dimmed' : undefined} truncate="end">
                    {text(entry, first)}
                  </Text>
                  {rest.map((field) => (
                    <Text key={field} size="xs" c="dimmed" style={nowrap}>
                      {text(entry, field)}
                    </Text>
                  ))}
                </Group>
              ))}
            </Box>
            <Group gap={0} wrap="nowrap" style={{ flexShrink: 0 }}>
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={() => state.move(entry.id, { direction: 'up' })}
                disabled={index === 0 || state.saving}
                aria-label={t(rankedLabel(side.labels, 'moveUp'))}
              >
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={() => state.move(entry.id, { direction: 'down' })}
                disabled={index === state.list.length - 1 || state.saving}
                aria-label={t(rankedLabel(side.labels, 'moveDown'))}
              >
                <IconArrowDown size={14} />
              </ActionIcon>
              <ActionIcon variant="subtle" size="sm" color="red" onClick={() => state.remove(entry.id)} disabled={state.saving} aria-label={t(rankedLabel(side.labels, 'remove'))}>
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
