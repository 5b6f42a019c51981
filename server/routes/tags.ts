import { Hono } from 'hono';
import { badRequest, notFound, validationError } from '../errors';
import { MAX_ARRAY_ITEMS, readJson } from '../json-body';
import { requireCaller, type AppContext, type AppEnv, type Caller } from '../context';
import type { EntityDef, Registry } from '../schemas';
import { and, eq } from '../store/query';
import type { Reader } from '../store/types';
import { TAGS, tagAssignable, tagVisible, visibleTagIds, writableTags, type Tag } from '../tags';
import { updateStamps, expectedVersion } from '../resources/write';
import { recordAccess } from '../resources/recordAccess';

/**
 * Tag calls (spec §7.2). A record is named `<SOURCE>_<id>`: SOURCE is the entity's name in
 * upper snake case (NON_COMPLIANCE → nonCompliance, MATRIX8D → matrix8d) or, failing that,
 * the x-tags source of exactly one entity.
 */
const upperSnake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

function entityForSource(registry: Registry, source: string): EntityDef | undefined {
  const tagged = [...registry.entities.values()].filter((entity) => entity.tags);
  const byName = tagged.find((entity) => upperSnake(entity.name) === source);
  if (byName) return byName;
  const bySource = tagged.filter((entity) => entity.tags!.source === source);
  return bySource.length === 1 ? bySource[0] : undefined;
}

/** The most tag labels asked at once (`id=` repeated): a search form's tag filter, a record's tags. */
const MAX_TAG_OPTIONS = 200;

/** The most tags a record of `entity` holds: its tag field's maxItems. */
const maxTagsOf = (entity: EntityDef): number => Number((entity.schema.properties?.[entity.tags!.field] as { maxItems?: number } | undefined)?.maxItems ?? MAX_ARRAY_ITEMS);

const tagView = ({ tagId, localizedName, color, privacy }: Tag) => ({ tagId, localizedName, color, privacy });

async function tagsOfRecord(db: Reader, caller: Caller, ids: unknown, type?: string) {
  const tags = await Promise.all((await visibleTagIds(db, caller, ids)).map(async (id) => (await db.get<Tag>(TAGS, id))!));
  return tags
    .filter((tag) => !type || tag.sources.includes(type))
    .map(tagView);
}

/**
 * The record behind `<SOURCE>_<id>` under the rule of the record's own routes
 * (resources/recordAccess.ts): 403 without their roles, 404 out of sight, and for `write`
 * 403 when the caller may only read it.
 */
async function taggedRecord(c: AppContext, mode: 'read' | 'write') {
  const caller = requireCaller(c);
  const { db, registry } = c.get('services');
  const [, source, id] = /^([A-Z0-9_]+)_(\d+)$/.exec(c.req.param('ref') ?? '') ?? [];
  const entity = source ? entityForSource(registry, source) : undefined;
  if (!entity?.tags) throw notFound();
  const access = recordAccess(entity);
  return { caller, db, entity, access, id: Number(id), record: await access[mode](db, Number(id), caller) };
}

function tagSourcesOf(registry: Registry, list: string): string[] {
  const known: string[] = registry.enums.tagSource?.enum ?? [];
  const sources = list.split(',').filter(Boolean);
  if (!sources.length || sources.some((source) => !known.includes(source))) throw badRequest('validation.unknownValue');
  return sources;
}

export function tagRoutes(registry: Registry) {
  const app = new Hono<AppEnv>();
  // Every tagged entity must have a record access rule: checked at start, not at the first call.
  for (const entity of registry.entities.values()) if (entity.tags) recordAccess(entity);

  /**
   * Options of tag pickers: the enabled tags of these sources the caller may assign, so a
   * picker never offers a tag the server would refuse. `searchOnly=true` (search filters):
   * every enabled tag of these sources the caller may see. `id=<tagId>` (repeatable): the
   * labels of those tags, when the caller sees them (a record's tags, even disabled or not
   * assignable). Each option says whether the caller may assign it. `privateOnly=true`: only
   * the caller's company's tags; `companyCascadeId`: only that company's tags; `sourceId` is
   * accepted and changes nothing yet.
   */
  app.get('/back/bo/tags/:types{[A-Z_,]+}/options', async (c) => {
    const caller = requireCaller(c);
    const { db, registry } = c.get('services');
    const sources = tagSourcesOf(registry, c.req.param('types'));
    const owner = c.req.query('privateOnly') === 'true' ? caller.company.companyId : Number(c.req.query('companyCascadeId')) || undefined;
    const ids = c.req.queries('id');
    if (ids?.some((id) => !/^\d+$/.test(id))) throw badRequest('validation.wrongType');
    if (ids && ids.length > MAX_TAG_OPTIONS) throw validationError([{ path: '/id', key: 'validation.tooMany' }]);
    const wanted = ids && new Set(ids.map(Number));
    // The sources, the ids asked, `disabled` and the owner are conditions; whether the caller sees
    // or may assign a tag is the rule of server/tags.ts, applied to those tags.
    const found = await db.query<Tag>({
      collection: TAGS,
      where: and(
        eq('universeId', caller.universeId),
        { op: 'in', field: 'sources', values: sources },
        wanted ? { op: 'in', field: 'tagId', values: [...wanted] } : { op: 'not', condition: eq('disabled', true) },
        owner !== undefined && eq('companyId', owner),
      ),
    });
    const searchOnly = c.req.query('searchOnly') === 'true';
    const options = found
      .filter((tag) => tagVisible(tag, caller) && (wanted || searchOnly || tagAssignable(tag, caller)))
      .map((tag) => ({ value: tag.tagId, label: tag.localizedName, color: tag.color, assignable: tagAssignable(tag, caller) }))
      .sort((a, b) => a.label.localeCompare(b.label));
    return c.json(options);
  });

  app.get('/back/bo/tags/:ref{[A-Z0-9_]+_[0-9]+}', async (c) => {
    const { caller, db, entity, record } = await taggedRecord(c, 'read');
    return c.json(await tagsOfRecord(db, caller, record[entity.tags!.field]));
  });

  app.get('/back/bo/tags/:ref{[A-Z0-9_]+_[0-9]+}/:type{[A-Z_]+}', async (c) => {
    const { caller, db, entity, record } = await taggedRecord(c, 'read');
    const [type] = tagSourcesOf(c.get('services').registry, c.req.param('type'));
    return c.json(await tagsOfRecord(db, caller, record[entity.tags!.field], type));
  });

  /** Replaces the record's tags by the given ids under the rules of server/tags.ts; bumps its version. */
  app.patch('/back/bo/tags/:ref{[A-Z0-9_]+_[0-9]+}', async (c) => {
    // Rights before the body: a record out of reach answers the same whatever is sent.
    const { caller, db, entity, access, id } = await taggedRecord(c, 'write');
    const body = await readJson(c);
    const field = entity.tags!.field;
    if (!Array.isArray(body) || body.some((tagId) => !Number.isInteger(tagId))) throw validationError([{ path: '', key: 'validation.wrongType' }]);
    // The record's own bound on its tags (its schema's maxItems), before any tag is looked up.
    if (body.length > maxTagsOf(entity)) throw validationError([{ path: '', key: 'validation.tooMany' }]);
    const version = expectedVersion(c.req.query('version'), false);
    const updated = await db.transaction(async (tx) => {
      const current = await access.write(tx, id, caller);
      const tags = await writableTags(tx, caller, entity.tags!.source, body, current[field]);
      return tx.update(entity.collection, id, (row) => ({ ...row, [field]: tags, ...updateStamps(entity, caller) }), version);
    });
    return c.json(await tagsOfRecord(db, caller, updated[field]));
  });

  return app;
}
