import '@mantine/dates/styles.css';
import { DatePickerInput, type DatePickerPreset } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultRange, type DateRange } from '../dates';
import { EARLIEST_DATE } from '../form/widgets/DateWidget';
import { dateLocale, dayFormat } from '../format/localDates';

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  label: string;
  /** The label shown above the picker too (a row of several ranges says which is which). */
  showLabel?: boolean;
}

/** The toolbar date-range picker bound to a search schema's `fromDate`/`toDate`, with common presets. */
export function DateRangeFilter({ value, onChange, label, showLabel = false }: DateRangeFilterProps) {
  const { t, i18n } = useTranslation();
  // The picker shows a half-chosen range; the search only hears about complete ones.
  const [shown, setShown] = useState<[string | null, string | null]>([value.fromDate, value.toDate]);
  useEffect(() => setShown([value.fromDate, value.toDate]), [value.fromDate, value.toDate]);
  const today = dayjs();
  const preset = (name: string, labelKey: string): DatePickerPreset<'range'> => {
    const range = defaultRange(name, today);
    return { value: [range.fromDate, range.toDate], label: t(labelKey) };
  };
  const lastMonth = today.subtract(1, 'month');
  const presets: DatePickerPreset<'range'>[] = [
    preset('plusMinus7Days', 'engine.range.plusMinus7Days'),
    preset('currentMonth', 'engine.range.currentMonth'),
    { value: [lastMonth.startOf('month').format('YYYY-MM-DD'), lastMonth.endOf('month').format('YYYY-MM-DD')], label: t('engine.range.previousMonth') },
    preset('lastSixMonths', 'engine.range.lastSixMonths'),
    preset('lastTwelveMonths', 'engine.range.lastTwelveMonths'),
    preset('currentYear', 'engine.range.currentYear'),
  ];
  const format = dayFormat(dateLocale(i18n.language));
  // The name says what the field shows (WCAG 2.5.3: the visible text inside the name), after what it is.
  const shownText = shown.flatMap((day) => (day ? [dayjs(day).locale(dateLocale(i18n.language)).format(format)] : [])).join(' – ');
  return (
    <DatePickerInput
      type="range"
      aria-label={shownText ? `${label}: ${shownText}` : label}
      placeholder={label}
      label={showLabel ? label : undefined}
      value={shown}
      onChange={([fromDate, toDate]) => {
        setShown([fromDate, toDate]);
        if ((fromDate && toDate) || (!fromDate && !toDate)) onChange({ fromDate, toDate });
      }}
      presets={presets}
      valueFormat={format}
      minDate={EARLIEST_DATE}
      allowSingleDateInRange
      clearable
      leftSection={<IconCalendarEvent size={16} stroke={1.5} />}
      miw={250}
      styles={{ input: { whiteSpace: 'nowrap' } }}
      popoverProps={{ withinPortal: true }}
    />
  );
}
