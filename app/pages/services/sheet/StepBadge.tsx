import { Badge, type BadgeProps } from '@mantine/core';
import type { SchemaText } from './schemaText';

/** A step (or any status-like enum value) of a service entity, in the colour its enum gives it. */
export function EnumBadge({ text, field, value, ...props }: { text: SchemaText; field: string; value: unknown } & BadgeProps) {
  if (value == null || value === '') return null;
  return (
    <Badge variant="light" radius="sm" color={text.color(field, value)} style={{ textTransform: 'none' }} {...props}>
      {text.value(field, value)}
    </Badge>
  );
}
