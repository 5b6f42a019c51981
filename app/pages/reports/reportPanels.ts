import type { ComponentType } from 'react';
import type { PanelProps } from '../../../engine/record/panels';
import { ReportCustomFieldsPanel } from './ReportCustomFieldsPanel';
import { ReportDefectList } from './ReportDefectList';
import { ReportDefectsPanel } from './ReportDefectsPanel';
import { ReportPiecesPanel } from './ReportPiecesPanel';
import { ReportPlanPanel } from './ReportPlanPanel';

/** The report wizard's own panels (schemas/screens/reportWizard.json, `kind: "custom"`), by name. */
export const reportPanels: Record<string, ComponentType<PanelProps>> = {
  reportPlan: ReportPlanPanel,
  reportDefects: ReportDefectsPanel,
  reportDefectList: ReportDefectList,
  reportPieces: ReportPiecesPanel,
  reportCustomFields: ReportCustomFieldsPanel,
};
