import { ActionIcon, Badge, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { columnField, type ColumnConfig, type RowActionConfig } from '../../config';
import { colorsOf, valueColor } from '../../format/colors';
import { cellText, type FormatContext } from '../../format/values';
import { titleText } from '../../i18n';
import { knownLabel } from '../../lookup/cache';
import { enumOf, fieldKind, propertiesOf } from '../../schema/fields';
import type { JsonSchema } from '../../schema/resolve';
import { actionUrl, allowedActions, rowActionsFor } from '../../search/rowActions';
import { useRowActions } from '../../search/useRowActions';
import { screenIcon } from '../../ui/icons';
import type { PanelProps } from '../panels';
import { onceRows } from './onceRows';

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
  const Icon = screenIcon(action.icon);
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
 * Panel kind `lines` with `readOnly: true`: the record's lines in a plain table, read only — their
 * values as a person reads them (enum labels, `badge` columns as badges, objects by their `x-text`),
 * a column's `under` fields small under its value, and the `rowActions` the caller's roles allow
 * (`once`: on the first line of each value of a field only). `entity` names the lines' schema when
 * the array's items do not carry it. Its templates read the line's fields,
 * then the record's (`{recordId}`).
 */
export function LinesTable({ panel, config, entity, view, userRoles, onReload }: PanelProps) {
  const { t, i18n } = useTranslation();
  const field = panel.field ?? '';
  const schema = propertiesOf(entity)[field];
  // The lines' schema: the entity the panel names, else the array's items.
  const lineProps = propertiesOf(config.entities[panel.entity ?? ''] ?? (schema?.items as JsonSchema | undefined));
  const lines = ((view[field] as Row[] | undefined) ?? []).map((line) => ({ ...view, ...line }));
  const columns = (panel.columns ?? []).filter((column) => lineProps[columnField(column)]);
  const actions = allowedActions(panel.rowActions, userRoles);
  const shownOnce = onceRows(lines, actions);
  // A call changed the record (`then: "refresh"`): the page reads it again.
  const { run, dialog } = useRowActions(() => onReload?.());
  const ctx: FormatContext = { t, locale: i18n.language, lookupLabel: knownLabel };
  const title = titleText(t, panel.title ?? (schema?.title as string | undefined), field);

  const cell = (column: ColumnConfig, line: Row) => {
    const name = columnField(column);
    const spec = { field: name, schema: lineProps[name] };
    const text = cellText(spec, line, ctx);
    const under = typeof column === 'string' ? [] : (column.under ?? []);
    const small = under.map((other) => (lineProps[other] ? cellText({ field: other, schema: lineProps[other] }, line, ctx) : '')).filter(Boolean);
    if (!text) return <Text span c="dimmed">—</Text>;
    const shown =
      typeof column !== 'string' && column.badge && enumOf(lineProps[name]) ? (
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
      <Title order={4}>{title}</Title>
      {lines.length === 0 ? (
        <Text c="dimmed">{t('engine.lines.none')}</Text>
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
                {actions.length > 0 && <Table.Th aria-label={t('engine.lines.actions')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, index) => (
                <Table.Tr key={index}>
                  {columns.map((column, at) => {
                    const right = alignsRight(lineProps[columnField(column)]);
                    return (
                      <Table.Td key={columnField(column)} ta={right ? 'right' : undefined} fw={at === 0 ? 600 : undefined} style={right || at === 0 ? { whiteSpace: 'nowrap' } : undefined}>
                        {cell(column, line)}
                      </Table.Td>
                    );
                  })}
                  {actions.length > 0 && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
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
    </Stack>
  );
}
