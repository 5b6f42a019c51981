import { describe, expect, it } from 'vitest';
import { createDefaults, fillRoute, paramValue, routeFilters, withReadonlyFields } from '../../engine/search/routeParams';

const search = {
  type: 'object',
  properties: {
    ownerId: { type: 'integer', minimum: 1 },
    code: { type: 'string' },
    active: { type: 'boolean' },
    amount: { type: ['number', 'null'] },
  },
};

describe('route parameters of a screen', () => {
  it('become fixed filters when the search form has them, typed like the property', () => {
    expect(routeFilters(search, { ownerId: '42', code: 'A-1', other: '7' })).toEqual({ ownerId: 42, code: 'A-1' });
    expect(routeFilters(search, { active: 'true', amount: '2.5' })).toEqual({ active: true, amount: 2.5 });
  });

  it('ignore missing or empty parameters and keep text that is not a number (the server refuses it)', () => {
    expect(routeFilters(search, { ownerId: undefined, code: '' })).toEqual({});
    expect(routeFilters(search, { ownerId: 'abc' })).toEqual({ ownerId: 'abc' });
    expect(paramValue({ type: 'integer' }, ' ')).toBe(' ');
    expect(paramValue({ type: 'boolean' }, 'yes')).toBe('yes');
  });

  it('are defaults of a new record only for writable properties of the entity', () => {
    const entity = { properties: { ownerId: { type: 'integer' }, code: { type: 'string', readOnly: true } } };
    expect(createDefaults(entity, { ownerId: 42, code: 'A-1', active: true })).toEqual({ ownerId: 42 });
    expect(createDefaults(entity, {})).toEqual({});
  });

  it('make the scope fields read-only in the sheet, keeping what the ui file says', () => {
    const ui = { ownerId: { 'ui:options': { span: 4 } }, code: { 'ui:widget': 'textarea' } };
    expect(withReadonlyFields(ui, ['ownerId'])).toEqual({ ownerId: { 'ui:options': { span: 4 }, 'ui:readonly': true }, code: { 'ui:widget': 'textarea' } });
    expect(withReadonlyFields(undefined, ['ownerId'])).toEqual({ ownerId: { 'ui:readonly': true } });
    expect(withReadonlyFields(ui, [])).toBe(ui);
  });

  it('fill the routes of linked screens, or give null when one is missing', () => {
    expect(fillRoute('/owners/:ownerId/items', { ownerId: '7' })).toBe('/owners/7/items');
    expect(fillRoute('/owners/:ownerId/items/:code', { ownerId: '7', code: 'a b/c' })).toBe('/owners/7/items/a%20b%2Fc');
    expect(fillRoute('/owners/:ownerId/items', {})).toBeNull();
    expect(fillRoute('/plain/route/', {})).toBe('/plain/route/');
  });
});
