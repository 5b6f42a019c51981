import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { enumText, titleText } from '../i18n';
import { useLookup } from '../lookup/useLookup';
import { enumOf, lookupOf, propertiesOf } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';

function ScopeBadge({ prop, name, value }: { prop: JsonSchema; name: string; value: unknown }) {
  const { t } = useTranslation();
  const lookup = useLookup(lookupOf(prop), [value], true);
  const text = lookupOf(prop) ? lookup.data[0]?.label : enumText(t, enumOf(prop)?.name, value);
  return (
    <Badge variant="light" color="gray" size="lg" radius="sm" style={{ textTransform: 'none' }} data-scope={name}>
      {titleText(t, prop.title, name)}: {text || String(value)}
    </Badge>
  );
}

/** What the route fixes for this list (e.g. whose records these are), not editable as a filter. */
export function ScopeBadges({ search, fixed }: { search: JsonSchema; fixed: Record<string, unknown> }) {
  const props = propertiesOf(search);
  const entries = Object.entries(fixed).filter(([name]) => props[name]);
  if (!entries.length) return null;
  return (
    <Group gap="xs">
      {entries.map(([name, value]) => (
        <ScopeBadge key={name} prop={props[name]} name={name} value={value} />
      ))}
    </Group>
  );
}
