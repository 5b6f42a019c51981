import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { columnField, type ScreenConfig } from '../config';
import { valueColor } from '../format/colors';
import { cellText, type FormatContext } from '../format/values';
import { enumText, titleText } from '../i18n';
import { CancelSave, EventButtons } from '../sheet/SheetFooter';
import { ensureLabels, knownLabel } from '../lookup/cache';
import { useLabelsVersion } from '../lookup/useLookup';
import { enumOf, fieldKind, lookupOf, propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import { ParentCrumbs } from '../ui/PageHeader';
import { WorkflowButton } from '../workflow/WorkflowButton';
import { statusLabels } from '../workflow/statusLabels';

type Row = Record<string, unknown>;

export interface RecordHeaderProps {
  screen: ScreenConfig;
  entity: JsonSchema;
  /** The record as shown (computed fields live). */
  view: Row;
  /** The stored record; null while creating. */
  saved: Row | null;
  parent?: { title: string; path: string };
  events: string[];
  pendingEvent: string | null;
  dirty: boolean;
  saving: boolean;
  /** Nothing to save (a read-only entity, a frozen record): the workflow events stay. */
  readOnly: boolean;
  onEvent: (event: string) => void;
  onCancel: () => void;
  onSave: () => void;
}

/**
 * A record page's header: the way back, the entity and the record's number, its status badge and
 * Workflow button, its key fields, then the workflow actions the caller may take and Save.
 */
export function RecordHeader(props: RecordHeaderProps) {
  const { screen, entity, view, saved } = props;
  const { t, i18n } = useTranslation();
  const props_ = propertiesOf(entity);
  const machine = entity['x-machine'] as string | undefined;
  const statusField = entity['x-status'] as string | undefined;
  const status = statusField && saved ? saved[statusField] : undefined;
  const statusEnum = statusField ? enumOf(props_[statusField]) : undefined;
  const numberField = (entity['x-number'] as { field?: string } | undefined)?.field ?? (entity['x-label'] as string | undefined);
  const ctx: FormatContext = { t, locale: i18n.language, lookupLabel: knownLabel };
  // Key fields show names, not ids: fetch the labels of lookup fields (the header re-renders when they arrive).
  useLabelsVersion();
  const fields = (screen.header?.fields ?? [])
    .map((column) => ({ field: columnField(column), currencyField: typeof column === 'string' ? undefined : column.currencyField }))
    .filter(({ field }) => props_[field]);
  const lookupIds = fields.map(({ field }) => [lookupOf(props_[field]), view[field]] as const).filter(([lookup]) => lookup);
  const loadLabels = useEffectEvent(() => {
    for (const [lookup, value] of lookupIds) void ensureLabels(lookup!.url, Array.isArray(value) ? value : [value], lookup!.search);
  });
  const lookupKey = JSON.stringify(lookupIds);
  useEffect(() => loadLabels(), [lookupKey]); // the ids compared by value

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        {props.parent && <ParentCrumbs parentTitle={props.parent.title} parentPath={props.parent.path} title={titleText(t, screen.title)} />}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap" align="center">
            <Title order={2} fz={24}>
              {titleText(t, entity.title as string | undefined)} {saved ? String(saved[numberField ?? ''] ?? '') : ''}
            </Title>
            {!saved && (
              <Badge variant="light" color="gray" radius="sm">
                {t('engine.sheet.new')}
              </Badge>
            )}
            {typeof status === 'string' && (
              <Badge variant="light" size="lg" color={valueColor(status, statusEnum?.values)} radius="sm" style={{ textTransform: 'none' }} data-testid="record-status">
                {enumText(t, statusEnum?.name, status)}
              </Badge>
            )}
            {machine && typeof status === 'string' && <WorkflowButton machine={machine} status={status} events={props.events} entityTitle={entity.title as string | undefined} labels={statusLabels(props_, statusField)} />}
          </Group>
          <Group gap="xs">
            {machine && <EventButtons machine={machine} events={props.events} pendingEvent={props.pendingEvent} dirty={props.dirty} saving={props.saving} onEvent={props.onEvent} />}
            {!props.readOnly && <CancelSave saving={props.saving} pendingEvent={props.pendingEvent} onCancel={props.onCancel} onSave={props.onSave} />}
          </Group>
        </Group>
        {fields.length > 0 && (
          <Group gap="xl" wrap="wrap">
            {fields.map(({ field, currencyField }) => (
              <Stack key={field} gap={0}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {titleText(t, props_[field].title as string | undefined, field)}
                </Text>
                <Text fw={600} data-testid={`record-${field}`}>
                  {cellText({ field, currencyField, schema: props_[field] }, view, ctx, fieldKind(props_[field])) || '—'}
                </Text>
              </Stack>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
