import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateRange } from '../dates';
import { enumText, titleText } from '../i18n';
import type { JsonSchema } from '../schema/resolve';
import { lookupOf, propertiesOf } from '../schema/fields';
import { useLookupSelect } from '../lookup/lookupSelect';
import { DateRangeFilter } from '../search/DateRangeFilter';
import { rangePairs, withReplacements } from './filters';

type Row = Record<string, unknown>;

/**
 * The filters of a panels screen, drawn from its search form in one row: a date range picker for
 * each range (`fromDate`/`toDate`, or a date `onOrAfter` another: filters.ts `rangePairs`; labelled by
 * the first date's `x-rangeTitle`, else "Period", shown above each when there are several), a select for an enum, a multi-select for a list of an enum or of an `x-lookup`
 * (its options loaded or searched as a form's lookup is), a text box (applied on Enter or when left)
 * for a text.
 */
export function FilterBar({ search, values, onChange, before, after }: { search: JsonSchema; values: Row; onChange: (next: Row) => void; before?: ReactNode; after?: ReactNode }) {
  const { t } = useTranslation();
  const properties = propertiesOf(search);
  const ranges = rangePairs(properties);
  const inRange = new Set(ranges.flat());
  const change = (changes: Row) => onChange(withReplacements(properties, values, changes));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search">
      {before}
      {ranges.map(([from, to]) => (
        <DateRangeFilter
          key={from}
          value={{ fromDate: (values[from] as string) ?? null, toDate: (values[to] as string) ?? null }}
          onChange={(range: DateRange) => change({ [from]: range.fromDate ?? undefined, [to]: range.toDate ?? undefined })}
          label={t((properties[from]['x-rangeTitle'] as string | undefined) ?? 'engine.search.period')}
          showLabel={ranges.length > 1}
        />
      ))}
      {Object.entries(properties)
        .filter(([name, property]) => !inRange.has(name) && property['x-hidden'] !== true)
        .map(([name, property]) => (
          <Filter key={name} name={name} property={property} value={values[name]} onChange={(value) => change({ [name]: value })} />
        ))}
      {after}
    </Group>
  );
}

function Filter({ name, property, value, onChange }: { name: string; property: JsonSchema; value: unknown; onChange: (value: unknown) => void }) {
  const { t } = useTranslation();
  const label = titleText(t, property.title as string | undefined, name);
  const items = property.items as JsonSchema | undefined;
  const lookup = lookupOf(property);
  if (lookup) return <LookupFilter label={label} property={property} value={value} onChange={onChange} />;
  if (property.type === 'array' && Array.isArray(items?.enum)) {
    const data = (items.enum as string[]).map((option) => ({ value: option, label: enumText(t, items['x-enum'] as string, option) }));
    return (
      <MultiSelect
        placeholder={label}
        aria-label={label}
        data={data}
        value={(value as string[] | undefined) ?? []}
        onChange={onChange}
        clearable
        miw={220}
        maw={420}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (Array.isArray(property.enum)) {
    const data = (property.enum as string[]).map((option) => ({ value: option, label: enumText(t, property['x-enum'] as string, option) }));
    return (
      <Select
        placeholder={label}
        aria-label={label}
        data={data}
        value={(value as string | undefined) ?? null}
        onChange={(next) => onChange(next ?? undefined)}
        clearable
        miw={180}
      />
    );
  }
  return (
    <TextFilter label={label} value={(value as string | undefined) ?? ''} onChange={(next) => onChange(next || undefined)} maxLength={property.maxLength as number | undefined} />
  );
}

function TextFilter({ label, value, onChange, maxLength }: { label: string; value: string; onChange: (value: string) => void; maxLength?: number }) {
  const [typed, setTyped] = useState(value);
  const apply = () => typed.trim() !== value && onChange(typed.trim());
  return (
    <TextInput
      placeholder={label}
      aria-label={label}
      value={typed}
      maxLength={maxLength}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => event.key === 'Enter' && apply()}
      miw={180}
    />
  );
}

/** An `x-lookup` filter: one or several of its options (ids or names), searched as typed when the list is large. */
function LookupFilter({ label, property, value, onChange }: { label: string; property: JsonSchema; value: unknown; onChange: (value: unknown) => void }) {
  const selected = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  const lookup = useLookupSelect(lookupOf(property), selected);
  const common = { ...lookup.props, 'placeholder': selected.length ? undefined : label, 'aria-label': label, 'clearable': true };
  if (property.type === 'array') {
    return <MultiSelect {...common} value={selected.map(String)} onChange={(next) => onChange(next.map(lookup.original))} hidePickedOptions miw={220} maw={420} />;
  }
  return <Select {...common} value={selected.length ? String(selected[0]) : null} onChange={(next) => onChange(next == null ? undefined : lookup.original(next))} miw={200} />;
}
