import { lazy } from 'react';

/**
 * One lazy chunk for the whole engine (AG Grid, RJSF): never downloaded by the login page.
 * The app's own form widgets and panels load with it and are registered before any screen renders.
 */
let engineLoad: Promise<typeof import('../../engine/index')> | null = null;
const loadEngine = () =>
  (engineLoad ??= Promise.all([import('../../engine/index'), import('../widgets/index'), import('../pages/reports/reportPanels')]).then(([engine, widgets, reports]) => {
    widgets.registerAppWidgets(engine.registerWidget);
    for (const [name, panel] of Object.entries(reports.reportPanels)) engine.registerPanel(name, panel);
    return engine;
  }));

export const SearchScreen = lazy(async () => ({ default: (await loadEngine()).SearchScreen }));
export const MenuScreen = lazy(async () => ({ default: (await loadEngine()).MenuScreen }));
export const WorkflowsScreen = lazy(async () => ({ default: (await loadEngine()).WorkflowsScreen }));
export const RecordScreen = lazy(async () => ({ default: (await loadEngine()).RecordScreen }));
export const WizardScreen = lazy(async () => ({ default: (await loadEngine()).WizardScreen }));
export const FilesScreen = lazy(async () => ({ default: (await loadEngine()).FilesScreen }));
export const PanelsScreen = lazy(async () => ({ default: (await loadEngine()).PanelsScreen }));
