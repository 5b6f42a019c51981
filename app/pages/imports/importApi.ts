import { api } from '../../../engine/api';

/** The import calls (docs/imports.md) for one kind, by its base path. */
export interface MappingColumn {
  column: number;
  source: string;
  target: string | null;
  ready: boolean;
  samples: string[];
}
export interface Mapping {
  document: { fileId: number; fileName: string; byteSize: number } | null;
  columns: MappingColumn[];
  targets: { target: string; required: boolean }[];
}
export interface PreviewRow {
  line: number;
  values: Record<string, unknown>;
  errors: { target: string | null; message: string }[];
}
export interface History {
  importHistoryId: number;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  fileName: string;
  totalRows?: number;
  rowsRead: number;
  created: number;
  updated: number;
  refused: number;
  startedByName?: string;
  creationDate: string;
  lastError?: string;
  /** Why a FAILED import stopped, in the person's language. */
  reason?: string;
}
export interface Progress {
  status: History['status'];
  percent: number;
  rowsRead: number;
  totalRows: number | null;
}

export interface ImportKind {
  base: string;
  fileDomain: string;
  title: string;
}

export const IMPORT_KINDS: Record<string, ImportKind> = {
  '/importOrder': { base: '/back/bo/importOrder', fileDomain: 'COMPANY_IMPORT_PURCHASE_ORDER', title: 'screen.importOrder' },
  '/importService': { base: '/back/bo/importservice', fileDomain: 'COMPANY_IMPORT', title: 'screen.importService' },
};

export const importCalls = (base: string) => ({
  mapping: () => api.get<Mapping>(`${base}/mappings`),
  map: (column: MappingColumn, target: string | null) => api.patch<Mapping>(`${base}/mappings/${column.column}`, { column: column.column, source: column.source, target }),
  preview: () => api.get<{ rows: PreviewRow[] }>(`${base}/preview`),
  start: () => api.get<History>(`${base}/startImport`),
  removeDocument: () => api.delete<boolean>(`${base}/importDocument`),
  histories: () => api.get<History[]>(`${base}/histories`),
  progress: (id: number) => api.get<Progress>(`${base}/histories/${id}/progress`, { quiet: true }),
  refusedRowsUrl: (id: number) => `${base}/histories/${id}/refusedRows`,
});
