import { ActionIcon, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { enumText, titleText } from '../i18n';
import type { PanelProps } from '../record/panels';
import { ActionButtons } from '../search/ActionButtons';
import { allowedActions, rowActionsFor } from '../search/rowActions';
import { useRowActions } from '../search/useRowActions';
import { screenIcon } from '../ui/icons';
import { boardColumns } from './board';
import { chartRows, fillTemplate } from './chartData';
import { PanelHeading } from './PanelHeading';
import { PanelStatus } from './PanelStatus';
import { usePanelTarget } from './panelTarget';
import { cellValueText, tableColumns } from './tableCells';
import { usePanelData } from './usePanelData';

/**
 * Panel kind `board` (docs/schemas.md "Boards of cards"): the rows a call answers as cards in
 * columns by the value of one field (`groupBy`, the `groups` in order with their colours). A card
 * shows a title, a subtitle and labelled lines; a click opens its `link`; its `actions` are row
 * actions (a call with a body, a confirmation, a snackbar) after which the board reads its call again.
 */
export function BoardPanel(props: PanelProps) {
  const { panel, userRoles, config } = props;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const target = usePanelTarget(props);
  const [reload, setReload] = useState(0);
  const { answer, loading, error } = usePanelData(target.url, target.query, reload);
  // With the config: an action's `form` (a button asking for values) opens its dialog.
  const { run, dialog } = useRowActions(() => setReload((count) => count + 1), config);
  const rows = useMemo(() => chartRows(answer, panel), [answer, panel]);
  const columns = useMemo(() => boardColumns(rows, panel.groupBy, panel.groups), [rows, panel.groupBy, panel.groups]);
  const fields = useMemo(() => tableColumns(panel.card?.fields ?? [], t), [panel.card?.fields, t]);
  const actions = useMemo(() => allowedActions(panel.actions, userRoles), [panel.actions, userRoles]);
  // `buttons` beside the title act on the page (an action form creating a row), then the board reads its call again.
  const buttons = useMemo(() => allowedActions(panel.buttons, userRoles), [panel.buttons, userRoles]);
  const card = panel.card ?? { titleField: 'id' };
  const heading = (group: (typeof columns)[number]) => (group.label ? titleText(t, group.label) : group.value);

  return (
    <>
      <PanelHeading
        panel={panel}
        values={target.values}
        aside={answer ? t('engine.board.count', { count: rows.length }) : undefined}
        actions={buttons.length ? <ActionButtons actions={buttons} row={target.values} onRun={(action, row) => void run(action, row)} /> : undefined}
      />
      <PanelStatus error={error} loading={loading && !answer} empty={false} height={panel.height ?? 200}>
        <SimpleGrid cols={{ base: 1, md: Math.min(columns.length, 3) }} spacing="md">
          {columns.map((group) => (
            <Paper key={group.value} radius="md" p="sm" bg={`var(--mantine-color-${group.color}-light)`} data-testid={`board-column-${group.value}`}>
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Text fw={700} c={group.color} size="sm" tt="uppercase">
                  {heading(group)}
                </Text>
                <Badge color={group.color} variant="filled" size="sm">
                  {group.rows.length}
                </Badge>
              </Group>
              <Stack gap="xs">
                {!group.rows.length && (
                  <Text size="sm" c="dimmed" py="xs">
                    {t('engine.board.none')}
                  </Text>
                )}
                {group.rows.map((row, index) => {
                  const link = card.link ? fillTemplate(card.link, row) : null;
                  const title = card.titleEnum ? enumText(t, card.titleEnum, row[card.titleField]) : String(row[card.titleField] ?? '');
                  return (
                    <Card
                      key={String(row[Object.keys(row)[0]] ?? index)}
                      withBorder
                      radius="md"
                      padding="sm"
                      style={{ borderLeft: `4px solid var(--mantine-color-${group.color}-6)`, cursor: link ? 'pointer' : undefined }}
                      onClick={() => link && navigate(link)}
                      onKeyDown={(event) => link && event.key === 'Enter' && navigate(link)}
                      tabIndex={link ? 0 : undefined}
                      // Named by its text, all of which it shows (WCAG 2.5.3).
                      role={link ? 'link' : undefined}
                      data-testid="board-card"
                    >
                      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                        <Stack gap={2} style={{ minWidth: 0 }}>
                          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {title}
                          </Text>
                          {card.subtitle && (
                            <Text size="xs" c="dimmed" ff="monospace">
                              {String(row[card.subtitle] ?? '')}
                            </Text>
                          )}
                        </Stack>
                        <Group gap={4} wrap="nowrap">
                          {rowActionsFor(actions, row).map((action) => {
                            const Icon = screenIcon(action.icon ?? 'check');
                            const label = titleText(t, action.label);
                            return (
                              <Tooltip key={action.name} label={label} withinPortal>
                                <ActionIcon
                                  variant="light"
                                  color={action.danger ? 'red' : group.color}
                                  aria-label={label}
                                  onClick={(event) => {
                                    event.stopPropagation();
                                    void run(action, row);
                                  }}
                                  onKeyDown={(event) => event.stopPropagation()}
                                >
                                  <Icon size={16} />
                                </ActionIcon>
                              </Tooltip>
                            );
                          })}
                        </Group>
                      </Group>
                      {fields.length > 0 && (
                        <Stack gap={0} mt={6}>
                          {fields.map((field) => {
                            const value = row[field.field];
                            if (value === undefined || value === null || value === '') return null;
                            return (
                              <Text key={field.field} size="xs" c="dimmed" truncate>
                                <Text span inherit fw={500} c="var(--mantine-color-text)">
                                  {field.label}
                                </Text>
                                {' · '}
                                {cellValueText(field, value, t, i18n.language)}
                              </Text>
                            );
                          })}
                        </Stack>
                      )}
                    </Card>
                  );
                })}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </PanelStatus>
      {dialog}
    </>
  );
}
