import { Hono } from 'hono';
import { notFound } from '../errors';
import { requireCaller, type AppEnv } from '../context';
import { networkRows, networkSources } from '../network';
import { normalize } from '../text';

/** `GET /back/bo/networkcombo/<source>?q=&id=` → `[{value, label}]` of the caller's universe. */
export function networkComboRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/back/bo/networkcombo/:source{[a-z]+}', (c) => {
    const caller = requireCaller(c);
    const { store } = c.get('services');
    const source = networkSources[c.req.param('source')];
    if (!source) throw notFound();
    const id = c.req.query('id');
    const words = normalize(c.req.query('q'));
    // Asked by id (the label of a stored value), archived rows still answer.
    const options = networkRows(store, source, caller, !!id)
      .map((row) => ({ value: row[source.idField] as number, label: source.label(row, store) }))
      .filter((option) => (id ? String(option.value) === id : normalize(option.label).includes(words)))
      .sort((a, b) => a.label.localeCompare(b.label));
    return c.json(options);
  });
  return app;
}
