import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import type { GridApi } from 'ag-grid-community';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig, ScreenConfig } from '../config';
import { defaultRange, type DateRange } from '../dates';
import { exportToExcel } from '../export/excel';
import { tableFromGrid } from '../export/fromGrid';
import { SavedFilterMenu } from '../filters/SavedFilterMenu';
import { useSavedFilters } from '../filters/useSavedFilters';
import { applyColumnPrefs, loadColumnPrefs, saveColumnPrefs, screenColumns, type ColumnPref } from '../grid/columns';
import { SchemaGrid } from '../grid/SchemaGrid';
import { titleText } from '../i18n';
import { knownLabel } from '../lookup/cache';
import { notify } from '../notify';
import { compactQuery, propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';
import { SheetScreen, type SheetTarget } from '../sheet/SheetScreen';
import { PageHeader } from '../ui/PageHeader';
import { ColumnDialog } from './ColumnDialog';
import { DateRangeFilter } from './DateRangeFilter';
import { FilterPanel } from './FilterPanel';
import { SearchToolbar } from './SearchToolbar';
import { useSearch } from './useSearch';

export interface SearchScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
}

type Row = Record<string, unknown>;
const RANGE_FIELDS = ['fromDate', 'toDate'];

/** The search form without the dates, which the toolbar's range picker edits. */
function panelSchema(search: JsonSchema): JsonSchema {
  const properties = Object.fromEntries(Object.entries(propertiesOf(search)).filter(([name]) => !RANGE_FIELDS.includes(name)));
  return { ...search, properties, required: (search.required ?? []).filter((name: string) => !RANGE_FIELDS.includes(name)) };
}

/**
 * A search screen (docs/schemas.md): header, toolbar (dates, saved filters, columns, export,
 * filters), the result grid with its hit-limit warning, the filter side panel, and the sheet.
 */
export function SearchScreen({ screen, config }: SearchScreenProps) {
  const { t, i18n } = useTranslation();
  const entity = config.entities[screen.entity ?? ''];
  const search = config.search[screen.search ?? ''] ?? { type: 'object', properties: {} };
  const hasRange = RANGE_FIELDS.every((name) => name in propertiesOf(search));
  const filterSchema = useMemo(() => panelSchema(search), [search]);

  const [range, setRange] = useState<DateRange>(() => defaultRange(search['x-defaultRange']));
  const [filter, setFilter] = useState<Row>({});
  const [panelOpen, setPanelOpen] = useState(false);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [prefs, setPrefs] = useState<ColumnPref[] | null>(() => loadColumnPrefs(screen.route));
  const [sheet, setSheet] = useState<SheetTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const gridApi = useRef<GridApi<Row> | null>(null);

  const baseColumns = useMemo(() => (entity ? screenColumns(screen, entity) : []), [screen, entity]);
  const columns = useMemo(() => applyColumnPrefs(baseColumns, prefs), [baseColumns, prefs]);
  const query = useMemo(() => ({ ...filter, ...(hasRange ? range : {}) }), [filter, range, hasRange]);
  const result = useSearch(entity?.['x-api'], query);
  const savedFilters = useSavedFilters(screen.search ?? screen.route, setFilter);
  const title = titleText(t, screen.title);

  const changePrefs = (next: ColumnPref[] | null) => {
    setPrefs(next);
    saveColumnPrefs(screen.route, next);
    setColumnsOpen(false);
  };

  const exportExcel = async () => {
    if (!gridApi.current) return;
    setExporting(true);
    try {
      await exportToExcel(tableFromGrid(gridApi.current, columns, { t, locale: i18n.language, lookupLabel: knownLabel }, title));
    } catch {
      notify({ level: 'error', message: t('engine.search.exportFailed') });
    } finally {
      setExporting(false);
    }
  };

  const openRecord = useCallback(
    (row: Row) => {
      const id = row[entity?.['x-id']];
      if (id != null) setSheet({ mode: 'edit', id: id as string | number });
    },
    [entity],
  );

  if (!entity) return <Alert color="red">{t('engine.search.unknownEntity', { name: screen.entity ?? '' })}</Alert>;

  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <Stack gap="md">
        <PageHeader
          screen={screen}
          config={config}
          actions={
            entity['x-api'] && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setSheet({ mode: 'create' })}>
                {t('engine.action.new')}
              </Button>
            )
          }
        />
        <SearchToolbar
          dateRange={hasRange && <DateRangeFilter value={range} onChange={setRange} label={t('engine.search.period')} />}
          savedFilters={<SavedFilterMenu state={savedFilters} current={compactQuery(filter)} />}
          count={result.rows.length}
          loading={result.loading}
          activeFilters={Object.keys(compactQuery(filter)).length}
          filtersOpen={panelOpen}
          exporting={exporting}
          onToggleFilters={() => setPanelOpen((open) => !open)}
          onColumns={() => setColumnsOpen(true)}
          onExport={() => void exportExcel()}
        />
        {result.hitLimit !== null && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} py="xs" role="status">
            <Text span size="sm" fw={600}>
              {t('engine.search.hitLimit')}
            </Text>
            {' · '}
            <Text span size="sm">
              {t('engine.search.hitLimitHint')}
            </Text>
          </Alert>
        )}
        <Group align="stretch" gap="md" wrap="wrap">
          <Box style={{ flex: 1, minWidth: 300 }} h="max(420px, calc(100dvh - 280px))">
            <SchemaGrid
              columns={columns}
              rows={result.rows}
              idField={entity['x-id']}
              loading={result.loading}
              onRowClick={openRecord}
              onApi={(api) => (gridApi.current = api)}
              ariaLabel={title}
            />
          </Box>
          {panelOpen && <FilterPanel schema={filterSchema} value={filter} onApply={setFilter} onClose={() => setPanelOpen(false)} />}
        </Group>
      </Stack>
      <ColumnDialog opened={columnsOpen} columns={columns} onClose={() => setColumnsOpen(false)} onSave={changePrefs} onReset={() => changePrefs(null)} />
      <SheetScreen screen={screen} config={config} target={sheet} onClose={() => setSheet(null)} onChanged={result.refresh} />
    </DatesProvider>
  );
}
