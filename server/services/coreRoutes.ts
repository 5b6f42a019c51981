import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { businessRule } from '../errors';
import { expectedVersion } from '../resources/write';
import { requireServiceCreator, requireSheetWrite, visibleService } from './access';
import { EDIT_KEYS, WIZARD_KEYS, checkWizard, createOrMerge, editService, mergeTarget } from './createService';
import { lineRoutes } from './lines';
import { noteRoutes } from './notes';
import { sendWizardNotification, tellProvider } from './notify';
import { presentService } from './present';
import { quickServiceRoutes } from './quickService';
import { removeService } from './records';
import { releaseUnused, removeRecordFiles } from '../files/entries';
import { numberParam, readObject, serviceCaller, serviceInReach } from './routeHelpers';
import { splitMergeRoutes } from './splitMerge';

/**
 * The service core of docs/services.md: one service (GET, DELETE), the wizard (POST, PUT),
 * the light wizard, lines, notes, split and merge. Every answer service goes through
 * presentService; visibility and rights come from access.ts only.
 */
const DELETABLE_STEPS = ['OPENED', 'REQUESTED'];

export function serviceCoreRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const one = '/back/bo/services/:id{[0-9]+}';

  app.get(one, async (c) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    return c.json(await presentService(db, await visibleService(db, numberParam(c, 'id'), caller), caller));
  });

  // Only a service the provider never confirmed may disappear; otherwise it is cancelled.
  app.delete(one, async (c) => {
    const caller = serviceCaller(c);
    const { db, files, registry } = c.get('services');
    const released = await db.transaction(async (tx) => {
      const service = await visibleService(tx, numberParam(c, 'id'), caller);
      requireSheetWrite(service, caller);
      if (!DELETABLE_STEPS.includes(String(service.serviceStep)) || service.providerConfirmed) throw businessRule('service.deleteRefused');
      await removeService(tx, service.serviceId as number);
      return removeRecordFiles(tx, registry.entities.get('service')!, service);
    });
    await releaseUnused(db, files, released);
    return c.json(true);
  });

  app.post('/back/bo/services', async (c) => {
    const caller = serviceCaller(c);
    requireServiceCreator(caller);
    const { db, registry } = c.get('services');
    const body = await readObject(c, WIZARD_KEYS);
    const { result, notification } = await db.transaction(async (tx) => {
      const input = await checkWizard(tx, registry, caller, body);
      return { result: await createOrMerge(tx, registry, caller, input, await mergeTarget(tx, caller, input.service)), notification: input.notification };
    });
    await tellProvider(c, caller, result, await sendWizardNotification(c, caller, result.service, notification));
    return c.json({ service: await presentService(db, result.service, caller), created: result.created }, result.created ? 201 : 200);
  });

  app.put(one, async (c) => {
    const caller = serviceCaller(c);
    const { db, registry } = c.get('services');
    await serviceInReach(c, caller);
    const body = await readObject(c, EDIT_KEYS);
    const version = expectedVersion(body.version, true)!;
    const updated = await db.transaction((tx) => editService(tx, registry, caller, numberParam(c, 'id'), body, version));
    return c.json(await presentService(db, updated, caller));
  });

  app.route('/', quickServiceRoutes());
  app.route('/', lineRoutes());
  app.route('/', noteRoutes());
  app.route('/', splitMergeRoutes());
  return app;
}
