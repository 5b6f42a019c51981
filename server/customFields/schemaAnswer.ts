import { CUSTOM_FIELD_HOMES, customFieldGroupKey, customFieldLabels, withCustomFields, type CustomFieldDef } from '../../domain/customFields';
import type { JsonSchema } from '../../engine/schema/resolve';
import type { Caller } from '../context';
import type { Registry } from '../schemas';
import { eq } from '../store/query';
import type { Reader, Row } from '../store/types';
import { companyCustomFields } from './companySchemas';

type Language = 'en' | 'fr' | 'it';
const LANGUAGES: Language[] = ['en', 'fr', 'it'];
type Names = { en: string; fr?: string; it?: string };

/** Headings of the sections and report criteria that group fields, in each language (English when missing). */
async function groupLabels(db: Reader, companyId: number): Promise<Record<Language, Record<string, string>>> {
  const [sections, criteria] = await Promise.all(
    ['customFieldSections', 'reportCriteria'].map((collection) => db.query({ collection, where: eq('companyId', companyId) })),
  );
  const named = (kind: 'section' | 'criterion', rows: Row[], idField: string) => rows.map((row) => [customFieldGroupKey(kind, row[idField] as number), row.i18n as Names] as const);
  const all = [...named('section', sections, 'customFieldSectionId'), ...named('criterion', criteria, 'reportCriterionId')];
  return Object.fromEntries(LANGUAGES.map((language) => [language, Object.fromEntries(all.map(([key, names]) => [key, names?.[language]?.trim() || names?.en || key]))])) as Record<Language, Record<string, string>>;
}

/**
 * What GET /back/schemas sends about the caller's company's custom fields: the entity schemas with
 * them merged in (domain/customFields.ts, the very schemas the server validates with) and their
 * labels in every language. A company without custom fields gets the configuration as it is.
 */
export async function withCompanyFields(db: Reader, registry: Registry, caller: Caller): Promise<{ entities: Record<string, JsonSchema>; locales: Registry['locales'] }> {
  const company = await companyCustomFields(db, caller.company.companyId);
  if (!company.fields.length) return { entities: registry.publicEntities, locales: registry.locales };
  const entities = { ...registry.publicEntities };
  for (const [name, home] of Object.entries(CUSTOM_FIELD_HOMES)) {
    // A report's fields are its service client's: they come with the report, not with the caller's schemas.
    if (entities[name] && !('company' in home)) entities[name] = withCustomFields(entities[name], home.property, company.object(home.scope));
  }
  const labels = await customFieldLocales(db, caller.company.companyId, company.fields);
  const locales = Object.fromEntries(LANGUAGES.map((language) => [language, { ...registry.locales[language], ...labels[language] }])) as Registry['locales'];
  return { entities, locales };
}

/** The labels of a company's fields (those given) and of its headings, in every language. */
export async function customFieldLocales(db: Reader, companyId: number, fields: readonly CustomFieldDef[]): Promise<Record<Language, Record<string, string>>> {
  const groups = await groupLabels(db, companyId);
  return Object.fromEntries(LANGUAGES.map((language) => [language, { ...groups[language], ...customFieldLabels(fields, language) }])) as Record<Language, Record<string, string>>;
}
