import { Hono } from 'hono';
import { badRequest } from '../errors';
import { requireCaller, type AppContext, type AppEnv, type Caller } from '../context';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Stored } from '../store/types';
import { alertLinkOpens } from '../alertAccess';
import type { Registry } from '../schemas';
import type { LiveAlert } from '../../domain/liveAlert';

/**
 * Live alerts (spec §7.1): the bell polls the unread count and gets each new alert once
 * as a snack; opening the list and marking a range read clears them.
 */
export const ALERTS = 'alerts';


/** The stored alert: the live alert plus whose it is and whether its snack was sent. */
export interface Alert extends LiveAlert {
  contactId: number;
  universeId: number;
  shown: boolean;
  [key: string]: unknown;
}

const LIST_LIMIT = 50;

/** The caller's alerts, newest first; one whose link the caller cannot open (any more) is never delivered. */
async function mine(db: Reader, registry: Registry, caller: Caller, also?: Condition): Promise<Stored<Alert>[]> {
  const alerts = await db.query<Alert>({ collection: ALERTS, where: and(eq('contactId', caller.contact.contactId), also), orderBy: [{ field: 'alertId', desc: true }] });
  // Whether a link opens depends on the schema registry (screens, roles) and the record's read
  // rule: no store condition says it, so it filters the caller's own alerts here.
  const opens = await Promise.all(alerts.map((alert) => alertLinkOpens(registry, db, caller, alert.titleLink)));
  return alerts.filter((_alert, index) => opens[index]);
}

const unreadOnly: Condition = { op: 'not', condition: eq('read', true) };

const publicAlert = ({ alertId, level, title, message, titleLink, creationDate, read }: Stored<Alert>): LiveAlert =>
  ({ alertId, level, title, message, titleLink, creationDate, read });

function optionalId(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw badRequest('validation.wrongType');
  return Number(value);
}

export function alertRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/back/alerts/poll', async (c) => {
    const caller = requireCaller(c);
    const { db, registry } = c.get('services');
    const unread = await mine(db, registry, caller, unreadOnly);
    const snacks = unread.filter((alert) => !alert.shown);
    if (snacks.length) {
      await db.transaction(async (tx) => {
        for (const alert of snacks) await tx.update<Alert>(ALERTS, alert.alertId, (current) => ({ ...current, shown: true }));
      });
    }
    return c.json({ count: unread.length, snacks: snacks.map(publicAlert) });
  });

  const list = async (c: AppContext) => {
    const alerts = (await mine(c.get('services').db, c.get('services').registry, requireCaller(c))).slice(0, LIST_LIMIT);
    const liveIds = alerts.filter((alert) => !alert.read).map((alert) => alert.alertId);
    return c.json({
      alerts: alerts.map(publicAlert),
      minLiveAlertId: liveIds.length ? Math.min(...liveIds) : null,
      maxLiveAlertId: liveIds.length ? Math.max(...liveIds) : null,
    });
  };
  app.get('/back/alerts/', list);
  app.get('/back/alerts', list);

  /** Marks read the caller's alerts between lowlivealertid and highlivealertid (each bound optional). */
  const markRead = async (c: AppContext) => {
    const caller = requireCaller(c);
    const { db, registry } = c.get('services');
    const low = optionalId(c.req.query('lowlivealertid')) ?? 0;
    const high = optionalId(c.req.query('highlivealertid')) ?? Number.MAX_SAFE_INTEGER;
    const toRead = await mine(db, registry, caller, and(unreadOnly, { op: 'gte', field: 'alertId', value: low }, { op: 'lte', field: 'alertId', value: high }));
    await db.transaction(async (tx) => {
      for (const alert of toRead) await tx.update<Alert>(ALERTS, alert.alertId, (current) => ({ ...current, read: true, shown: true }));
    });
    return c.json({ count: (await mine(db, registry, caller, unreadOnly)).length });
  };
  app.patch('/back/alerts/', markRead);
  app.patch('/back/alerts', markRead);

  return app;
}
