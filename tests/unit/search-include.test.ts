import { describe, expect, it } from 'vitest';
import { resolveSearchIncludes } from '../../server/searchInclude';
import type { SchemaProblem } from '../../server/schemaCheck/problem';

/** A search form's `x-include` (docs/schemas.md): takes another form's properties, whole or some, before its own; a wrong one is a problem. */
describe('resolveSearchIncludes', () => {
  const shared = { 'x-entity': 'widget', properties: { from: { type: 'string' }, to: { type: 'string' }, limit: { type: 'integer' } } };

  it('takes a whole form, or the properties listed in their order, then the own ones', () => {
    const problems: SchemaProblem[] = [];
    const forms = resolveSearchIncludes({
      shared,
      whole: { 'x-entity': 'widget', 'x-include': ['shared'], properties: { name: { type: 'string' } } },
      some: { 'x-entity': 'widget', 'x-include': [{ form: 'shared', properties: ['limit', 'from'] }] },
    }, problems);
    expect(problems).toEqual([]);
    expect(Object.keys(forms.whole.properties)).toEqual(['from', 'to', 'limit', 'name']);
    expect(forms.whole['x-include']).toEqual([{ form: 'shared', properties: ['from', 'to', 'limit'] }]);
    expect(forms.some.properties).toEqual({ limit: { type: 'integer' }, from: { type: 'string' } });
    expect(forms.shared).toBe(shared);
  });

  it('an unknown form or property, a form that includes, a property taken twice: problems of the file', () => {
    const problems: SchemaProblem[] = [];
    resolveSearchIncludes({
      shared,
      a: { 'x-include': ['nowhere'], properties: {} },
      b: { 'x-include': [{ form: 'shared', properties: ['from', 'size'] }], properties: {} },
      c: { 'x-include': ['a'], properties: {} },
      d: { 'x-include': [{ form: 'shared', properties: ['to'] }], properties: { to: { type: 'string' } } },
    }, problems);
    expect(problems.map(({ file, path }) => `${file} ${path}`)).toEqual(['search/a.json /x-include/0', 'search/b.json /x-include/0/properties/1', 'search/c.json /x-include/0', 'search/d.json /x-include/0/properties/0']);
  });
});
