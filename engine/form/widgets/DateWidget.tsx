import { TextInput } from '@mantine/core';
import { DateTimePicker, MonthPickerInput } from '@mantine/dates';
import type { WidgetProps } from '@rjsf/utils';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dateLocale, dayFormat } from '../../format/localDates';
import { formatDateTime } from '../../format/values';
import { LocalDateInput } from './LocalDateInput';
import { baseInputProps, emptyToUndefined } from './common';

const MONTH_FORMAT = 'MMMM YYYY';

/**
 * A picker is a button showing its value: its name holds that text after the field's label (WCAG
 * 2.5.3, the visible text inside the name).
 */
function namedWithValue(label: string | undefined, shown: string | null): string | undefined {
  return label && shown ? `${label}: ${shown}` : label;
}

/** Earliest date the product accepts (spec §9). */
export const EARLIEST_DATE = '2018-01-01';

const icon = <IconCalendar size={16} stroke={1.5} />;
const clock = <IconClock size={16} stroke={1.5} />;

/**
 * A calendar day, stored as `YYYY-MM-DD`, typed in the screen's locale; a typed text that is no
 * date stays, marked (the schema's `date` format refuses it too). Clearable only when optional
 * and editable (spec §5.1).
 */
export function DateWidget(props: WidgetProps) {
  const base = baseInputProps(props);
  return (
    <LocalDateInput
      {...base}
      value={props.value}
      onChange={(value) => props.onChange(emptyToUndefined(value))}
      onBlur={() => props.onBlur(props.id, props.value)}
      clearable={!props.required && !props.readonly}
      minDate={EARLIEST_DATE}
      leftSection={icon}
    />
  );
}

/** A month, stored as `YYYY-MM`; the picker works with the first day of the month. */
export function YearMonthWidget(props: WidgetProps) {
  const { i18n } = useTranslation();
  const base = baseInputProps(props);
  const value = typeof props.value === 'string' && props.value ? `${props.value}-01` : null;
  return (
    <MonthPickerInput
      {...base}
      aria-label={namedWithValue(base['aria-label'], value && dayjs(value).locale(dateLocale(i18n.language)).format(MONTH_FORMAT))}
      value={value}
      onChange={(next) => props.onChange(next ? String(next).slice(0, 7) : undefined)}
      valueFormat={MONTH_FORMAT}
      clearable={!props.required && !props.readonly}
      minDate={EARLIEST_DATE}
      leftSection={icon}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/**
 * A moment, stored as an ISO date-time (UTC). Shown in the user's language and time zone; the
 * picker edits it in local time.
 */
export function DateTimeWidget(props: WidgetProps) {
  const { i18n } = useTranslation();
  const base = baseInputProps(props);
  if (props.readonly) return <TextInput {...base} value={formatDateTime(props.value, i18n.language)} leftSection={clock} readOnly />;
  const local = typeof props.value === 'string' && props.value ? dayjs(props.value).format('YYYY-MM-DD HH:mm:ss') : null;
  const format = `${dayFormat(dateLocale(i18n.language))} HH:mm`;
  return (
    <DateTimePicker
      {...base}
      aria-label={namedWithValue(base['aria-label'], local && dayjs(local).locale(dateLocale(i18n.language)).format(format))}
      value={local}
      onChange={(next) => props.onChange(next ? new Date(String(next).replace(' ', 'T')).toISOString() : undefined)}
      valueFormat={format}
      clearable={!props.required}
      minDate={EARLIEST_DATE}
      leftSection={clock}
      popoverProps={{ withinPortal: true }}
    />
  );
}
