import { api } from '../api';
import type { FilterCriteria, SavedFilter } from '../../machines/ui';

/** User filters of one search type (spec §7.8): the type is the screen's `search` name. */
const base = '/back/bo/userfilter';

export const savedFiltersApi = {
  list: (type: string) => api.get<SavedFilter[]>(`${base}/${encodeURIComponent(type)}`, { quiet: true }),
  create: (type: string, name: string, filter: FilterCriteria) =>
    api.post<SavedFilter>(`${base}/${encodeURIComponent(type)}`, { name, filter, shared: false }),
  update: (type: string, saved: SavedFilter) => api.put<SavedFilter>(`${base}/${encodeURIComponent(type)}`, saved),
  remove: (userFilterId: number) => api.delete<boolean>(`${base}/${userFilterId}`),
  getDefault: async (type: string): Promise<number | null> => {
    const answer = await api.get<{ userFilterId?: number | null } | number | null>(`${base}/${encodeURIComponent(type)}/default`, { quiet: true });
    if (typeof answer === 'number') return answer;
    return answer?.userFilterId ?? null;
  },
  setDefault: (type: string, userFilterId: number | null) => api.put<unknown>(`${base}/${encodeURIComponent(type)}/default`, { userFilterId }),
};

/** The longest filter name the server takes: the saved filter schema's `maxLength`. */
export function filterNameMax(config: { entities: Record<string, unknown> }): number | undefined {
  const max = (config.entities.userFilter as { properties?: { name?: { maxLength?: unknown } } } | undefined)?.properties?.name?.maxLength;
  return typeof max === 'number' ? max : undefined;
}
