import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowActionConfig } from '../config';
import { titleText } from '../i18n';
import { rowActionsFor } from '../search/rowActions';
import { screenIcon } from '../ui/icons';

type Row = Record<string, unknown>;

export interface ActionsCellParams {
  actions: RowActionConfig[];
  onRun: (action: RowActionConfig, row: Row) => Promise<void>;
}

/** Marks elements whose clicks are theirs, not the row's (the grid does not open the record). */
export const OWN_CLICK_ATTRIBUTE = 'data-row-action';

/** The row's action buttons, each an icon with its label as tooltip and accessible name. */
export function ActionsCell(props: CustomCellRendererProps<Row> & ActionsCellParams) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<string | null>(null);
  const row = props.data;
  if (!row) return null;
  const run = async (action: RowActionConfig) => {
    setRunning(action.name);
    try {
      await props.onRun(action, row);
    } finally {
      setRunning(null);
    }
  };
  return (
    <Group gap={4} wrap="nowrap" h="100%" {...{ [OWN_CLICK_ATTRIBUTE]: true }}>
      {rowActionsFor(props.actions, row).map((action) => {
        const Icon = screenIcon(action.icon);
        const label = titleText(t, action.label);
        return (
          <Tooltip key={action.name} label={label} withinPortal openDelay={200}>
            <ActionIcon
              variant="subtle"
              color={action.danger ? 'red' : undefined}
              aria-label={label}
              data-action={action.name}
              loading={running === action.name}
              disabled={running !== null && running !== action.name}
              onClick={() => void run(action)}
            >
              <Icon size={18} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
