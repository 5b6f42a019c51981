import { Hono } from 'hono';
import { companiesById } from '../activity/routes';
import { languageOf, requireCaller, type AppContext, type AppEnv } from '../context';
import { today } from '../dates';
import { validationError } from '../errors';
import { searchCriteria } from '../resources/search';
import type { Registry, SearchDef } from '../schemas';
import type { Reader } from '../store/types';
import { requireServiceReader } from '../services/access';
import type { DateBucket, Grouping } from '../store/aggregate';
import { and, eq, type Condition } from '../store/query';
import { changeOf, figuresQuery, foldBy, foldFigures, type KpiFigures } from './figures';
import { summaryOnly } from './summaryOnly';
import { unreadReports } from '../reports/access';
import { kpiCondition, seasonOf, startedIn, type KpiFilters } from './filters';
import { comparedPeriods, lastSixMonths, yearOf, type ComparedPeriods } from './periods';

/**
 * The KPI calls of spec §7.7 (docs/kpis.md): each one store aggregate (two for a comparison)
 * over the services the caller sees, one row per key, read into figure blocks. The service routes' roles
 * (403 otherwise); the query is the call family's search form (400 when it does not fit).
 */
type Criteria = KpiFilters & ComparedPeriods & { start?: string; end?: string; period1Season?: number; period2Season?: number; unit?: DateBucket; limit?: number; groupBy?: string[] };

/** A grouping of the dynamic KPI: `period` is the start date's bucket, the others the service's field. */
const groupingOf = (name: string, unit: DateBucket): Grouping => (name === 'period' ? { field: 'startDate', bucket: unit, as: 'period' } : { field: name });

/** The groupings naming a company, and those naming a value of an enum. */
const COMPANY_GROUPINGS = ['client', 'supplier', 'factory', 'serviceProvider'];
const ENUM_GROUPINGS: Record<string, string> = { type: 'serviceType', serviceLevel: 'serviceLevel', season: 'season' };

/**
 * A dynamic KPI row's label in the caller's language: its groupings' values (a company's name, an
 * enum's label, the period as it is) joined with " · "; none: "–".
 */
async function groupLabels(c: AppContext, registry: Registry, db: Reader, names: string[], keys: Record<string, unknown>[]) {
  const companies = await companiesById(db, keys.flatMap((row) => COMPANY_GROUPINGS.map((name) => row[name])), ['name']);
  const locale = registry.locales[languageOf(c)] ?? {};
  const text = (name: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return '–';
    if (COMPANY_GROUPINGS.includes(name)) return companies.get(value as number)?.name ?? String(value);
    const enumName = ENUM_GROUPINGS[name];
    return (enumName && locale[`enum.${enumName}.${String(value)}`]) || String(value);
  };
  return (row: Record<string, unknown>) => names.map((name) => text(name, row[name])).join(' · ');
}

const SUPPLIER = '/back/bo/kpi/supplier';
const INTERNAL = '/back/bo/kpi/internal';
const PROVIDER = '/back/bo/kpi/serviceprovider';

const missing = (names: string[]) => validationError(names.map((name) => ({ path: `/${name}`, key: 'validation.required' })));

export function kpiRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** The caller (403 without the service routes' roles), its criteria per `form` and the aggregate of its services. */
  async function ask(c: AppContext, form: SearchDef) {
    const caller = requireCaller(c);
    requireServiceReader(caller);
    const criteria = searchCriteria(form, c.req.queries()) as Criteria;
    const { db } = c.get('services');
    const [where, summary] = await Promise.all([kpiCondition(db, registry, caller, criteria), summaryOnly(db, caller)]);
    // The reports the caller reads in summary only give their verdicts, not their details; those it may not read, nothing.
    const access = { unread: unreadReports(caller), summaryOnly: summary };
    const figures = (condition: Condition, keys?: Grouping[]) => db.aggregate(figuresQuery(and(where, condition), keys, access));
    return { caller, criteria, db, figures, day: today() };
  }

  const compared = (period1: object, figures1: KpiFigures, period2: object, figures2: KpiFigures) => ({
    period1: { ...period1, figures: figures1 },
    period2: { ...period2, figures: figures2 },
    change: changeOf(figures1, figures2),
  });
  const seriesOf = (rows: Awaited<ReturnType<Awaited<ReturnType<typeof ask>>['figures']>>, key: string) => foldBy(rows, key).map(({ key: value, figures }) => ({ [key]: value, ...figures }));

  /** Totals and the companies of `field` (supplier, provider) ranked by services, at most `limit` (0: all). */
  const ranking = (path: string, form: SearchDef, field: string) =>
    app.get(path, async (c) => {
      const { criteria, db, figures, day } = await ask(c, form);
      const period = lastSixMonths(criteria, day);
      const rows = await figures(startedIn(period), [{ field }]);
      const ranked = foldBy(rows, field).sort((a, b) => b.figures.services - a.figures.services);
      const limited = criteria.limit ? ranked.slice(0, criteria.limit) : ranked;
      const names = await companiesById(db, limited.map((row) => row.key), ['name']);
      const listName = field === 'supplier' ? 'suppliers' : 'serviceProviders';
      return c.json({ ...period, totals: foldFigures(rows), [listName]: limited.map(({ key, figures: block }) => ({ [field]: key, name: typeof key === 'number' ? (names.get(key)?.name ?? null) : null, figures: block })) });
    });

  /** Period 1 against period 2 (default: the current quarter against the previous one). */
  const compare = (path: string, form: SearchDef) =>
    app.get(path, async (c) => {
      const { criteria, figures, day } = await ask(c, form);
      const [period1, period2] = comparedPeriods(criteria, day);
      const [rows1, rows2] = await Promise.all([figures(startedIn(period1)), figures(startedIn(period2))]);
      return c.json(compared(period1, foldFigures(rows1), period2, foldFigures(rows2)));
    });

  /** The services of season 1 against season 2 (both required; one the caller may not see: 404 as unknown). */
  const compareSeason = (path: string, form: SearchDef) =>
    app.get(path, async (c) => {
      const { caller, criteria, db, figures } = await ask(c, form);
      const absent = (['period1Season', 'period2Season'] as const).filter((name) => criteria[name] === undefined);
      if (absent.length) throw missing(absent);
      const [season1, season2] = await Promise.all([seasonOf(db, registry, caller, criteria.period1Season!), seasonOf(db, registry, caller, criteria.period2Season!)]);
      const [rows1, rows2] = await Promise.all([figures(eq('season', season1.code as string)), figures(eq('season', season2.code as string))]);
      const named = (season: typeof season1) => ({ seasonId: season.seasonId, code: season.code });
      return c.json(compared(named(season1), foldFigures(rows1), named(season2), foldFigures(rows2)));
    });

  /** Figures per bucket of the start date (`unit`, or the call's own) over the period. */
  const series = (path: string, form: SearchDef, unit?: DateBucket) =>
    app.get(path, async (c) => {
      const { criteria, figures, day } = await ask(c, form);
      const period = lastSixMonths(criteria, day);
      const bucket = unit ?? criteria.unit ?? 'month';
      const rows = await figures(startedIn(period), [{ field: 'startDate', bucket, as: 'period' }]);
      return c.json({ ...period, unit: bucket, totals: foldFigures(rows), series: seriesOf(rows, 'period') });
    });

  const supplier = registry.searchForms.kpiSupplier;
  ranking(`${SUPPLIER}/overview`, supplier, 'supplier');
  series(`${SUPPLIER}/chart`, supplier);
  compare(`${SUPPLIER}/compare`, supplier);
  compareSeason(`${SUPPLIER}/compareSeason`, supplier);
  app.get(`${SUPPLIER}/heatmap`, async (c) => {
    const { criteria, figures, day } = await ask(c, supplier);
    const year = yearOf(criteria.start, day);
    const rows = await figures(startedIn(year), [{ field: 'startDate', bucket: 'day', as: 'period' }]);
    return c.json({ ...year, unit: 'day', totals: foldFigures(rows), series: seriesOf(rows, 'period') });
  });

  const internal = registry.searchForms.kpiInternal;
  series(`${INTERNAL}/yearMonth`, internal, 'month');
  app.get(`${INTERNAL}/bySeason`, async (c) => {
    const { criteria, figures, day } = await ask(c, internal);
    const period = lastSixMonths(criteria, day);
    const rows = await figures(startedIn(period), [{ field: 'season' }]);
    return c.json({ ...period, totals: foldFigures(rows), series: seriesOf(rows, 'season') });
  });

  // A service with lines of two product types counts in both rows: the totals are their own aggregate.
  app.get(`${INTERNAL}/byProductType`, async (c) => {
    const { criteria, figures, day } = await ask(c, internal);
    const period = lastSixMonths(criteria, day);
    const [rows, totals] = await Promise.all([figures(startedIn(period), [{ field: 'productTypes', as: 'productType' }]), figures(startedIn(period))]);
    return c.json({ ...period, totals: foldFigures(totals), series: seriesOf(rows, 'productType') });
  });

  const provider = registry.searchForms.kpiServiceProvider;
  ranking(`${PROVIDER}/overview`, provider, 'serviceProvider');
  compare(`${PROVIDER}/compare`, provider);
  compareSeason(`${PROVIDER}/compareSeason`, provider);

  app.get('/back/bo/kpi/generate', async (c) => {
    const { criteria, db, figures, day } = await ask(c, registry.searchForms.kpiGenerate);
    const period = lastSixMonths(criteria, day);
    const unit = criteria.unit ?? 'month';
    const names = criteria.groupBy ?? ['period'];
    const rows = await figures(startedIn(period), names.map((name) => groupingOf(name, unit)));
    // One figure block per combination of the groupings' keys (a row of the aggregate), in the aggregate's order.
    const groups = rows.map((row) => ({ keys: Object.fromEntries(names.map((name) => [name, row[name]])), row }));
    const label = await groupLabels(c, registry, db, names, groups.map((group) => group.keys));
    const answer = groups.map(({ keys, row }) => ({ ...keys, label: label(keys), figures: foldFigures([row]) }));
    return c.json({ ...period, unit, groupBy: names, totals: foldFigures(rows), rows: criteria.limit ? answer.slice(0, criteria.limit) : answer });
  });

  return app;
}
