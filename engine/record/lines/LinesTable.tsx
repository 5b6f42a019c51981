import { ActionIcon, Badge, Group, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { columnField, type ColumnConfig, type RowActionConfig } from '../../config';
import { colorsOf, valueColor } from '../../format/colors';
import type { FormatContext } from '../../format/values';
import { titleText } from '../../i18n';
import { api } from '../../api';
import { getFirst } from '../../prefetch';
import { knownLabel } from '../../lookup/cache';
import { useRowLabels } from '../../lookup/useRowLabels';
import { enumOf, fieldKind, propertiesOf } from '../../schema/fields';
import type { JsonSchema } from '../../schema/resolve';
import { ActionButtons } from '../../search/ActionButtons';
import { actionUrl, allowedActions, rowActionsFor } from '../../search/rowActions';
import { useRowActions } from '../../search/useRowActions';
import { screenIcon } from '../../ui/icons';
import { headerIcon } from '../header/headerIcons';
import { recordDialog } from '../header/recordDialogs';
import { rowCallUrl } from '../rowCalls';
import type { PanelProps } from '../panels';
import { columnText } from './lineCells';
import { LineCards, RowNotes } from './LineCards';
import { onceRows } from './onceRows';
import { spreadColumns } from './spreadColumns';
import { useReturnFocus } from '../../ui/useReturnFocus';

type Row = Record<string, unknown>;

/** Numbers, and objects read as a number first (a quantity), line up on the right. */
function alignsRight(schema: JsonSchema | undefined): boolean {
  const kind = fieldKind(schema);
  if (kind === 'integer' || kind === 'number') return true;
  const first = (schema?.['x-text'] as { parts?: string[][] } | undefined)?.parts?.[0]?.[0];
  return kind === 'object' && !!first && alignsRight(propertiesOf(schema)[first]);
}

/** A row action: a link when it names a route (`to`), else a call (the record is read again after). */
function RowAction({ action, row, onRun }: { action: RowActionConfig; row: Row; onRun: (action: RowActionConfig, row: Row) => void }) {
  const { t } = useTranslation();
  const Icon = headerIcon(action.icon) ?? screenIcon(undefined);
  const label = t(action.label, { ...row });
  const to = action.to ? actionUrl(action.to, row) : null;
  const link = to ? { component: Link, to } : { onClick: () => onRun(action, row) };
  return (
    <Tooltip label={label} openDelay={200}>
      <ActionIcon variant="subtle" size="sm" color={action.danger ? 'red' : undefined} aria-label={label} data-action={action.name} {...(link as object)}>
        <Icon size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The rows of a `list` call (a template of the record's fields), read again by `reload` and when the
 * record's `version` changes (a write elsewhere on the page may have changed them); null while loading.
 */
function useListRows(template: string | undefined, record: Row) {
  const url = rowCallUrl(template, record);
  const version = record.version;
  const [rows, setRows] = useState<Row[] | null>(null);
  const [revision, setRevision] = useState(0);
  // The list's first read may be on its way already, started with the page's route (engine/firstGets.ts); later reads ask anew.
  const read = useRef(0);
  useEffect(() => {
    if (!url) return;
    let live = true;
    (read.current++ === 0 ? getFirst<Row[]>(url) : api.get<Row[]>(url))
      .then((found) => live && setRows(found))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [url, revision, version]);
  return { rows: url ? rows : null, reload: useCallback(() => setRevision((count) => count + 1), []) };
}

/**
 * Panel kind `lines` with `readOnly: true`: the record's lines in a plain table, read only — their
 * values as a person reads them (enum labels, `badge` columns as badges, objects by their `x-text`),
 * a column's `under` fields small under its value, and the `rowActions` the caller's roles allow
 * (`once`: on the first line of each value of a field only). `entity` names the lines' schema when
 * the array's items do not carry it. Its templates read the line's fields,
 * then the record's (`{recordId}`).
 */
export function LinesTable({ panel, config, entity, view, userRoles, writable, onReload }: PanelProps) {
  const { t, i18n } = useTranslation();
  const field = panel.field ?? '';
  const schema = propertiesOf(entity)[field];
  // The lines' schema: the entity the panel names, else the array's items.
  const listed = useListRows(panel.list, view);
  // A line's own fields are its own (a line without an end date shows none, not the record's); the templates also read the
  // record's other fields, and `fromRecord` ones stay the record's (its `version`, sent with a call that moves it).
  const ownProps = propertiesOf(config.entities[panel.entity ?? ''] ?? (schema?.items as JsonSchema | undefined));
  const blank = Object.fromEntries(Object.keys(ownProps).map((name) => [name, undefined]));
  const kept = Object.fromEntries((panel.fromRecord ?? []).map((name) => [name, view[name]]));
  const read = ((panel.list ? listed.rows : (view[field] as Row[] | undefined)) ?? []).map((line) => ({ ...view, ...blank, ...line, ...kept }));
  // `spread` columns become one per property a line fills.
  const { columns: configured, props: lineProps, lines } = spreadColumns(panel.columns ?? [], ownProps, read);
  const columns = configured.filter((column) => lineProps[columnField(column)]);
  // `writable` actions only for a caller who may add to the record.
  const allowed = (list: RowActionConfig[] | undefined) => allowedActions(list, userRoles).filter((action) => !action.writable || writable);
  const actions = allowed(panel.rowActions);
  const shownOnce = onceRows(lines, actions);
  useRowLabels(lineProps, lines, columns.map(columnField));
  // A call changed the rows (`then: "refresh"`): the list and the record (a listed line's call may move it) are read again.
  const refresh = () => {
    if (panel.list) listed.reload();
    onReload?.();
  };
  const { run, dialog } = useRowActions(refresh, config);
  // A button naming a `dialog` opens the one the app registered; what it wrote is read again.
  const [opened, setOpened] = useState<string | null>(null);
  const closeDialog = useCallback(() => setOpened(null), []);
  const Dialog = opened ? recordDialog(opened) : undefined;
  useReturnFocus(opened !== null);
  const onRun = (action: RowActionConfig, row: Row) => (action.dialog ? setOpened(action.dialog) : void run(action, row));
  const ctx: FormatContext = { t, locale: i18n.language, lookupLabel: knownLabel };
  const title = titleText(t, panel.title ?? (schema?.title as string | undefined), field);

  const cell = (column: ColumnConfig, line: Row) => {
    const name = columnField(column);
    const text = columnText(column, line, lineProps, ctx);
    const under = typeof column === 'string' ? [] : (column.under ?? []);
    const small = under.map((other) => columnText(other, line, lineProps, ctx)).filter(Boolean);
    const empty = (
      <Text span c="dimmed">
        {typeof column !== 'string' && column.empty ? t(column.empty) : '—'}
      </Text>
    );
    if (!text && !small.length) return empty;
    const badge = typeof column !== 'string' && column.badge && enumOf(lineProps[name]);
    const shown = !text ? (
      empty
    ) : badge ? (
      <Badge variant="light" radius="sm" color={valueColor(line[name], colorsOf(lineProps[name]))} style={{ textTransform: 'none' }}>
        {text}
      </Badge>
    ) : (
      text
    );
    return (
      <>
        {shown}
        {small.length > 0 && (
          <Text size="xs" c="dimmed">
            {small.join(' · ')}
          </Text>
        )}
      </>
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4">{title}</Title>
        <ActionButtons actions={allowed(panel.buttons)} row={view} onRun={onRun} />
      </Group>
      {panel.list && !listed.rows ? (
        <Skeleton h={64} radius="md" />
      ) : lines.length === 0 ? (
        <Text c="dimmed">{t(panel.empty ?? 'engine.lines.none')}</Text>
      ) : panel.layout === 'cards' ? (
        <LineCards
          panel={panel}
          lines={lines}
          columns={columns}
          text={(column, line) => columnText(column, line, lineProps, ctx)}
          cell={cell}
          actionsOf={(line, index) => rowActionsFor(actions, line).filter((action) => shownOnce(action, index))}
          notes={(line) => <RowNotes panel={panel} line={line} t={t} />}
          onRun={onRun}
        />
      ) : (
        <Table.ScrollContainer minWidth={Math.max(600, columns.length * 100)}>
          <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={columnField(column)} ta={alignsRight(lineProps[columnField(column)]) ? 'right' : undefined}>
                    {titleText(t, lineProps[columnField(column)].title as string | undefined, columnField(column))}
                  </Table.Th>
                ))}
                {(actions.length > 0 || !!panel.rowNotes) && <Table.Th aria-label={t('engine.lines.actions')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, index) => (
                <Table.Tr key={index} data-testid={panel.rowTestId}>
                  {columns.map((column, at) => {
                    const right = alignsRight(lineProps[columnField(column)]);
                    return (
                      <Table.Td key={columnField(column)} ta={right ? 'right' : undefined} fw={at === 0 ? 600 : undefined} style={right || at === 0 ? { whiteSpace: 'nowrap' } : undefined}>
                        {cell(column, line)}
                      </Table.Td>
                    );
                  })}
                  {(actions.length > 0 || !!panel.rowNotes) && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <RowNotes panel={panel} line={line} t={t} />
                        {rowActionsFor(actions, line)
                          .filter((action) => shownOnce(action, index))
                          .map((action) => (
                            <RowAction key={action.name} action={action} row={line} onRun={(chosen, row) => void run(chosen, row)} />
                          ))}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog}
      {Dialog && <Dialog record={view} onClose={closeDialog} onChanged={refresh} onReload={refresh} />}
    </Stack>
  );
}
