import { Grid, Paper } from '@mantine/core';
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
  /** Filter values of the screen, sent with the calls of chart and table panels. */
  query?: Record<string, unknown>;
}

const none = () => () => undefined;

/**
 * Panels beside a form the page edits itself, declared in its screen file: the `tabs` of a
 * hand-written page, the `sheet.panels` of a dialog sheet, the panels of a files page. They never
 * change the record's fields (`related` lists, `attachments` with their own calls).
 */
export function ConfiguredPanels({ screen, config, record, saved = record, panels, userRoles, writable = false, query }: ConfiguredPanelsProps) {
  const entity = config.entities[screen.entity ?? ''] ?? { type: 'object', properties: {} };
  return (
    // Panels take the whole width unless they say (`span` of 12 columns), side by side on wide screens.
    <Grid gap="md">
      {panels.map((panel, index) => {
        const Panel = pickPanel(panel, entity);
        return (
          Panel && (
            <Grid.Col key={index} span={{ base: 12, lg: panel.span ?? 12 }}>
              <Paper withBorder radius="md" p="md" h="100%">
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
                  query={query}
                />
              </Paper>
            </Grid.Col>
          )
        );
      })}
    </Grid>
  );
}
