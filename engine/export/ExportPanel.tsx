import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { chartRows } from '../charts/chartData';
import { PanelHeading } from '../charts/PanelHeading';
import { usePanelTarget } from '../charts/panelTarget';
import { tableColumns } from '../charts/tableCells';
import { titleText } from '../i18n';
import type { PanelProps } from '../record/panels';
import { ExportStatus } from './ExportStatus';
import { panelTable } from './panelTable';
import { useExcelExport } from './useExcelExport';

/**
 * Panel kind `export` (docs/schemas.md "Exports"): a button that reads `url` with the page's filters,
 * takes the rows at `data` and writes their `columns` to an Excel file made in the browser, with a
 * progress bar and a cancel while it runs (engine/export/useExcelExport.ts).
 */
export function ExportPanel(props: PanelProps) {
  const { panel, config } = props;
  const { t } = useTranslation();
  const target = usePanelTarget(props);
  const columns = useMemo(() => tableColumns(panel.columns ?? [], t, config.enums), [panel.columns, t, config.enums]);
  const { state, run, cancel, busy } = useExcelExport();
  const title = titleText(t, panel.title ?? 'engine.search.export');

  const start = () =>
    run(async (signal) => {
      const answer = await api.get<unknown>(target.url!, { query: target.query, signal });
      return panelTable(title, columns, chartRows(answer, panel), t);
    });

  return (
    <div data-panel-kind="export">
      <PanelHeading panel={panel} values={target.values} />
      <Stack gap="sm">
        {panel.description && <Text size="sm">{t(panel.description)}</Text>}
        <Text size="xs" c="dimmed">
          {t('engine.export.columns', { columns: columns.map((column) => column.label).join(' · ') })}
        </Text>
        <Group>
          <Button leftSection={<IconFileSpreadsheet size={18} />} loading={busy} disabled={!target.url} onClick={() => void start()}>
            {t('engine.search.export')}
          </Button>
        </Group>
        <ExportStatus state={state} onCancel={cancel} />
      </Stack>
    </div>
  );
}
