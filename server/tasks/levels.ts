import { highestLevel, type TaskLevel } from '../../machines/task';
import type { Caller } from '../context';
import { and, eq } from '../store/query';
import type { Reader } from '../store/types';
import { TASKS, type TaskRow } from './lifecycle';

/** Per service of `serviceIds`: the highest level of the caller's company's open tasks on it (services without any are left out). */
export async function companyLevels(db: Reader, caller: Caller, serviceIds: number[]): Promise<Record<string, TaskLevel>> {
  if (!serviceIds.length) return {};
  const where = and(eq('universeId', caller.universeId), eq('companyId', caller.company.companyId), eq('status', 'OPEN'), { op: 'in', field: 'serviceId', values: serviceIds });
  const levels = new Map<number, TaskLevel[]>();
  for (const task of await db.query<TaskRow>({ collection: TASKS, where })) levels.set(task.serviceId, [...(levels.get(task.serviceId) ?? []), task.level as TaskLevel]);
  return Object.fromEntries([...levels].map(([serviceId, held]) => [String(serviceId), highestLevel(held)!]));
}
