import type { JsonSchema } from '../engine/schema/resolve';
import type { SchemaProblem } from './schemaCheck/problem';

/**
 * A search form's `x-include` (docs/schemas.md "Fields shared by search forms — `x-include`"): other
 * forms whose properties it takes, each whole (`"kpiFilters"`) or only some, in the order named
 * (`{ "form": "kpiFilters", "properties": ["start", "end"] }`); its own properties follow. The
 * loader resolves it, so the server, the browser, the check and the generator all see the whole
 * form; `x-include` stays, normalized to `{ form, properties }`, for the generated types.
 */
export interface SearchInclude {
  form: string;
  properties: string[];
}

type Entry = string | { form?: unknown; properties?: unknown };

/** The forms with every `x-include` resolved (one level: a form included must not include); a wrong one is a problem. */
export function resolveSearchIncludes(forms: Record<string, JsonSchema>, problems: SchemaProblem[]): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(forms).map(([name, form]) => {
      if (!Array.isArray(form['x-include'])) return [name, form];
      const problem = (path: string, message: string) => problems.push({ file: `search/${name}.json`, path: `/x-include${path}`, message });
      const includes: SearchInclude[] = [];
      const taken: Record<string, JsonSchema> = {};
      (form['x-include'] as Entry[]).forEach((entry, i) => {
        const formName = typeof entry === 'string' ? entry : entry?.form;
        const base = typeof formName === 'string' ? forms[formName] : undefined;
        if (!base || base['x-include'] !== undefined) return problem(`/${i}`, `"${String(formName)}" is not a search form without an x-include of its own`);
        const offered = (base.properties ?? {}) as Record<string, JsonSchema>;
        const names = typeof entry === 'string' ? Object.keys(offered) : Array.isArray(entry.properties) ? (entry.properties as unknown[]) : [];
        names.forEach((property, j) => {
          if (typeof property !== 'string' || !Object.hasOwn(offered, property)) return problem(`/${i}/properties/${j}`, `search form ${String(formName)} has no property ${String(property)}`);
          if (Object.hasOwn(taken, property) || Object.hasOwn(form.properties ?? {}, property)) return problem(`/${i}/properties/${j}`, `${property} is defined twice`);
          taken[property] = offered[property];
        });
        includes.push({ form: formName as string, properties: names.filter((property): property is string => typeof property === 'string' && Object.hasOwn(taken, property)) });
      });
      return [name, { ...form, 'x-include': includes, properties: { ...taken, ...(form.properties ?? {}) } }];
    }),
  );
}
