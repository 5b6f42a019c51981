import { Checkbox, getThemeColor, Group, MultiSelect, Radio, Select, SimpleGrid, Text, useMantineTheme } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { colorsOf, valueColor } from '../../format/colors';
import { enumText } from '../../i18n';
import { enumOf } from '../../schema/fields';
import { baseInputProps, emptyToUndefined } from './common';
import { DROPDOWN_MAX_HEIGHT } from './EnumSelectWidget';
import { withHint } from './hintOption';

interface Choice {
  value: unknown;
  label: string;
  disabled?: boolean;
}

/**
 * A value (or a list, for an array) picked among `ui:options.choices`, the options a call answered
 * (an action form's `choices`): those marked `disabled` are listed greyed out, not choosable.
 * `ui:options.empty`: i18n key of the text when nothing matches.
 */
export function ChoicesWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const choices = (props.options.choices ?? []) as Choice[];
  const keyOf = new Map(choices.map((choice) => [String(choice.value), choice.value]));
  const data = choices.map((choice) => ({ value: String(choice.value), label: choice.label, disabled: !!choice.disabled }));
  const common = {
    ...baseInputProps(props),
    data,
    searchable: true,
    maxDropdownHeight: DROPDOWN_MAX_HEIGHT,
    comboboxProps: { withinPortal: true },
    filter: withHint(t(String(props.options.empty ?? 'engine.form.noChoice'))),
  };
  if (props.schema.type === 'array') {
    const selected: unknown[] = Array.isArray(props.value) ? props.value : [];
    return (
      <MultiSelect
        {...common}
        placeholder={selected.length ? undefined : common.placeholder}
        value={selected.map(String)}
        onChange={(next) => props.onChange(next.map((key) => keyOf.get(key)))}
        clearable
        hidePickedOptions
      />
    );
  }
  return <Select {...common} value={props.value == null ? null : String(props.value)} onChange={(next) => props.onChange(next == null ? undefined : keyOf.get(next))} clearable={!props.required} />;
}

/**
 * An enum as a grid of cards, one per value, each in the colour its `x-colors` gives it (an outcome,
 * a state): the value is seen before it is read. `ui:options.order` puts some values first.
 */
export function CardsWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const enumeration = enumOf(props.schema);
  const first = (props.options.order ?? []) as string[];
  const values = [...first, ...(enumeration?.values ?? []).filter((value) => !first.includes(value))];
  const colors = colorsOf(props.schema);
  const { label, error, required, disabled, readOnly } = baseInputProps(props);
  return (
    <Radio.Group label={label} error={error} withAsterisk={required} value={props.value ?? ''} onChange={(next) => props.onChange(emptyToUndefined(next))}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
        {values.map((value) => {
          const color = getThemeColor(valueColor(value, colors), theme);
          const checked = props.value === value;
          const text = enumText(t, enumeration?.name, value);
          return (
            <Radio.Card
              key={value}
              value={value}
              radius="md"
              p="sm"
              disabled={disabled || readOnly}
              aria-label={text}
              style={{ borderColor: checked ? color : undefined, borderWidth: checked ? 2 : 1, backgroundColor: checked ? `color-mix(in srgb, ${color} 12%, transparent)` : undefined }}
              data-value={value}
            >
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator color={color} />
                <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, backgroundColor: color, flexShrink: 0 }} />
                <Text size="sm" fw={checked ? 600 : 500}>
                  {text}
                </Text>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}

/**
 * A list of enum values as a grid of checkboxes, one per value of the enum in its order (a short list of
 * switches, such as the kinds of e-mails turned off): every value is seen at once, none hidden in a dropdown.
 */
export function ChecksWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const enumeration = enumOf(props.schema);
  const { label, error, required, disabled, readOnly } = baseInputProps(props);
  const selected: string[] = Array.isArray(props.value) ? props.value.map(String) : [];
  return (
    <Checkbox.Group
      label={label}
      error={error}
      withAsterisk={required}
      value={selected}
      // Kept in the enum's order, whatever the order of the clicks.
      onChange={(next) => props.onChange((enumeration?.values ?? []).filter((value) => next.includes(value)))}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
        {(enumeration?.values ?? []).map((value) => (
          <Checkbox key={value} value={value} label={enumText(t, enumeration?.name, value)} disabled={disabled || readOnly} data-value={value} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
