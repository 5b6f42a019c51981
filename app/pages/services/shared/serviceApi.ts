import { api, type RequestOptions } from '../../../../engine/api';
import type { LaboratoryLine, PurchaseOrderLine, Service, ServiceSide } from '../../../../generated/types';
import type { ServiceAction, SERVICE_PATCH_ACTIONS } from '../../../../machines/service';

/**
 * The service calls of docs/services.md, typed, for the service pages (search, wizard, sheet).
 * Each page adds the calls only it makes here rather than spelling paths itself.
 */
export type Right = 'NONE' | 'READ_LIMITED' | 'READ' | 'WRITE';

/** A service as the API returns it: the record plus what the caller may do with it. */
export interface ServiceView extends Service {
  serviceId: number;
  number: string;
  version: number;
  purchaseOrderLines?: (PurchaseOrderLine & { purchaseOrderLineId: number })[];
  laboratoryLines?: (LaboratoryLine & { laboratoryLineId: number })[];
  side: ServiceSide | null;
  owner: boolean;
  rights: {
    sheet: { right: Right; forced: boolean };
    /** Adds elements (files, pictures), though the sheet may be read-only: the provider's managers and assigned contributors. */
    addElements?: boolean;
    /** The caller may change the team (the provider's managers, a super admin). */
    assign?: boolean;
  };
  actions: ServiceAction[];
}

export type PatchAction = (typeof SERVICE_PATCH_ACTIONS)[number];

export type SplitMergeAnswer = { source: ServiceView | null; target: ServiceView };

export const servicePath = (serviceId: number | string) => `/back/bo/services/${serviceId}`;

export const serviceApi = {
  get: (serviceId: number | string, options?: RequestOptions) => api.get<ServiceView>(servicePath(serviceId), options),
  /** The wizard's writes (create or merge, edit, light wizard); quiet: the wizard maps field errors onto its steps. */
  create: (body: unknown) => api.post<{ service: ServiceView; created: boolean }>('/back/bo/services', body, { quiet: true }),
  update: (serviceId: number, body: unknown) => api.put<ServiceView>(servicePath(serviceId), body, { quiet: true }),
  createQuick: (body: unknown) => api.post<{ service: ServiceView; created: boolean }>('/back/bo/quickService', body, { quiet: true }),
  /** PATCH actions of the workflow; the answer is the moved service. */
  act: (serviceId: number, action: PatchAction, body: { version?: number; comment?: string } = {}) =>
    api.patch<ServiceView>(`${servicePath(serviceId)}/${action}`, body),
  /** `true` when deleted; a refusal is a 422 the caller shows (quiet). */
  remove: (serviceId: number) => api.delete<boolean>(servicePath(serviceId), { quiet: true }),
  /** requestDate or postpone: a new proposal. */
  proposeDate: (kind: 'requestDate' | 'postpone', body: { serviceId: number; startDate: string; endDate?: string; comment?: string; version?: number }) =>
    api.post<ServiceView>(`/back/bo/serviceDateLines/${kind}`, body),
  /** Both services after the move; `source` is null when a merge deleted it. */
  split: (serviceId: number, body: { targetServiceId: number; purchaseOrderLineIds: number[]; version?: number }) =>
    api.post<SplitMergeAnswer>(`${servicePath(serviceId)}/split`, body),
  merge: (serviceId: number, body: { targetServiceId: number; deleteSource: boolean; version?: number }) =>
    api.post<SplitMergeAnswer>(`${servicePath(serviceId)}/merge`, body),
  /** Services whose number, PO numbers, designations or companies hold every word (search results carry no lines). */
  find: (keywords: string, signal?: AbortSignal) => api.get<{ services: ServiceView[] }>('/back/bo/services/', { query: { keywords }, signal, quiet: true }),
};
