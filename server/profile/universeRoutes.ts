import { Hono } from 'hono';
import type { RoleRule } from '../../engine/schema/roles';
import { requireCaller, requireRoles, type AppContext, type AppEnv, type Caller } from '../context';
import { notFound, validationError, versionConflict } from '../errors';
import { COLLECTIONS } from '../identity';
import { UNIVERSE_NOTIFICATIONS } from '../notify/universeTypes';
import { expectedVersion } from '../resources/write';
import { readObject } from '../services/routeHelpers';
import type { Row, Stored } from '../store/types';
import { fieldErrors } from '../validation';

/**
 * The universe profile's settings (spec §2 /profileUniverse, §6.1; docs/profiles.md), always the
 * caller's own universe — no path names another, so no flag reaches across universes:
 * - `GET`, `PUT /back/bo/profile/universe`: the universe record ({product}AdminConfig: its name and
 *   whether it is segregated), IMPERSONATE or SUPER_ADMIN;
 * - `GET`, `PUT /back/bo/profile/universe/notificationconfig`: the notification types turned off for
 *   the whole universe (read by the mailer), a MANAGER who is a universe admin, or a super admin.
 * Others 403. PUT takes the writable fields and an optional `version` (a stale one: 409); nothing is
 * written by a refused call.
 */
/** Spec §6.1: the universe's {product}AdminConfig. */
export const UNIVERSE_ADMIN_CONFIG_ROLES: RoleRule[] = ['IMPERSONATE', 'SUPER_ADMIN'];
/** Spec §6.1: the universe's companies and notificationConfig, MANAGER within the universe profile (universe admins). */
export const UNIVERSE_MANAGER_ROLES: RoleRule[] = [['UNIVERSE_ADMIN', 'MANAGER'], 'SUPER_ADMIN'];

interface UniverseSettings {
  path: string;
  roles: RoleRule[];
  entity: string;
  collection: string;
  /** The record as answered when none is stored (a universe without notification settings). */
  empty?: (universeId: number) => Row;
}

const SETTINGS: UniverseSettings[] = [
  { path: '/back/bo/profile/universe', roles: UNIVERSE_ADMIN_CONFIG_ROLES, entity: 'universe', collection: COLLECTIONS.universes },
  {
    path: '/back/bo/profile/universe/notificationconfig',
    roles: UNIVERSE_MANAGER_ROLES,
    entity: 'universeNotificationConfig',
    collection: UNIVERSE_NOTIFICATIONS,
    empty: (universeId) => ({ universeId, disabledTypes: [] }),
  },
];

/** The properties a caller writes: those of the schema that are not the server's. */
const writableOf = (c: AppContext, name: string) => {
  const entity = c.get('services').registry.entities.get(name)!;
  return { entity, fields: Object.keys(entity.schema.properties ?? {}).filter((key) => !entity.serverOwned.has(key)) };
};

/** Every writable field (its schema default when not stored), the universe and the version once stored. */
function answer(c: AppContext, settings: UniverseSettings, universeId: number, row: Row | undefined): Row {
  const { entity, fields } = writableOf(c, settings.entity);
  const properties = (entity.schema.properties ?? {}) as Record<string, { default?: unknown }>;
  const base = row ?? settings.empty?.(universeId) ?? {};
  const values = Object.fromEntries(fields.flatMap((key) => ((base[key] ?? properties[key].default) === undefined ? [] : [[key, base[key] ?? properties[key].default]])));
  return { universeId, ...values, ...(row ? { version: row.version } : {}) };
}

async function stored(c: AppContext, settings: UniverseSettings, caller: Caller): Promise<Stored<Row> | undefined> {
  const row = await c.get('services').db.get(settings.collection, caller.universeId);
  // The universe record itself always exists for a signed-in caller; its absence is not the caller's to see.
  if (!row && !settings.empty) throw notFound();
  return row;
}

export function universeProfileRoutes() {
  const app = new Hono<AppEnv>();
  for (const settings of SETTINGS) {
    app.get(settings.path, async (c) => {
      const caller = requireCaller(c);
      requireRoles(caller, settings.roles);
      return c.json(answer(c, settings, caller.universeId, await stored(c, settings, caller)));
    });

    app.put(settings.path, async (c) => {
      const caller = requireCaller(c);
      requireRoles(caller, settings.roles);
      const { entity, fields } = writableOf(c, settings.entity);
      const body = await readObject(c, [...fields, 'version']);
      const version = expectedVersion(body.version, false);
      const values = Object.fromEntries(
        Object.entries(body)
          .filter(([key, value]) => key !== 'version' && value !== null)
          .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
      );
      if (!entity.validateCreate(values)) throw validationError(fieldErrors(entity.validateCreate.errors));
      const { universeId } = caller;
      const saved = await c.get('services').db.transaction(async (tx) => {
        const current = await tx.get(settings.collection, universeId);
        if (!current && !settings.empty) throw notFound();
        if (version !== undefined && version !== current?.version) throw versionConflict();
        // The universe record keeps what the form does not edit; a settings record is replaced.
        const kept = settings.empty ? {} : Object.fromEntries(Object.entries(current ?? {}).filter(([key]) => !fields.includes(key)));
        const record = { ...kept, ...values, universeId };
        return current ? tx.update(settings.collection, universeId, () => record, current.version) : tx.insert(settings.collection, 'universeId', record);
      });
      return c.json(answer(c, settings, universeId, saved));
    });
  }
  return app;
}
