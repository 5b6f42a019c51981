import { Checkbox, Switch, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { CountedTextarea, counted, LengthCounter, useTooLong } from '../../ui/CountedTextarea';
import { baseInputProps, emptyToUndefined } from './common';
import { TypedNumberInput } from './TypedNumberInput';

const COUNT_FROM = 0.8;

/** One-line text, or a number for number/integer schemas (spec §5.1: 2 decimals by default). */
export function TextWidget(props: WidgetProps) {
  const { schema, value, onChange, onBlur, id } = props;
  const base = baseInputProps(props);
  // No `maxLength` attribute (it cuts a paste without a word): past the limit the text stays, marked; validation refuses it.
  const max = typeof schema.maxLength === 'number' && !props.readonly ? schema.maxLength : undefined;
  const tooLong = useTooLong(typeof value === 'string' ? value : undefined, max);
  if (schema.type === 'number' || schema.type === 'integer') {
    // Read in the screen's locale, rounded to the field's decimals on leaving it (engine/format/numbers.ts).
    return <TypedNumberInput {...base} schema={schema} value={value} onChange={onChange} onBlur={() => onBlur(id, value)} />;
  }
  return (
    <TextInput
      {...base}
      error={tooLong || base.error}
      // The counter shows from 80% of the limit on.
      description={counted(value, max, COUNT_FROM) ? <LengthCounter text={value} max={max} /> : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
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
