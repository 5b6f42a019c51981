import { defaultOptionsFilter, type ComboboxItem, type OptionsFilter } from '@mantine/core';

/** The value of the hint option: no option of a list has it. */
const HINT_VALUE = '\u0000hint';

/**
 * A select's filter that offers `hint` ("no result", "type 3 letters") as one disabled option when
 * nothing else is left, instead of Mantine's `nothingFoundMessage`: loose text in a listbox is
 * something a listbox may not hold (axe aria-required-children), and a screen reader skips it.
 */
export function withHint(hint: string, filter: OptionsFilter = (input) => defaultOptionsFilter(input) as typeof input.options): OptionsFilter {
  const option: ComboboxItem = { value: HINT_VALUE, label: hint, disabled: true };
  return (input) => {
    const kept = filter(input);
    return kept.length ? kept : [option];
  };
}
