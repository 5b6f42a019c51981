import { useEffect, useState } from 'react';
import { api } from '../../../../engine/api';

type Row = Record<string, unknown>;

/**
 * The caller's company's service defaults (`GET /back/bo/profile/company/{companyId}/servicedefault`,
 * docs/settings.md) for a new service: null while they load; none (`{}`) when not `wanted`, for a
 * caller without a company, or when the call fails (the wizard then starts with its own defaults).
 */
export function useServiceDefaults(companyId: number | undefined, wanted: boolean): Row | null {
  const [defaults, setDefaults] = useState<Row | null>(wanted && companyId !== undefined ? null : {});
  useEffect(() => {
    if (!wanted || companyId === undefined) return;
    let live = true;
    api
      .get<Row>(`/back/bo/profile/company/${companyId}/servicedefault`, { quiet: true })
      .then((answer) => live && setDefaults(answer))
      .catch(() => live && setDefaults({}));
    return () => {
      live = false;
    };
  }, [companyId, wanted]);
  return defaults;
}
