import { ActionIcon, Anchor, Badge, Box, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconChevronLeft, IconChevronRight, IconGripVertical, IconListNumbers, IconTrash } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { valueColor, type ValueColors } from '../../../../engine/format/colors';
import { formatDate } from '../../../../engine/format/values';
import { enumText } from '../../../../engine/i18n';
import { ensureLabels, knownLabel } from '../../../../engine/lookup/cache';
import { useLabelsVersion } from '../../../../engine/lookup/useLookup';
import { ConfirmDialog } from '../../../../engine/ui/ConfirmDialog';
import type { Priority } from '../../../../machines/servicePriorities';
import type { ServicePrioritiesState } from './useServicePriorities';

export interface PriorityPanelProps {
  state: ServicePrioritiesState;
  /** Lookup of the client column (its `x-lookup` url), to show names. */
  clientLookup?: string;
  /** The step enum's colours (`x-colors`), for its badges. */
  stepColors: ValueColors | undefined;
  opened: boolean;
  onToggle: () => void;
}

/** Narrower on smaller screens, so the grid keeps room for its columns. */
const PANEL_WIDTH = { base: 300, xl: 360 };
const borderTop = { borderTop: '1px solid var(--mantine-color-default-border)' };

/** The user's ranked services beside the grid: reorder (buttons or drag), remove, clear, save or discard. */
export function PriorityPanel({ state, clientLookup, stepColors, opened, onToggle }: PriorityPanelProps) {
  const { t } = useTranslation();
  const [confirmClear, setConfirmClear] = useState(false);
  const count = state.list.length;

  if (!opened) {
    return (
      <Paper withBorder radius="md" w={48} py="sm" component="aside" aria-label={t('serviceSearch.priorities.title')} style={{ flexShrink: 0 }}>
        <Stack align="center" gap="xs">
          <Tooltip label={t('serviceSearch.priorities.show')} withinPortal>
            <ActionIcon variant="subtle" onClick={onToggle} aria-label={t('serviceSearch.priorities.show')} aria-expanded={false}>
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
    <Paper
      withBorder
      radius="md"
      w={PANEL_WIDTH}
      component="aside"
      aria-label={t('serviceSearch.priorities.title')}
      style={{ display: 'flex', flexDirection: 'column', flexShrink: 0 }}
    >
      <Group justify="space-between" px="md" py="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap={6} wrap="nowrap">
          <IconListNumbers size={16} aria-hidden />
          <Text fw={600} size="sm">
            {t('serviceSearch.priorities.title')}
          </Text>
          <Badge size="sm" variant="light" circle>
            {count}
          </Badge>
        </Group>
        <Tooltip label={t('serviceSearch.priorities.hide')} withinPortal>
          <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={t('serviceSearch.priorities.hide')} aria-expanded>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        {state.loading ? (
          <Center py="xl">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        ) : count === 0 ? (
          <Stack align="center" gap={6} px="lg" py="xl">
            <IconListNumbers size={30} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="sm" c="dimmed" ta="center">
              {t('serviceSearch.priorities.empty')}
            </Text>
          </Stack>
        ) : (
          <PriorityList state={state} clientLookup={clientLookup} stepColors={stepColors} />
        )}
      </ScrollArea>
      <Stack gap={6} px="md" py="sm" style={borderTop}>
        {state.dirty && (
          <Text size="xs" c="orange.8" role="status">
            {t('serviceSearch.priorities.unsaved')}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => setConfirmClear(true)} disabled={!count || state.saving}>
            {t('serviceSearch.priorities.clear')}
          </Button>
          <Group gap="xs" ml="auto">
            <Button variant="default" size="compact-sm" onClick={state.reset} disabled={!state.dirty || state.saving}>
              {t('serviceSearch.priorities.discard')}
            </Button>
            <Button size="compact-sm" onClick={state.save} disabled={!state.dirty} loading={state.saving}>
              {t('serviceSearch.priorities.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmClear}
        title={t('serviceSearch.priorities.clearTitle')}
        message={t('serviceSearch.priorities.clearConfirm')}
        confirmLabel={t('serviceSearch.priorities.clear')}
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

function PriorityList({ state, clientLookup, stepColors }: Pick<PriorityPanelProps, 'state' | 'clientLookup' | 'stepColors'>) {
  const { t, i18n } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  useLabelsVersion();
  const clients = state.list.map((item) => item.service.client);
  const clientKey = clients.join(',');
  const loadLabels = useEffectEvent(() => {
    if (clientLookup) void ensureLabels(clientLookup, clients);
  });
  // The clients compared by value, not by the list's identity.
  useEffect(() => loadLabels(), [clientLookup, clientKey]);

  const drop = (event: DragEvent, target: Priority) => {
    event.preventDefault();
    if (dragged !== null && dragged !== target.service.serviceId) state.move(dragged, { rank: target.priority });
    setDragged(null);
    setOver(null);
  };

  return (
    <Stack gap={0} role="list" aria-label={t('serviceSearch.priorities.title')}>
      {state.list.map((item, index) => {
        const { service } = item;
        const client = clientLookup && service.client != null ? knownLabel(clientLookup, service.client) : undefined;
        return (
          <Group
            key={service.serviceId}
            role="listitem"
            data-service-id={service.serviceId}
            aria-label={t('serviceSearch.priorities.item', { rank: item.priority, number: service.number ?? '' })}
            gap="xs"
            wrap="nowrap"
            px="sm"
            py={8}
            draggable={!state.saving}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              setDragged(service.serviceId);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(service.serviceId);
            }}
            onDrop={(event) => drop(event, item)}
            style={{
              borderBottom: '1px solid var(--mantine-color-default-border)',
              background: over === service.serviceId && dragged !== service.serviceId ? 'var(--mantine-primary-color-light)' : undefined,
              opacity: dragged === service.serviceId ? 0.5 : 1,
            }}
          >
            <IconGripVertical size={14} color="var(--mantine-color-dimmed)" style={{ cursor: 'grab', flexShrink: 0 }} aria-hidden />
            <Badge size="lg" circle variant="filled" data-rank aria-hidden style={{ flexShrink: 0 }}>
              {item.priority}
            </Badge>
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Anchor component={Link} to={`/services/${service.serviceId}`} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {service.number}
                </Anchor>
                {service.serviceStep && (
                  <Badge size="xs" variant="light" radius="sm" color={valueColor(service.serviceStep, stepColors)} style={{ textTransform: 'none' }}>
                    {enumText(t, 'serviceStep', service.serviceStep)}
                  </Badge>
                )}
              </Group>
              <Text size="xs" truncate="end">
                {enumText(t, 'serviceType', service.type)}
              </Text>
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text size="xs" c="dimmed" truncate="end">
                  {client}
                </Text>
                {service.startDate && (
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                    {formatDate(service.startDate, i18n.language)}
                  </Text>
                )}
              </Group>
            </Box>
            <Group gap={0} wrap="nowrap" style={{ flexShrink: 0 }}>
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={() => state.move(service.serviceId, { direction: 'up' })}
                disabled={index === 0 || state.saving}
                aria-label={t('serviceSearch.priorities.moveUp')}
              >
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={() => state.move(service.serviceId, { direction: 'down' })}
                disabled={index === state.list.length - 1 || state.saving}
                aria-label={t('serviceSearch.priorities.moveDown')}
              >
                <IconArrowDown size={14} />
              </ActionIcon>
              <ActionIcon variant="subtle" size="sm" color="red" onClick={() => state.remove(service.serviceId)} disabled={state.saving} aria-label={t('serviceSearch.priorities.remove')}>
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
