import { createContext, useContext, type ComponentType } from 'react';
import { registerPanel, type PanelProps } from '../../../../engine/record/panels';
import type { ServiceView } from '../shared/serviceApi';
import { ReportCard } from './ReportCard';
import { CustomFieldsCard } from './CustomFieldsCard';
import type { ServiceSheet } from './useServiceSheet';

/** The service as the sheet holds it, and its writes, for the panels only services have. */
export const ServiceSheetContext = createContext<{ service: ServiceView; sheet: ServiceSheet } | null>(null);

/** A panel of the sheet's own, fed by the page's service and its writes (not the engine's read-only record). */
function sheetPanel(Component: ComponentType<PanelProps & { service: ServiceView; sheet: ServiceSheet }>) {
  return function SheetPanel(props: PanelProps) {
    const held = useContext(ServiceSheetContext);
    return held && <Component {...props} service={held.service} sheet={held.sheet} />;
  };
}

// The panels schemas/screens/serviceSheet.json names with `kind: "custom"`: what only services have.
registerPanel('serviceReport', sheetPanel(ReportCard));
registerPanel('serviceCustomFields', sheetPanel(CustomFieldsCard));
