import { Hono } from 'hono';
import { badRequest, notFound } from '../errors';
import { requireCaller, type AppEnv } from '../context';
import { networkCountries, networkRows, networkSource } from '../network';
import { normalize } from '../text';

/**
 * `GET /back/bo/networkcombo/<source>?q=&id=` → `[{value, label}]` of the caller's universe.
 * `contacts` also takes `companyId` (repeatable): only the contacts of those companies.
 * `countries` lists the companies' countries (value and label: the country name).
 */
export function networkComboRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/back/bo/networkcombo/:source{[a-z]+}', async (c) => {
    const caller = requireCaller(c);
    const { db } = c.get('services');
    const name = c.req.param('source');
    const source = networkSource(name);
    if (!source && name !== 'countries') throw notFound();
    const id = c.req.query('id');
    const words = normalize(c.req.query('q'));
    const companyIds = c.req.queries('companyId') ?? [];
    if (companyIds.some((value) => !/^\d+$/.test(value))) throw badRequest('error.badQuery');
    const companies = new Set(companyIds.map(Number));
    // Asked by id (the label of a stored value), archived rows still answer.
    const options = source
      ? await Promise.all(
          (await networkRows(db, source, caller, !!id, name === 'contacts' && companies.size ? { op: 'in', field: 'companyId', values: [...companies] } : undefined)).map(async (row) => ({
            value: row[source.idField] as number | string,
            label: await source.label(row, db),
          })),
        )
      : (await networkCountries(db, caller)).map((country) => ({
          value: country as number | string,
          label: country,
        }));
    return c.json(options.filter((option) => (id ? String(option.value) === id : normalize(option.label).includes(words))).sort((a, b) => a.label.localeCompare(b.label)));
  });
  return app;
}
