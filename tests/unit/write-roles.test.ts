import { describe, expect, it } from 'vitest';
import { writeRoleErrors } from '../../engine/schema/rules';

/** `x-writeRoles`: a field only some permission flags may set (the server answers 403 naming it). */
const schema = {
  properties: {
    method: { type: 'string', default: 'THIRD_PARTY', 'x-writeRoles': ['ASSESSMENT_INTERNAL', 'ASSESSMENT_SELF'] },
    note: { type: 'string' },
  },
};
const without = new Set(['SEARCH_SERVICE']);

describe('x-writeRoles', () => {
  it('on create, a value other than the default needs one of the flags', () => {
    expect(writeRoleErrors(schema, { method: 'INTERNAL', note: 'x' }, without)).toEqual([{ path: '/method', key: 'validation.notAllowed' }]);
    expect(writeRoleErrors(schema, { method: 'INTERNAL' }, new Set(['ASSESSMENT_SELF']))).toEqual([]);
    expect(writeRoleErrors(schema, { method: 'THIRD_PARTY' }, without)).toEqual([]);
    expect(writeRoleErrors(schema, { note: 'no method' }, without)).toEqual([]);
  });

  it('on update, only a change of the stored value counts', () => {
    expect(writeRoleErrors(schema, { method: 'INTERNAL' }, without, { method: 'INTERNAL' })).toEqual([]);
    expect(writeRoleErrors(schema, { method: 'THIRD_PARTY' }, without, { method: 'INTERNAL' })).toEqual([{ path: '/method', key: 'validation.notAllowed' }]);
  });
});
