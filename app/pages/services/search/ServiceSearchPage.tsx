import '@mantine/dates/styles.css';
import { Box, Group, Stack } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RowActionConfig, ScreenConfig } from '../../../../engine/config';
import { defaultRange, type DateRange } from '../../../../engine/dates';
import { filterNameMax } from '../../../../engine/filters/api';
import { colorsOf } from '../../../../engine/format/colors';
import { SavedFilterMenu } from '../../../../engine/filters/SavedFilterMenu';
import { useSavedFilters } from '../../../../engine/filters/useSavedFilters';
import { screenColumns } from '../../../../engine/grid/columns';
import { SchemaGrid } from '../../../../engine/grid/SchemaGrid';
import { titleText } from '../../../../engine/i18n';
import { notify } from '../../../../engine/notify';
import { compactQuery, lookupOf, propertiesOf } from '../../../../engine/schema/fields';
import type { JsonSchema } from '../../../../engine/schema/resolve';
import { HitLimitAlert } from '../../../../engine/search/HitLimitAlert';
import { DateRangeFilter } from '../../../../engine/search/DateRangeFilter';
import { FilterPanel } from '../../../../engine/search/FilterPanel';
import { SearchToolbar } from '../../../../engine/search/SearchToolbar';
import { useGridTools } from '../../../../engine/search/useGridTools';
import { useSearch } from '../../../../engine/search/useSearch';
import { WindowHint } from '../../../../engine/search/WindowHint';
import { PageHeader } from '../../../../engine/ui/PageHeader';
import { useReadySession } from '../../../auth/session';
import { GRID_COLUMNS, gridEntity, SEARCH_ROUTE } from './searchColumns';
import { KeywordsBox } from './KeywordsBox';
import { NewServiceButton } from './NewServiceButton';
import { PriorityPanel } from './PriorityPanel';
import { prioritySummary, serviceRows } from './searchRows';
import { useServicePriorities } from './useServicePriorities';

type Row = Record<string, unknown>;

/** Saved filters of this page (`/back/bo/userfilter/service`): the search form's name. */
const SEARCH_NAME = 'service';
/** Spec §9: a change of the period searches 1000 ms after the last change. */
const FILTER_DEBOUNCE_MS = 1000;
/** The toolbar edits these; the filter panel shows the rest of the search form. */
const TOOLBAR_FIELDS = ['fromDate', 'toDate', 'keywords'];
const ADD_ACTION: RowActionConfig = { name: 'addPriority', label: 'serviceSearch.priorities.add', icon: 'list-numbers', url: '' };
const PRIORITIES_OPEN_KEY = 'qcflow.servicePriorities.open';
/** Below this width the list starts folded, so the grid keeps most of the row; a choice made by the user wins. */
const PRIORITIES_OPEN_FROM = '(min-width: 1400px)';
/** The grid and its side panels share the height left under the toolbar; the panels scroll inside. */
const RESULTS_HEIGHT = 'max(420px, calc(100dvh - 250px))';

/** The criteria that filter: flags left false filter nothing, so they neither count nor get saved. */
function criteria(filter: Row): Row {
  return compactQuery(Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== false)));
}

function panelSchema(search: JsonSchema): JsonSchema {
  const properties = Object.fromEntries(Object.entries(propertiesOf(search)).filter(([name]) => !TOOLBAR_FIELDS.includes(name)));
  return { ...search, properties, required: (search.required ?? []).filter((name: string) => name in properties) };
}

function storedOpen(): boolean {
  let stored: string | null = null;
  try {
    stored = globalThis.localStorage?.getItem(PRIORITIES_OPEN_KEY) ?? null;
  } catch {
    // No storage: the screen's width decides.
  }
  return stored === null ? (globalThis.matchMedia?.(PRIORITIES_OPEN_FROM).matches ?? true) : stored === 'true';
}

/**
 * Service search (spec §2, §3, §7.4): the period and keywords in the toolbar, saved filters,
 * the filter panel, the result grid (row → the service sheet), and the user's priority list.
 */
export default function ServiceSearchPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { profile, config } = useReadySession();
  const screen = useMemo((): ScreenConfig => config.screens.find((s) => s.page === 'serviceSearch') ?? { route: SEARCH_ROUTE, type: 'page', title: 'screen.serviceSearch' }, [config.screens]);
  const search = useMemo(() => config.search[SEARCH_NAME] ?? { type: 'object', properties: {} }, [config.search]);
  const entity = useMemo(() => gridEntity(config), [config]);
  const filterSchema = useMemo(() => panelSchema(search), [search]);
  const title = titleText(t, screen.title);

  const [range, setRange] = useState<DateRange>(() => defaultRange(search['x-defaultRange']));
  const [debouncedRange] = useDebouncedValue(range, FILTER_DEBOUNCE_MS);
  const [filter, setFilter] = useState<Row>({});
  const [panelOpen, setPanelOpen] = useState(false);
  const [prioritiesOpen, setPrioritiesOpen] = useState(storedOpen);

  const baseColumns = useMemo(() => screenColumns({ ...screen, columns: GRID_COLUMNS }, entity), [screen, entity]);
  const grid = useGridTools(SEARCH_ROUTE, baseColumns, title);
  const applied = useMemo(() => criteria(filter), [filter]);
  const panelValue = useMemo(() => Object.fromEntries(Object.entries(filter).filter(([name]) => !TOOLBAR_FIELDS.includes(name))), [filter]);
  const query = useMemo(() => ({ ...applied, ...debouncedRange }), [applied, debouncedRange]);
  const result = useSearch(entity['x-api'], query, { select: serviceRows, hitLimitKey: 'service.search.hitLimit' });
  const savedFilters = useSavedFilters(SEARCH_NAME, setFilter);
  const priorities = useServicePriorities();
  const addRef = useRef<(row: Row) => void>(() => {});

  // The filter panel and the list would leave the grid too narrow: the list folds while filtering.
  const prioritiesShown = prioritiesOpen && !panelOpen;
  const togglePriorities = () => {
    if (panelOpen) {
      setPanelOpen(false);
      if (prioritiesOpen) return;
    }
    setPrioritiesOpen((open) => {
      try {
        globalThis.localStorage?.setItem(PRIORITIES_OPEN_KEY, String(!open));
      } catch {
        // The choice then lasts for this page only.
      }
      return !open;
    });
  };

  addRef.current = (row: Row) => {
    const summary = prioritySummary(row);
    if (priorities.isRanked(summary.serviceId)) {
      notify({ level: 'warning', message: t('serviceSearch.priorities.already', { number: summary.number ?? '' }) });
      return;
    }
    priorities.add(summary);
    if (!prioritiesShown) togglePriorities();
  };
  const actions = useMemo(() => ({ actions: [ADD_ACTION], onRun: async (_: RowActionConfig, row: Row) => addRef.current(row) }), []);

  const openService = useCallback((row: Row) => navigate(`/services/${row.serviceId}`), [navigate]);
  const setKeywords = useCallback((keywords: string) => setFilter((current) => ({ ...current, keywords: keywords || undefined })), []);

  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <Stack gap="md">
        <PageHeader screen={screen} config={config} actions={<NewServiceButton profile={profile} />} />
        <SearchToolbar
          dateRange={
            <>
              <DateRangeFilter value={range} onChange={setRange} label={t('engine.search.period')} />
              <KeywordsBox value={String(filter.keywords ?? '')} onChange={setKeywords} label={t('serviceSearch.keywords')} clearLabel={t('engine.search.clear')} />
            </>
          }
          savedFilters={<SavedFilterMenu state={savedFilters} current={applied} nameMax={filterNameMax(config)} />}
          count={result.rows.length}
          loading={result.loading}
          activeFilters={Object.keys(applied).length}
          filtersOpen={panelOpen}
          exporting={grid.exporting}
          onToggleFilters={() => setPanelOpen((open) => !open)}
          onColumns={grid.openColumns}
          onExport={() => void grid.exportExcel()}
        />
        {result.hitLimit !== null && <HitLimitAlert message={t('service.search.hitLimit')} />}
        <WindowHint
          count={result.rows.length}
          loading={result.loading}
          outside={result.outside}
          filtered={Object.keys(applied).length > 0}
          onWiden={() => setRange({ fromDate: null, toDate: null })}
        />
        <Group align="stretch" gap="md" wrap="nowrap" h={RESULTS_HEIGHT}>
          <Box style={{ flex: 1, minWidth: 300 }} h="100%">
            <SchemaGrid
              columns={grid.columns}
              rows={result.rows}
              idField="serviceId"
              loading={result.loading}
              onRowClick={openService}
              actions={actions}
              actionsFirst
              onApi={grid.onApi}
              ariaLabel={title}
            />
          </Box>
          {panelOpen && (
            <FilterPanel
              schema={filterSchema}
              value={panelValue}
              onApply={(next) => setFilter((current) => ({ ...next, keywords: current.keywords }))}
              onClose={() => setPanelOpen(false)}
            />
          )}
          <PriorityPanel
            state={priorities}
            clientLookup={lookupOf(propertiesOf(entity).client)?.url}
            stepColors={colorsOf(propertiesOf(entity).serviceStep)}
            opened={prioritiesShown}
            onToggle={togglePriorities}
          />
        </Group>
      </Stack>
      {grid.columnDialog}
    </DatesProvider>
  );
}
