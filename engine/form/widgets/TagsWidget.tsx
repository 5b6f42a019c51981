import { Combobox, Group, Loader, Pill, PillsInput, useCombobox, ColorSwatch } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chipStyle } from '../../format/chips';
import { knownItem } from '../../lookup/cache';
import { useLookup } from '../../lookup/useLookup';
import { lookupOf } from '../../schema/fields';
import { baseInputProps } from './common';
import { DROPDOWN_MAX_HEIGHT } from './EnumSelectWidget';

/** Tag ids (`x-lookup` kind `tags`) as coloured chips, picked from a searchable list. */
export function TagsWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { schema, value, readonly, onChange } = props;
  const config = lookupOf(schema);
  const url = config?.url ?? '';
  const selected: unknown[] = Array.isArray(value) ? value : [];
  const lookup = useLookup(config, selected, !!readonly);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // The wrapper is a plain div: its name goes to the text field, or to the chips' group when read only (axe aria-prohibited-attr).
  const { 'aria-label': name, ...base } = baseInputProps(props);
  const isSelected = (id: unknown) => selected.some((s) => String(s) === String(id));

  const toggle = (key: string) => {
    const item = lookup.data.find((i) => String(i.value) === key);
    if (!item) return;
    const next = isSelected(item.value) ? selected.filter((s) => String(s) !== key) : [...selected, item.value];
    onChange(next);
    lookup.setQuery('');
  };

  const pills = selected.map((id) => {
    const item = knownItem(url, id);
    return (
      <Pill
        key={String(id)}
        withRemoveButton={!readonly}
        onRemove={() => onChange(selected.filter((s) => s !== id))}
        style={chipStyle(item?.color)}
        removeButtonProps={{ 'aria-label': t('engine.form.remove') }}
      >
        {item?.label ?? `#${id}`}
      </Pill>
    );
  });

  const needle = lookup.query.trim().toLowerCase();
  const options = lookup.data
    .filter((item) => lookup.searchMode || !needle || item.label.toLowerCase().includes(needle))
    .map((item) => (
      <Combobox.Option value={String(item.value)} key={String(item.value)} active={isSelected(item.value)}>
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={chipStyle(item.color).backgroundColor as string} size={12} />
          <span style={{ flex: 1 }}>{item.label}</span>
          {isSelected(item.value) && <IconCheck size={14} />}
        </Group>
      </Combobox.Option>
    ));

  return (
    <Combobox store={combobox} onOptionSubmit={toggle} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput
          {...base}
          onClick={() => !readonly && combobox.openDropdown()}
          rightSection={lookup.loading ? <Loader size="xs" /> : undefined}
        >
          <Pill.Group role={readonly ? 'group' : undefined} aria-label={readonly ? name : undefined}>
            {pills}
            {!readonly && (
              <Combobox.EventsTarget>
                <PillsInput.Field
                  aria-label={name}
                  value={lookup.query}
                  placeholder={selected.length ? undefined : t('engine.form.pickTags')}
                  onFocus={() => combobox.openDropdown()}
                  onBlur={() => combobox.closeDropdown()}
                  onChange={(event) => {
                    combobox.updateSelectedOptionIndex();
                    lookup.setQuery(event.currentTarget.value);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Backspace' && !lookup.query && selected.length) onChange(selected.slice(0, -1));
                  }}
                />
              </Combobox.EventsTarget>
            )}
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        {/* A listbox is named like the field it belongs to (axe aria-input-field-name). */}
        <Combobox.Options mah={DROPDOWN_MAX_HEIGHT} style={{ overflowY: 'auto' }} aria-label={props.label}>
          {options.length ? options : <Combobox.Empty>{t(lookup.emptyMessage.key, lookup.emptyMessage.values)}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
