import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BarShapeProps } from 'recharts';
import type { PanelConfig } from '../config';
import type { ValueColors } from '../format/colors';
import { formatValue, seriesColor, valueAt, type DonutCell } from './chartData';
import { PickableBar } from './PickableBar';
import { bucketName, throughName } from './throughName';

type Row = Record<string, unknown>;

/**
 * An x-axis value as people read it in the screen's language: `2026-09` (an API month) "Sep 26",
 * `2026-09-14` (a day) "14 Sep"; other values as they are.
 */
const axisLabel = (locale: string) => (value: unknown) => {
  const text = String(value);
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  if (!match) return text;
  const date = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3] ?? 1));
  const parts: Intl.DateTimeFormatOptions = match[3] ? { day: 'numeric', month: 'short' } : { month: 'short', year: '2-digit' };
  return new Intl.DateTimeFormat(locale, { ...parts, timeZone: 'UTC' }).format(date);
};

/**
 * The charts' tooltip reads a dotted series name (`totals.count`) as a path and finds no label for it:
 * each series is drawn under a key without dots, its value copied there.
 */
const plainKey = (name: string) => name.replaceAll('.', '_');
const plainRows = (rows: Row[], names: string[]) => {
  const dotted = names.filter((name) => name.includes('.'));
  return dotted.length ? rows.map((row) => ({ ...row, ...Object.fromEntries(dotted.map((name) => [plainKey(name), valueAt(row, name)])) })) : rows;
};

/** Bars past this many show one x label in a few (the axis picks them) instead of every one. */
const EVERY_LABEL_UP_TO = 16;

/**
 * The drawing of a chart panel, in its own chunk (ChartPanel loads it lazily): @mantine/charts and
 * recharts never reach the pages without charts.
 */
export default function ChartView({ panel, rows, height, unit = panel.unit, colors, onPick }: { panel: PanelConfig; rows: Row[] | DonutCell[]; height: number; unit?: string; colors?: ValueColors; onPick?: (row: Row) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const format = (value: number) => `${formatValue(value, panel.valueFormat, locale)}${unit ? ` ${unit}` : ''}`;
  // Legends list the series in their configured order (recharts sorts them by name otherwise).
  const legendProps = { verticalAlign: 'top' as const, height: 36, itemSorter: (item: { dataKey?: unknown }) => names.map(plainKey).indexOf(String(item.dataKey)) };
  // Axis titles may name the unit (`"Amount ({{unit}})"`).
  const axes = {
    xAxisLabel: panel.xLabel ? t(panel.xLabel, { unit }) : undefined,
    yAxisLabel: panel.yLabel ? t(panel.yLabel, { unit }) : undefined,
    // The tooltip names its bucket in words ("May 2026"), not by its key ("2026-05").
    tooltipProps: { labelFormatter: (label: unknown) => bucketName(label, locale) },
  };
  const names = (panel.series ?? []).map((item) => item.name);
  const series = (panel.series ?? []).map((item) => ({
    name: plainKey(item.name),
    label: t(item.label),
    color: seriesColor(item, names, colors),
    ...(item.dashed ? { strokeDasharray: '6 4' } : {}),
  }));
  // Shares drawn on a full scale: 0–100 for per cents, 0–1 for shares (read as per cents).
  const percent = panel.valueFormat === 'percent' || panel.valueFormat === 'share';
  // Counts have whole ticks only (no 0.5 shown as a second "1").
  const whole = panel.valueFormat === 'integer' ? { allowDecimals: false } : {};

  if (panel.chart === 'donut') {
    const cells = rows as DonutCell[];
    const total = cells.reduce((sum, cell) => sum + cell.value, 0);
    return (
      <Group justify="center" gap="xl" wrap="wrap">
        <DonutChart
          data={cells}
          size={Math.min(height, 200)}
          thickness={28}
          chartLabel={formatValue(total, 'integer', locale)}
          valueFormatter={format}
          tooltipDataSource="segment"
        />
        <Stack gap={6}>
          {cells.map((cell) => (
            <Group key={cell.name} gap="xs" wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${cell.color.replace('.', '-')})`} size={12} withShadow={false} />
              <Text size="sm">{cell.name}</Text>
              <Text size="sm" fw={600}>
                {format(cell.value)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatValue(Math.round((cell.value / total) * 1000) / 10, 'percent', locale)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    );
  }

  const key = panel.dataKey ?? 'name';
  /** A series' bars as links: each named by its bucket, its value and that it opens the search of what it counts. */
  const pickable = (item: { name: string; label?: string }, pick: (row: Row) => void) => ({
    onClick: (bar: { payload?: Row }) => bar.payload && pick(bar.payload),
    shape: (shape: BarShapeProps) => {
      const row = shape.payload as Row | undefined;
      const value = Number(row?.[item.name]);
      const name = row && value ? throughName(t, bucketName(row[key], locale), `${format(value)} ${item.label ?? ''}`.trim()) : null;
      return <PickableBar shape={shape} name={name} onPick={() => row && pick(row)} />;
    },
  });
  // Value ticks without the unit (the axis title or the tooltip says it): "12,000", not "12,000 EUR".
  const valueTicks = { ...whole, tickFormatter: (value: number) => formatValue(value, percent ? panel.valueFormat : 'number', locale) };
  if (panel.chart === 'horizontalBar') {
    const longest = Math.max(...(rows as Row[]).map((row) => String(row[key] ?? '').length), 4);
    return (
      <BarChart
        h={Math.max(height, 36 * rows.length + 40)}
        data={plainRows(rows as Row[], names)}
        dataKey={key}
        series={series}
        orientation="vertical"
        valueFormatter={format}
        withLegend={series.length > 1}
        legendProps={legendProps}
        yAxisProps={{ width: Math.min(220, 7 * longest + 16), interval: 0 }}
        xAxisProps={valueTicks}
        gridAxis="x"
        withBarValueLabel
        // Room for the value written after the longest bar.
        barChartProps={{ margin: { top: 5, bottom: 5, left: 5, right: 8 * (format(Math.max(...(rows as Row[]).flatMap((row) => names.map((name) => Number(valueAt(row, name)) || 0)), 0)).length) } }}
        maxBarWidth={22}
        {...axes}
      />
    );
  }
  if (panel.chart === 'bar') {
    // Many categories: their names slant so that none is dropped or overlaps; past 16, the axis shows some of them.
    const every = rows.length <= EVERY_LABEL_UP_TO;
    const tick = axisLabel(locale);
    const longest = Math.max(...(rows as Row[]).map((row) => tick(row[key]).length));
    const slanted = every && rows.length > 4 && longest > 8;
    // Room under the axis for the longest slanted name (some 3.5 px of height per character at 30°).
    const under = slanted ? Math.min(160, Math.round(longest * 3.5) + 30) : 0;
    return (
      <BarChart
        h={height + (slanted ? under - 20 : 0)}
        data={plainRows(rows as Row[], names)}
        dataKey={key}
        series={series}
        type={panel.stacked ? 'stacked' : 'default'}
        valueFormatter={format}
        withLegend={series.length > 1}
        legendProps={legendProps}
        xAxisProps={{
          tickFormatter: tick,
          interval: every ? 0 : 'preserveStartEnd',
          minTickGap: 4,
          // The chart's own tick moves labels with a `transform`, which would replace the rotation: a slanted tick has none.
          ...(slanted ? { angle: -30, textAnchor: 'end', height: under, tick: { fontSize: 12, fill: 'currentColor', dy: 6 } } : {}),
        }}
        yAxisProps={{ ...valueTicks, width: 72 }}
        maxBarWidth={48}
        // Values on the bars while they have room: not stacked, at most two side by side.
        withBarValueLabel={every && !panel.stacked && series.length <= 2}
        // A click on a bar, or Enter on it, opens what it counts (the panel's `through`).
        barProps={onPick ? (item: { name: string; label?: string }) => pickable(item, onPick) : undefined}
        {...axes}
      />
    );
  }
  return (
    <LineChart
      h={height}
      data={plainRows(rows as Row[], names)}
      dataKey={key}
      series={series}
      curveType="monotone"
      connectNulls
      valueFormatter={format}
      withLegend={series.length > 1}
      xAxisProps={{ tickFormatter: axisLabel(locale), padding: { left: 16, right: 16 } }}
      yAxisProps={percent ? { domain: [0, panel.valueFormat === 'share' ? 1 : 100], tickFormatter: valueTicks.tickFormatter } : whole}
      dotProps={{ r: 4 }}
      legendProps={legendProps}
      {...axes}
    />
  );
}
