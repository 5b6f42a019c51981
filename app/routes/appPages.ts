import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteParams } from '../../engine/search/routeParams';
import { servicePath } from '../pages/services/shared/serviceApi';

/**
 * Hand-written pages a screen of type "page" names (`"page": "serviceSheet"`): the screen JSON
 * gives the route, roles and menu entry; the page is special React in app/pages/, loaded lazily.
 */
export const APP_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  serviceWizard: lazy(() => import('../pages/services/wizard/ServiceWizardPage')),
  serviceSheet: lazy(() => import('../pages/services/sheet/ServiceSheetPage')),
  planning: lazy(() => import('../pages/planning/PlanningPage')),
  companyNotification: lazy(() => import('../pages/profile/CompanyNotificationPage')),
  imports: lazy(() => import('../pages/imports/ImportPage')),
  toolCompany: lazy(() => import('../pages/admin/ToolCompanyPage')),
  directoryExport: lazy(() => import('../pages/admin/DirectoryExportPage')),
};

/**
 * What a hand-written page reads first beside its open tab's lists (engine/firstGets.ts): started
 * with the route, taken by the page (`getFirst`).
 */
export const APP_PAGE_GETS: Record<string, (params: RouteParams) => string[]> = {
  serviceSheet: ({ serviceId = '' }) => (/^\d+$/.test(serviceId) ? [servicePath(serviceId)] : []),
};
