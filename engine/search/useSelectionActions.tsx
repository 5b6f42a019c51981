import { Button, Group, Paper, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../api';
import type { SelectionActionConfig } from '../config';
import { notify } from '../notify';
import { rolesAllow } from '../schema/roles';
import { screenIcon } from '../ui/icons';
import { rowMatches } from './rowActions';

type Row = Record<string, unknown>;

/**
 * A search screen's `selectionActions` (docs/schemas.md "Selection actions"): rows get checkboxes
 * (only rows matching an action's `when`), and a bar over the grid offers each action the user's
 * roles allow, calling its url once with the selected ids (`{ <ids>: [...] }`). The server
 * checks everything again; its refusal is shown by the app and nothing changes.
 */
export function useSelectionActions(configured: SelectionActionConfig[] | undefined, idField: string | undefined, roles: readonly string[], refresh: () => void) {
  const { t } = useTranslation();
  const rolesKey = JSON.stringify(roles);
  // The roles compared by value: callers pass a new array at each render.
  const actions = useMemo(() => (configured ?? []).filter((action) => action.call && rolesAllow(action.roles, JSON.parse(rolesKey) as string[])), [configured, rolesKey]);
  const [selected, setSelected] = useState<Row[]>([]);
  const [running, setRunning] = useState<string | null>(null);
  const selection = useMemo(
    () => (actions.length ? { selectable: (row: Row) => actions.some((action) => rowMatches(action.when, row)), onChange: setSelected } : undefined),
    [actions],
  );

  const run = async (action: SelectionActionConfig) => {
    const rows = selected.filter((row) => rowMatches(action.when, row));
    const call = action.call!;
    setRunning(action.name);
    try {
      const { data } = await request<unknown>(call.method ?? 'PUT', call.url, { body: { [call.ids]: rows.map((row) => row[idField ?? '']) } });
      const count = Array.isArray(data) ? data.length : rows.length;
      notify({ level: 'success', message: t(action.success ?? 'engine.selection.done', { count }) });
      setSelected([]);
      refresh();
    } catch {
      // The app already said why; the selection stays for another try.
    } finally {
      setRunning(null);
    }
  };

  const toolbar = actions.length ? (
    <Paper withBorder radius="md" px="md" py={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('engine.selection.count', { count: selected.length })}
        </Text>
        <Group gap="xs">
          {actions.map((action) => {
            const Icon = screenIcon(action.icon);
            const count = selected.filter((row) => rowMatches(action.when, row)).length;
            return (
              <Button key={action.name} size="xs" leftSection={<Icon size={14} />} disabled={!count || running !== null} loading={running === action.name} onClick={() => void run(action)}>
                {t(action.label)} ({count})
              </Button>
            );
          })}
        </Group>
      </Group>
    </Paper>
  ) : null;

  return { selection, toolbar };
}
