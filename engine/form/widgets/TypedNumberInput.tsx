import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldNumberText, leaveNumberField, numberProblemKey, type NumberEntry, type NumberSchema } from '../../format/numbers';

/** The schema words a number input follows: `type` (integer: whole numbers), `decimals` (default 2), `x-grouping`. */
export type NumberFieldSchema = NumberSchema;

export interface TypedNumberInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'onBlur'> {
  /** The number held, or the text of a typed entry that is none (kept so nothing typed is lost). */
  value: unknown;
  /** A number rounded to the field's decimals, the typed text when it cannot be read, undefined when emptied. */
  onChange: (value: number | string | undefined) => void;
  onBlur?: () => void;
  schema: NumberFieldSchema;
}

/** A held value as the input shows it: a number in the locale, a kept text as it was typed. */
function shownText(value: unknown, language: string, schema: NumberFieldSchema): string {
  if (typeof value === 'number' && Number.isFinite(value)) return fieldNumberText(value, language, schema);
  return typeof value === 'string' ? value : '';
}

/** What the form holds for an entry: its rounded number, else the typed text (which the form's rules refuse). */
const held = (entry: NumberEntry, text: string): number | string | undefined => (entry === null ? undefined : 'value' in entry ? entry.value : text);

/**
 * A number typed in the screen's locale (engine/format/numbers.ts): `12,50` in French, `1,234.50`
 * in English. The form gets the number rounded to the field's decimals as it is typed; leaving the
 * field shows it that way (what is saved is what is shown). A text it cannot read with certainty, or
 * a fraction in a whole-number field, stays as typed, marked with a message, and is what the form
 * holds, so Save waits. It has no `maxLength`, clamp or mask: nothing typed is cut or moved.
 */
export function TypedNumberInput({ value, onChange, onBlur, schema, error, ...input }: TypedNumberInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [text, setText] = useState(() => shownText(value, language, schema));
  // Left since the last keystroke (a problem is marked once the person leaves the field); a field
  // only focused and left keeps its value as it is.
  const [left, setLeft] = useState(true);
  const sent = useRef<unknown>(value);
  // A value set from elsewhere (defaults, reload, reset, language) replaces the text; not the echo of what is typed.
  const valueChanged = useEffectEvent(() => {
    if (value !== sent.current) setText(shownText(value, language, schema));
    sent.current = value;
  });
  useEffect(() => valueChanged(), [value]);
  const languageChanged = useEffectEvent(() => setText((current) => (typeof value === 'number' ? shownText(value, language, schema) : current)));
  useEffect(() => languageChanged(), [language]);

  const send = (next: number | string | undefined) => {
    sent.current = next;
    if (next !== value) onChange(next);
  };
  const entry = leaveNumberField(text, language, schema);
  const problem = entry && 'problem' in entry ? entry.problem : null;
  const message = problem && left ? t(numberProblemKey(problem)) : problem ? undefined : error;

  return (
    <TextInput
      {...input}
      value={text}
      inputMode={schema.type === 'integer' ? 'numeric' : 'decimal'}
      autoComplete="off"
      error={message}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        setLeft(false);
        send(held(leaveNumberField(typed, language, schema), typed));
      }}
      onBlur={() => {
        if (!left) {
          setLeft(true);
          if (entry && 'value' in entry) setText(entry.text);
          send(held(entry, text));
        }
        onBlur?.();
      }}
    />
  );
}
