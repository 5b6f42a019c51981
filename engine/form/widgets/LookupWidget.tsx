import { MultiSelect, Select, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { lookupOf } from '../../schema/fields';
import { knownLabel } from '../../lookup/cache';
import { useLookupSelect } from '../../lookup/lookupSelect';
import { baseInputProps } from './common';
import { DROPDOWN_MAX_HEIGHT } from './EnumSelectWidget';

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null || value === '' ? [] : [value]);

/** An id chosen from an `x-lookup` list, or several for an array of ids. */
export function LookupWidget(props: WidgetProps) {
  const { schema, value, required, readonly, onChange } = props;
  const config = lookupOf(schema);
  const selected = asList(value);
  const lookup = useLookupSelect(config, selected, !!readonly);
  const base = baseInputProps(props);

  if (readonly || !config) {
    const text = selected.map((id) => (config && knownLabel(config.url, id)) ?? `#${id}`).join(', ');
    return <TextInput {...base} value={text} readOnly />;
  }

  const common = { ...base, ...lookup.props, maxDropdownHeight: DROPDOWN_MAX_HEIGHT };

  if (schema.type === 'array') {
    return (
      <MultiSelect
        {...common}
        value={selected.map(String)}
        placeholder={selected.length ? undefined : common.placeholder}
        onChange={(next) => onChange(next.length ? next.map((key) => lookup.original(key)) : undefined)}
        maxValues={typeof schema.maxItems === 'number' ? schema.maxItems : undefined}
        clearable
        hidePickedOptions
      />
    );
  }
  return (
    <Select
      {...common}
      value={selected.length ? String(selected[0]) : null}
      onChange={(next) => onChange(next == null ? undefined : lookup.original(next))}
      clearable={!required}
      allowDeselect={!required}
    />
  );
}
