import type { Caller } from './context';
import { validationError, type FieldError } from './errors';
import type { Reader, Row, Stored } from './store/types';

/**
 * Tag privacy (spec §6.4 "data visibility tags"). A tag belongs to one company of one
 * universe; nobody outside that universe ever sees it.
 * - SECRET: seen and assigned only by its company; to everyone else it does not exist.
 * - SHARED: seen and assigned by every company of the universe.
 * - VISIBLE: seen by every company of the universe, assigned only by its company.
 * "Assign" means adding the tag to a record's list. A tag already on the record stays
 * acceptable in a rewritten list (even a disabled one, or another company's VISIBLE one),
 * and any tag the caller can see may be taken off. Tags the caller cannot see stay on the
 * record untouched when they rewrite its list, and naming one is refused like an unknown
 * tag (so nobody can probe which hidden tags a record carries). Disabled tags, and tags
 * of another source, cannot be newly assigned.
 */
export const TAGS = 'tags';

export interface Tag {
  tagId: number;
  universeId: number;
  companyId: number;
  localizedName: string;
  color: string;
  disabled: boolean;
  privacy: 'SECRET' | 'SHARED' | 'VISIBLE';
  sources: string[];
  [key: string]: unknown;
}

export function tagVisible(tag: Stored<Tag>, caller: Caller): boolean {
  return tag.universeId === caller.universeId && (tag.privacy !== 'SECRET' || tag.companyId === caller.company.companyId);
}

/** May this caller's company assign this tag (privacy only)? */
export function tagAssignable(tag: Stored<Tag>, caller: Caller): boolean {
  return tagVisible(tag, caller) && (tag.privacy === 'SHARED' || tag.companyId === caller.company.companyId);
}

/** Can this caller newly put this tag on a record of this tag source? */
export function tagUsable(tag: Stored<Tag> | undefined, caller: Caller, source: string): boolean {
  return !!tag && tagAssignable(tag, caller) && !tag.disabled && tag.sources.includes(source);
}

function tagIds(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
}

/** The ids of `value` the caller may see (what a record shows them). */
export async function visibleTagIds(db: Reader, caller: Caller, value: unknown): Promise<number[]> {
  const visible = await visibleTagSet(db, caller, [value]);
  return tagIds(value).filter((id) => visible.has(id));
}

/** Which tags of these records' tag lists the caller may see, in one query (a search page presents hundreds). */
export async function visibleTagSet(db: Reader, caller: Caller, values: unknown[]): Promise<Set<number>> {
  const ids = [...new Set(values.flatMap(tagIds))];
  if (!ids.length) return new Set();
  const tags = await db.query<Tag>({ collection: TAGS, where: { op: 'in', field: 'tagId', values: ids } });
  return new Set(tags.filter((tag) => tagVisible(tag, caller)).map((tag) => tag.tagId));
}

/** Why the caller may not put this id in a record's list (an i18n key), or undefined. */
async function refusal(db: Reader, caller: Caller, source: string, id: number, visibleOnRecord: Set<number>): Promise<string | undefined> {
  const tag = await db.get<Tag>(TAGS, id);
  if (!tag || !tagVisible(tag, caller)) return 'validation.unusableTag';
  if (visibleOnRecord.has(id)) return undefined;
  if (tag.disabled || !tag.sources.includes(source)) return 'validation.unusableTag';
  return tagAssignable(tag, caller) ? undefined : 'validation.tagNotAssignable';
}

/**
 * The tag list to store when the caller submits `submitted` for a record of this tag source
 * that carries `existing` (undefined on creation): refused (400, errors at `path/index`)
 * when an id breaks the rules above, else the caller's ids plus the tags hidden from them.
 */
export async function writableTags(db: Reader, caller: Caller, source: string, submitted: unknown[], existing: unknown, path = ''): Promise<number[]> {
  const visible = new Set(await visibleTagIds(db, caller, existing));
  const keys = await Promise.all(submitted.map((id) => (typeof id === 'number' ? refusal(db, caller, source, id, visible) : 'validation.wrongType')));
  const errors: FieldError[] = keys.flatMap((key, index) => (key ? [{ path: `${path}/${index}`, key }] : []));
  if (errors.length) throw validationError(errors);
  const hidden = tagIds(existing).filter((id) => !visible.has(id));
  return [...new Set([...(submitted as number[]), ...hidden])];
}

/** Applies `writableTags` to the tag field of a record being created or replaced (x-tags). */
export async function applyTagRules(db: Reader, caller: Caller, tags: { source: string; field: string } | undefined, record: Row, existing?: Row): Promise<void> {
  if (!tags || !Array.isArray(record[tags.field])) return;
  record[tags.field] = await writableTags(db, caller, tags.source, record[tags.field] as unknown[], existing?.[tags.field], `/${tags.field}`);
}

/** `/back/bo/tags/<SOURCE>/options` is the lookup url of a tag field (x-lookup kind "tags"). */
export const tagOptionsUrl = /^\/back\/bo\/tags\/([A-Z_]+)\/options$/;
