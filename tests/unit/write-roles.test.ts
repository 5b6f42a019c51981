import { describe, expect, it } from 'vitest';
import { rolesAllow } from '../../engine/schema/roles';
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

/** `x-valueRoles`: each listed value of a field needs its own flags (the service department and CREATE_SERVICE_<dept>). */
describe('x-valueRoles', () => {
  const departments = {
    properties: {
      department: { type: 'string', enum: ['INSP', 'AUDIT', 'OTHER'], 'x-valueRoles': { INSP: ['CREATE_SERVICE_INSPECTION'], AUDIT: [['CREATE_SERVICE_AUDIT', 'MANAGER']] } },
    },
  };
  const refused = [{ path: '/department', key: 'validation.notAllowed' }];

  it('on create, a listed value needs its rule; an unlisted value needs nothing', () => {
    expect(writeRoleErrors(departments, { department: 'INSP' }, new Set(['CREATE_SERVICE_AUDIT']))).toEqual(refused);
    expect(writeRoleErrors(departments, { department: 'INSP' }, new Set(['CREATE_SERVICE_INSPECTION']))).toEqual([]);
    expect(writeRoleErrors(departments, { department: 'OTHER' }, new Set())).toEqual([]);
  });

  it('a rule may ask for several flags at once', () => {
    expect(writeRoleErrors(departments, { department: 'AUDIT' }, new Set(['CREATE_SERVICE_AUDIT']))).toEqual(refused);
    expect(writeRoleErrors(departments, { department: 'AUDIT' }, new Set(['CREATE_SERVICE_AUDIT', 'MANAGER']))).toEqual([]);
  });

  it('on update, keeping a stored value needs nothing; moving to a listed one needs its rule', () => {
    expect(writeRoleErrors(departments, { department: 'INSP' }, new Set(), { department: 'INSP' })).toEqual([]);
    expect(writeRoleErrors(departments, { department: 'INSP' }, new Set(), { department: 'OTHER' })).toEqual(refused);
  });
});

describe('role rules (x-roles, x-createRoles, screen roles)', () => {
  it('any alternative grants; a list alternative needs all its flags; no rule grants everyone', () => {
    expect(rolesAllow(['ADMIN', ['MANAGER', 'COMPANY_ADMIN']], new Set(['MANAGER']))).toBe(false);
    expect(rolesAllow(['ADMIN', ['MANAGER', 'COMPANY_ADMIN']], ['MANAGER', 'COMPANY_ADMIN'])).toBe(true);
    expect(rolesAllow(['ADMIN', ['MANAGER', 'COMPANY_ADMIN']], ['ADMIN'])).toBe(true);
    expect(rolesAllow(undefined, [])).toBe(true);
    expect(rolesAllow([], [])).toBe(true);
  });
});
