import type { WidgetProps } from '@rjsf/utils';

/** Props every Mantine input of a form widget shares: label, required mark, error, read-only look. */
export function baseInputProps(props: WidgetProps) {
  const { id, label, hideLabel, required, rawErrors, disabled, readonly, autofocus, placeholder, uiSchema } = props;
  const readOnly = !!readonly;
  return {
    id,
    label: hideLabel ? undefined : label,
    // Inputs in table-like rows have no visible label; assistive tech still gets one.
    'aria-label': label || undefined,
    required: required && !readOnly,
    error: rawErrors && rawErrors.length > 0 ? rawErrors.join(' · ') : undefined,
    disabled: !!disabled,
    readOnly,
    autoFocus: autofocus,
    placeholder: readOnly ? undefined : (placeholder || (uiSchema?.['ui:placeholder'] as string | undefined)),
    variant: readOnly ? 'filled' : 'default',
  } as const;
}

/** RJSF keeps "no value" as undefined, so an emptied optional field disappears from the record. */
export function emptyToUndefined<T>(value: T | null | '' | undefined): T | undefined {
  return value === null || value === '' ? undefined : (value as T);
}
