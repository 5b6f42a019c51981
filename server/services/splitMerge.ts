import { Hono } from 'hono';
import { flowFields, flowOf, moveService, type ServiceStep } from '../../machines/service';
import type { AppEnv, Caller } from '../context';
import { today } from '../dates';
import { HttpError, businessRule, notFound, validationError, versionConflict } from '../errors';
import { expectedVersion } from '../resources/write';
import type { Row, Writer } from '../store/types';
import type { Registry } from '../schemas';
import { moveRecordFiles } from '../files/entries';
import { SERVICES, actingSide, canSeeService, requireSheetWrite, visibleService, type ServiceParties } from './access';
import { addHistory } from './history';
import { LAB_LINES, PO_LINES, linesOf } from './lines';
import { movedLines } from './lineFields';
import { presentService } from './present';
import { removeService, updateService, type ServiceRecord } from './records';
import { followTasks } from '../tasks/lifecycle';
import { numberParam, readObject, serviceCaller, serviceInReach, throwIfAny } from './routeHelpers';

/**
 * Split (some PO lines move to another service) and merge (every line moves; the source is
 * cancelled, or deleted when asked). Both services need WRITE; the target must be another
 * service the caller sees (spec §5.4). The moving PO lines must pass the target's ORDER custom
 * fields as its wizard would (lineFields.ts `movedLines`), else nothing moves.
 */
async function sourceAndTarget(tx: Writer, caller: Caller, sourceId: number, targetId: unknown): Promise<{ source: ServiceRecord; target: ServiceRecord }> {
  const source = await visibleService(tx, sourceId, caller);
  requireSheetWrite(source, caller);
  if (typeof targetId !== 'number' || !Number.isInteger(targetId)) {
    throw validationError([{ path: '/targetServiceId', key: targetId === undefined ? 'validation.required' : 'validation.wrongType' }]);
  }
  if (targetId === sourceId) throw businessRule('service.split.sameService');
  const target = await tx.get<Row & ServiceParties>(SERVICES, targetId);
  if (!target || !canSeeService(target, caller)) throw notFound('service.split.targetNotFound');
  requireSheetWrite(target, caller);
  return { source, target };
}

async function split(tx: Writer, caller: Caller, sourceId: number, body: Row, version: number | undefined, registry: Registry) {
  const { source, target } = await sourceAndTarget(tx, caller, sourceId, body.targetServiceId);
  const ids = body.purchaseOrderLineIds;
  if (!Array.isArray(ids) || ids.length === 0) {
    throw validationError([{ path: '/purchaseOrderLineIds', key: Array.isArray(ids) || ids === undefined ? 'validation.required' : 'validation.wrongType' }]);
  }
  const lines = linesOf(source, PO_LINES);
  const known = new Set(lines.map((line) => line[PO_LINES.idField]));
  throwIfAny(ids.flatMap((id, index) => (known.has(id) ? [] : [{ path: `/purchaseOrderLineIds/${index}`, key: 'validation.unknownReference' }])));
  const moving = lines.filter((line) => ids.includes(line[PO_LINES.idField]));
  const staying = lines.filter((line) => !ids.includes(line[PO_LINES.idField]));
  if (staying.length === 0) throw validationError([{ path: '/purchaseOrderLineIds', key: 'service.split.noLineLeft' }]);
  const targetLines = linesOf(target, PO_LINES);
  const moved = await movedLines(tx, registry, caller, target, moving, targetLines.length);
  const updatedSource = await updateService(tx, caller, sourceId, { purchaseOrderLines: staying }, version);
  const updatedTarget = await updateService(tx, caller, target.serviceId as number, { purchaseOrderLines: [...targetLines, ...moved] });
  await addHistory(tx, caller, { serviceId: sourceId, event: 'SPLIT', side: actingSide(source, caller), detail: `→ ${target.number}` });
  await addHistory(tx, caller, { serviceId: target.serviceId as number, event: 'SPLIT', side: actingSide(target, caller), detail: `← ${source.number}` });
  return { source: updatedSource, target: updatedTarget };
}

async function merge(tx: Writer, caller: Caller, sourceId: number, body: Row, version: number | undefined, registry: Registry) {
  const { source, target } = await sourceAndTarget(tx, caller, sourceId, body.targetServiceId);
  const deleteSource = body.deleteSource ?? false;
  if (typeof deleteSource !== 'boolean') throw validationError([{ path: '/deleteSource', key: 'validation.wrongType' }]);
  if (version !== undefined && version !== source.version) throw versionConflict();
  const targetLines = linesOf(target, PO_LINES);
  const arriving = await movedLines(tx, registry, caller, target, linesOf(source, PO_LINES), targetLines.length);
  const updatedTarget = await updateService(tx, caller, target.serviceId as number, {
    purchaseOrderLines: [...targetLines, ...arriving],
    laboratoryLines: [...linesOf(target, LAB_LINES), ...linesOf(source, LAB_LINES)],
  });
  await addHistory(tx, caller, { serviceId: target.serviceId as number, event: 'MERGED', side: actingSide(target, caller), detail: `← ${source.number}` });
  if (deleteSource) {
    // The removed source's files go over to the service it was merged into.
    await moveRecordFiles(tx, registry.entities.get('service')!, source, target.serviceId as number);
    await removeService(tx, sourceId);
    return { source: null, target: updatedTarget };
  }
  // Merged into another one, the source is cancelled like its owner would cancel it (the merge, not the caller's flags, decides).
  const side = actingSide(source, caller);
  const step = source.serviceStep as ServiceStep;
  const moved = moveService(step, flowOf(source as never), { type: 'CANCEL', by: side ?? 'DECISION_MAKER', owner: true, workflow: true });
  if (!moved) throw new HttpError(409, 'TransitionException', 'error.service.transitionRefused', { action: 'CANCEL', step });
  const updatedSource = await updateService(tx, caller, sourceId, {
    purchaseOrderLines: [],
    laboratoryLines: [],
    ...flowFields(moved.step, moved.flow, today(), source as never),
  });
  await addHistory(tx, caller, { serviceId: sourceId, event: 'CANCEL', fromStep: step, toStep: moved.step, side, detail: `→ ${target.number}` });
  // A cancelled service has nothing left to do (machines/task.ts).
  await followTasks(tx, updatedSource, 'CANCEL', { by: side, fromStep: step, toStep: moved.step });
  return { source: updatedSource, target: updatedTarget };
}

export function splitMergeRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const actions = { split: { keys: ['targetServiceId', 'purchaseOrderLineIds', 'version'], run: split }, merge: { keys: ['targetServiceId', 'deleteSource', 'version'], run: merge } };
  for (const [name, action] of Object.entries(actions)) {
    app.post(`/back/bo/services/:id{[0-9]+}/${name}`, async (c) => {
      const caller = serviceCaller(c);
      const { db, registry } = c.get('services');
      await serviceInReach(c, caller);
      const body = await readObject(c, action.keys);
      const version = expectedVersion(body.version, false);
      const result = await db.transaction((tx) => action.run(tx, caller, numberParam(c, 'id'), body, version, registry));
      return c.json({
        source: result.source && (await presentService(db, result.source, caller)),
        target: await presentService(db, result.target, caller),
      });
    });
  }
  return app;
}
