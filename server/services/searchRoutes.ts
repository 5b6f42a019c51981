import { Hono } from 'hono';
import type { AppContext, AppEnv, Caller } from '../context';
import { COLLECTIONS, fullName, type Contact } from '../identity';
import { OUTSIDE_WINDOW_HEADER, outsideWindowValue, searchCriteria } from '../resources/search';
import type { Registry } from '../schemas';
import { TAGS, type Tag } from '../tags';
import type { Reader, Row } from '../store/types';
import type { ServiceRow } from './access';
import { priorityRoutes } from './priorities';
import { PRESENTED_FROM, presentServices } from './present';
import { searchProjection } from '../resources/projection';
import { serviceCaller } from './routeHelpers';
import { companyLevels } from '../tasks/levels';
import { countOutsideWindow, findServices, type ServiceCriteria } from './search';

/**
 * GET /back/bo/services/ (docs/services.md "Search"): the matching services newest first,
 * capped at the entity's hit limit, each presented for the caller without its embedded lines;
 * what the screen shows of the lines (their PO numbers), the task levels, contributors and tags
 * of the returned page come alongside.
 */
const acronymOf = (contact: { firstName?: string; lastName?: string }) =>
  `${contact.firstName?.[0] ?? ''}${contact.lastName?.[0] ?? ''}`.toUpperCase();

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : []);

const byIds = <T extends Row>(db: Reader, collection: string, field: string, ids: Set<number>) =>
  ids.size ? db.query<T>({ collection, where: { op: 'in', field, values: [...ids] }, orderBy: [{ field }] }) : Promise.resolve([]);

async function contributorsOf(db: Reader, ids: Set<number>) {
  const contacts = await byIds<Contact>(db, COLLECTIONS.contacts, 'contactId', ids);
  return contacts.map((contact) => ({ contactId: contact.contactId, fullName: fullName(contact), acronym: acronymOf(contact) }));
}

async function tagsOf(db: Reader, ids: Set<number>) {
  const tags = await byIds<Tag>(db, TAGS, 'tagId', ids);
  return tags.map((tag) => ({ tagId: tag.tagId, localizedName: tag.localizedName, color: tag.color }));
}

/** A page of services comes without their lines: the purchase order lines come alongside (of the screen's view, what it shows of them: the PO numbers). */
const LISTED_WITHOUT = new Set(['purchaseOrderLines', 'laboratoryLines']);

/** The answer for one page of services (only these are presented). */
export async function searchAnswer(db: Reader, caller: Caller, page: ServiceRow[]) {
  const services: Row[] = [];
  const purchaseOrderLines: Row[] = [];
  const taskLevels = await companyLevels(db, caller, page.map((service) => service.serviceId as number));
  const contributorIds = new Set<number>();
  const tagIds = new Set<number>();
  const shown = await presentServices(db, page, caller, LISTED_WITHOUT);
  for (const [index, service] of page.entries()) {
    const presented = shown[index];
    services.push(presented);
    const serviceId = service.serviceId as number;
    const lines = service.purchaseOrderLines;
    if (Array.isArray(lines)) for (const line of lines as Row[]) purchaseOrderLines.push({ serviceId, ...line });
    for (const id of idsOf(service.contributors)) contributorIds.add(id);
    // presentService keeps only the tags the caller may see.
    for (const id of idsOf(presented.tags)) tagIds.add(id);
  }
  return { services, purchaseOrderLines, taskLevels, contributors: await contributorsOf(db, contributorIds), tags: await tagsOf(db, tagIds) };
}

export function serviceSearchRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const entity = registry.entities.get('service')!;
  // The screen's view (`view=screen`): what leaves the store is the fields the search screen shows (with the lines' PO
  // numbers) and those the presentation reads. Other callers get whole services.
  const screenFields = [...new Set([...searchProjection(registry, entity, 'service'), ...PRESENTED_FROM])];

  const search = async (c: AppContext) => {
    const caller = serviceCaller(c);
    const { db } = c.get('services');
    const criteria = searchCriteria(entity.search, c.req.queries()) as ServiceCriteria;
    // Both at once: on PostgreSQL they are two queries, on two connections.
    const windowed = !!(criteria.fromDate || criteria.toDate);
    const [{ page, hitLimit }, outside] = await Promise.all([
      findServices(db, registry, caller, criteria, entity.hitLimit, criteria.view === 'screen' ? screenFields : undefined),
      windowed ? countOutsideWindow(db, registry, caller, criteria, entity.hitLimit) : undefined,
    ]);
    if (hitLimit) c.header('X-Hit-Limit', String(entity.hitLimit));
    if (outside !== undefined) c.header(OUTSIDE_WINDOW_HEADER, outsideWindowValue(outside, entity.hitLimit));
    return c.json({ ...(await searchAnswer(db, caller, page)), hitLimit });
  };
  app.get('/back/bo/services', search);
  app.get('/back/bo/services/', search);
  app.route('/', priorityRoutes(registry));
  return app;
}
