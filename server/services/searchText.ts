import { companyById } from '../identity';
import type { ReadOps, Row } from '../store/types';
import { normalize } from '../text';

const PARTY_FIELDS = ['client', 'supplier', 'factory', 'agent', 'serviceProvider'];
const LINE_FIELDS = ['poNumber', 'designation', 'referenceObj', 'sku'];

const linesOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);

/**
 * The keyword index of a service (server-only `searchText`): its number, the PO numbers,
 * designations, references and SKUs of its lines, lab lines' PO numbers and the party
 * company names, normalized like a quick search. Recomputed on every write of those fields.
 */
export function serviceSearchText(store: ReadOps, service: Row): string {
  const words = [
    service.number,
    ...linesOf(service.purchaseOrderLines).flatMap((line) => LINE_FIELDS.map((field) => line[field])),
    ...linesOf(service.laboratoryLines).map((line) => line.poNumber),
    ...PARTY_FIELDS.map((field) => companyById(store, service[field])?.name),
  ];
  return normalize(words.filter((word) => word !== undefined && word !== null && word !== '').join(' '));
}
