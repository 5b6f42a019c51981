import { ActionIcon, Badge, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconListNumbers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SidePanelConfig } from '../../config';
import type { JsonSchema } from '../../schema/resolve';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { rankedLabel, type RankedListLabel } from './labels';
import { RankedItems } from './RankedItems';
import type { RankedListState } from './useRankedList';

export interface RankedListPanelProps {
  side: SidePanelConfig;
  state: RankedListState;
  /** The rows' schema: labels, enums, colours and lookups of the card's fields. */
  entity: JsonSchema;
  opened: boolean;
  onToggle: () => void;
}

/** Narrower on smaller screens, so the grid keeps room for its columns. */
const PANEL_WIDTH = { base: 300, xl: 360 };
const border = '1px solid var(--mantine-color-default-border)';

/** A search screen's `rankedList` side panel: the user's ranked records beside the grid; reorder, remove, clear, save or discard. */
export function RankedListPanel({ side, state, entity, opened, onToggle }: RankedListPanelProps) {
  const { t } = useTranslation();
  const label = (key: RankedListLabel) => t(rankedLabel(side.labels, key));
  const [confirmClear, setConfirmClear] = useState(false);
  const count = state.list.length;

  if (!opened) {
    return (
      <Paper withBorder radius="md" w={48} py="sm" component="aside" aria-label={label('title')} style={{ flexShrink: 0 }}>
        <Stack align="center" gap="xs">
          <Tooltip label={label('show')} withinPortal>
            <ActionIcon variant="subtle" onClick={onToggle} aria-label={label('show')} aria-expanded={false}>
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <IconListNumbers size={18} stroke={1.5} color="var(--mantine-primary-color-filled)" aria-hidden />
          <Badge size="sm" circle variant={state.dirty ? 'filled' : 'light'} color={state.dirty ? 'orange' : undefined}>
            {count}
          </Badge>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" w={PANEL_WIDTH} component="aside" aria-label={label('title')} style={{ display: 'flex', flexDirection: 'column', flexShrink: 0 }}>
      <Group justify="space-between" px="md" py="sm" wrap="nowrap" style={{ borderBottom: border }}>
        <Group gap={6} wrap="nowrap">
          <IconListNumbers size={16} aria-hidden />
          <Text fw={600} size="sm">
            {label('title')}
          </Text>
          <Badge size="sm" variant="light" circle>
            {count}
          </Badge>
        </Group>
        <Tooltip label={label('hide')} withinPortal>
          <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={label('hide')} aria-expanded>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        {state.loading ? (
          <Center py="xl">
            <Loader size="sm" aria-label={t('engine.grid.loading')} />
          </Center>
        ) : count === 0 ? (
          <Stack align="center" gap={6} px="lg" py="xl">
            <IconListNumbers size={30} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="sm" c="dimmed" ta="center">
              {label('empty')}
            </Text>
          </Stack>
        ) : (
          <RankedItems side={side} state={state} entity={entity} />
        )}
      </ScrollArea>
      <Stack gap={6} px="md" py="sm" style={{ borderTop: border }}>
        {state.dirty && (
          <Text size="xs" c="orange" role="status">
            {label('unsaved')}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => setConfirmClear(true)} disabled={!count || state.saving}>
            {label('clear')}
          </Button>
          <Group gap="xs" ml="auto">
            <Button variant="default" size="compact-sm" onClick={state.reset} disabled={!state.dirty || state.saving}>
              {label('discard')}
            </Button>
            <Button size="compact-sm" onClick={state.save} disabled={!state.dirty} loading={state.saving}>
              {label('save')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmClear}
        title={label('clearTitle')}
        message={label('clearConfirm')}
        confirmLabel={label('clear')}
        danger
        onConfirm={() => {
          state.clear();
          setConfirmClear(false);
        }}
        onCancel={() => setConfirmClear(false)}
      />
    </Paper>
  );
}
