import { Loader, MultiSelect, Select, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lookupOf } from '../../schema/fields';
import { canSearch, knownLabel, type LookupItem } from '../../lookup/cache';
import { useLookup } from '../../lookup/useLookup';
import { baseInputProps } from './common';
import { DROPDOWN_MAX_HEIGHT } from './EnumSelectWidget';

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null || value === '' ? [] : [value]);

/** Mantine options hold strings; the record keeps the lookup's own value (usually a number). */
function originalValue(data: LookupItem[], key: string): LookupItem['value'] {
  return data.find((item) => String(item.value) === key)?.value ?? key;
}

/** An id chosen from an `x-lookup` list, or several for an array of ids. */
export function LookupWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { schema, value, required, readonly, onChange } = props;
  const config = lookupOf(schema);
  const selected = asList(value);
  const lookup = useLookup(config, selected, !!readonly);
  const base = baseInputProps(props);

  if (readonly || !config) {
    const text = selected.map((id) => (config && knownLabel(config.url, id)) ?? `#${id}`).join(', ');
    return <TextInput {...base} value={text} readOnly />;
  }

  const data = lookup.data.map((item) => ({ value: String(item.value), label: item.label }));
  const common = {
    ...base,
    data,
    searchable: true,
    searchValue: lookup.searchMode ? lookup.query : undefined,
    onSearchChange: lookup.searchMode ? lookup.setQuery : undefined,
    // A searched list is already filtered by the server; under 3 letters the hint shows instead.
    filter: lookup.searchMode ? ({ options, search }: { options: any[]; search: string }) => (canSearch(search) ? options : []) : undefined,
    nothingFoundMessage: t(lookup.emptyMessage.key, lookup.emptyMessage.values),
    rightSection: lookup.loading ? <Loader size="xs" /> : undefined,
    leftSection: lookup.searchMode ? <IconSearch size={14} stroke={1.5} /> : undefined,
    comboboxProps: { withinPortal: true },
    maxDropdownHeight: DROPDOWN_MAX_HEIGHT,
    limit: 200,
  };

  if (schema.type === 'array') {
    return (
      <MultiSelect
        {...common}
        value={selected.map(String)}
        placeholder={selected.length ? undefined : common.placeholder}
        onChange={(next) => onChange(next.length ? next.map((key) => originalValue(lookup.data, key)) : undefined)}
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
      onChange={(next) => onChange(next == null ? undefined : originalValue(lookup.data, next))}
      clearable={!required}
      allowDeselect={!required}
    />
  );
}
