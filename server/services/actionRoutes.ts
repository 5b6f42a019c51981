import { Hono } from 'hono';
import { SERVICE_PATCH_ACTIONS, daysUntil, type ServiceAction } from '../../machines/service';
import { today } from '../dates';
import type { AppEnv } from '../context';
import { validationError } from '../errors';
import { expectedVersion } from '../resources/write';
import type { Registry } from '../schemas';
import { eq } from '../store/query';
import type { Row } from '../store/types';
import { visibleService } from './access';
import { commentOf } from './dateLineRoutes';
import { SERVICE_HISTORY } from './history';
import { numberParam, readObject, serviceCaller } from './routeHelpers';
import { answerMove, applyServiceEvent } from './workflowMove';

/**
 * Workflow actions without a date (`PATCH /back/bo/services/{id}/{action}`: confirm, complete,
 * cancellation requests and answers, cancel, reopen) and the service's history.
 */
const isPatchAction = (action: string): action is (typeof SERVICE_PATCH_ACTIONS)[number] => (SERVICE_PATCH_ACTIONS as readonly string[]).includes(action);

/** History rows as the browser sees them (the universe is the server's business). */
const publicHistory = ({ universeId: _universe, ...row }: Row) => row;

export function actionRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = '/back/bo/services/:id{[0-9]+}';

  app.get(`${base}/history`, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    const serviceId = numberParam(c, 'id');
    await visibleService(db, serviceId, caller);
    const events = await db.query({ collection: SERVICE_HISTORY, where: eq('serviceId', serviceId), orderBy: [{ field: 'historyId', desc: true }] });
    return c.json(events.map(publicHistory));
  });

  app.patch(`${base}/:action`, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    const action = c.req.param('action');
    const body = await readObject(c, ['version', 'comment'], true);
    const version = expectedVersion(body.version, false);
    const comment = commentOf(registry, body.comment);
    const service = await db.transaction(async (tx) => {
      const existing = await visibleService(tx, numberParam(c, 'id'), caller);
      if (!isPatchAction(action)) throw validationError([{ path: '/action', key: 'validation.unknownValue' }]);
      // COMPLETE: the machine refuses a service that starts more than a week ahead.
      const dates = action === 'COMPLETE' ? { startsInDays: daysUntil(existing.startDate, today()) } : undefined;
      return (await applyServiceEvent(tx, existing, caller, action as ServiceAction, { registry, version, comment, dates })).service;
    });
    return answerMove(c, caller, action as ServiceAction, service);
  });

  return app;
}
