import { describe, expect, it } from 'vitest';
import { PICKER_SIDES, roleChoiceError, rolePickerOptions, sideOfCompanyRole, type RolePickerInput } from '../../machines/serviceRoles';
import type { ServiceSide } from '../../machines/service';

/** The wizard's role picker, spec §6.4 rule by rule (machines/serviceRoles.ts). */
const input = (companyRoles: string[], more: Partial<RolePickerInput> = {}): RolePickerInput => ({ companyRoles, superAdmin: false, segregatedUniverse: false, selected: [], ...more });

/** The enabled sides, in picker order. */
const enabled = (value: RolePickerInput) => rolePickerOptions(value).filter((option) => option.enabled).map((option) => option.side);
const choose = (companyRoles: string[], selected: ServiceSide[], more: Partial<RolePickerInput> = {}) => roleChoiceError(input(companyRoles, { ...more, selected }));

describe('company roles and sides', () => {
  it('agent, supplier and factory count as order taker; decision maker and provider are themselves; other roles are no side', () => {
    expect(['ORDER_TAKER', 'AGENT', 'SUPPLIER', 'FACTORY'].map(sideOfCompanyRole)).toEqual(Array(4).fill('ORDER_TAKER'));
    expect(sideOfCompanyRole('DECISION_MAKER')).toBe('DECISION_MAKER');
    expect(sideOfCompanyRole('SERVICE_PROVIDER')).toBe('SERVICE_PROVIDER');
    expect(sideOfCompanyRole('UNKNOWN')).toBeNull();
  });

  it('the picker always lists the three sides in the same order', () => {
    expect(rolePickerOptions(input([])).map((option) => option.side)).toEqual(PICKER_SIDES);
    expect(PICKER_SIDES).toEqual(['DECISION_MAKER', 'ORDER_TAKER', 'SERVICE_PROVIDER']);
  });
});

describe('which sides are enabled', () => {
  it('a company enables the sides its roles hold', () => {
    expect(enabled(input(['DECISION_MAKER']))).toEqual(['DECISION_MAKER']);
    expect(enabled(input(['SUPPLIER']))).toEqual(['ORDER_TAKER']);
    expect(enabled(input(['SUPPLIER', 'FACTORY']))).toEqual(['ORDER_TAKER']);
    expect(enabled(input(['AGENT']))).toEqual(['ORDER_TAKER']);
    expect(enabled(input(['DECISION_MAKER', 'FACTORY']))).toEqual(['DECISION_MAKER', 'ORDER_TAKER']);
  });

  it('provider is selectable only without a decision-maker or order-taker role…', () => {
    expect(enabled(input(['SERVICE_PROVIDER']))).toEqual(['SERVICE_PROVIDER']);
    expect(enabled(input([]))).toEqual(['SERVICE_PROVIDER']);
    expect(enabled(input(['UNKNOWN']))).toEqual(['SERVICE_PROVIDER']);
    expect(enabled(input(['SERVICE_PROVIDER', 'SUPPLIER']))).toEqual(['ORDER_TAKER']);
  });

  it('…or in a segregated universe, or by a super admin (who may also fill every other side)', () => {
    expect(enabled(input(['DECISION_MAKER'], { segregatedUniverse: true }))).toEqual(['DECISION_MAKER', 'SERVICE_PROVIDER']);
    expect(enabled(input(['SUPPLIER'], { segregatedUniverse: true }))).toEqual(['ORDER_TAKER', 'SERVICE_PROVIDER']);
    expect(enabled(input(['DECISION_MAKER'], { superAdmin: true }))).toEqual(PICKER_SIDES);
    expect(enabled(input([], { superAdmin: true }))).toEqual(PICKER_SIDES);
  });

  it('decision maker and order taker are disabled once provider is selected, even for a super admin', () => {
    expect(enabled(input(['DECISION_MAKER', 'SUPPLIER'], { segregatedUniverse: true, selected: ['SERVICE_PROVIDER'] }))).toEqual(['SERVICE_PROVIDER']);
    expect(enabled(input([], { superAdmin: true, selected: ['SERVICE_PROVIDER'] }))).toEqual(['SERVICE_PROVIDER']);
    // Choosing decision maker does not disable the others.
    expect(enabled(input(['DECISION_MAKER', 'SUPPLIER'], { selected: ['DECISION_MAKER'] }))).toEqual(['DECISION_MAKER', 'ORDER_TAKER']);
  });
});

describe('checking a choice (the server’s /roles rule)', () => {
  it('at least one side', () => {
    expect(choose(['DECISION_MAKER'], [])).toBe('service.wizard.roleRequired');
  });

  it('allowed choices', () => {
    expect(choose(['DECISION_MAKER'], ['DECISION_MAKER'])).toBeNull();
    expect(choose(['FACTORY'], ['ORDER_TAKER'])).toBeNull();
    expect(choose(['DECISION_MAKER', 'AGENT'], ['DECISION_MAKER', 'ORDER_TAKER'])).toBeNull();
    expect(choose(['SERVICE_PROVIDER'], ['SERVICE_PROVIDER'])).toBeNull();
    expect(choose(['DECISION_MAKER'], ['SERVICE_PROVIDER'], { segregatedUniverse: true })).toBeNull();
    expect(choose([], ['DECISION_MAKER', 'ORDER_TAKER'], { superAdmin: true })).toBeNull();
    expect(choose([], ['SERVICE_PROVIDER'], { superAdmin: true })).toBeNull();
  });

  it('refused choices: a side the company does not hold, provider with another side, provider while holding a role, twice the same side', () => {
    expect(choose(['DECISION_MAKER'], ['ORDER_TAKER'])).toBe('service.wizard.roleNotAllowed');
    expect(choose(['SUPPLIER'], ['DECISION_MAKER'])).toBe('service.wizard.roleNotAllowed');
    expect(choose(['SERVICE_PROVIDER'], ['DECISION_MAKER'])).toBe('service.wizard.roleNotAllowed');
    expect(choose(['DECISION_MAKER'], ['SERVICE_PROVIDER'])).toBe('service.wizard.roleNotAllowed');
    expect(choose(['SUPPLIER'], ['SERVICE_PROVIDER'])).toBe('service.wizard.roleNotAllowed');
    expect(choose([], ['SERVICE_PROVIDER', 'DECISION_MAKER'], { superAdmin: true })).toBe('service.wizard.roleNotAllowed');
    expect(choose(['DECISION_MAKER'], ['DECISION_MAKER', 'SERVICE_PROVIDER'], { segregatedUniverse: true })).toBe('service.wizard.roleNotAllowed');
    expect(choose(['DECISION_MAKER'], ['DECISION_MAKER', 'DECISION_MAKER'])).toBe('service.wizard.roleNotAllowed');
  });
});
