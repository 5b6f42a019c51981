import { BoardPanel } from '../charts/BoardPanel';
import { ChartPanel } from '../charts/ChartPanel';
import { ComparePanel } from '../charts/ComparePanel';
import { FiguresPanel } from '../charts/FiguresPanel';
import { HeatmapPanel } from '../charts/HeatmapPanel';
import { DataTablePanel } from '../charts/DataTablePanel';
import { GraphPanel } from '../charts/GraphPanel';
import { ExportPanel } from '../export/ExportPanel';
import { propertiesOf } from '../schema/fields';
import { AttachmentsPanel } from './attachments/AttachmentsPanel';
import { FieldsCard } from './FieldsCard';
import { FormPanel } from './FormPanel';
import { LinesTable } from './lines/LinesTable';
import { HistoryPanel } from './HistoryPanel';
import { NotesPanel } from './NotesPanel';
import { isKind, registerPanelKind } from './panels';
import { lazyPanel } from './lazyPanel';

// The two grid panels load with the first one shown (lazyPanel.tsx): a record page without lines never downloads AG Grid.
const LinesPanel = lazyPanel(() => import('./lines/LinesPanel'), 'LinesPanel');
const RelatedPanel = lazyPanel(() => import('./RelatedPanel'), 'RelatedPanel');

let registered = false;

/** The engine's own panel kinds (docs/schemas.md "Record pages"). */
export function registerEnginePanels(): void {
  if (registered) return;
  registered = true;
  registerPanelKind({ tester: isKind('form'), component: FormPanel });
  // A lines grid needs an array of objects to edit.
  registerPanelKind({
    tester: (panel, entity) => (panel.kind === 'lines' && propertiesOf(entity)[panel.field ?? '']?.items?.type === 'object' ? 1 : -1),
    component: LinesPanel,
  });
  // Read-only lines (of an array field, or the rows a `list` call answers): a plain table with links, ranked above the editing grid.
  registerPanelKind({
    tester: (panel, entity) => (panel.kind === 'lines' && panel.readOnly === true && (!!panel.list || propertiesOf(entity)[panel.field ?? '']?.type === 'array') ? 2 : -1),
    component: LinesTable,
  });
  registerPanelKind({ tester: isKind('related'), component: RelatedPanel });
  registerPanelKind({ tester: (panel) => (panel.kind === 'fieldsCard' && !!panel.fields?.length ? 1 : -1), component: FieldsCard });
  // Notes and history are read from the calls the screen names (docs/schemas.md "Notes and history panels").
  registerPanelKind({ tester: (panel) => (panel.kind === 'history' && !!panel.list ? 1 : -1), component: HistoryPanel });
  registerPanelKind({ tester: (panel) => (panel.kind === 'notes' && !!panel.list ? 1 : -1), component: NotesPanel });
  registerPanelKind({ tester: isKind('attachments'), component: AttachmentsPanel });
  // Figures of a call: a chart or a table of its rows (both need the call).
  registerPanelKind({ tester: (panel) => (panel.kind === 'chart' && !!panel.url ? 1 : -1), component: ChartPanel });
  registerPanelKind({ tester: (panel) => (panel.kind === 'dataTable' && !!panel.url ? 1 : -1), component: DataTablePanel });
  // Single values as cards, two periods side by side, a year of days as a grid (docs/schemas.md "Figures", "Compare", "Heatmap").
  registerPanelKind({ tester: (panel) => (panel.kind === 'figures' && !!panel.url && !!panel.columns?.length ? 1 : -1), component: FiguresPanel });
  registerPanelKind({ tester: (panel) => (panel.kind === 'compare' && !!panel.url && !!panel.compare ? 1 : -1), component: ComparePanel });
  registerPanelKind({ tester: (panel) => (panel.kind === 'heatmap' && !!panel.url && !!panel.series?.length ? 1 : -1), component: HeatmapPanel });
  // An Excel file of a call's rows, made in the browser.
  registerPanelKind({ tester: (panel) => (panel.kind === 'export' && !!panel.url && !!panel.columns?.length ? 1 : -1), component: ExportPanel });
  // Cards of a call's rows in columns by a field (the dashboard's tasks by level).
  registerPanelKind({ tester: (panel) => (panel.kind === 'board' && !!panel.url ? 1 : -1), component: BoardPanel });
  // Edges of a call's rows drawn as a graph (the library loads on first show).
  registerPanelKind({ tester: (panel) => (panel.kind === 'graph' && !!panel.url && !!panel.edge ? 1 : -1), component: GraphPanel });
}
