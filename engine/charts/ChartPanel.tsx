import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { colorsOf } from '../format/colors';
import type { PanelProps } from '../record/panels';
import { chartRows, donutCells, hasValues, unitOf } from './chartData';
import { PanelHeading } from './PanelHeading';
import { PanelStatus } from './PanelStatus';
import { usePanelTarget } from './panelTarget';
import { usePanelData } from './usePanelData';

/** The charts library (recharts under @mantine/charts) loads with the first chart only. */
const ChartView = lazy(() => import('./ChartView'));
const DEFAULT_CHART_HEIGHT = 260;

/**
 * Panel kind `chart` (docs/schemas.md "Charts and data tables"): the answer of `url`, the rows at
 * `data`, drawn as a line, bar, horizontal bar or donut chart of its `series`.
 */
export function ChartPanel(props: PanelProps) {
  const { panel, config } = props;
  const colors = panel.enum ? colorsOf(config.enums[panel.enum]) : undefined;
  const { t } = useTranslation();
  const target = usePanelTarget(props);
  const { answer, loading, error } = usePanelData(target.url, target.query);
  const rows = useMemo(() => (panel.chart === 'donut' ? donutCells(answer, panel, (key) => t(key), colors) : chartRows(answer, panel)), [answer, panel, t, colors]);
  const height = panel.height ?? DEFAULT_CHART_HEIGHT;
  return (
    // Clipped to its box: a tooltip left where the pointer was on a wider window must not widen the page.
    <div data-panel-kind="chart" style={{ overflow: 'hidden' }}>
      <PanelHeading panel={panel} values={target.values} />
      <PanelStatus error={error} loading={loading} empty={!hasValues(rows, panel)} height={height}>
        <Suspense
          fallback={
            <Center h={height}>
              <Loader size="sm" />
            </Center>
          }
        >
          <ChartView panel={panel} rows={rows} height={height} unit={unitOf(answer, panel)} colors={colors} />
        </Suspense>
      </PanelStatus>
    </div>
  );
}
