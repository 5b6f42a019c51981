import { Anchor, Badge, Breadcrumbs, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { columnField, type ScreenConfig } from '../config';
import { valueColor } from '../format/colors';
import { cellText, type FormatContext } from '../format/values';
import { actionText, enumText, titleText } from '../i18n';
import { knownLabel } from '../lookup/cache';
import { enumOf, fieldKind, propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import { WorkflowButton } from '../workflow/WorkflowButton';

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
  const busy = props.saving || props.pendingEvent !== null;
  const fields = (screen.header?.fields ?? [])
    .map((column) => ({ field: columnField(column), currencyField: typeof column === 'string' ? undefined : column.currencyField }))
    .filter(({ field }) => props_[field]);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        {props.parent && (
          <Breadcrumbs separatorMargin={6}>
            <Anchor component={Link} to={props.parent.path} size="sm" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
              <IconChevronLeft size={14} />
              {props.parent.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {titleText(t, screen.title)}
            </Text>
          </Breadcrumbs>
        )}
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
            {machine && typeof status === 'string' && <WorkflowButton machine={machine} status={status} events={props.events} entityTitle={entity.title as string | undefined} />}
          </Group>
          {!props.readOnly && (
            <Group gap="xs">
              {machine &&
                props.events.map((event) => (
                  <Tooltip key={event} label={t('engine.sheet.saveFirst')} disabled={!props.dirty} withinPortal>
                    <Button
                      variant="light"
                      onClick={() => props.onEvent(event)}
                      loading={props.pendingEvent === event}
                      // A transition reloads the record: unsaved edits would be lost.
                      disabled={props.dirty || (busy && props.pendingEvent !== event)}
                    >
                      {actionText(t, machine, event)}
                    </Button>
                  </Tooltip>
                ))}
              <Button variant="default" onClick={props.onCancel}>
                {t('engine.action.cancel')}
              </Button>
              <Button leftSection={<IconDeviceFloppy size={16} />} onClick={props.onSave} loading={props.saving} disabled={busy && !props.saving}>
                {t('engine.action.save')}
              </Button>
            </Group>
          )}
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
