import { api } from '../../../../engine/api';
import type { LaboratoryLine, PurchaseOrderLine, Service, ServiceDateLine, ServiceHistory, ServiceNote, ServiceSide } from '../../../../generated/types';
import type { ServiceAction } from '../../../../machines/service';

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
  rights: { sheet: { right: Right; forced: boolean } };
  actions: ServiceAction[];
}

export const servicePath = (serviceId: number | string) => `/back/bo/services/${serviceId}`;

export const serviceApi = {
  get: (serviceId: number | string) => api.get<ServiceView>(servicePath(serviceId)),
  history: (serviceId: number | string) => api.get<ServiceHistory[]>(`${servicePath(serviceId)}/history`),
  dateLines: (serviceId: number | string) => api.get<(ServiceDateLine & { dateLineId: number })[]>(`/back/bo/serviceDateLines/${serviceId}`),
  notes: (serviceId: number | string) => api.get<(ServiceNote & { noteId: number; version: number })[]>(`/back/bo/servicenotes/${serviceId}`),
};
