import { Badge, Group, Text } from '@mantine/core';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { chipStyle } from '../format/chips';
import { valueColor, type ValueColors } from '../format/colors';
import { knownItem } from '../lookup/cache';

/** Cells that are more than text: status badges and tag chips. */
export function BadgeCell(props: CustomCellRendererProps & { colors?: ValueColors }) {
  const raw = props.data?.[props.colDef?.field ?? ''];
  if (raw == null || raw === '') return null;
  return (
    <Badge variant="light" color={valueColor(raw, props.colors)} radius="sm" size="md" style={{ textTransform: 'none' }}>
      {props.valueFormatted ?? props.value}
    </Badge>
  );
}

export function ChipsCell(props: CustomCellRendererProps & { url: string }) {
  const ids: unknown[] = Array.isArray(props.data?.[props.colDef?.field ?? '']) ? props.data[props.colDef!.field!] : [];
  if (!ids.length) return null;
  return (
    <Group gap={4} wrap="nowrap" h="100%" style={{ overflow: 'hidden' }}>
      {ids.map((id) => {
        const item = knownItem(props.url, id);
        return (
          <Text key={String(id)} component="span" size="xs" fw={500} px={8} py={1} style={{ ...chipStyle(item?.color), borderRadius: 12, whiteSpace: 'nowrap' }}>
            {item?.label ?? `#${id}`}
          </Text>
        );
      })}
    </Group>
  );
}

export function BooleanCell(props: CustomCellRendererProps) {
  const raw = props.data?.[props.colDef?.field ?? ''];
  if (raw == null) return null;
  return (
    <Text span c={raw ? 'teal' : 'dimmed'} fw={600} aria-label={String(props.valueFormatted ?? props.value)}>
      {raw ? '✓' : '–'}
    </Text>
  );
}

/** A `#rrggbb` value: its colour as a swatch before the code (the colour picker's fields). */
export function SwatchCell(props: CustomCellRendererProps) {
  const raw = props.data?.[props.colDef?.field ?? ''];
  if (typeof raw !== 'string' || !raw) return null;
  return (
    <Group gap={6} wrap="nowrap" h="100%">
      <span aria-hidden style={{ width: 14, height: 14, borderRadius: 4, flex: 'none', background: raw, border: '1px solid var(--mantine-color-default-border)' }} />
      <Text span size="sm">{raw}</Text>
    </Group>
  );
}
