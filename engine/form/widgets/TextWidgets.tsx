import { Checkbox, NumberInput, Switch, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { CountedTextarea, useTooLong } from '../../ui/CountedTextarea';
import { baseInputProps, emptyToUndefined, useNumberText } from './common';

/** One-line text, or a number for number/integer schemas (spec §5.1: 2 decimals by default). */
export function TextWidget(props: WidgetProps) {
  const { schema, value, onChange, onBlur, id } = props;
  const base = baseInputProps(props);
  const number = useNumberText(value, onChange);
  // No `maxLength` attribute (it cuts a paste without a word): past the limit the text stays, marked; validation refuses it.
  const tooLong = useTooLong(typeof value === 'string' ? value : undefined, typeof schema.maxLength === 'number' && !props.readonly ? schema.maxLength : undefined);
  if (schema.type === 'number' || schema.type === 'integer') {
    const decimals = schema.type === 'integer' ? 0 : typeof schema.decimals === 'number' ? schema.decimals : 2;
    return (
      <NumberInput
        {...base}
        value={number.value}
        onChange={number.onChange}
        onBlur={() => onBlur(id, value)}
        decimalScale={decimals}
        allowDecimal={decimals > 0}
        // Out-of-range values stay as typed: validation marks them with a message (never clamped silently).
        clampBehavior="none"
        hideControls
      />
    );
  }
  return (
    <TextInput
      {...base}
      error={tooLong || base.error}
      value={value ?? ''}
      onChange={(event) => onChange(emptyToUndefined(event.currentTarget.value))}
      onBlur={() => onBlur(id, value)}
    />
  );
}

/** Long text that grows with its content, counted against the schema's `maxLength` (never cut). */
export function TextareaWidget(props: WidgetProps) {
  const { schema, value, onChange, onBlur, id, options } = props;
  const rows = typeof options.rows === 'number' ? options.rows : 3;
  return (
    <CountedTextarea
      {...baseInputProps(props)}
      max={typeof schema.maxLength === 'number' && !props.readonly ? schema.maxLength : undefined}
      value={value ?? ''}
      autosize
      minRows={rows}
      maxRows={Math.max(rows, 14)}
      onChange={(event) => onChange(emptyToUndefined(event.currentTarget.value))}
      onBlur={() => onBlur(id, value)}
    />
  );
}

function booleanProps(props: WidgetProps) {
  const { label, hideLabel, id, rawErrors, disabled, readonly, value, onChange } = props;
  return {
    id,
    label: hideLabel ? undefined : label,
    'aria-label': label,
    checked: value === true,
    error: rawErrors?.length ? rawErrors.join(' · ') : undefined,
    disabled: !!disabled || !!readonly,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.checked),
  };
}

/** Form booleans sit on the baseline of the neighbouring inputs. */
export function CheckboxWidget(props: WidgetProps) {
  return <Checkbox {...booleanProps(props)} mt={props.hideLabel ? 8 : 30} />;
}

/** Filter flags read better as switches. */
export function SwitchWidget(props: WidgetProps) {
  return <Switch {...booleanProps(props)} mt={props.hideLabel ? 8 : 4} />;
}
