import type { AppConfig, PanelConfig, ScreenConfig } from '../config';
import type { FieldError } from '../form/validation';
import { PanelGrid } from './PanelGrid';
import { pickPanel, type PanelProps } from './panels';
import { registerEnginePanels } from './registerPanels';

registerEnginePanels();

type Row = Record<string, unknown>;

export interface ConfiguredPanelsProps {
  screen: ScreenConfig;
  config: AppConfig;
  /** The record the panels are about (its fields are read-only here). */
  record: Row;
  /** The stored record: null while it is being created (default: `record`). */
  saved?: Row | null;
  panels: PanelConfig[];
  userRoles: readonly string[];
  /** The caller's contact id (a notes panel: the author edits their notes). */
  userContactId?: unknown;
  /** The caller may add to the record (attach files); default false. */
  writable?: boolean;
  /** The caller may add files though not change the record (nor edit or delete its files); default false. */
  addable?: boolean;
  /** Filter values of the screen, sent with the calls of chart and table panels. */
  query?: Record<string, unknown>;
  /** Reads the record again (a row action's call changed it). */
  onReload?: () => void;
  /** Given, the panels edit the record (a wizard step's panels); otherwise they only read it. */
  onChange?: (next: Row) => void;
  serverErrors?: FieldError[];
  registerSubmit?: PanelProps['registerSubmit'];
}

const none = () => () => undefined;

/**
 * Panels declared in a screen file beside what the page draws itself: the `tabs` of a hand-written
 * page, the `sheet.panels` of a dialog sheet, the panels of a files page — which never change the
 * record's fields (`related` lists, `attachments` with their own calls) — and the panels of a
 * wizard's step, which edit the wizard's values (`onChange`).
 */
export function ConfiguredPanels({ screen, config, record, saved = record, panels, userRoles, userContactId, writable = false, addable = false, query, onChange, onReload, serverErrors = [], registerSubmit = none }: ConfiguredPanelsProps) {
  const entity = config.entities[screen.entity ?? ''] ?? { type: 'object', properties: {} };
  return (
    <PanelGrid
      panels={panels}
      record={record}
      render={(panel) => {
        const Panel = pickPanel(panel, entity);
        return (
          Panel && (
            <Panel
              panel={panel}
              screen={screen}
              config={config}
              entity={entity}
              record={record}
              view={record}
              saved={saved}
              onChange={onChange ?? (() => undefined)}
              onReload={onReload}
              readOnly={!onChange}
              writable={writable}
              addable={addable}
              userRoles={userRoles}
              userContactId={userContactId}
              serverErrors={serverErrors}
              elsewhere={[]}
              registerSubmit={registerSubmit}
              query={query}
            />
          )
        );
      }}
    />
  );
}
