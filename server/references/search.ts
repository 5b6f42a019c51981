import type { ReferenceSearch } from '../../generated/types/referenceSearch';
import type { Caller } from '../context';
import type { EntityDef } from '../schemas';
import { searchCondition } from '../resources/search';
import { visibleScope } from '../resources/visibility';
import { TAGS, tagVisible, type Tag } from '../tags';
import { and, eq, type Condition } from '../store/query';
import type { Reader, Row } from '../store/types';

/**
 * The smart-data reference search (GET /back/bo/smartdata/references/, docs/references.md): the
 * references the caller sees (its brand's, or naming its company among their suppliers), newest
 * first, at most `limit`. The form's `x-filter`s (keywords over the keyword index, sectors,
 * seasons, product types, suppliers) apply as on any search; here:
 * - riskTypes: the risk a manager set, else the computed one;
 * - score with scoreDirection: ANY (spec §9's default, with score 0) filters nothing, ABOVE keeps
 *   scores of at least `score`, BELOW scores of at most `score`;
 * - tags the caller may not see match nothing (filtering must not reveal where they are);
 * - showAll: without it, sub-references (fabrics, accessories naming a parent) are left out.
 */
const NOTHING: Condition = { op: 'or', any: [] };
const NEWEST_FIRST = [{ field: 'referenceId', desc: true }];

const riskIn = (risks: string[]): Condition => ({
  op: 'or',
  any: [
    and({ op: 'exists', field: 'riskOverride', value: true }, { op: 'in', field: 'riskOverride', values: risks }),
    and({ op: 'exists', field: 'riskOverride', value: false }, { op: 'in', field: 'risk', values: risks }),
  ],
});

function scoreCondition({ score, scoreDirection }: ReferenceSearch): Condition | undefined {
  if (score === undefined || !scoreDirection || scoreDirection === 'ANY') return undefined;
  return { op: scoreDirection === 'ABOVE' ? 'gte' : 'lte', field: 'score', value: score };
}

async function tagCondition(db: Reader, caller: Caller, ids: number[] | undefined): Promise<Condition | undefined> {
  if (!ids?.length) return undefined;
  const tags = await db.query<Tag>({ collection: TAGS, where: { op: 'in', field: 'tagId', values: ids } });
  const visible = tags.filter((tag) => tagVisible(tag, caller)).map((tag) => tag.tagId);
  return visible.length ? { op: 'in', field: 'tags', values: visible } : NOTHING;
}

export async function findReferences(db: Reader, entity: EntityDef, caller: Caller, criteria: ReferenceSearch, limit: number): Promise<{ page: Row[]; hitLimit: boolean }> {
  const where = and(
    visibleScope(entity, caller),
    searchCondition(entity, criteria as Row),
    criteria.riskTypes?.length ? riskIn(criteria.riskTypes) : undefined,
    scoreCondition(criteria),
    await tagCondition(db, caller, criteria.tags),
    criteria.showAll ? undefined : eq('subReference', false),
  );
  const found = await db.query({ collection: entity.collection, where, orderBy: NEWEST_FIRST, limit: limit + 1 });
  return { page: found.slice(0, limit), hitLimit: found.length > limit };
}
