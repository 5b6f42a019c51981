import { DEFAULT_SERVICE_SETTINGS, type ServiceSettings } from '../../machines/service';
import type { TaskLevel, TaskType } from '../../machines/task';
import type { Reader, Row, Stored } from '../store/types';

/**
 * A company's settings (docs/settings.md), each kind in a collection of its own whose record id is
 * the company's id. A company without a record has the defaults, which are the product's behaviour
 * without any setting: the readers below always answer a complete settings object.
 */
export const SETTINGS = {
  workflow: { entity: 'companyWorkflowConfig', collection: 'companyWorkflowConfigs' },
  task: { entity: 'companyTaskConfig', collection: 'companyTaskConfigs' },
  serviceDefault: { entity: 'companyServiceDefault', collection: 'companyServiceDefaults' },
} as const;
export type SettingsKind = keyof typeof SETTINGS;

export interface WorkflowConfig extends ServiceSettings {
  /** As decision maker: a terminated service's report waits for the company's decision. */
  reportNeedsDecision: boolean;
}
export const DEFAULT_WORKFLOW: WorkflowConfig = { ...DEFAULT_SERVICE_SETTINGS, reportNeedsDecision: true };

export interface TaskConfig {
  disabledTypes: TaskType[];
  levels: Partial<Record<TaskType, TaskLevel>>;
}
export const DEFAULT_TASKS: TaskConfig = { disabledTypes: [], levels: {} };

/** The stored settings of these companies, by company id (those without a record are absent). */
export async function storedSettings(db: Reader, kind: SettingsKind, companyIds: readonly number[]): Promise<Map<number, Stored<Row>>> {
  const ids = [...new Set(companyIds.filter((id) => Number.isInteger(id)))];
  if (!ids.length) return new Map();
  const rows = await db.query({ collection: SETTINGS[kind].collection, where: { op: 'in', field: 'companyId', values: ids } });
  return new Map(rows.map((row) => [row.companyId as number, row]));
}

const workflowOf = (row: Row | undefined): WorkflowConfig => ({
  providerDateConfirms: row?.providerDateConfirms === true,
  completeNeedsReport: row?.completeNeedsReport === true,
  reportNeedsDecision: row?.reportNeedsDecision !== false,
});

/** The workflow settings of one company (the defaults for none). */
export async function workflowConfig(db: Reader, companyId: number | undefined | null): Promise<WorkflowConfig> {
  if (typeof companyId !== 'number') return DEFAULT_WORKFLOW;
  return workflowOf((await storedSettings(db, 'workflow', [companyId])).get(companyId));
}

/** The workflow settings of several companies in one read (a page of services): a reader by company id. */
export async function workflowConfigs(db: Reader, companyIds: readonly (number | undefined | null)[]): Promise<(companyId: number | undefined | null) => WorkflowConfig> {
  const stored = await storedSettings(db, 'workflow', companyIds.filter((id): id is number => typeof id === 'number'));
  return (companyId) => (typeof companyId === 'number' ? workflowOf(stored.get(companyId)) : DEFAULT_WORKFLOW);
}

/** What the service machine's guards read: the settings of the service's provider (it plays the provider's steps). */
export async function providerSettings(db: Reader, service: { serviceProvider?: number | null }): Promise<ServiceSettings> {
  const { providerDateConfirms, completeNeedsReport } = await workflowConfig(db, service.serviceProvider);
  return { providerDateConfirms, completeNeedsReport };
}

/** The task settings of several companies, by company id (the defaults for those without a record). */
export async function taskConfigs(db: Reader, companyIds: readonly number[]): Promise<(companyId: number) => TaskConfig> {
  const stored = await storedSettings(db, 'task', companyIds);
  return (companyId) => {
    const row = stored.get(companyId);
    if (!row) return DEFAULT_TASKS;
    return { disabledTypes: (row.disabledTypes as TaskType[] | undefined) ?? [], levels: (row.levels as TaskConfig['levels'] | undefined) ?? {} };
  };
}
