import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HeaderConfig } from '../../config';
import type { JsonSchema } from '../../schema/resolve';
import { headerValueText } from './headerValues';

type Row = Record<string, unknown>;

/** The line under a record's title: values joined by " · ", empty ones left out; a `label` wraps its value. */
export function HeaderSubtitle({ items, entity, record }: { items: NonNullable<HeaderConfig['subtitle']>; entity: JsonSchema; record: Row }) {
  const { t, i18n } = useTranslation();
  const parts = items
    .map((item) => {
      const { field, label, enum: enumName } = typeof item === 'string' ? { field: item } : item;
      const value = headerValueText(t, i18n.language, entity, record, field, enumName);
      return value && label ? t(label, { [field]: value }) : value;
    })
    .filter(Boolean);
  if (parts.length === 0) return null;
  return <Text c="dimmed">{parts.join(' · ')}</Text>;
}
