import { Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { AppConfig, PanelConfig, ScreenConfig } from '../config';
import { titleText } from '../i18n';
import { rolesAllow } from '../schema/roles';
import { screenIcon } from '../ui/icons';
import { defaultRange } from '../dates';
import { ConfiguredPanels } from '../record/ConfiguredPanels';
import { PageHeader } from '../ui/PageHeader';
import { fillTemplate, valueAt } from './chartData';
import { FilterBar } from './FilterBar';
import { given } from './filters';
import { usePanelData } from './usePanelData';

type Row = Record<string, unknown>;

export interface PanelsScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
  userRoles?: readonly string[];
}

/**
 * A page of panels (`type: "panels"`, docs/schemas.md "Panels pages"): a title, the filters of its
 * search form (default period: the form's `x-defaultRange`) whose values every panel's call gets as
 * query parameters, and a grid of panels (charts, tables, boards) whose urls take the route's
 * parameters — or `tabs` of such panels, each with its own filters.
 */
export function PanelsScreen({ screen, config, userRoles = [] }: PanelsScreenProps) {
  const { t } = useTranslation();
  const params = useParams();
  const record = useMemo(() => ({ ...params }), [params]);
  const tabs = (screen.tabs ?? []).filter((tab) => rolesAllow(tab.roles, userRoles));
  // The first tab's call shares the subtitle's query: the screen's own filters.
  const [query, setQuery] = useState<Row>({});
  return (
    <Stack gap="md" maw={1600} mx="auto" w="100%">
      <PageHeader screen={screen} config={config} />
      {screen.subtitle && <Subtitle url={fillTemplate(screen.subtitle.url, params)} data={screen.subtitle.data} query={query} />}
      {tabs.length ? (
        <Tabs defaultValue={tabs[0].name} keepMounted={false}>
          <Tabs.List mb="md">
            {tabs.map((tab) => {
              const Icon = tab.icon ? screenIcon(tab.icon) : null;
              return (
                <Tabs.Tab key={tab.name} value={tab.name} leftSection={Icon && <Icon size={16} />}>
                  {titleText(t, tab.title)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Panel key={tab.name} value={tab.name}>
              <FilteredPanels screen={screen} config={config} record={record} userRoles={userRoles} searchName={tab.search ?? screen.search} panels={tab.panels} />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        <FilteredPanels screen={screen} config={config} record={record} userRoles={userRoles} searchName={screen.search} panels={screen.panels ?? []} onQuery={setQuery} />
      )}
    </Stack>
  );
}

/**
 * The filters of a search form (default period: its `x-defaultRange`) above panels whose calls get
 * their values as query parameters: the page's, or one tab's (each tab keeps its own).
 */
function FilteredPanels({
  screen,
  config,
  record,
  userRoles,
  searchName,
  panels,
  onQuery,
}: {
  screen: ScreenConfig;
  config: AppConfig;
  record: Row;
  userRoles: readonly string[];
  searchName?: string;
  panels: PanelConfig[];
  onQuery?: (query: Row) => void;
}) {
  const { t } = useTranslation();
  const search = searchName ? config.search[searchName] : undefined;
  const [filters, setFilters] = useState<Row>(() => {
    const { fromDate, toDate } = defaultRange(search?.['x-defaultRange'] as string | undefined);
    return fromDate && toDate ? { fromDate, toDate } : {};
  });
  // An empty list or text is no filter.
  const query = useMemo(() => Object.fromEntries(Object.entries(filters).filter(([, value]) => given(value))), [filters]);
  useEffect(() => onQuery?.(query), [onQuery, query]);
  return (
    <Stack gap="md">
      {search && <FilterBar search={search} values={filters} onChange={setFilters} />}
      {panels.length ? (
        <ConfiguredPanels screen={screen} config={config} record={record} saved={record} panels={panels} userRoles={userRoles} query={query} />
      ) : (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          {t('engine.panels.none')}
        </Text>
      )}
    </Stack>
  );
}

/** A line under the title read from a call (the name of what the page is about). */
function Subtitle({ url, data, query }: { url: string | null; data: string; query: Row }) {
  const { answer } = usePanelData(url, query);
  const text = valueAt(answer, data);
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  return (
    <Text fz="lg" fw={600} mt={-8} data-testid="panels-subtitle">
      {text}
    </Text>
  );
}
