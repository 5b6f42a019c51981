import { Stack } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';
import { lazyNamed } from '../../engine/ui/lazyNamed';
import { useFirstSearch } from '../../engine/search/firstSearch';
import type { SearchScreenProps } from '../../engine/search/SearchScreen';
import { PageHeader } from '../../engine/ui/PageHeader';
import { PageLoader } from '../pages/FullPageLoader';

/**
 * The engine's screens, one lazy chunk per screen type: a search page loads the search screen (its
 * grid follows in its own chunk) and not the wizard, the charts or the record panels. Never
 * downloaded by the login page. What a screen type needs from the app is registered before it
 * renders: the app's form widgets for every screen with forms, the report panels for wizards and
 * records (the only screens that show custom panels).
 */
let widgetsLoad: Promise<void> | null = null;
const withAppWidgets = () =>
  (widgetsLoad ??= Promise.all([import('../../engine/form/widgetRegistry'), import('../widgets/index')]).then(([registry, widgets]) => widgets.registerAppWidgets(registry.registerWidget)));

let panelsLoad: Promise<void> | null = null;
const withReportPanels = () =>
  (panelsLoad ??= Promise.all([import('../../engine/record/panels'), import('../pages/reports/reportPanels')]).then(([registry, reports]) => {
    for (const [name, panel] of Object.entries(reports.reportPanels)) registry.registerPanel(name, panel);
  }));

/** The app's panels of panels pages: the contacts directory export (the datacenter's exports). */
let pagePanelsLoad: Promise<void> | null = null;
const withPagePanels = () =>
  (pagePanelsLoad ??= Promise.all([import('../../engine/record/panels'), import('../pages/admin/DirectoryExport')]).then(([registry, directory]) => {
    registry.registerPanel('directoryExport', directory.DirectoryExport);
  }));

/** A screen module, once what it needs from the app is registered (both on their way at once). */
async function after<M>(module: Promise<M>, ...ready: (() => Promise<void>)[]): Promise<M> {
  await Promise.all(ready.map((step) => step()));
  return module;
}

const LazySearchScreen = lazyNamed(() => after(import('../../engine/search/SearchScreen'), withAppWidgets), 'SearchScreen');
export const MenuScreen = lazyNamed(() => import('../../engine/menu/MenuScreen'), 'MenuScreen');
export const WorkflowsScreen = lazyNamed(() => import('../../engine/workflow/WorkflowsScreen'), 'WorkflowsScreen');
export const RecordScreen = lazyNamed(() => after(import('../../engine/record/RecordScreen'), withAppWidgets, withReportPanels), 'RecordScreen');
export const WizardScreen = lazyNamed(() => after(import('../../engine/wizard/WizardScreen'), withAppWidgets, withReportPanels), 'WizardScreen');
export const FilesScreen = lazyNamed(() => after(import('../../engine/record/FilesScreen'), withAppWidgets, withReportPanels), 'FilesScreen');
export const SettingsScreen = lazyNamed(() => after(import('../../engine/settings/SettingsScreen'), withAppWidgets), 'SettingsScreen');
export const PanelsScreen = lazyNamed(() => after(import('../../engine/charts/PanelsScreen'), withAppWidgets, withReportPanels, withPagePanels), 'PanelsScreen');

/**
 * A search screen: its first search starts as soon as the route shows, while the screen's code is
 * on its way (docs/schemas.md "First search"), and its title and description show meanwhile.
 */
export const SearchScreen: ComponentType<SearchScreenProps> = (props) => {
  useFirstSearch(props.screen, props.config);
  const waiting = (
    <Stack gap="md">
      <PageHeader screen={props.screen} config={props.config} />
      <PageLoader />
    </Stack>
  );
  return (
    <Suspense fallback={waiting}>
      <LazySearchScreen {...props} />
    </Suspense>
  );
};
