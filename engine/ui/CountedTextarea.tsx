import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/values';
import { GrowingTextarea, type GrowingTextareaProps } from './GrowingTextarea';

/** Characters as a schema's `maxLength` counts them (code points: an emoji is one). */
export const characterCount = (text: string | undefined | null): number => (text ? Array.from(text).length : 0);

/** The text is longer than `max` (no limit: never). */
export const overLimit = (text: string | undefined | null, max: number | undefined): boolean => typeof max === 'number' && characterCount(text) > max;

/** `(text, max)` → "Too long: 2,000 characters at most" while the text is past `max`; the text itself is never cut. */
export function useTooLongMessage(): (text: string | undefined | null, max: number | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (text, max) => (overLimit(text, max) ? t('engine.form.tooLong', { max: formatNumber(max, i18n.language) }) : undefined);
}

/** The message of one field (see useTooLongMessage). */
export const useTooLong = (text: string | undefined | null, max: number | undefined): string | undefined => useTooLongMessage()(text, max);

/** The counter shows: a limit, and a text at least `from` of it long (always without `from`). */
export const counted = (text: string | undefined | null, max: number | undefined, from?: number): max is number => max !== undefined && (from === undefined || characterCount(text) >= max * from);

/**
 * "4,980 / 5,000" under a field, red past the limit (the theme's readable red: red.7 is 3.8:1 on white). `from` (a share of `max`) keeps it hidden
 * while the text is short (one-line fields); without it the counter always shows (textareas).
 */
export function LengthCounter({ text, max, from }: { text: string; max: number | undefined; from?: number }) {
  const { t, i18n } = useTranslation();
  const count = characterCount(text);
  if (!counted(text, max, from)) return null;
  const format = (n: number) => formatNumber(n, i18n.language);
  const over = count > max!;
  return (
    <Text span size="xs" c={over ? 'red' : 'dimmed'} fw={over ? 600 : undefined} data-testid="character-count" style={{ display: 'block', textAlign: 'right' }}>
      {t('engine.form.characters', { n: format(count), max: format(max!) })}
    </Text>
  );
}

export interface CountedTextareaProps extends Omit<GrowingTextareaProps, 'maxLength' | 'value'> {
  value: string;
  /** The schema's `maxLength`; none: no counter. */
  max?: number;
  /** Show the counter only from this share of `max` on (default: always). */
  countFrom?: number;
}

/**
 * A textarea growing with its text, with "4,980 / 5,000" under it. It has no `maxLength` attribute, which cuts a paste
 * without a word: past the limit the text stays as typed, the counter turns red and the field
 * says so; the form (and the server) refuse it.
 */
export function CountedTextarea({ max, countFrom, error, value, ...props }: CountedTextareaProps) {
  const tooLong = useTooLong(value, max);
  return (
    <GrowingTextarea
      {...props}
      value={value}
      error={error || tooLong}
      description={counted(value, max, countFrom) ? <LengthCounter text={value} max={max} /> : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
