import { describe, expect, it } from 'vitest';
import { departmentOfType, firstPerPath, roleErrors, serviceRuleErrors, slotErrors, type PickerContext } from '../../server/services/wizardRules';

/** The wizard rules of spec §5.4 and the role picker of §6.4, as pure functions. */
const brand: PickerContext = { companyRoles: ['DECISION_MAKER'], companyId: 3, superAdmin: false, segregatedUniverse: false };
const inspection = { thirdPartyDepartment: 'INSP', type: 'INSP_FINAL_RANDOM', client: 3, supplier: 4, serviceProvider: 2, startDate: '2026-12-01', orderTakerContacts: [7], exFactoryDate: '2026-12-10' };
const rules = (service: Record<string, unknown>, more: Partial<Parameters<typeof serviceRuleErrors>[0]> = {}) =>
  serviceRuleErrors({ service, purchaseOrderLines: [{}], laboratoryLines: [], orderTaker: false, ...more });

describe('wizard rules', () => {
  it('a valid inspection passes', () => {
    expect(rules(inspection)).toEqual([]);
    expect(departmentOfType('LAB_CHEMICAL_TEST')).toBe('LAB');
  });

  it('§5.4: dates, lines, contacts, ex-factory date', () => {
    expect(rules({ ...inspection, startDate: undefined }, { purchaseOrderLines: [] })).toEqual([
      { path: '/service/startDate', key: 'service.wizard.atLeastOneDate' },
      { path: '/purchaseOrderLines', key: 'service.wizard.atLeastOnePurchaseOrderLine' },
    ]);
    expect(rules({ ...inspection, endDate: '2026-11-30' })).toEqual([{ path: '/service/endDate', key: 'service.wizard.endBeforeStart' }]);
    expect(rules({ ...inspection, thirdPartyDepartment: 'LAB', type: 'LAB_PHYSICAL_TEST' })).toEqual([{ path: '/laboratoryLines', key: 'service.wizard.atLeastOneLaboratoryTest' }]);
    expect(rules({ ...inspection, orderTakerContacts: [] })).toEqual([{ path: '/service/orderTakerContacts', key: 'service.wizard.atLeastOneOrderTakerContact' }]);
    expect(rules({ ...inspection, thirdPartyDepartment: 'AUDIT', type: 'AUDIT_SOCIAL', orderTakerContacts: [] })).toEqual([
      { path: '/service/orderTakerContacts', key: 'service.wizard.atLeastOneSiteContact' },
    ]);
    const noExFactory = { ...inspection, exFactoryDate: undefined };
    expect(rules(noExFactory, { orderTaker: true })).toEqual([{ path: '/service/exFactoryDate', key: 'service.wizard.exFactoryRequired' }]);
    expect(rules({ ...noExFactory, servicePartyType: 'DESTINATION' }, { orderTaker: true })).toEqual([]);
    expect(rules(noExFactory)).toEqual([]);
    expect(rules({ ...noExFactory, thirdPartyDepartment: 'AUDIT', type: 'AUDIT_SOCIAL' }, { orderTaker: true })).toEqual([]);
  });

  it('the type belongs to the department', () => {
    expect(rules({ ...inspection, thirdPartyDepartment: 'CON' })).toEqual([{ path: '/service/type', key: 'service.wizard.departmentMismatch' }]);
  });

  it('role picker and company slots', () => {
    expect(roleErrors(['DECISION_MAKER'], brand)).toEqual([]);
    expect(roleErrors(undefined, brand)).toEqual([{ path: '/roles', key: 'service.wizard.roleRequired' }]);
    expect(roleErrors(['SERVICE_PROVIDER'], brand)).toEqual([{ path: '/roles', key: 'service.wizard.roleNotAllowed' }]);
    expect(roleErrors(['SERVICE_PROVIDER'], { ...brand, segregatedUniverse: true })).toEqual([]);
    expect(roleErrors('DECISION_MAKER', brand)).toEqual([{ path: '/roles', key: 'validation.unknownValue' }]);
    expect(slotErrors(['DECISION_MAKER'], inspection, brand)).toEqual([]);
    expect(slotErrors(['DECISION_MAKER', 'ORDER_TAKER'], { ...inspection, client: 9 }, brand)).toEqual([
      { path: '/service/client', key: 'service.wizard.companySlot' },
      { path: '/service/supplier', key: 'service.wizard.companySlot' },
    ]);
    expect(slotErrors(['SERVICE_PROVIDER'], inspection, { ...brand, superAdmin: true })).toEqual([]);
  });

  it('one error per path, the first list winning', () => {
    const rule = { path: '/service/startDate', key: 'service.wizard.atLeastOneDate' };
    expect(firstPerPath([rule], [{ path: '/service/startDate', key: 'validation.required' }, { path: '/x', key: 'k' }])).toEqual([rule, { path: '/x', key: 'k' }]);
  });
});
