import type { Caller } from './context';
import type { ReadOps, Stored } from './store/types';

/**
 * Tag rules (spec: tag privacy SECRET/SHARED/VISIBLE): a SECRET tag is seen only by its
 * company; disabled tags cannot be newly assigned. Tags a caller cannot see stay on a
 * record untouched when that caller rewrites its tag list.
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

/** Can this caller put this tag on a record of this tag source? */
export function tagUsable(tag: Stored<Tag> | undefined, caller: Caller, source: string): boolean {
  return !!tag && tagVisible(tag, caller) && !tag.disabled && tag.sources.includes(source);
}

function tagIds(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
}

/** The ids of `value` the caller may see (what a record shows them). */
export function visibleTagIds(store: ReadOps, caller: Caller, value: unknown): number[] {
  return tagIds(value).filter((id) => {
    const tag = store.get<Tag>(TAGS, id);
    return !!tag && tagVisible(tag, caller);
  });
}

/** The caller's new tag list plus the record's tags the caller cannot see. */
export function withHiddenTags(store: ReadOps, caller: Caller, submitted: number[], existing: unknown): number[] {
  const visible = new Set(visibleTagIds(store, caller, existing));
  const hidden = tagIds(existing).filter((id) => !visible.has(id));
  return [...new Set([...submitted, ...hidden])];
}

/** `/back/bo/tags/<SOURCE>/options` is the lookup url of a tag field (x-lookup kind "tags"). */
export const tagOptionsUrl = /^\/back\/bo\/tags\/([A-Z_]+)\/options$/;
