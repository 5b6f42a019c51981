import { Alert, Box, Group, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { screenColumns } from '../grid/columns';
import { SchemaGrid } from '../grid/SchemaGrid';
import { titleText } from '../i18n';
import { fillRoute, idParamOf } from '../search/routeParams';
import { allowedActions } from '../search/rowActions';
import { useSearch } from '../search/useSearch';
import { useRowActions } from '../search/useRowActions';
import type { RowActionConfig } from '../config';
import type { PanelProps } from './panels';

type Row = Record<string, unknown>;

/**
 * Panel kind `related`: the records of another entity that point at this one, in a read-only grid
 * (`entity`, its search `params`: query parameter → field of this record). Rows open that entity's
 * record page when it has one; `rowActions` (docs/schemas.md "Row actions") put buttons on them, and
 * the list is read again after one with `then: "refresh"`. A record not saved yet has none.
 */
export function RelatedPanel({ panel, config, saved, userRoles }: PanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const related = config.entities[panel.entity ?? ''];
  const query = useMemo(
    () => (saved ? Object.fromEntries(Object.entries(panel.params ?? {}).map(([param, field]) => [param, saved[field] as unknown])) : null),
    [saved, panel.params],
  );
  const result = useSearch(query && related ? (related['x-api'] as string) : undefined, query ?? {});
  const rowActions = useRowActions(result.refresh);
  const runAction = useRef(rowActions.run);
  runAction.current = rowActions.run;
  const rolesKey = JSON.stringify(userRoles);
  const actions = useMemo(
    () => ({ actions: allowedActions(panel.rowActions, JSON.parse(rolesKey) as string[]), onRun: (action: RowActionConfig, row: Row) => runAction.current(action, row) }),
    [panel.rowActions, rolesKey], // the roles compared by value
  );
  const columns = useMemo(() => (related ? screenColumns({ route: '', type: 'search', title: '', columns: panel.columns }, related) : []), [related, panel.columns]);
  const page = config.screens.find((screen) => screen.type === 'record' && screen.entity === panel.entity);
  const open = useCallback(
    (row: Row) => {
      const path = page && fillRoute(page.route, { [idParamOf(page.route)]: String(row[related?.['x-id']]) });
      if (path) navigate(path);
    },
    [page, related, navigate],
  );
  if (!related) return <Alert color="red">{t('engine.search.unknownEntity', { name: panel.entity ?? '' })}</Alert>;
  const title = titleText(t, panel.title ?? (related.title as string | undefined));

  return (
    <Box>
      <Group gap="xs" mb="xs">
        <Title order={3} size="h4">{title}</Title>
        <Text size="sm" c="dimmed">
          {t('engine.search.count', { count: result.rows.length, n: result.rows.length })}
        </Text>
      </Group>
      <Box h={Math.min(420, 60 + 42 * Math.max(result.rows.length, 3))}>
        <SchemaGrid columns={columns} rows={result.rows} idField={related['x-id']} loading={result.loading} onRowClick={page ? open : undefined} ariaLabel={title} actions={actions.actions.length ? actions : undefined} />
      </Box>
      {rowActions.dialog}
    </Box>
  );
}
