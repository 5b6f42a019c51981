import type { PriorityService } from '../../../../machines/servicePriorities';

/**
 * The service search answers an object (docs/services.md "Search"): the services plus what
 * they refer to (PO lines, task levels, contributors, tags). The grid shows one flat row per
 * service with those references already turned into text.
 */
type Row = Record<string, unknown>;

export interface ServiceSearchAnswer {
  services: Row[];
  purchaseOrderLines?: { serviceId: number; poNumber?: string }[];
  taskLevels?: Record<string, string>;
  contributors?: { contactId: number; fullName?: string; acronym?: string }[];
  tags?: { tagId: number; localizedName?: string; color?: string }[];
  hitLimit?: boolean;
}

/** Fields the page adds to each service row (grid columns of their own). */
export const ROW_FIELDS = { taskLevel: 'taskLevel', contributorAcronyms: 'contributorAcronyms', poNumbers: 'poNumbers' } as const;

function isAnswer(data: unknown): data is ServiceSearchAnswer {
  return !!data && typeof data === 'object' && Array.isArray((data as ServiceSearchAnswer).services);
}

const ids = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** One grid row per service: task level, contributor acronyms and PO numbers resolved. */
export function serviceRows(data: unknown): Row[] {
  if (!isAnswer(data)) return [];
  const acronyms = new Map((data.contributors ?? []).map((c) => [c.contactId, c.acronym || c.fullName || '']));
  const poNumbers = new Map<number, string[]>();
  for (const line of data.purchaseOrderLines ?? []) {
    if (!line.poNumber) continue;
    const numbers = poNumbers.get(line.serviceId) ?? [];
    if (!numbers.includes(line.poNumber)) numbers.push(line.poNumber);
    poNumbers.set(line.serviceId, numbers);
  }
  return data.services.map((service) => {
    const serviceId = Number(service.serviceId);
    return {
      ...service,
      [ROW_FIELDS.taskLevel]: data.taskLevels?.[String(serviceId)] ?? null,
      [ROW_FIELDS.contributorAcronyms]: ids(service.contributors).map((id) => acronyms.get(Number(id))).filter(Boolean).join(', '),
      [ROW_FIELDS.poNumbers]: (poNumbers.get(serviceId) ?? []).join(', '),
    };
  });
}

/** What the priority list keeps of a grid row. */
export function prioritySummary(row: Row): PriorityService {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const id = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    serviceId: Number(row.serviceId),
    number: text(row.number),
    type: text(row.type),
    serviceStep: text(row.serviceStep),
    startDate: text(row.startDate),
    client: id(row.client),
    supplier: id(row.supplier),
    factory: id(row.factory),
  };
}
