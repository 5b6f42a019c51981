import { MultiSelect, Select, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { enumText } from '../../i18n';
import { enumOf } from '../../schema/fields';
import { baseInputProps, emptyToUndefined } from './common';
import { withHint } from './hintOption';

/** Dropdowns taller than this scroll (spec §9: dropdown max 500 px). */
export const DROPDOWN_MAX_HEIGHT = 300;

/**
 * Select for an enum (or multi-select for an array of enums) with translated labels.
 * Spec §5.1: required selects are not clearable; a required select with a single item picks
 * it; a value no longer in the list is cleared. Values in `ui:enumDisabled` are listed greyed out.
 */
export function EnumSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { schema, value, required, readonly, onChange, options } = props;
  const enumeration = enumOf(schema);
  const multiple = schema.type === 'array';
  // `ui:enumDisabled`: values shown but not selectable (e.g. those `x-valueRoles` keeps from the caller).
  // The lists are compared by content: the schema and options are new objects at each render.
  const enumName = enumeration?.name;
  const valuesKey = JSON.stringify(enumeration?.values ?? []);
  const disabledKey = JSON.stringify((options.enumDisabled ?? []).map(String));
  const data = useMemo(() => {
    const disabled: string[] = JSON.parse(disabledKey);
    return (JSON.parse(valuesKey) as string[]).map((v) => ({ value: v, label: enumText(t, enumName, v), disabled: disabled.includes(v) }));
  }, [enumName, valuesKey, disabledKey, t]);
  const known = new Set(data.map((d) => d.value));

  const dropUnknown = useEffectEvent(() => {
    if (multiple) {
      if (Array.isArray(value) && value.some((v) => !known.has(String(v)))) onChange(value.filter((v) => known.has(String(v))));
    } else if (value != null && value !== '' && !known.has(String(value))) {
      onChange(undefined);
    } else if ((value == null || value === '') && required && data.length === 1) {
      onChange(data[0].value);
    }
  });
  useEffect(() => {
    if (!readonly && data.length) dropUnknown();
  }, [value, data, required, readonly, multiple]);

  const base = baseInputProps(props);
  if (readonly) {
    const text = (Array.isArray(value) ? value : value == null ? [] : [value]).map((v) => enumText(t, enumeration?.name, v)).join(', ');
    return <TextInput {...base} value={text} readOnly />;
  }
  const common = {
    ...base,
    data,
    searchable: data.length > 7,
    comboboxProps: { withinPortal: true },
    maxDropdownHeight: DROPDOWN_MAX_HEIGHT,
    filter: withHint(t('engine.lookup.noResult')),
  };
  if (multiple) {
    const maxValues = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
    return (
      <MultiSelect
        {...common}
        value={Array.isArray(value) ? value.map(String) : []}
        placeholder={Array.isArray(value) && value.length ? undefined : common.placeholder}
        onChange={(next) => onChange(next.length ? next : undefined)}
        maxValues={maxValues}
        clearable={!readonly}
        hidePickedOptions
      />
    );
  }
  return (
    <Select
      {...common}
      value={value == null ? null : String(value)}
      onChange={(next) => onChange(emptyToUndefined(next))}
      clearable={!required && !readonly}
      allowDeselect={!required}
    />
  );
}
