import { Badge, Box, NavLink, Paper, ScrollArea, Text } from '@mantine/core';
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { api } from '../api';
import { useTranslation } from 'react-i18next';
import type { AppConfig, TreeConfig } from '../config';
import { labelText } from '../format/values';
import { titleText } from '../i18n';
import { knownLabel } from '../lookup/cache';
import { propertiesOf } from '../schema/fields';
import { byOrder, moved, orderChanges } from './familyOrder';
import { useSearch } from './useSearch';

type Row = Record<string, unknown>;

export interface FamilyTree {
  /** The families pane, or null when the screen has no `tree`. */
  pane: ReactNode;
  /** The rows of the chosen family (all rows when none is chosen). */
  rows: Row[];
  /** What a new item takes: the chosen family. */
  defaults: Row;
}

const NO_DEFAULTS: Row = {};

/**
 * A search screen's `tree` (docs/schemas.md "Families and their items — `tree`"): the families of
 * `tree.family` listed beside the grid, each with its number of items; choosing one shows its items
 * and gives a new item that family. Families without items that are archived are left out.
 * With `tree.order`, the families read in that order and are reordered by dragging one onto
 * another's place (or Alt+↑ / Alt+↓ on the focused one): the families that moved are saved.
 */
export function useFamilyTree(tree: TreeConfig | undefined, config: AppConfig, rows: Row[]): FamilyTree {
  const { t, i18n } = useTranslation();
  const family = tree ? config.entities[tree.family] : undefined;
  const families = useSearch(family?.['x-api'] as string | undefined, NO_QUERY);
  const [chosen, setChosen] = useState<unknown>(null);
  const dragged = useRef<number | null>(null);
  const [saving, setSaving] = useState(false);

  const field = tree?.familyField ?? '';
  const counts = useMemo(() => {
    const byFamily = new Map<unknown, number>();
    for (const row of rows) byFamily.set(row[field], (byFamily.get(row[field]) ?? 0) + 1);
    return byFamily;
  }, [rows, field]);
  const shown = useMemo(() => (tree ? rows.filter((row) => chosen === null || row[field] === chosen) : rows), [tree, rows, chosen, field]);
  const defaults = useMemo(() => (chosen === null ? NO_DEFAULTS : { [field]: chosen }), [chosen, field]);

  if (!tree || !family) return { pane: null, rows, defaults: NO_DEFAULTS };
  const idField = family['x-id'] as string;
  const labelField = (family['x-label'] ?? idField) as string;
  const ctx = { t, locale: i18n.language, lookupLabel: knownLabel };
  const nameOf = (record: Row) => labelText(propertiesOf(family)[labelField], record[labelField], ctx) || String(record[idField]);
  const order = tree.order;
  const records = families.rows.filter((record) => record.archived !== true || counts.has(record[idField])).sort(byOrder(order, nameOf, i18n.language));
  const listed = records.map((record) => ({ id: record[idField], name: nameOf(record), code: typeof record.code === 'string' ? record.code : '' }));
  const title = titleText(t, family.title);
  // Saves the families whose place changed, one by one (each with its version), then reads them again.
  const move = async (from: number, to: number) => {
    if (!order || saving || from === to || to < 0 || to >= records.length) return;
    setSaving(true);
    try {
      for (const { record, order: value } of orderChanges(moved(records, from, to), order)) {
        await api.put(`${family['x-api'] as string}/${String(record[idField])}`, { ...record, [order]: value });
      }
    } catch {
      // The error is the API's snack; the pane shows the order the server kept.
    } finally {
      setSaving(false);
      families.refresh();
    }
  };
  const moveKeys = (index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    void move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
  };
  const dragProps = (index: number) =>
    order && index >= 0
      ? {
          draggable: !saving,
          title: t('engine.tree.moveHint'),
          'aria-keyshortcuts': 'Alt+ArrowUp Alt+ArrowDown',
          onKeyDown: moveKeys(index),
          onDragStart: () => (dragged.current = index),
          onDragOver: (event: { preventDefault: () => void }) => event.preventDefault(),
          onDrop: () => dragged.current !== null && void move(dragged.current, index),
          onDragEnd: () => (dragged.current = null),
        }
      : {};
  const item = (id: unknown, label: string, count: number, code = '', index = -1) => (
    <NavLink
      key={String(id)}
      component="button"
      type="button"
      active={chosen === id}
      aria-current={chosen === id ? 'true' : undefined}
      aria-busy={saving || undefined}
      {...dragProps(index)}
      onClick={() => setChosen(id)}
      label={<Text size="sm" lineClamp={2}>{label}</Text>}
      description={code || undefined}
      rightSection={
        <Badge size="sm" variant="light" color="gray" circle={count < 10}>
          {count}
        </Badge>
      }
    />
  );

  const pane = (
    <Box w={{ base: '100%', md: 260 }} style={{ flexShrink: 0 }}>
      <Paper withBorder radius="md" h="100%" component="nav" aria-label={title}>
        <Text fw={600} size="sm" px="sm" pt="sm" pb={4} c="dimmed">
          {title}
        </Text>
        <ScrollArea.Autosize mah="max(360px, calc(100dvh - 320px))" type="auto">
          {item(null, t('engine.tree.all'), rows.length)}
          {listed.map((entry, index) => item(entry.id, entry.name, counts.get(entry.id) ?? 0, entry.code, index))}
        </ScrollArea.Autosize>
      </Paper>
    </Box>
  );
  return { pane, rows: shown, defaults };
}

const NO_QUERY: Row = {};
