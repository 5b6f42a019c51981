import { Hono } from 'hono';
import { windowOf } from '../activity/routes';
import { languageOf, requireCaller, requireRoles, type AppEnv } from '../context';
import { COLLECTIONS, fullName, type Contact } from '../identity';
import { translate } from '../i18n';
import { searchCriteria } from '../resources/search';
import { visibleScope } from '../resources/visibility';
import { monthsBetween } from '../risk/figures';
import type { Registry } from '../schemas';
import { and } from '../store/query';
import type { Row } from '../store/types';
import { costFigures } from './costs';

/** The longest period of the costs (one bar per month). */
const MAX_COST_DAYS = 3 * 366;
/** The company's currency when it names none. */
export const DEFAULT_CURRENCY = 'EUR';

/**
 * The dashboard's costs tab (spec §2 `/dashboard`, docs/activity.md): the structural costs and fee
 * sheets the caller sees over a period, summed in its company's currency (costs.ts). Who may: whoever
 * may read both entities (their `x-roles`: MANAGER or SUPER_ADMIN), 403 otherwise; which records: each
 * entity's visibility, as its own search applies it.
 */
export function dashboardRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const form = registry.searchForms.dashboardCosts;
  const structuralCost = registry.entities.get('structuralCost')!;
  const fee = registry.entities.get('fee')!;

  app.get('/back/bo/dashboard/costs', async (c) => {
    const caller = requireCaller(c);
    requireRoles(caller, structuralCost.roles);
    requireRoles(caller, fee.roles);
    const window = windowOf(searchCriteria(form, c.req.queries()), form, MAX_COST_DAYS);
    const { db } = c.get('services');
    const costs = await db.query<Row>({
      collection: structuralCost.collection,
      where: and(visibleScope(structuralCost, caller), { op: 'gte', field: 'date', value: window.fromDate.slice(0, 7) }, { op: 'lte', field: 'date', value: window.toDate.slice(0, 7) }),
    });
    const fees = await db.query<Row>({
      collection: fee.collection,
      where: and(visibleScope(fee, caller), { op: 'gte', field: 'creationDate', value: window.fromDate }, { op: 'lte', field: 'creationDate', value: window.toDate }),
    });
    const contactIds = [...new Set(fees.flatMap((sheet) => ((sheet.feeLines as Row[] | undefined) ?? []).flatMap((line) => (line.contributors as number[] | undefined) ?? [])))];
    const contacts = contactIds.length ? await db.query<Contact>({ collection: COLLECTIONS.contacts, where: { op: 'in', field: 'contactId', values: contactIds } }) : [];
    const names = new Map(contacts.map((contact) => [contact.contactId, fullName(contact)]));
    const lang = languageOf(c);
    const currency = (caller.company.currency as string | undefined) ?? DEFAULT_CURRENCY;
    const figures = costFigures(costs, fees, currency, monthsBetween(window.fromDate, window.toDate), {
      contributor: (id) => names.get(id) ?? `#${id}`,
      structuralCosts: translate(lang, 'dashboard.costs.structuralCosts'),
      fees: translate(lang, 'dashboard.costs.fees'),
      total: translate(lang, 'dashboard.costs.total'),
      notConverted: (other) => translate(lang, 'dashboard.costs.notConverted', { currency: other }),
      others: translate(lang, 'activity.others'),
    });
    return c.json({ ...window, ...figures });
  });

  return app;
}
