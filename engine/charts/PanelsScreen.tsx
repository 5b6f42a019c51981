import { Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { AppConfig, ScreenConfig } from '../config';
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
 * query parameters, and a grid of panels (charts, tables) whose urls take the route's parameters.
 */
export function PanelsScreen({ screen, config, userRoles = [] }: PanelsScreenProps) {
  const params = useParams();
  const search = screen.search ? config.search[screen.search] : undefined;
  const [filters, setFilters] = useState<Row>(() => {
    const { fromDate, toDate } = defaultRange(search?.['x-defaultRange'] as string | undefined);
    return fromDate && toDate ? { fromDate, toDate } : {};
  });
  const record = useMemo(() => ({ ...params }), [params]);
  // An empty list or text is no filter.
  const query = useMemo(() => Object.fromEntries(Object.entries(filters).filter(([, value]) => given(value))), [filters]);
  return (
    <Stack gap="md" maw={1600} mx="auto" w="100%">
      <PageHeader screen={screen} config={config} />
      {screen.subtitle && <Subtitle url={fillTemplate(screen.subtitle.url, params)} data={screen.subtitle.data} query={query} />}
      {search && <FilterBar search={search} values={filters} onChange={setFilters} />}
      <ConfiguredPanels screen={screen} config={config} record={record} saved={record} panels={screen.panels ?? []} userRoles={userRoles} query={query} />
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
