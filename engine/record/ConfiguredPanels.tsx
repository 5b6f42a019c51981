import { Paper, Stack } from '@mantine/core';
import type { AppConfig, PanelConfig, ScreenConfig } from '../config';
import { pickPanel } from './panels';
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
  /** The caller may add to the record (attach files); default false. */
  writable?: boolean;
}

const none = () => () => undefined;

/**
 * Panels beside a form the page edits itself, declared in its screen file: the `tabs` of a
 * hand-written page, the `sheet.panels` of a dialog sheet, the panels of a files page. They never
 * change the record's fields (`related` lists, `attachments` with their own calls).
 */
export function ConfiguredPanels({ screen, config, record, saved = record, panels, userRoles, writable = false }: ConfiguredPanelsProps) {
  const entity = config.entities[screen.entity ?? ''] ?? { type: 'object', properties: {} };
  return (
    <Stack gap="md">
      {panels.map((panel, index) => {
        const Panel = pickPanel(panel, entity);
        return (
          Panel && (
            <Paper key={index} withBorder radius="md" p="md">
              <Panel
                panel={panel}
                screen={screen}
                config={config}
                entity={entity}
                record={record}
                view={record}
                saved={saved}
                onChange={() => undefined}
                readOnly
                writable={writable}
                userRoles={userRoles}
                serverErrors={[]}
                elsewhere={[]}
                registerSubmit={none}
              />
            </Paper>
          )
        );
      })}
    </Stack>
  );
}
