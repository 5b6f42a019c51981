import { api } from '../../../../engine/api';
import type { ClientDecision, Report, ReportResult, ReportType } from '../../../../generated/types';
import type { Plan, Severity } from '../../../../domain/report';
import type { Right } from '../shared/serviceApi';

/** The report calls of the service sheet (docs/reports.md); the report wizard has its own. */

/** `GET /back/bo/reports/{serviceId}/overview`: what the caller may see and do of the report. */
export interface ReportOverview {
  exists: boolean;
  rights: { report: Right; decision: Right };
  serviceStep: string;
  downloadable: boolean;
  reportResult?: ReportResult;
  reportType?: ReportType;
  clientDecision?: ClientDecision;
  /** Absent for a limited reader. */
  computed?: { lotSize?: number; codeLetter?: string; plans?: Partial<Record<Severity, Plan>>; totals?: Partial<Record<Severity, number>>; result?: ReportResult };
  version?: number;
}

export interface ReportDecision {
  clientDecision?: ClientDecision;
  comment?: string;
  decidedBy?: number;
  decisionDate?: string;
  reopenedBy?: number;
  reopenDate?: string;
  reopenComment?: string;
}

export type ReportView = Report & { reportId: number; version: number; decision?: ReportDecision; creator?: number };

const reportPath = (serviceId: number) => `/back/bo/reports/${serviceId}`;

export const reportCalls = {
  overview: (serviceId: number) => api.get<ReportOverview>(`${reportPath(serviceId)}/overview`, { quiet: true }),
  report: (serviceId: number) => api.get<ReportView>(reportPath(serviceId), { quiet: true }),
  pdfUrl: (serviceId: number) => `${reportPath(serviceId)}/pdf`,
};
