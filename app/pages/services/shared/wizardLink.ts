/** The wizard opened on a service: `mode` EDIT, DUPLICATE, RESCHEDULE, or ORDER with the order's PO number. */
export function wizardLink(mode: string, serviceId: number, poNumber?: string): string {
  const query = new URLSearchParams({ mode, serviceId: String(serviceId), ...(poNumber ? { poNumber } : {}) });
  return `/services/wizard?${query}`;
}
