import { Group, ScrollArea, Table, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../format/localDates';
import type { PanelProps } from '../record/panels';
import { formatValue, valueAt } from './chartData';
import { PanelHeading } from './PanelHeading';
import { PanelStatus } from './PanelStatus';
import { usePanelTarget } from './panelTarget';
import { cellValueText, tableColumns } from './tableCells';
import { usePanelData } from './usePanelData';

/** A change in per cent as read: signed, with an arrow saying its direction (never colour alone). */
function Change({ value, language }: { value: unknown; language: string }) {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return (
      <Text span c="dimmed" fz="sm">
        –
      </Text>
    );
  const Arrow = value > 0 ? IconArrowUpRight : value < 0 ? IconArrowDownRight : IconArrowRight;
  const rounded = Math.round(value * 10) / 10;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Arrow size={14} aria-hidden />
      <Text span fz="sm" fw={600}>
        {`${rounded > 0 ? '+' : ''}${formatValue(rounded, 'percent', language)}`}
      </Text>
    </Group>
  );
}

/**
 * Panel kind `compare` (docs/schemas.md "Compare"): two periods of a call's answer side by side,
 * each headed by its label and dates (or its `caption`), one row per value (`columns`, dotted paths under the
 * period's `values`), and the change in per cent the answer gives for each.
 */
export function ComparePanel(props: PanelProps) {
  const { panel, config } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const target = usePanelTarget(props);
  const { answer, loading, error } = usePanelData(target.url, target.query);
  const spec = panel.compare;
  const columns = useMemo(() => tableColumns(panel.columns ?? [], t, config.enums), [panel.columns, t, config.enums]);
  const periods = (spec?.periods ?? []).map((period) => {
    const at = valueAt(answer, period.at);
    const dates = [valueAt(at, spec?.from ?? 'start'), valueAt(at, spec?.to ?? 'end')].map((day) => formatDay(day, language)).filter(Boolean);
    const caption = dates.length ? dates.join(' – ') : spec?.caption ? String(valueAt(at, spec.caption) ?? '') : '';
    return { label: t(period.label), dates: caption, values: valueAt(at, spec?.values ?? '') ?? at };
  });
  const valuesOf = (values: unknown, field: string) => valueAt(values, field);
  const changes = spec ? valueAt(answer, spec.change) : undefined;
  return (
    <div data-panel-kind="compare">
      <PanelHeading panel={panel} values={target.values} />
      <PanelStatus error={error} loading={loading} empty={!answer || !periods.length} height={160}>
        <ScrollArea type="auto">
          <Table striped verticalSpacing={6} fz="sm" aria-label={panel.title ? t(panel.title) : undefined}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                {periods.map((period) => (
                  <Table.Th key={period.label} ta="right" data-period={period.label}>
                    <Text fz="sm" fw={600}>
                      {period.label}
                    </Text>
                    <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {period.dates}
                    </Text>
                  </Table.Th>
                ))}
                <Table.Th ta="right">{t('engine.compare.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {columns.map((column) => (
                <Table.Tr key={column.field} data-measure={column.field}>
                  <Table.Th scope="row" fw={500}>
                    {column.label}
                  </Table.Th>
                  {periods.map((period) => (
                    <Table.Td key={period.label} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {cellValueText(column, valuesOf(period.values, column.field), t, language) || '–'}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" data-change>
                    <Change value={valueAt(changes, column.field)} language={language} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </PanelStatus>
    </div>
  );
}
