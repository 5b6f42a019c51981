import { Select } from '@mantine/core';
import { useLookupSelect } from '../lookup/lookupSelect';
import type { LookupConfig } from '../schema/fields';

interface LookupCellProps {
  config: LookupConfig;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  clearable: boolean;
  error?: string;
}

/**
 * A line's cell chosen from an `x-lookup` list (its labels in the reader's language). A value the list
 * does not hold as an id (a text stored before the field was a list) shows empty: choosing replaces it.
 */
export function LookupCell({ config, label, value, onChange, clearable, error }: LookupCellProps) {
  const selected = typeof value === 'number' ? [value] : [];
  const lookup = useLookupSelect(config, selected);
  return (
    <Select
      size="xs"
      aria-label={label}
      {...lookup.props}
      value={selected.length ? String(selected[0]) : null}
      onChange={(next) => onChange(next == null ? undefined : lookup.original(next))}
      clearable={clearable}
      error={error}
    />
  );
}
