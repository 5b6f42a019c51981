import { Badge, Box, NavLink, Paper, ScrollArea, Text } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig, TreeConfig } from '../config';
import { labelText } from '../format/values';
import { titleText } from '../i18n';
import { knownLabel } from '../lookup/cache';
import { propertiesOf } from '../schema/fields';
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
 */
export function useFamilyTree(tree: TreeConfig | undefined, config: AppConfig, rows: Row[]): FamilyTree {
  const { t, i18n } = useTranslation();
  const family = tree ? config.entities[tree.family] : undefined;
  const families = useSearch(family?.['x-api'] as string | undefined, NO_QUERY);
  const [chosen, setChosen] = useState<unknown>(null);

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
  const listed = families.rows
    .filter((record) => record.archived !== true || counts.has(record[idField]))
    .map((record) => ({ id: record[idField], name: nameOf(record), code: typeof record.code === 'string' ? record.code : '' }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  const title = titleText(t, family.title);
  const item = (id: unknown, label: string, count: number, code = '') => (
    <NavLink
      key={String(id)}
      component="button"
      type="button"
      active={chosen === id}
      aria-current={chosen === id ? 'true' : undefined}
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
          {listed.map((entry) => item(entry.id, entry.name, counts.get(entry.id) ?? 0, entry.code))}
        </ScrollArea.Autosize>
      </Paper>
    </Box>
  );
  return { pane, rows: shown, defaults };
}

const NO_QUERY: Row = {};
