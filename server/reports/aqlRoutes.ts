import { Hono } from 'hono';
import { languageOf, type AppEnv } from '../context';
import { badRequest } from '../errors';
import type { Language } from '../i18n';
import { AQL_LIMITS, AqlInputError } from '../../domain/aql';

/** Number format of a language, for the labels of AQLs and sample sizes. */
const LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', it: 'it-IT' };

/** An AQL as the language writes decimals ("2.5" → "2,5" in French), keeping its digits. */
const aqlLabel = (aql: string, lang: Language) => (lang === 'en' ? aql : aql.replace('.', ','));

/**
 * ISO 2859-1 sampling for inspection reports (CONTRACT.md "Calls the spec leaves open"), open to
 * every logged-in account (the /back/bo/* guard of app.ts):
 * - `GET /back/bo/reports/aql/plan?lotSize=&level=&aql=[&inspection=]` → `{codeLetter, sampleSize, accept, reject}`;
 * - the choices of the report form computed from the tables, `GET /back/bo/combospa/filters/{aqlLimit|aqlSampleNumber}`
 *   → `[{value, label}]` with numbers as the caller's language writes them (aqlLevel, aqlSeverity and
 *   aqlSamplingPlan are enums: schemas/lookups.json declares them).
 * Plans and sample sizes come from the configuration's aql.json (the registry's report rules).
 */
export function aqlRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/back/bo/reports/aql/plan', (c) => {
    const lotSizeText = c.req.query('lotSize') ?? '';
    if (!/^\d{1,15}$/.test(lotSizeText)) throw badRequest('error.aql.lotSize');
    try {
      return c.json(
        c.get('services').registry.reports.aql.samplingPlan({ lotSize: Number(lotSizeText), level: c.req.query('level') ?? '', aql: c.req.query('aql') ?? '', inspection: c.req.query('inspection') }),
      );
    } catch (error) {
      if (error instanceof AqlInputError) throw badRequest(error.key);
      throw error;
    }
  });

  const filters = '/back/bo/combospa/filters';
  app.get(`${filters}/aqlLimit`, (c) => {
    const lang = languageOf(c);
    return c.json(AQL_LIMITS.map((value) => ({ value, label: aqlLabel(value, lang) })));
  });
  app.get(`${filters}/aqlSampleNumber`, (c) => {
    const format = new Intl.NumberFormat(LOCALES[languageOf(c)]);
    return c.json(c.get('services').registry.reports.aql.sampleSizes.map((value) => ({ value, label: format.format(value) })));
  });
  return app;
}
