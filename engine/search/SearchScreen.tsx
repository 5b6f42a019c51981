import { Alert, Box, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { AppConfig, RowActionConfig, ScreenConfig } from '../config';
import type { DateRange } from '../dates';
import { filterNameMax } from '../filters/api';
import { SavedFilterMenu } from '../filters/SavedFilterMenu';
import { useSavedFilters } from '../filters/useSavedFilters';
import { screenColumns } from '../grid/columns';
import { labelText } from '../format/values';
import { knownLabel } from '../lookup/cache';
import { propertiesOf } from '../schema/fields';
import { titleText } from '../i18n';
import { rolesAllow } from '../schema/roles';
import type { SheetTarget } from '../sheet/useRecordSheet';
import { PageHeader } from '../ui/PageHeader';
import { DateRangeFilter } from './DateRangeFilter';
import { HitLimitAlert } from './HitLimitAlert';
import { fillRoute, idParamOf, routeFilters } from './routeParams';
import { allowedActions } from './rowActions';
import { ScopeBadges } from './ScopeBadges';
import { SearchToolbar } from './SearchToolbar';
import { useGridTools } from './useGridTools';
import { useHiddenCreated } from './useHiddenCreated';
import { useRowActions } from './useRowActions';
import { useSearch } from './useSearch';
import { WindowHint } from './WindowHint';
import { answerRows, withAnswerFields, type AnswerConfig } from './answerRows';
import { CreateMenu } from './CreateMenu';
import { KeywordsBox } from './KeywordsBox';
import { useSearchSide } from './ranked/SearchSide';
import { useSelectionActions } from './useSelectionActions';
import { useFamilyTree } from './FamilyTree';
import { lazyNamed } from '../ui/lazyNamed';
import { addressCriteria, criteria, firstFilter, firstRange, hasRangeOf, panelSchema, searchQuery, searchApi, searchSchemaOf } from './firstSearch';

// A search page loads its grid (AG Grid) beside its first answer, and the filter form (RJSF), the
// sheet and the batch lines grid only when they open: none of them is needed to show the results.
const SchemaGrid = lazyNamed(() => import('../grid/SchemaGrid'), 'SchemaGrid');
const FilterPanel = lazyNamed(() => import('./FilterPanel'), 'FilterPanel');
const SheetScreen = lazyNamed(() => import('../sheet/SheetScreen'), 'SheetScreen');
const BatchLines = lazyNamed(() => import('./BatchLines'), 'BatchLines');

export interface SearchScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
  /** The user's permission flags, for row actions limited to some (`rowActions[].roles`) and the entity's `x-createRoles`. */
  userRoles?: readonly string[];
  /** The caller's profile, read by the `create` items' `when`. */
  caller?: Record<string, unknown>;
}

type Row = Record<string, unknown>;
/** Spec §9: a change of the period searches 1000 ms after the last change. */
const FILTER_DEBOUNCE_MS = 1000;

/** The values of `fields` (keep), or all the others. */
const only = (row: Row, fields: string[], keep: boolean) => Object.fromEntries(Object.entries(row).filter(([name]) => fields.includes(name) === keep));

/** A part's place while its code loads: a bordered box of the size it is given, so nothing moves when it arrives. */
const waiting = (
  <Center h="100%" mih={120} role="status" aria-busy style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
    <Loader size="sm" type="dots" />
  </Center>
);
/** The sheet's place while its code loads: over the page, as the sheet will be. */
const sheetWaiting = (
  <Center pos="fixed" inset={0} style={{ zIndex: 200 }} role="status" aria-busy>
    <Loader />
  </Center>
);

/** The address parameter naming a record whose sheet opens with the screen. */
const OPEN_PARAM = 'open';
/** With a side panel: the height grid and panels share under the toolbar. */
const SIDE_RESULTS_HEIGHT = 'max(420px, calc(100dvh - 250px))';

/**
 * A search screen (docs/schemas.md): header, toolbar (dates, saved filters, columns, export,
 * filters), the result grid with its hit-limit warning, the filter side panel, and the sheet.
 */
export function SearchScreen({ screen, config, userRoles = [], caller = {} }: SearchScreenProps) {
  const { t, i18n } = useTranslation();
  const search = useMemo(() => searchSchemaOf(screen, config), [screen, config]);
  const answer = search['x-answer'] as AnswerConfig | undefined;
  // The rows' schema: the entity, plus the fields an answer with references adds (`x-answer`).
  const entity = useMemo(() => {
    const schema = config.entities[screen.entity ?? ''];
    return schema && withAnswerFields(schema, answer, config.enums);
  }, [config.entities, config.enums, screen.entity, answer]);
  const toolbarFields = useMemo(() => (screen.toolbar ?? []).map((item) => item.field), [screen.toolbar]);
  const hasRange = hasRangeOf(search);
  const params = useParams();
  const fixedKey = JSON.stringify(routeFilters(search, params));
  const fixed = useMemo<Row>(() => JSON.parse(fixedKey), [fixedKey]);
  const filterSchema = useMemo(() => panelSchema(search, [...Object.keys(fixed), ...toolbarFields]), [search, fixed, toolbarFields]);
  const readOnly = entity?.['x-readOnly'] === true || screen.readOnly === true;

  // `?open=<id>` (a link to one record, e.g. from a live alert) opens that record's sheet; criteria in the address (a chart's click-through) are the first filter.
  const [address, setAddress] = useSearchParams();
  const [range, setRange] = useState<DateRange>(() => firstRange(search, address));
  const [debouncedRange] = useDebouncedValue(range, FILTER_DEBOUNCE_MS);
  // The first filter and period are those of the search the app started with the route (./firstSearch.ts).
  const [filter, setFilter] = useState<Row>(() => firstFilter(filterSchema, address));
  const [panelOpen, setPanelOpen] = useState(false);
  const linked = address.get(OPEN_PARAM);
  const [sheet, setSheet] = useState<SheetTarget | null>(() => (linked && screen.sheet ? { mode: 'edit', id: /^\d+$/.test(linked) ? Number(linked) : linked } : null));
  // The sheet's code loads when it first opens, and stays (its closing dialogs outlive it).
  const [sheetLoaded, setSheetLoaded] = useState(sheet !== null);
  const openSheet = useCallback((target: SheetTarget) => {
    setSheetLoaded(true);
    setSheet(target);
  }, []);
  const closeSheet = useCallback(() => {
    setSheet(null);
    if (!address.has(OPEN_PARAM)) return;
    const rest = new URLSearchParams(address);
    rest.delete(OPEN_PARAM);
    setAddress(rest, { replace: true });
  }, [address, setAddress]);

  const baseColumns = useMemo(() => (entity ? screenColumns(screen, entity) : []), [screen, entity]);
  const applied = useMemo(() => criteria(filter, search), [filter, search]);
  const query = useMemo(() => searchQuery(search, applied, hasRange ? debouncedRange : null, fixed), [search, applied, debouncedRange, hasRange, fixed]);
  const result = useSearch(searchApi(search, entity, params) ?? undefined, query, { select: answer && ((data) => answerRows(answer, entity?.['x-id'], data)) });
  const nameOf = useCallback(
    (record: Row) => {
      const field = (entity?.['x-label'] ?? entity?.['x-id']) as string;
      return labelText(propertiesOf(entity ?? {})[field], record[field], { t, locale: i18n.language, lookupLabel: knownLabel }) || String(record[entity?.['x-id']] ?? '');
    },
    [entity, t, i18n.language],
  );
  const hiddenCreated = useHiddenCreated(result, query, entity?.['x-id'], nameOf);
  const tree = useFamilyTree(screen.tree, config, result.rows);
  const rowActions = useRowActions(result.refresh);
  const side = useSearchSide(screen.side, screen.route, entity ?? {}, { open: panelOpen, close: () => setPanelOpen(false) });
  const runAction = useRef(rowActions.run);
  runAction.current = async (action, row) => (action.addToSide ? side.add(row) : rowActions.run(action, row));
  const rolesKey = JSON.stringify(userRoles);
  const actions = useMemo(
    () => ({
      actions: allowedActions(screen.rowActions, JSON.parse(rolesKey) as string[]),
      onRun: (action: RowActionConfig, row: Row) => runAction.current(action, row),
    }),
    [screen.rowActions, rolesKey], // the roles compared by value
  );
  const selecting = useSelectionActions(screen.selectionActions, entity?.['x-id'], userRoles, result.refresh);
  // Criteria in the address are what was asked for: the default saved filter does not replace them.
  const [addressed] = useState(() => Object.keys(addressCriteria(search, address)).length > 0);
  const savedFilters = useSavedFilters(screen.search ?? screen.route, setFilter, addressed);
  const setToolbarField = useCallback((field: string, value: string) => setFilter((current) => ({ ...current, [field]: value || undefined })), []);
  const title = titleText(t, screen.title);

  const grid = useGridTools(screen.route, baseColumns, title);

  // `record`: rows open on their record page, New on its create route, rather than in a sheet.
  const navigate = useNavigate();
  const recordScreen = screen.record ? config.screens.find((item) => item.route === screen.record) : undefined;
  const openRecord = useCallback(
    (row: Row) => {
      const id = row[entity?.['x-id']];
      if (id == null) return;
      if (!recordScreen) return openSheet({ mode: 'edit', id: id as string | number });
      const path = fillRoute(recordScreen.route, { ...params, [idParamOf(recordScreen.route)]: String(id) });
      if (path) navigate(path);
    },
    [entity, recordScreen, params, navigate, openSheet],
  );
  const createRecord = () => (recordScreen?.createRoute ? navigate(recordScreen.createRoute) : openSheet({ mode: 'create' }));
  // Read-only records open only when the screen has a sheet to show them; create-only sheets never do.
  const opensRows = screen.sheet?.edit !== false && (!readOnly || !!screen.sheet);

  if (!entity) return <Alert color="red">{t('engine.search.unknownEntity', { name: screen.entity ?? '' })}</Alert>;

  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <Stack gap="md">
        <PageHeader
          screen={screen}
          config={config}
          actions={
            screen.create ? (
              <CreateMenu create={screen.create} userRoles={userRoles} caller={caller} />
            ) : (
              entity['x-api'] &&
              !readOnly &&
              rolesAllow(entity['x-createRoles'], userRoles) && (
                <Button leftSection={<IconPlus size={16} />} onClick={createRecord}>
                  {t('engine.action.new')}
                </Button>
              )
            )
          }
        />
        <SearchToolbar
          dateRange={
            <>
              <ScopeBadges search={search} fixed={fixed} />
              {hasRange && <DateRangeFilter value={range} onChange={setRange} label={t('engine.search.period')} />}
              {(screen.toolbar ?? []).map(({ field, label }) => (
                <KeywordsBox key={field} value={String(filter[field] ?? '')} onChange={(value) => setToolbarField(field, value)} label={t(label)} clearLabel={t('engine.search.clear')} />
              ))}
            </>
          }
          savedFilters={<SavedFilterMenu state={savedFilters} current={applied} nameMax={filterNameMax(config)} />}
          count={tree.rows.length}
          loading={result.loading}
          activeFilters={Object.keys(applied).length}
          filtersOpen={panelOpen}
          exporting={grid.exporting}
          onToggleFilters={() => setPanelOpen((open) => !open)}
          onColumns={grid.openColumns}
          onExport={() => void grid.exportExcel()}
        />
        {selecting.toolbar}
        {result.hitLimit !== null && <HitLimitAlert message={t('engine.search.hitLimit')} />}
        <WindowHint
          count={tree.rows.length}
          loading={result.loading}
          outside={hasRange ? result.outside : null}
          filtered={Object.keys(applied).length > 0}
          hiddenCreated={hiddenCreated.name}
          onWiden={() => setRange({ fromDate: null, toDate: null })}
        />
        {/* With a side panel, grid and panels share the height left under the toolbar and scroll inside. */}
        <Group align="stretch" gap="md" wrap={side.panel ? 'nowrap' : 'wrap'} h={side.panel ? SIDE_RESULTS_HEIGHT : undefined}>
          {screen.batch ? (
            <Box style={{ flex: 1, minWidth: 300 }}>
              <Suspense fallback={waiting}>
                <BatchLines screen={screen} config={config} entity={entity} rows={result.rows} loading={result.loading} onSaved={result.refresh} onApi={grid.onApi} />
              </Suspense>
            </Box>
          ) : (
            <>
            {tree.pane}
            <Box style={{ flex: 1, minWidth: 300 }} h={side.panel ? '100%' : 'max(420px, calc(100dvh - 280px))'}>
              <Suspense fallback={waiting}>
                <SchemaGrid
                  columns={grid.columns}
                  rows={tree.rows}
                  idField={entity['x-id']}
                  loading={result.loading}
                  onRowClick={opensRows ? openRecord : undefined}
                  actions={actions}
                  actionsFirst={screen.actionsFirst}
                  onApi={grid.onApi}
                  ariaLabel={title}
                  selection={selecting.selection}
                />
              </Suspense>
            </Box>
            </>
          )}
          {panelOpen && (
            <Suspense fallback={<Box w={{ base: '100%', md: 320 }}>{waiting}</Box>}>
              <FilterPanel
                schema={filterSchema}
                value={only(filter, toolbarFields, false)}
                onApply={(next) => setFilter((current) => ({ ...next, ...only(current, toolbarFields, true) }))}
                onClose={() => setPanelOpen(false)}
              />
            </Suspense>
          )}
          {side.panel}
        </Group>
      </Stack>
      {grid.columnDialog}
      {sheetLoaded && (
        <Suspense fallback={sheetWaiting}>
          <SheetScreen screen={screen} config={config} target={sheet} onClose={closeSheet} onChanged={result.refresh} onCreated={hiddenCreated.onCreated} fixed={fixed} prefill={tree.defaults} userRoles={userRoles} />
        </Suspense>
      )}
      {rowActions.dialog}
    </DatesProvider>
  );
}
