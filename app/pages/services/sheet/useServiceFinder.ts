import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { serviceApi, type ServiceView } from '../shared/serviceApi';

/** Typing waits this long before a search, as the lookups do (spec §9). */
const DEBOUNCE_MS = 400;
const MIN_LETTERS = 3;

/** Services found by a typed number (or any keyword of the search), for picking a target. */
export function useServiceFinder() {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const [found, setFound] = useState<ServiceView[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (debounced.length < MIN_LETTERS) return;
    const controller = new AbortController();
    setLoading(true);
    serviceApi
      .find(debounced, controller.signal)
      .then((answer) => !controller.signal.aborted && setFound(answer.services ?? []))
      .catch(() => !controller.signal.aborted && setFound([]))
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [debounced]);

  return { query, setQuery, found, loading, tooShort: debounced.length < MIN_LETTERS };
}
