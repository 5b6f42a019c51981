import { MultiSelect, Select, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { lookupOf } from '../../schema/fields';
import { knownLabel, unlabelled } from '../../lookup/cache';
import { cascadedLookup } from '../../lookup/cascade';
import { useLookupSelect } from '../../lookup/lookupSelect';
import type { EngineFormContext } from '../context';
import { baseInputProps } from './common';
import { DROPDOWN_MAX_HEIGHT } from './EnumSelectWidget';

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null || value === '' ? [] : [value]);

/**
 * An id chosen from an `x-lookup` list, or several for an array of ids. A cascading lookup
 * (`x-lookup.params`) is disabled until the fields it depends on are filled, and empties itself when they change.
 */
export function LookupWidget(props: WidgetProps) {
  const { schema, value, required, readonly, onChange } = props;
  const context = props.registry.formContext as EngineFormContext | undefined;
  const declared = lookupOf(schema);
  const { config, waiting, key } = cascadedLookup(declared, context?.formData);
  const selected = asList(value);
  const lookup = useLookupSelect(config, selected, !!readonly);
  const base = baseInputProps(props);
  const dependsOn = useRef(key);
  useEffect(() => {
    if (dependsOn.current === key) return;
    dependsOn.current = key;
    if (!readonly && selected.length) onChange(undefined);
  });

  if (readonly || !declared) {
    const text = selected.map((id) => (config && knownLabel(config.url, id)) ?? unlabelled(id)).join(', ');
    return <TextInput {...base} value={text} readOnly />;
  }
  if (waiting) return <Select {...base} data={[]} value={selected.length ? String(selected[0]) : null} disabled />;

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
