import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RowActionConfig } from '../config';
import { headerIcon } from '../record/header/headerIcons';
import { actionUrl, rowActionsFor } from './rowActions';

type Row = Record<string, unknown>;

/**
 * Row actions as labelled buttons (a panel's `buttons`): those whose `when` the row matches, a link
 * for a route (`to`), else run by `onRun` (a call, a question, a form).
 */
export function ActionButtons({ actions, row, onRun }: { actions: RowActionConfig[]; row: Row; onRun: (action: RowActionConfig, row: Row) => void }) {
  const { t } = useTranslation();
  const shown = rowActionsFor(actions, row);
  if (!shown.length) return null;
  return (
    <Group gap="xs">
      {shown.map((action) => {
        const Icon = headerIcon(action.icon);
        const to = action.to ? actionUrl(action.to, row) : null;
        const link = to ? { component: Link, to } : { onClick: () => onRun(action, row) };
        return (
          <Button
            key={action.name}
            size="xs"
            variant={action.variant ?? (action.danger ? 'light' : 'filled')}
            color={action.color ?? (action.danger ? 'red' : undefined)}
            leftSection={Icon && <Icon size={16} />}
            data-action={action.name}
            {...(link as object)}
          >
            {t(action.label, { ...row })}
          </Button>
        );
      })}
    </Group>
  );
}
