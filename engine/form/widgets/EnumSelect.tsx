import { Select, type SelectProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { enumText } from '../../i18n';
import { enumOf } from '../../schema/fields';
import type { JsonSchema } from '../../schema/resolve';

export type EnumSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  /** The field's schema: its enumeration gives the values and their labels (`enum.<x-enum>.<VALUE>`). */
  schema: JsonSchema | undefined;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** Only these values (e.g. those that fit another field's choice). */
  only?: (value: string) => boolean;
  /** Values shown but not selectable (e.g. those `x-valueRoles` keeps from the caller). */
  mayChoose?: (value: string) => boolean;
  /** Shown with a lock and not changed (e.g. a field `x-writeRoles` keeps from the caller). */
  locked?: boolean;
};

/** A select of an enum field outside a schema form (a hand-written panel, a lines table's cell). */
export function EnumSelect({ schema, value, onChange, only, mayChoose, locked, ...props }: EnumSelectProps) {
  const { t } = useTranslation();
  const enumeration = enumOf(schema);
  const values = (enumeration?.values ?? []).filter((item) => !only || only(item));
  const data = values.map((item) => ({ value: item, label: enumText(t, enumeration?.name, item), disabled: mayChoose && !mayChoose(item) }));
  return (
    <Select
      {...props}
      data={data}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      disabled={locked || props.disabled}
      clearable={!locked && props.clearable}
      rightSection={locked ? <IconLock size={14} stroke={1.5} aria-hidden /> : props.rightSection}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
