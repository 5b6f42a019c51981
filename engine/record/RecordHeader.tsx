import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { columnField, type AppConfig, type ScreenConfig } from '../config';
import { colorsOf, valueColor } from '../format/colors';
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
import { HeaderActions } from './header/HeaderActions';
import { HeaderAlerts } from './header/HeaderAlerts';
import { HeaderBadges } from './header/HeaderBadges';
import { HeaderItems } from './header/HeaderItems';
import { HeaderSubtitle } from './header/HeaderSubtitle';
import { acceptedEvents, visibleActions } from './header/visibleActions';

type Row = Record<string, unknown>;

export interface RecordHeaderProps {
  screen: ScreenConfig;
  entity: JsonSchema;
  /** The schemas (a confirmation's comment reads its limit from one). */
  config: Pick<AppConfig, 'entities'>;
  /** The record as shown (computed fields live). */
  view: Row;
  /** The stored record; null while creating. */
  saved: Row | null;
  parent?: { title: string; path: string };
  /** The events the machine accepts from the record's status and the caller's roles allow. */
  events: string[];
  pendingEvent?: string | null;
  dirty?: boolean;
  saving?: boolean;
  /** Nothing to save (a read-only entity, a frozen record, a page without Save): the workflow events stay. */
  readOnly: boolean;
  /** Whether the caller may change the record (default true): header items marked `writable` need it. */
  writable?: boolean;
  /** An event of the machine's (without `header.actions`: the engine's own buttons). */
  onEvent?: (event: string) => void;
  /** Sends a configured action's event (`header.actions`); resolves true when the server took it. */
  runEvent?: (event: string, input: Row) => Promise<boolean>;
  /** A header dialog's write answered the record: show it; or the record changed otherwise: read it again. */
  onChanged?: (next: Row) => void;
  onReload?: () => void;
  onCancel?: () => void;
  onSave?: () => void;
}

/**
 * A record page's header: the way back, the entity and the record's number, its status badge and
 * Workflow button, its badges, its key fields, then the workflow actions the caller may take, the
 * header's buttons and overflow menu, and Save; its alerts under it (docs/schemas.md "Record headers").
 */
export function RecordHeader(props: RecordHeaderProps) {
  const { screen, entity, view, saved } = props;
  const { t, i18n } = useTranslation();
  const props_ = propertiesOf(entity);
  const header = screen.header ?? {};
  const machine = header.status?.machine ?? (entity['x-machine'] as string | undefined);
  const statusField = header.status?.field ?? (entity['x-status'] as string | undefined);
  const status = statusField && saved ? saved[statusField] : undefined;
  const statusEnum = statusField ? enumOf(props_[statusField]) : undefined;
  const statusColors = statusField ? colorsOf(props_[statusField]) : undefined;
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

  const accepted = saved ? acceptedEvents(header.actions, saved, props.events) : [];
  const statusLabelsOf = { ...statusLabels(props_, statusField), ...(header.status?.eventEnum ? { eventEnum: header.status.eventEnum } : {}) };
  const apiPath = entity['x-api'] as string | undefined;
  const idField = entity['x-id'] as string | undefined;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        {props.parent && <ParentCrumbs parentTitle={props.parent.title} parentPath={props.parent.path} title={titleText(t, screen.title)} />}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="wrap" align="center">
              <Title order={2} fz={24} data-testid={header.title?.testId}>
                {header.title?.entity === false ? '' : `${titleText(t, entity.title as string | undefined)} `}
                {saved ? String(saved[numberField ?? ''] ?? '') : ''}
              </Title>
              {!saved && (
                <Badge variant="light" color="gray" radius="sm">
                  {t('engine.sheet.new')}
                </Badge>
              )}
              {typeof status === 'string' && (
                <Badge variant="light" size="lg" color={valueColor(status, statusColors)} radius="sm" style={{ textTransform: 'none' }} data-testid={header.status?.testId ?? 'record-status'}>
                  {enumText(t, statusEnum?.name, status)}
                </Badge>
              )}
              {machine && typeof status === 'string' && <WorkflowButton machine={machine} status={status} events={[...accepted]} entityTitle={entity.title as string | undefined} labels={statusLabelsOf} />}
              {saved && header.badges && <HeaderBadges badges={header.badges} entity={entity} record={saved} />}
            </Group>
            {saved && header.subtitle && <HeaderSubtitle items={header.subtitle} entity={entity} record={saved} />}
          </Stack>
          <Group gap="xs" wrap="wrap">
            {machine && saved && header.actions && (
              <HeaderActions
                actions={visibleActions(header.actions.events, accepted, saved)}
                machine={machine}
                record={saved}
                config={props.config}
                dirty={props.dirty}
                runEvent={props.runEvent ?? (async () => false)}
              />
            )}
            {machine && !header.actions && props.onEvent && (
              <EventButtons machine={machine} events={props.events} pendingEvent={props.pendingEvent ?? null} dirty={!!props.dirty} saving={!!props.saving} onEvent={props.onEvent} />
            )}
            {saved && apiPath && idField && (header.buttons || header.menu) && (
              <HeaderItems
                buttons={header.buttons}
                menu={header.menu}
                record={saved}
                recordUrl={`${apiPath}/${encodeURIComponent(String(saved[idField]))}`}
                writable={props.writable}
                onChanged={props.onChanged ?? (() => undefined)}
                onReload={props.onReload ?? (() => undefined)}
              />
            )}
            {!props.readOnly && props.onSave && <CancelSave saving={!!props.saving} pendingEvent={props.pendingEvent ?? null} onCancel={props.onCancel ?? (() => undefined)} onSave={props.onSave} />}
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
        {saved && header.alerts && <HeaderAlerts alerts={header.alerts} entity={entity} record={saved} />}
      </Stack>
    </Paper>
  );
}
