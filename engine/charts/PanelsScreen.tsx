import { Select, Stack, Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import type { AppConfig, ChoiceConfig, PanelConfig, ScreenConfig } from '../config';
import { filterNameMax } from '../filters/api';
import { SavedFilterMenu } from '../filters/SavedFilterMenu';
import { useSavedFilters } from '../filters/useSavedFilters';
import { ConfiguredPanels } from '../record/ConfiguredPanels';
import { rolesAllow } from '../schema/roles';
import { PageHeader } from '../ui/PageHeader';
import { screenIcon } from '../ui/icons';
import { fillTemplate, valueAt } from './chartData';
import { FilterBar } from './FilterBar';
import { choiceDefaults, chosenPanel, withoutChoices } from './choices';
import { given, initialFilters } from './filters';
import { usePanelData } from './usePanelData';
import { addressCriteria } from '../search/firstSearch';

type Row = Record<string, unknown>;

export interface PanelsScreenProps {
  screen: ScreenConfig;
  config: AppConfig;
  userRoles?: readonly string[];
}

/**
 * A page of panels (`type: "panels"`, docs/schemas.md "Panels pages"): a search screen whose results
 * are panels. A title, the filters of its search form whose values every panel's call gets as query
 * parameters, and a grid of panels (charts, tables) whose urls take the route's parameters; or
 * `tabs` of panels (shown to their `roles`), each with its own filters (the tab's `search`, else the
 * screen's). `?tab=<name>` opens a tab.
 */
export function PanelsScreen({ screen, config, userRoles = [] }: PanelsScreenProps) {
  const { t } = useTranslation();
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const record = useMemo(() => ({ ...params }), [params]);
  const tabs = (screen.tabs ?? []).filter((tab) => rolesAllow(tab.roles, userRoles));
  const results = (search: string | undefined, panels: PanelConfig[]) => <FilteredPanels screen={screen} config={config} search={search} panels={panels} record={record} userRoles={userRoles} />;
  const wanted = searchParams.get('tab');
  const current = tabs.find((tab) => tab.name === wanted)?.name ?? tabs[0]?.name ?? null;
  return (
    <Stack gap="md" maw={1600} mx="auto" w="100%">
      <PageHeader screen={screen} config={config} />
      {screen.subtitle && screen.tabs && <Subtitle url={fillTemplate(screen.subtitle.url, params)} data={screen.subtitle.data} query={{}} />}
      {!screen.tabs && results(screen.search, screen.panels ?? [])}
      {screen.tabs && !tabs.length && <Text c="dimmed">{t('engine.panels.nothingForYou')}</Text>}
      {tabs.length > 0 && (
        <Tabs value={current} onChange={(name) => name && setSearchParams((now) => ({ ...Object.fromEntries(now), tab: name }), { replace: true })}>
          <Tabs.List mb="md">
            {tabs.map((tab) => {
              const Icon = screenIcon(tab.icon);
              return (
                <Tabs.Tab key={tab.name} value={tab.name} leftSection={<Icon size={16} stroke={1.5} />}>
                  {t(tab.title)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Panel key={tab.name} value={tab.name}>
              {current === tab.name && results(tab.search ?? screen.search, tab.panels)}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

/**
 * The filter row of a search form and the panels its values query: a panels screen's body, or a tab
 * of panels a hand-written page draws beside its own tabs. The screen's `choices` sit in the row too
 * but are not sent: they change the panels naming them; `savedFilters` keeps the row's values
 * (choices included) as saved filters of the search form's type.
 */
export function FilteredPanels({ screen, config, search: name, panels, record, userRoles }: { screen: ScreenConfig; config: AppConfig; search?: string; panels: PanelConfig[]; record: Row; userRoles: readonly string[] }) {
  const search = name ? config.search[name] : undefined;
  const [address] = useSearchParams();
  const choices = useMemo(() => screen.choices ?? [], [screen.choices]);
  // Filters given in the address (a link to two compared quarters) take the place of the defaults.
  const [filters, setFilters] = useState<Row>(() => ({ ...initialFilters(search), ...choiceDefaults(choices), ...(search ? addressCriteria(search, address) : {}) }));
  // An empty list or text is no filter.
  const query = useMemo(() => Object.fromEntries(Object.entries(withoutChoices(filters, choices)).filter(([, value]) => given(value))), [filters, choices]);
  const shown = useMemo(() => panels.map((panel) => chosenPanel(panel, choices, filters)), [panels, choices, filters]);
  // The subtitle's call takes the filters too: the same call as the panels reading that answer.
  const subtitle = !screen.tabs && screen.subtitle;
  const row = search && (
    <FilterBar
      search={search}
      values={filters}
      onChange={setFilters}
      before={screen.savedFilters && name && <SavedPanelFilters type={name} values={filters} config={config} onApply={(saved) => setFilters({ ...choiceDefaults(choices), ...saved })} />}
      after={choices.map((choice) => (
        <ChoiceSelect key={choice.name} choice={choice} value={filters[choice.name]} onChange={(value) => setFilters((now) => ({ ...now, [choice.name]: value }))} />
      ))}
    />
  );
  return (
    <Stack gap="md">
      {subtitle && <Subtitle url={fillTemplate(subtitle.url, record)} data={subtitle.data} query={query} />}
      {row}
      <ConfiguredPanels screen={screen} config={config} record={record} saved={record} panels={shown} userRoles={userRoles} query={query} />
    </Stack>
  );
}

/** The saved filters menu of a panels page: saves the row's values, applies a chosen one (the default one on arrival). */
function SavedPanelFilters({ type, values, config, onApply }: { type: string; values: Row; config: AppConfig; onApply: (values: Row) => void }) {
  const state = useSavedFilters(type, onApply);
  return <SavedFilterMenu state={state} current={values} nameMax={filterNameMax(config)} />;
}

function ChoiceSelect({ choice, value, onChange }: { choice: ChoiceConfig; value: unknown; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const label = t(choice.title);
  return (
    <Select
      label={label}
      data={choice.options.map((option) => ({ value: option.value, label: t(option.label) }))}
      value={typeof value === 'string' ? value : null}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      miw={200}
      comboboxProps={{ withinPortal: true }}
    />
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
