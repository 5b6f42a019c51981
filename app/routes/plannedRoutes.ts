/**
 * Areas of spec §2 that are not built yet. They answer "not implemented yet" rather than
 * "page not found"; a configured screen with a more specific path still wins over these.
 */
export const PLANNED_ROUTES = [
  '/supplierPerfomance/:companyId',
  '/billing/*',
];
