import { Paper, Stack } from '@mantine/core';
import type { AppConfig, PanelConfig, ScreenConfig } from '../config';
import type { FieldError } from '../form/validation';
import { pickPanel } from '../record/panels';
import { registerEnginePanels } from '../record/registerPanels';
import type { JsonSchema } from '../schema/resolve';

registerEnginePanels();

type Row = Record<string, unknown>;

export interface WizardPanelsProps {
  panels: PanelConfig[];
  screen: ScreenConfig;
  config: AppConfig;
  entity: JsonSchema;
  /** The wizard's values, which the panels change. */
  data: Row;
  /** The stored record the wizard edits (null while creating). */
  saved: Row | null;
  onChange: (next: Row) => void;
  userRoles: readonly string[];
  serverErrors: FieldError[];
  /** Where panels register their own checks, run before Next and Save. */
  checks: Set<() => Promise<boolean>>;
}

/** The panels of a wizard step (docs/schemas.md "Wizards"), on the wizard's values as a record page's panels are on its record. */
export function WizardPanels({ panels, screen, config, entity, data, saved, onChange, userRoles, serverErrors, checks }: WizardPanelsProps) {
  const registerSubmit = (check: () => Promise<boolean>) => {
    checks.add(check);
    return () => void checks.delete(check);
  };
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
                record={data}
                view={data}
                saved={saved}
                onChange={onChange}
                readOnly={false}
                writable
                userRoles={userRoles}
                serverErrors={serverErrors}
                elsewhere={[]}
                registerSubmit={registerSubmit}
              />
            </Paper>
          )
        );
      })}
    </Stack>
  );
}
