import { Select } from '@mantine/core';
import { useLookupSelect } from '../../../engine/lookup/lookupSelect';

/** A Select over a configured lookup (schemas/lookups.json) holding one id. */
export function LookupPick({ url, label, value, onChange, testId }: { url: string; label: string; value: number | null; onChange: (id: number | null) => void; testId: string }) {
  const { props, original } = useLookupSelect({ url }, value === null ? [] : [value]);
  return (
    <Select
      {...props}
      label={label}
      value={value === null ? null : String(value)}
      onChange={(key) => onChange(key === null ? null : Number(original(key)))}
      clearable
      data-testid={testId}
    />
  );
}
