import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chipStyle } from '../format/chips';
import { cellText, type FormatContext } from '../format/values';
import { titleText } from '../i18n';
import { knownItem } from '../lookup/cache';
import { useRowLabels } from '../lookup/useRowLabels';
import { fieldKind, lookupOf, propertiesOf } from '../schema/fields';
import type { PanelProps } from './panels';

const LONG_TEXT = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * Panel kind `fieldsCard`: some fields of the record, read only, each under its schema label and
 * as a person reads it — names of lookups (chips for lists and tags), dates in the user's locale,
 * enum labels, objects by their `x-text`; a long text takes the card's width. Empty reads as a dash.
 */
export function FieldsCard({ panel, entity, view }: PanelProps) {
  const { t, i18n } = useTranslation();
  const props = propertiesOf(entity);
  const fields = (panel.fields ?? []).filter((field) => props[field]);
  useRowLabels(props, [view], fields);

  const notVisible = t('engine.value.notVisible');
  const ctx: FormatContext = { t, locale: i18n.language, lookupLabel: (url, id) => knownItem(url, id)?.label ?? notVisible };
  const value = (field: string): ReactNode => {
    const schema = props[field];
    const kind = fieldKind(schema);
    const raw = view[field];
    if ((kind === 'lookupList' || kind === 'tags') && Array.isArray(raw) && raw.length) {
      const url = lookupOf(schema)!.url;
      return (
        <Group gap={6}>
          {raw.map((id, index) => {
            const item = knownItem(url, id);
            const style = kind === 'tags' ? chipStyle(item?.color) : undefined;
            return (
              <Badge key={`${String(id)}-${index}`} variant={style ? undefined : 'default'} radius="sm" fw={500} style={{ ...style, textTransform: 'none' }}>
                {item?.label ?? notVisible}
              </Badge>
            );
          })}
        </Group>
      );
    }
    const text = cellText({ field, schema }, view, ctx, kind);
    return text ? <Text style={LONG_TEXT}>{text}</Text> : <Text c="dimmed">—</Text>;
  };

  return (
    <Stack gap="md">
      {panel.title && <Title order={3} size="h4">{titleText(t, panel.title)}</Title>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: panel.cols ?? 3 }} spacing="lg" verticalSpacing="md">
        {fields.map((field) => (
          <Stack key={field} gap={2} miw={0} style={fieldKind(props[field]) === 'longText' ? { gridColumn: '1 / -1' } : undefined} data-testid={`field-${field}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
              {titleText(t, props[field].title as string | undefined, field)}
            </Text>
            {value(field)}
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
