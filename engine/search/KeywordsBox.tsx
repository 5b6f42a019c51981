import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { overLimit, useTooLong } from '../ui/CountedTextarea';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LETTERS, SEARCH_MIN_LETTERS } from '../lookup/cache';

export interface KeywordsBoxProps {
  value: string;
  onChange: (keywords: string) => void;
  label: string;
  clearLabel: string;
}

/** Text a search takes: empty, or at least 3 letters (spec §9: 400 ms after the last key, 3 to 100 letters). */
export function effectiveKeywords(text: string): string {
  const trimmed = text.trim().slice(0, SEARCH_MAX_LETTERS);
  return trimmed.length >= SEARCH_MIN_LETTERS ? trimmed : '';
}

/** A toolbar search box (a screen's `toolbar` field): typed words search once typing pauses. */
export function KeywordsBox({ value, onChange, label, clearLabel }: KeywordsBoxProps) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const sent = useRef(value);
  // No `maxLength` attribute (it cuts a paste without a word): a longer text stays, marked, and is not searched.
  const tooLong = useTooLong(text.trim(), SEARCH_MAX_LETTERS);

  // A saved filter or a cleared panel changes the keywords from outside.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  const typed = useEffectEvent((text: string) => {
    if (overLimit(text.trim(), SEARCH_MAX_LETTERS)) return;
    const keywords = effectiveKeywords(text);
    if (keywords !== sent.current) {
      sent.current = keywords;
      onChange(keywords);
    }
  });
  useEffect(() => typed(debounced), [debounced]);

  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      value={text}
      error={tooLong}
      onChange={(event) => setText(event.currentTarget.value)}
      leftSection={<IconSearch size={16} stroke={1.5} />}
      rightSection={text ? <CloseButton size="sm" aria-label={clearLabel} onClick={() => setText('')} /> : undefined}
      w={240}
    />
  );
}
