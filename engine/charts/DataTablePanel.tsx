import { Anchor, Badge, ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { valueColor } from '../format/colors';
import type { PanelProps } from '../record/panels';
import { chartRows, fillTemplate, valueAt } from './chartData';
import { PanelHeading } from './PanelHeading';
import { PanelStatus } from './PanelStatus';
import { usePanelTarget } from './panelTarget';
import { cellValueText, sortedRows, tableColumns } from './tableCells';
import { usePanelData } from './usePanelData';
import { throughName } from './throughName';
import { useThrough } from './useThrough';

/**
 * Panel kind `dataTable` (docs/schemas.md "Charts and data tables"): the rows a call answers (at
 * `data`) in a light table — figures computed by the server, no entity behind them, so no grid
 * with a sheet: labelled columns, numbers right-aligned, enum values as labels or badges, a cell
 * linking to a route (`to`), sorting by a click on a heading.
 */
export function DataTablePanel(props: PanelProps) {
  const { panel, config } = props;
  const { t, i18n } = useTranslation();
  const target = usePanelTarget(props);
  const { answer, loading, error } = usePanelData(target.url, target.query);
  const through = useThrough(panel, props.query, answer);
  const initial = { field: panel.sort?.field ?? null, desc: !!panel.sort?.desc };
  const [sort, setSort] = useState<{ field: string | null; desc: boolean }>(initial);
  const columns = useMemo(() => tableColumns(panel.columns ?? [], t, config.enums), [panel.columns, t, config.enums]);
  const rows = useMemo(() => sortedRows(chartRows(answer, panel), sort.field, sort.desc), [answer, panel, sort]);
  // A row's click-through link is named by the row, its first figure and what it opens.
  const figureColumn = columns.find((column) => column.numeric);
  const linkName = (row: Record<string, unknown>, text: string) =>
    throughName(t, text, figureColumn ? `${cellValueText(figureColumn, valueAt(row, figureColumn.field), t, i18n.language)} ${figureColumn.label}` : undefined);
  // A third click on a heading gives the panel's own order back.
  const toggle = (field: string) => setSort((now) => (now.field === field ? (now.desc ? initial : { field, desc: true }) : { field, desc: false }));

  const body = (
    <ScrollArea.Autosize mah={panel.height ?? 480} type="auto">
      <Table striped highlightOnHover stickyHeader verticalSpacing={6} fz="sm" aria-label={panel.title ? t(panel.title) : undefined}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const Arrow = sort.field === column.field ? (sort.desc ? IconArrowDown : IconArrowUp) : null;
              return (
                <Table.Th
                  key={column.field}
                  ta={column.numeric ? 'right' : undefined}
                  w={column.width}
                  aria-sort={sort.field === column.field ? (sort.desc ? 'descending' : 'ascending') : undefined}
                >
                  <UnstyledButton
                    onClick={() => toggle(column.field)}
                    fz="sm"
                    fw={600}
                    style={{
                      display: 'inline-flex',
                      alignItems: 'center',
                      gap: 4,
                    }}
                  >
                    {column.label}
                    {Arrow && <Arrow size={12} />}
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            // With a click-through, a click on the row opens what it counts; its first cell is that link for the keyboard.
            <Table.Tr key={index} onClick={through.open ? () => through.open!(row) : undefined} style={through.open ? { cursor: 'pointer' } : undefined}>
              {columns.map((column, place) => {
                const value = valueAt(row, column.field);
                const text = cellValueText(column, value, t, i18n.language);
                const own = column.to && text ? fillTemplate(column.to, row) : undefined;
                const path = own ?? (place === 0 && through.pathOf && text ? through.pathOf(row) : undefined);
                return (
                  <Table.Td key={column.field} ta={column.numeric ? 'right' : undefined} style={column.numeric ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : undefined}>
                    {column.badge && text ? (
                      <Badge
                        variant="light"
                        radius="sm"
                        color={valueColor(value, column.colors)}
                        // The whole label, never cut with an ellipsis ("Non applicable" in a narrow column): the column widens instead.
                        styles={{ root: { textTransform: 'none', maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
                      >
                        {text}
                      </Badge>
                    ) : path ? (
                      <Anchor component={Link} to={path} fz="sm" style={{ whiteSpace: 'nowrap' }} aria-label={own ? undefined : linkName(row, text)} onClick={(event) => event.stopPropagation()}>
                        {text}
                      </Anchor>
                    ) : text ? (
                      text
                    ) : (
                      // Nothing to say (no rate without a verdict): a dash, not a hole.
                      <Text span c="dimmed" fz="sm">
                        –
                      </Text>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
  return (
    <div data-panel-kind="dataTable">
      {/* A count says how long a list is; one object's figures (a period's) are no list. */}
      <PanelHeading panel={panel} values={target.values} aside={!loading && !error && rows.length && Array.isArray(valueAt(answer, panel.data)) ? t('engine.search.count', { count: rows.length, n: rows.length }) : undefined} />
      <PanelStatus error={error} loading={loading} empty={!rows.length} emptyText={panel.empty ? t(panel.empty) : undefined} height={120}>
        {body}
      </PanelStatus>
    </div>
  );
}
