import dayjs from 'dayjs';
import { Hono } from 'hono';
import { defaultRange } from '../../engine/dates';
import { languageOf, requireCaller, type AppContext, type AppEnv } from '../context';
import { today } from '../dates';
import { badRequest } from '../errors';
import { COLLECTIONS, type Company } from '../identity';
import { translate } from '../i18n';
import { searchCriteria } from '../resources/search';
import type { Registry, SearchDef } from '../schemas';
import { SERVICES, requireServiceReader, type ServiceRow } from '../services/access';
import { inCountries, visibleIndexed, windowCondition } from '../services/search';
import { serviceCountry } from '../billing/lineServices';
import { and, or, type Condition } from '../store/query';
import type { Reader, Row } from '../store/types';
import { activityFigures, MAX_WINDOW_DAYS, windowLength, type Window } from './figures';

/**
 * Activity figures (spec §2 `/activity`, §3 "Activity figures form", docs/activity.md): what the
 * services the caller sees amount to over a window, per day and step, type, country and client,
 * with the inspector-days of their assignments. The query is the search form
 * schemas/search/activityFigures.json; the service routes' roles (403 otherwise).
 */
interface ActivityCriteria {
  fromDate?: string;
  toDate?: string;
  decisionMakers?: number[];
  vendors?: number[];
  countries?: string[];
  serviceGroups?: string[];
}

/** The criteria's window, else the form's default (−15 to +15 days); 400 when reversed or too long. */
export function windowOf(criteria: { fromDate?: string; toDate?: string }, form: SearchDef, maxDays: number, now = today()): Window {
  const fallback = defaultRange(form.schema['x-defaultRange'] as string | undefined, dayjs(now));
  const window = { fromDate: criteria.fromDate ?? fallback.fromDate!, toDate: criteria.toDate ?? fallback.toDate! };
  if (window.toDate < window.fromDate) throw badRequest('error.windowReversed');
  if (windowLength(window) > maxDays) throw badRequest('error.windowTooLong', { days: maxDays });
  return window;
}

/** The companies of these ids, by id (one query); `select`: only those fields of theirs (and their id). */
export async function companiesById(db: Reader, ids: unknown[], select?: readonly string[]): Promise<Map<number, Company>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return new Map();
  const found = await db.query<Company>({ collection: COLLECTIONS.companies, where: { op: 'in', field: 'companyId', values: wanted }, ...(select && { select: ['companyId', ...select] }) });
  return new Map(found.map((company) => [company.companyId, company]));
}

const inList = (field: string, values: readonly (string | number)[] | undefined): Condition | undefined => (values?.length ? { op: 'in', field, values: [...values] } : undefined);

/** The services of the window passing the form's filters, as one store query. */
async function servicesOf(db: Reader, c: AppContext, criteria: ActivityCriteria, window: Window, registry: Registry): Promise<ServiceRow[]> {
  const caller = requireCaller(c);
  const groups = criteria.serviceGroups ?? [];
  const types = ((registry.enums.serviceType?.enum as string[] | undefined) ?? []).filter((type) => groups.some((group) => type.startsWith(`${group}_`)));
  const vendors = criteria.vendors?.length ? or(...['supplier', 'factory', 'agent'].map((field) => inList(field, criteria.vendors)!)) : undefined;
  const where = and(
    ...visibleIndexed(caller),
    windowCondition(window),
    inList('client', criteria.decisionMakers),
    vendors,
    criteria.countries?.length ? await inCountries(db, criteria.countries) : undefined,
    // A group without any type matches nothing (an empty `in` would match everything).
    groups.length ? (types.length ? inList('type', types) : { op: 'or', any: [] }) : undefined,
  );
  return db.query<ServiceRow>({ collection: SERVICES, where, orderBy: [{ field: 'startDate' }, { field: 'serviceId' }] });
}

export function activityRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const form = registry.searchForms.activityFigures;
  const assignments = registry.entities.get('assignment')?.collection ?? 'assignments';

  app.get('/back/bo/activity/figures', async (c) => {
    requireServiceReader(requireCaller(c));
    const criteria = searchCriteria(form, c.req.queries()) as ActivityCriteria;
    const window = windowOf(criteria, form, MAX_WINDOW_DAYS);
    const { db } = c.get('services');
    const services = await servicesOf(db, c, criteria, window, registry);
    const ids = services.map((service) => service.serviceId as number);
    const plans = ids.length ? await db.query<Row>({ collection: assignments, where: { op: 'in', field: 'serviceId', values: ids } }) : [];
    const companies = await companiesById(db, services.flatMap((service) => [service.client, service.factory, service.supplier]));
    const lang = languageOf(c);
    const schemaLabel = (key: string) => registry.locales[lang]?.[key] ?? registry.locales.en[key] ?? key;
    const figures = activityFigures(services, plans, (service) => serviceCountry(service, (id) => companies.get(id as number)?.country), window, {
      type: (type) => schemaLabel(`enum.serviceType.${type}`),
      client: (id) => companies.get(id)?.name ?? `#${id}`,
      others: translate(lang, 'activity.others'),
      noCountry: translate(lang, 'activity.noCountry'),
    });
    return c.json(figures);
  });

  return app;
}
