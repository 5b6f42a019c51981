import { Hono } from 'hono';
import { languageOf, type AppContext, type AppEnv } from '../context';
import { badRequest } from '../errors';
import type { Language } from '../i18n';
import { AQL_LEVELS, AQL_LIMITS, AQL_SEVERITIES, AqlInputError, INSPECTIONS } from '../../domain/aql';

/** Number format of a language, for the labels of AQLs and sample sizes. */
const LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', it: 'it-IT' };

/** An AQL as the language writes decimals ("2.5" → "2,5" in French), keeping its digits. */
const aqlLabel = (aql: string, lang: Language) => (lang === 'en' ? aql : aql.replace('.', ','));

/** `[{value, label}]` of an enum of schemas/enums.json, labels `enum.<name>.<VALUE>` in the caller's language. */
function enumChoices(c: AppContext, name: string, values: readonly string[]) {
  const labels = c.get('services').registry.locales[languageOf(c)] ?? {};
  return values.map((value) => ({ value, label: labels[`enum.${name}.${value}`] ?? value }));
}

/**
 * ISO 2859-1 sampling for inspection reports (CONTRACT.md "Calls the spec leaves open"), open to
 * every logged-in account (the /back/bo/* guard of app.ts):
 * - `GET /back/bo/reports/aql/plan?lotSize=&level=&aql=[&inspection=]` → `{codeLetter, sampleSize, accept, reject}`;
 * - the choices of the report form, `GET /back/bo/combospa/filters/{aqlLevel|aqlLimit|aqlSeverity|aqlSampleNumber|aqlSamplingPlan}`
 *   → `[{value, label}]` with labels in the caller's language.
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
  app.get(`${filters}/aqlLevel`, (c) => c.json(enumChoices(c, 'aqlLevel', AQL_LEVELS)));
  app.get(`${filters}/aqlSeverity`, (c) => c.json(enumChoices(c, 'severity', AQL_SEVERITIES)));
  app.get(`${filters}/aqlSamplingPlan`, (c) => c.json(enumChoices(c, 'aqlInspection', INSPECTIONS)));
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
