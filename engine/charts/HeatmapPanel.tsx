import { Box, Group, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../format/localDates';
import type { PanelProps } from '../record/panels';
import { chartRows, formatValue, valueAt } from './chartData';
import { heatmapGrid, type HeatCell } from './heatmap';
import { PanelHeading } from './PanelHeading';
import { PanelStatus } from './PanelStatus';
import { usePanelTarget } from './panelTarget';
import { usePanelData } from './usePanelData';
import { throughName } from './throughName';
import { useThrough } from './useThrough';

/** The shade of each level (0: nothing) and whether its number is written in white. */
const SHADES = [0, 2, 4, 6, 8];
const background = (color: string, level: number) => (level ? `var(--mantine-color-${color}-${SHADES[level]})` : 'var(--mantine-color-gray-1)');
const ink = (level: number) => (level >= 3 ? 'var(--mantine-color-white)' : 'var(--mantine-color-dark-7)');
const CELL = { minWidth: 20, height: 22, borderRadius: 3, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 10, fontVariantNumeric: 'tabular-nums' } as const;

/**
 * Panel kind `heatmap` (docs/schemas.md "Heatmap"): a year of days a call answers (rows at `data`,
 * the day at `dataKey`) as a grid of months × days of the month, each cell coloured by the value
 * of the first series and showing it (not by colour alone), with a legend of the levels. With a
 * `through`, a cell opens what it counts.
 */
export function HeatmapPanel(props: PanelProps) {
  const { panel } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const target = usePanelTarget(props);
  const { answer, loading, error } = usePanelData(target.url, target.query);
  const through = useThrough(panel, props.query, answer);
  const series = panel.series?.[0];
  const dateKey = panel.dataKey ?? 'day';
  const rows = useMemo(() => chartRows(answer, panel), [answer, panel]);
  const year = Number(String(valueAt(answer, panel.heatmap?.yearAt ?? 'start') ?? rows[0]?.[dateKey] ?? '').slice(0, 4));
  const grid = useMemo(() => (series && year ? heatmapGrid(rows, dateKey, series.name, year) : null), [rows, dateKey, series, year]);
  const color = (series?.color ?? 'blue').split('.')[0];
  const label = series ? t(series.label) : '';
  const format = (value: number) => formatValue(value, panel.valueFormat ?? 'integer', language);
  const month = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });

  const cell = (item: HeatCell, index: number) => {
    if (!item.day) return <Box key={index} style={CELL} />;
    const name = `${formatDay(item.day, language)}: ${format(item.value)} ${label}`;
    const style = { ...CELL, background: background(color, item.level), color: ink(item.level) };
    const text = item.value ? format(item.value) : '';
    if (through.open && item.value)
      return (
        // A link (it opens the search of what the day counts), named so: Tab reaches it, Enter opens it.
        <UnstyledButton key={index} role="link" style={style} aria-label={throughName(t, formatDay(item.day, language), `${format(item.value)} ${label}`)} title={name} data-day={item.day} onClick={() => through.open!({ ...item.row, [dateKey]: item.day })}>
          {text}
        </UnstyledButton>
      );
    return (
      <Box key={index} style={style} title={name} aria-label={name} role="img" data-day={item.day}>
        {text}
      </Box>
    );
  };

  return (
    <div data-panel-kind="heatmap">
      <PanelHeading panel={panel} values={target.values} aside={grid ? `${year}` : undefined} />
      <PanelStatus error={error} loading={loading} empty={!grid || grid.max === 0} height={160}>
        {grid && (
          <>
            <ScrollArea type="auto">
              <Box style={{ display: 'grid', gridTemplateColumns: 'auto repeat(31, minmax(20px, 1fr))', gap: 2, minWidth: 700 }}>
                <Box />
                {Array.from({ length: 31 }, (_, day) => (
                  <Text key={day} fz={10} c="dimmed" ta="center">
                    {day + 1}
                  </Text>
                ))}
                {grid.months.map((days, index) => (
                  <Box key={index} style={{ display: 'contents' }}>
                    <Text fz="xs" c="dimmed" pr={6} style={{ whiteSpace: 'nowrap', alignSelf: 'center' }}>
                      {month.format(Date.UTC(year, index, 1))}
                    </Text>
                    {days.map(cell)}
                  </Box>
                ))}
              </Box>
            </ScrollArea>
            <Group gap="md" mt="sm" wrap="wrap" aria-label={t('engine.heatmap.legend', { label })} role="list">
              <Text fz="xs" c="dimmed">
                {label}
              </Text>
              {[{ level: 0, from: 0, to: 0 }, ...grid.levels].map((level) => (
                <Group key={level.level} gap={6} wrap="nowrap" role="listitem">
                  <Box w={14} h={14} style={{ borderRadius: 3, background: background(color, level.level) }} />
                  <Text fz="xs">{level.from === level.to ? format(level.from) : `${format(level.from)} – ${format(level.to)}`}</Text>
                </Group>
              ))}
            </Group>
          </>
        )}
      </PanelStatus>
    </div>
  );
}
