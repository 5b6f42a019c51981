import { Loader } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { withHint } from '../form/widgets/hintOption';
import type { LookupConfig } from '../schema/fields';
import { canSearch, type LookupItem } from './cache';
import { useLookup } from './useLookup';

/**
 * The options and search props a Mantine Select or MultiSelect needs for an `x-lookup` (a form's
 * field, a panels screen's filter), and `original`: the lookup's own value of an option (Mantine
 * options hold strings; records keep numbers for ids).
 */
export function useLookupSelect(config: LookupConfig | undefined, selected: unknown[], labelsOnly = false) {
  const { t } = useTranslation();
  const lookup = useLookup(config, selected, labelsOnly);
  const original = (key: string): LookupItem['value'] => lookup.data.find((item) => String(item.value) === key)?.value ?? key;
  // A searched list is already filtered by the server; under 3 letters the hint shows instead.
  const filter = withHint(
    t(lookup.emptyMessage.key, lookup.emptyMessage.values),
    lookup.searchMode ? (input) => (canSearch(input.search) ? input.options : []) : undefined,
  );
  const props = {
    data: lookup.data.map((item) => ({ value: String(item.value), label: item.label })),
    searchable: true,
    searchValue: lookup.searchMode ? lookup.query : undefined,
    onSearchChange: lookup.searchMode ? lookup.setQuery : undefined,
    filter,
    rightSection: lookup.loading ? <Loader size="xs" /> : undefined,
    leftSection: lookup.searchMode ? <IconSearch size={14} stroke={1.5} /> : undefined,
    comboboxProps: { withinPortal: true },
    limit: 200,
  };
  return { props, original };
}
