import { Hono } from 'hono';
import { companiesById } from '../activity/routes';
import { requireCaller, type AppContext, type AppEnv } from '../context';
import { today } from '../dates';
import { validationError } from '../errors';
import { searchCriteria } from '../resources/search';
import type { Registry } from '../schemas';
import { requireServiceReader } from '../services/access';
import type { DateBucket, Grouping } from '../store/aggregate';
import { and, eq, type Condition } from '../store/query';
import { changeOf, figuresQuery, foldBy, foldFigures, type KpiFigures } from './figures';
import { kpiCondition, seasonOf, startedIn, type KpiFilters, type Period } from './filters';
import { comparedPeriods, lastSixMonths, yearOf, type ComparedPeriods } from './periods';

/**
 * The supplier KPI calls of spec §7.7 (docs/kpis.md): each one store aggregate over the
 * services the caller sees, folded into figure blocks. The service routes' roles (403 otherwise).
 */
type SupplierCriteria = KpiFilters & ComparedPeriods & { start?: string; end?: string; period1Season?: number; period2Season?: number; unit?: DateBucket; limit?: number };

export function kpiRoutes(registry: Registry): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const supplierForm = registry.searchForms.kpiSupplier;

  /** The caller (403 without the service routes' roles), its criteria (400 when they do not fit the form) and the condition of its services. */
  async function ask(c: AppContext) {
    const caller = requireCaller(c);
    requireServiceReader(caller);
    const criteria = searchCriteria(supplierForm, c.req.queries()) as SupplierCriteria;
    const { db } = c.get('services');
    const where = await kpiCondition(db, registry, caller, criteria);
    const figures = async (condition: Condition, keys?: Grouping[]) => db.aggregate(figuresQuery(and(where, condition), keys));
    return { caller, criteria, db, figures, day: today() };
  }

  const compared = (period1: object, figures1: KpiFigures, period2: object, figures2: KpiFigures) => ({
    period1: { ...period1, figures: figures1 },
    period2: { ...period2, figures: figures2 },
    change: changeOf(figures1, figures2),
  });

  app.get('/back/bo/kpi/supplier/overview', async (c) => {
    const { criteria, db, figures, day } = await ask(c);
    const period = lastSixMonths(criteria, day);
    const rows = await figures(startedIn(period), [{ field: 'supplier' }]);
    const ranked = foldBy(rows, 'supplier').sort((a, b) => b.figures.services - a.figures.services);
    const limited = criteria.limit ? ranked.slice(0, criteria.limit) : ranked;
    const names = await companiesById(db, limited.map((row) => row.key));
    return c.json({
      ...period,
      totals: foldFigures(rows),
      suppliers: limited.map(({ key, figures: block }) => ({ supplier: key, name: typeof key === 'number' ? (names.get(key)?.name ?? null) : null, figures: block })),
    });
  });

  app.get('/back/bo/kpi/supplier/chart', async (c) => {
    const { criteria, figures, day } = await ask(c);
    const period = lastSixMonths(criteria, day);
    const unit = criteria.unit ?? 'month';
    const rows = await figures(startedIn(period), [{ field: 'startDate', bucket: unit, as: 'period' }]);
    return c.json({ ...period, unit, totals: foldFigures(rows), series: foldBy(rows, 'period').map(({ key, figures: block }) => ({ period: key, ...block })) });
  });

  app.get('/back/bo/kpi/supplier/heatmap', async (c) => {
    const { criteria, figures, day } = await ask(c);
    const year = yearOf(criteria.start, day);
    const rows = await figures(startedIn(year), [{ field: 'startDate', bucket: 'day', as: 'period' }]);
    return c.json({ ...year, unit: 'day', totals: foldFigures(rows), series: foldBy(rows, 'period').map(({ key, figures: block }) => ({ period: key, ...block })) });
  });

  app.get('/back/bo/kpi/supplier/compare', async (c) => {
    const { criteria, figures, day } = await ask(c);
    const [period1, period2] = comparedPeriods(criteria, day);
    const [rows1, rows2] = await Promise.all([figures(startedIn(period1)), figures(startedIn(period2))]);
    return c.json(compared(period1 satisfies Period, foldFigures(rows1), period2, foldFigures(rows2)));
  });

  app.get('/back/bo/kpi/supplier/compareSeason', async (c) => {
    const { caller, criteria, db, figures } = await ask(c);
    const missing = (['period1Season', 'period2Season'] as const).filter((name) => criteria[name] === undefined);
    if (missing.length) throw missingSeasons(missing);
    const [season1, season2] = await Promise.all([seasonOf(db, registry, caller, criteria.period1Season!), seasonOf(db, registry, caller, criteria.period2Season!)]);
    const [rows1, rows2] = await Promise.all([figures(eq('season', season1.code as string)), figures(eq('season', season2.code as string))]);
    const named = (season: typeof season1) => ({ seasonId: season.seasonId, code: season.code });
    return c.json(compared(named(season1), foldFigures(rows1), named(season2), foldFigures(rows2)));
  });

  return app;
}

const missingSeasons = (names: string[]) => validationError(names.map((name) => ({ path: `/${name}`, key: 'validation.required' })), 'error.validation');
