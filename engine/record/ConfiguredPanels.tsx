import { Paper, Stack } from '@mantine/core';
import type { AppConfig, PanelConfig, ScreenConfig } from '../config';
import { pickPanel } from './panels';
import { registerEnginePanels } from './registerPanels';

registerEnginePanels();

type Row = Record<string, unknown>;

export interface ConfiguredPanelsProps {
  screen: ScreenConfig;
  config: AppConfig;
  /** The record the panels are about (read-only here). */
  record: Row;
  panels: PanelConfig[];
  userRoles: readonly string[];
}

const none = () => () => undefined;

/**
 * Read-only panels of a hand-written page's tab, declared in its screen file (`tabs`), e.g. `related`
 * panels listing the records that point at the page's record.
 */
export function ConfiguredPanels({ screen, config, record, panels, userRoles }: ConfiguredPanelsProps) {
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
                saved={record}
                onChange={() => undefined}
                readOnly
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
