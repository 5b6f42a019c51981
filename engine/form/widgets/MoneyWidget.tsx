import { Group, Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { enumText } from '../../i18n';
import { enumOf } from '../../schema/fields';
import type { EngineFormContext } from '../context';
import { baseInputProps } from './common';
import { TypedNumberInput } from './TypedNumberInput';

/**
 * An amount with 2 decimals (spec §9) and its currency, kept in the sibling field named by
 * `ui:options.currencyField` (docs/schemas.md). A read-only amount (a sum the server keeps, `x-sums`)
 * keeps its currency choosable.
 */
export function MoneyWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const context = props.registry.formContext as EngineFormContext | undefined;
  const currencyField = props.options.currencyField as string | undefined;
  const currencySchema = currencyField ? context?.rootSchema.properties?.[currencyField] : undefined;
  const currencies = enumOf(currencySchema);
  const currency = currencyField ? (context?.formData[currencyField] as string | undefined) : undefined;
  const base = baseInputProps(props);
  const currencyRequired = !!currencyField && (context?.rootSchema.required ?? []).includes(currencyField);
  // A computed amount (readOnly) still has a currency to choose, unless the form or the currency is read-only.
  const currencyReadOnly = !!context?.readOnly || currencySchema?.readOnly === true || (!!props.readonly && props.schema.readOnly !== true);

  return (
    <Group gap={6} align="flex-start" wrap="nowrap">
      {/* Read in the screen's locale and rounded to 2 decimals on leaving it; what it cannot read stays, marked. */}
      <TypedNumberInput {...base} style={{ flex: 1 }} schema={{ type: 'number', decimals: 2 }} value={props.value} onChange={props.onChange} onBlur={() => props.onBlur(props.id, props.value)} />
      {currencyField && (
        <Select
          aria-label={t('engine.form.currency')}
          label={base.label ? t('engine.form.currency') : undefined}
          w={116}
          // The input shows the code; the list also names the currency.
          data={(currencies?.values ?? []).map((v) => ({ value: v, label: v }))}
          renderOption={({ option }) => {
            const name = enumText(t, currencies?.name, option.value);
            return name === option.value ? option.value : `${name}`;
          }}
          value={currency ?? null}
          onChange={(next) => context?.setField(currencyField, next ?? undefined)}
          readOnly={currencyReadOnly}
          variant={currencyReadOnly ? 'filled' : 'default'}
          disabled={!!props.disabled}
          required={currencyRequired && !currencyReadOnly}
          allowDeselect={false}
          searchable
          // The list names the currencies: as wide as its longest name (one line each), not the narrow code input.
          comboboxProps={{ withinPortal: true, width: 'max-content', position: 'bottom-end' }}
        />
      )}
    </Group>
  );
}
