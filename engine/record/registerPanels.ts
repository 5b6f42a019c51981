import { BoardPanel } from '../charts/BoardPanel';
import { ChartPanel } from '../charts/ChartPanel';
import { DataTablePanel } from '../charts/DataTablePanel';
import { propertiesOf } from '../schema/fields';
import { AttachmentsPanel } from './attachments/AttachmentsPanel';
import { FormPanel } from './FormPanel';
import { LinesPanel } from './lines/LinesPanel';
import { HistoryPanel } from './HistoryPanel';
import { NotesPanel } from './NotesPanel';
import { RelatedPanel } from './RelatedPanel';
import { isKind, registerPanelKind } from './panels';

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
  registerPanelKind({ tester: isKind('related'), component: RelatedPanel });
  // A history needs an entity that keeps one.
  registerPanelKind({ tester: (panel, entity) => (panel.kind === 'history' && entity['x-history'] === true ? 1 : -1), component: HistoryPanel });
  registerPanelKind({ tester: (panel, entity) => (panel.kind === 'notes' && entity['x-notes'] === true ? 1 : -1), component: NotesPanel });
  registerPanelKind({ tester: isKind('attachments'), component: AttachmentsPanel });
  // Figures of a call: a chart or a table of its rows (both need the call).
  registerPanelKind({ tester: (panel) => (panel.kind === 'chart' && !!panel.url ? 1 : -1), component: ChartPanel });
  registerPanelKind({ tester: (panel) => (panel.kind === 'dataTable' && !!panel.url ? 1 : -1), component: DataTablePanel });
  // Cards of a call's rows in columns by a field (the dashboard's tasks by level).
  registerPanelKind({ tester: (panel) => (panel.kind === 'board' && !!panel.url ? 1 : -1), component: BoardPanel });
}
