import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../record/panels';
import { valueAt } from './chartData';
import { PanelHeading } from './PanelHeading';
import { PanelStatus } from './PanelStatus';
import { usePanelTarget } from './panelTarget';
import { cellValueText, tableColumns } from './tableCells';
import { usePanelData } from './usePanelData';

/** A theme colour as a CSS value (`teal.6` → its variable). */
const cssColor = (color: string) => (color.startsWith('#') ? color : `var(--mantine-color-${color.replace('.', '-')})`);

/**
 * Panel kind `figures` (docs/schemas.md "Figures"): single values of a call's answer (at `data`)
 * as cards, each its label over its value in the screen's language; `columns` name them like a
 * data table's (dotted paths, `format`, `color` the card's accent).
 */
export function FiguresPanel(props: PanelProps) {
  const { panel, config } = props;
  const { t, i18n } = useTranslation();
  const target = usePanelTarget(props);
  const { answer, loading, error } = usePanelData(target.url, target.query);
  const figures = valueAt(answer, panel.data);
  const columns = useMemo(() => tableColumns(panel.columns ?? [], t, config.enums), [panel.columns, t, config.enums]);
  const accents = useMemo(() => new Map((panel.columns ?? []).map((column) => (typeof column === 'string' ? [column, undefined] : [column.field, column.color]))), [panel.columns]);
  return (
    <div data-panel-kind="figures">
      <PanelHeading panel={panel} values={target.values} />
      <PanelStatus error={error} loading={loading} empty={!figures || typeof figures !== 'object'} height={90}>
        {/* Up to six in a row on a wide screen; more make two even rows (ten: five and five). */}
        <SimpleGrid cols={{ base: 2, sm: 3, lg: columns.length > 6 ? Math.ceil(columns.length / 2) : columns.length }} spacing="sm">
          {columns.map((column) => {
            const text = cellValueText(column, valueAt(figures, column.field), t, i18n.language);
            const accent = accents.get(column.field);
            return (
              <Paper key={column.field} withBorder radius="md" p="sm" data-figure={column.field} style={accent ? { borderLeft: `4px solid ${cssColor(accent)}` } : undefined}>
                <Text size="xs" c="dimmed" fw={600} lh={1.3}>
                  {column.label}
                </Text>
                {/* No value (a rate without a verdict): a dash, not a hole. */}
                <Text fz={24} fw={700} lh={1.4} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {text || '–'}
                </Text>
              </Paper>
            );
          })}
        </SimpleGrid>
      </PanelStatus>
    </div>
  );
}
