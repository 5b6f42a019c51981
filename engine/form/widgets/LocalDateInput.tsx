import '@mantine/dates/styles.css';
import { CloseButton, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, isIsoDay, parseTypedDay, typedMonthFirst } from '../../format/localDates';

export interface LocalDateInputProps {
  /** `YYYY-MM-DD`, or the text of a typed date that is not one (kept so nothing typed is lost). */
  value: string | null | undefined;
  /** A typed or picked day, the typed text when it is no date, undefined when emptied. */
  onChange: (value: string | undefined) => void;
  onBlur?: () => void;
  id?: string;
  label?: ReactNode;
  'aria-label'?: string;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  clearable?: boolean;
  variant?: string;
  /** The calendar starts there; a typed day before it is kept and marked. */
  minDate?: string;
  maxDate?: string;
  leftSection?: ReactNode;
  'data-autofocus'?: boolean;
}

/** A day in the locale's one format; anything else as it is. */
const shownDay = (current: string | null | undefined, language: string) => (isIsoDay(current) ? formatDay(current, language) : (current ?? ''));

/**
 * A calendar day typed in the screen's locale order or picked from a calendar
 * (engine/format/localDates.ts). The text is read when the field is left (or on Enter): a day
 * shows in the locale's one format; anything else stays as typed, marked with a message, and is
 * what the form holds, so the form's rules refuse it instead of keeping an older day.
 */
export function LocalDateInput({ value, onChange, onBlur, error, minDate, maxDate, clearable, readOnly, disabled, leftSection, required, variant, ...input }: LocalDateInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [text, setText] = useState(() => shownDay(value, language));
  const [opened, setOpened] = useState(false);
  // A value set from elsewhere (calendar, reset, reload, language) replaces the text.
  useEffect(() => setText(shownDay(value, language)), [value, language]);

  const commit = (typed: string) => {
    const parsed = parseTypedDay(typed, language);
    const next = parsed === null ? undefined : 'date' in parsed ? parsed.date : typed.trim();
    if (next !== (value ?? undefined)) onChange(next);
    setText(shownDay(next, language));
  };
  const pick = (day: string | null) => {
    onChange(day ?? undefined);
    setText(shownDay(day, language));
    setOpened(false);
  };

  const invalid = !!value && !isIsoDay(value);
  const early = !invalid && !!value && !!minDate && value < minDate;
  const message = invalid
    ? t(typedMonthFirst(language) ? 'engine.date.invalidMonthFirst' : 'engine.date.invalid')
    : early
      ? t('engine.date.beforeMin', { date: formatDay(minDate, language) })
      : error;
  const editable = !readOnly && !disabled;
  const clear = clearable && editable && text ? <CloseButton size="sm" aria-label={t('engine.form.clear')} onClick={() => pick(null)} /> : undefined;

  return (
    <Popover opened={opened && editable} position="bottom-start" trapFocus={false} withRoles={false} withinPortal shadow="md" onChange={setOpened}>
      <Popover.Target>
        <TextInput
          {...input}
          value={text}
          autoComplete="off"
          // The read-only look of every form input: filled, without a required mark.
          required={required && !readOnly}
          variant={readOnly ? 'filled' : variant}
          readOnly={readOnly}
          disabled={disabled}
          error={message}
          leftSection={leftSection ?? <IconCalendar size={16} stroke={1.5} />}
          rightSection={clear}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpened(true);
          }}
          // Opened by a click or typing, not by focus alone: an autofocused field keeps its dialog readable.
          onClick={() => setOpened(true)}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            setOpened(false);
            if (editable) commit(event.currentTarget.value);
            onBlur?.();
          }}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Escape') setOpened(false);
            if (event.key === 'Enter' && editable) commit(event.currentTarget.value);
          }}
        />
      </Popover.Target>
      <Popover.Dropdown onMouseDown={(event) => event.preventDefault()}>
        <DatePicker
          value={isIsoDay(value) ? value : null}
          defaultDate={isIsoDay(value) ? value : undefined}
          onChange={pick}
          minDate={minDate}
          maxDate={maxDate}
          allowDeselect={!!clearable}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
