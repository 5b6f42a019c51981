import { ActionIcon, Box, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { ModuleRegistry, ScrollApiModule, type ColDef, type GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ScreenConfig } from '../../../engine/config';
import { api, toSearchParams } from '../../../engine/api';
import { gridTheme } from '../../../engine/grid/setup';
import { PageHeader } from '../../../engine/ui/PageHeader';
import { useReadySession } from '../../auth/session';
import { ContributorCell, DayCell, RoleBadge, type DayCellContext } from './PlanningCells';
import classes from './PlanningPage.module.css';
import { useSectionOrder } from '../../../engine/ui/frameTitle';
import { exportQuery, isWeekend, planningQuery, ROLES, rowHeight, shiftMonth, type PlanningFilters, type PlanningOption, type PlanningRow, type TeamPlanning } from './planningGrid';

// ensureColumnVisible (today's column); the engine registers the rest (engine/grid/setup.ts).
ModuleRegistry.registerModules([ScrollApiModule]);

const TEAM_URL = '/back/bo/pln/planning/team';
const EXPORT_URL = '/back/bo/inter/spa/planning/export/';
const DAY_COLUMN_PX = 76;
const GRID_HEIGHT = 'max(420px, calc(100dvh - 290px))';

const todayIso = () => new Date().toISOString().slice(0, 10);
const selectData = (options: PlanningOption[] | undefined) => (options ?? []).map((option) => ({ value: String(option.value), label: option.label }));

function NoAssignments() {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" size="sm">
      {t('planning.empty')}
    </Text>
  );
}

/**
 * Team planning (spec §2): contributors × the days of a month, each day the role (a short
 * coloured badge) and the service number; month navigation, filters by provider office, country
 * and contributor, a click on a service opens it, and the planning export (spec §7.7) of what is
 * shown. A hand-written page: the panels pages' filter row has no month step nor lookup choices.
 */
export default function PlanningPage() {
  const { t, i18n } = useTranslation();
  const sectionOrder = useSectionOrder();
  const navigate = useNavigate();
  const { config } = useReadySession();
  const screen: ScreenConfig = config.screens.find((s) => s.page === 'planning') ?? { route: '/planning', type: 'page', title: 'screen.planning' };
  const [month, setMonth] = useState(() => todayIso().slice(0, 7));
  const [filters, setFilters] = useState<PlanningFilters>({});
  const [planning, setPlanning] = useState<TeamPlanning | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    api
      .get<TeamPlanning>(TEAM_URL, { query: planningQuery(month, filters), signal: controller.signal })
      .then((answer) => setPlanning(answer))
      .catch(() => {
        if (!controller.signal.aborted) setPlanning(null);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [month, filters]);

  const today = todayIso();
  const columns = useMemo<ColDef<PlanningRow>[]>(() => {
    const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
    const days = (planning?.days ?? []).map((day): ColDef<PlanningRow> => {
      const special = day === today ? classes.today : isWeekend(day) ? classes.weekend : undefined;
      return {
        colId: day,
        headerName: `${weekday.format(new Date(`${day}T00:00:00Z`))} ${Number(day.slice(8))}`,
        headerTooltip: day,
        headerClass: [classes.dayHeader, day === today ? classes.todayHeader : special].filter(Boolean).join(' '),
        cellClass: [classes.dayCell, special].filter(Boolean).join(' '),
        width: DAY_COLUMN_PX,
        minWidth: DAY_COLUMN_PX,
        sortable: false,
        resizable: false,
        suppressMovable: true,
        valueGetter: (params) => params.data?.days[day],
        cellRenderer: DayCell,
      };
    });
    return [
      { colId: 'contributor', headerName: t('planning.column.contributor'), pinned: 'left', width: 220, sortable: true, valueGetter: (params) => params.data?.fullName, cellRenderer: ContributorCell },
      ...days,
    ];
  }, [planning?.days, i18n.language, t, today]);

  // The current month opens on today's column, another month on its first day, once its columns are in the grid.
  const showToday = useCallback((event: { api: GridApi<PlanningRow> }) => {
    // After the grid has measured its viewport (this event comes before).
    setTimeout(() => {
      if (event.api.isDestroyed()) return;
      const first = event.api.getAllDisplayedColumns().find((column) => !column.isPinned());
      const day = event.api.getColumn(todayIso()) ?? first;
      if (day) event.api.ensureColumnVisible(day, day === first ? 'start' : 'middle');
    }, 0);
  }, []);
  const openService = useCallback((serviceId: number) => navigate(`/services/${serviceId}`), [navigate]);
  const context = useMemo<DayCellContext>(() => ({ openService }), [openService]);
  const monthTitle = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  const exportHref = planning ? `${EXPORT_URL}?${toSearchParams(exportQuery(planning, filters))}` : undefined;
  const setFilter = (name: keyof PlanningFilters, numeric: boolean) => (value: string | null) =>
    setFilters((current) => ({ ...current, [name]: value === null ? undefined : numeric ? Number(value) : value }));

  return (
    <Stack gap="md">
      <PageHeader
        screen={screen}
        config={config}
        actions={
          <Button component="a" href={exportHref} download variant="light" leftSection={<IconDownload size={16} />} disabled={!exportHref} aria-disabled={!exportHref || undefined} data-testid="planning-export">
            {t('planning.export')}
          </Button>
        }
      />
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="default" size="lg" onClick={() => setMonth((m) => shiftMonth(m, -1))} aria-label={t('planning.previousMonth')}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Title order={sectionOrder} fz="lg" miw={170} ta="center" tt="capitalize" data-testid="planning-month">
              {monthTitle}
            </Title>
            <ActionIcon variant="default" size="lg" onClick={() => setMonth((m) => shiftMonth(m, 1))} aria-label={t('planning.nextMonth')}>
              <IconChevronRight size={18} />
            </ActionIcon>
            <Button variant="subtle" size="xs" onClick={() => setMonth(todayIso().slice(0, 7))}>
              {t('planning.thisMonth')}
            </Button>
          </Group>
          <Group gap="xs" wrap="wrap">
            <Select
              aria-label={t('planning.filter.company')}
              placeholder={t('planning.filter.company')}
              data={selectData(planning?.options.companies)}
              value={filters.companies === undefined ? null : String(filters.companies)}
              onChange={setFilter('companies', true)}
              clearable
              searchable
              w={200}
            />
            <Select
              aria-label={t('planning.filter.country')}
              placeholder={t('planning.filter.country')}
              data={selectData(planning?.options.countries)}
              value={filters.countries ?? null}
              onChange={setFilter('countries', false)}
              clearable
              searchable
              w={170}
            />
            <Select
              aria-label={t('planning.filter.contributor')}
              placeholder={t('planning.filter.contributor')}
              data={selectData(planning?.options.contributors)}
              value={filters.contributors === undefined ? null : String(filters.contributors)}
              onChange={setFilter('contributors', true)}
              clearable
              searchable
              w={200}
            />
          </Group>
        </Group>
      </Paper>
      <Group gap="sm" wrap="wrap" aria-label={t('planning.legend')}>
        {ROLES.map((role) => (
          <Group key={role} gap={6} wrap="nowrap">
            <RoleBadge role={role} />
            <Text size="xs" c="dimmed">
              {t(`enum.typePlanning.${role}`)}
            </Text>
          </Group>
        ))}
      </Group>
      <Box h={GRID_HEIGHT} aria-label={t('screen.planning')}>
        <AgGridReact<PlanningRow>
          theme={gridTheme}
          rowData={planning?.rows ?? []}
          columnDefs={columns}
          context={context}
          loading={loading}
          onDisplayedColumnsChanged={showToday}
          onFirstDataRendered={showToday}
          getRowId={(params) => String(params.data.contactId)}
          getRowHeight={(params) => (params.data ? rowHeight(params.data) : undefined)}
          suppressCellFocus
          noRowsOverlayComponent={NoAssignments}
        />
      </Box>
    </Stack>
  );
}
