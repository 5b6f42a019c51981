import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ColumnConfig, PanelConfig, RowActionConfig } from '../../config';
import { ActionButtons } from '../../search/ActionButtons';
import { conditionHolds } from '../header/conditions';

type Row = Record<string, unknown>;

interface LineCardsProps {
  panel: PanelConfig;
  lines: Row[];
  columns: ColumnConfig[];
  /** A column's value on a line ('' when empty) and how it is drawn. */
  text: (column: ColumnConfig, line: Row) => string;
  cell: (column: ColumnConfig, line: Row) => ReactNode;
  actionsOf: (line: Row, index: number) => RowActionConfig[];
  notes: (line: Row) => ReactNode;
  onRun: (action: RowActionConfig, row: Row) => void;
}

const isBadge = (column: ColumnConfig) => typeof column !== 'string' && column.badge === true;
const isSentence = (column: ColumnConfig) => typeof column !== 'string' && !!column.text;

/**
 * Read-only lines as cards (`layout: "cards"`, for a narrow column): the first column as the title,
 * badge columns beside it, then each other column with a value on its own line — a sentence
 * (`text`) small and dimmed, a plain value as it reads — and the line's actions as labelled buttons.
 */
export function LineCards({ panel, lines, columns, text, cell, actionsOf, notes, onRun }: LineCardsProps) {
  const [first, ...rest] = columns;
  const tint = (line: Row) => (panel.highlight && conditionHolds(panel.highlight.when, line) ? `var(--mantine-color-${panel.highlight.color}-light)` : undefined);
  return (
    <Stack gap="sm">
      {lines.map((line, index) => (
        <Paper key={index} withBorder radius="md" p="sm" bg={tint(line)} data-testid={panel.rowTestId}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text component="div" fw={600}>
              {first && cell(first, line)}
            </Text>
            <Group gap={4}>{rest.filter(isBadge).map((column) => text(column, line) && <Box key={String(typeof column === 'string' ? column : column.field)}>{cell(column, line)}</Box>)}</Group>
          </Group>
          {rest
            .filter((column) => !isBadge(column) && text(column, line))
            .map((column, at) => (
              <Text key={at} component="div" size={isSentence(column) ? 'xs' : 'sm'} c={isSentence(column) ? 'dimmed' : undefined} mt={4} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {cell(column, line)}
              </Text>
            ))}
          <Box mt={actionsOf(line, index).length ? 'sm' : undefined}>
            <ActionButtons actions={actionsOf(line, index)} row={line} onRun={onRun} />
          </Box>
          {notes(line)}
        </Paper>
      ))}
    </Stack>
  );
}

/** The `rowNotes` a line matches, as quiet coloured texts. */
export function RowNotes({ panel, line, t }: { panel: PanelConfig; line: Row; t: (key: string, values?: Row) => string }) {
  const shown = (panel.rowNotes ?? []).filter((note) => conditionHolds(note.when, line));
  return shown.map((note) => (
    <Badge key={note.label} mt={4} variant="transparent" color={note.color ?? 'yellow'} px={0} style={{ textTransform: 'none' }}>
      {t(note.label, line)}
    </Badge>
  ));
}
