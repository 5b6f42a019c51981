import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';

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

/** The number a NumberInput text stands for ("1250.50", "1.", "-"), or undefined when it stands for none. */
export function numberOf(text: number | string): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) ? text : undefined;
  const number = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * Mantine's NumberInput reports what is being typed as a string when it is not yet a plain number
 * ("1.", "1.50", "1250.00" with fixed decimals): the widget keeps that text on screen and gives the
 * form its number, so typed amounts are neither lost nor re-formatted under the caret.
 */
export function useNumberText(value: unknown, onChange: (value: number | undefined) => void) {
  const [text, setText] = useState<number | string>(typeof value === 'number' ? value : '');
  // Follow changes from outside (defaults, reload, reset), not the echo of what is being typed.
  useEffect(() => {
    const outside = typeof value === 'number' ? value : undefined;
    if (numberOf(text) !== outside) setText(outside ?? '');
  }, [value]);
  return {
    value: text,
    onChange: (next: number | string) => {
      setText(next);
      onChange(numberOf(next));
    },
  };
}
