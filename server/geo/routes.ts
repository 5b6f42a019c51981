import { Hono } from 'hono';
import { requireCaller, type AppEnv } from '../context';
import { validationError, type FieldError } from '../errors';
import { addressNotFound } from '../profile/companyProfile';
import { geocode } from './gazetteer';
import './lookups';

const PLACE_FIELDS = ['city', 'country', 'province'] as const;
const MAX_LENGTH = 100;

/**
 * `GET /back/bo/country/geocode?city=&country=[&province=]` → `{ latitude, longitude }` at 4 decimals
 * (spec §9), from the offline gazetteer; an unknown place is 422 at the city (spec §5.5). The address
 * forms' GPS button asks it; a company profile's PUT geocodes again itself (the server is the guard).
 */
export function geoRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/back/bo/country/geocode', async (c) => {
    requireCaller(c);
    const place = Object.fromEntries(PLACE_FIELDS.map((field) => [field, c.req.query(field)?.trim() ?? '']));
    const errors: FieldError[] = [];
    for (const field of PLACE_FIELDS) if (place[field].length > MAX_LENGTH) errors.push({ path: `/${field}`, key: 'validation.tooLong' });
    for (const field of ['city', 'country'] as const) if (!place[field]) errors.push({ path: `/${field}`, key: 'validation.required' });
    if (errors.length) throw validationError(errors);
    const point = await geocode({ city: place.city, country: place.country, province: place.province || undefined });
    if (!point) throw addressNotFound();
    return c.json(point);
  });
  return app;
}
