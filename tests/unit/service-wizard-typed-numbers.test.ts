import { describe, expect, it } from 'vitest';
import { emptyDraft, stepErrors, type WizardCaller, type WizardDraft } from '../../machines/serviceWizard';
import { emptyQuick, quickErrors } from '../../app/pages/services/wizard/quick/quickService';

/**
 * The service wizard's quantities are read like every number field (engine/format/numbers.ts): a
 * text it cannot read with certainty is kept in the field as typed and the step refuses it, rather
 * than a number it was never told (Mantine's input read "12,5" in French as 125).
 */
const brand: WizardCaller = { companyRoles: ['DECISION_MAKER'], superAdmin: false, segregatedUniverse: false };

function draftWith(quantity: number | string, lab?: { sampleCount: number | string }): WizardDraft {
  const draft = emptyDraft(['DECISION_MAKER']);
  return {
    ...draft,
    service: {
      ...draft.service, client: 3, supplier: 4, serviceProvider: 2, orderTakerContacts: [17],
      thirdPartyDepartment: lab ? 'LAB' : 'INSP', type: lab ? 'LAB_CHEMICAL_TEST' : 'INSP_FINAL_RANDOM', startDate: '2026-12-01', endDate: '2026-12-02',
    },
    purchaseOrderLines: [{ poNumber: 'PO-1', designation: 'Shirt', orderedQuantity: { quantity, unit: 'PIECE' } }],
    laboratoryLines: lab ? [{ testName: 'Azo dyes', ...lab }] : [],
  };
}
const keys = (errors: { path: string; key?: string }[]) => errors.map((error) => `${error.path} ${error.key}`);

describe('service wizard: a quantity kept as typed', () => {
  it('refuses a PO quantity that is no number, with the field named', () => {
    expect(keys(stepErrors('DETAILS', draftWith(1200.5), brand, 'NEW'))).toEqual([]);
    expect(keys(stepErrors('DETAILS', draftWith('1.234'), brand, 'NEW'))).toEqual(['/purchaseOrderLines/0/orderedQuantity/quantity serviceWizard.error.notNumber']);
  });

  it('refuses a sample count that is no whole number', () => {
    expect(keys(stepErrors('DETAILS', draftWith(10, { sampleCount: 2 }), brand, 'NEW'))).toEqual([]);
    expect(keys(stepErrors('DETAILS', draftWith(10, { sampleCount: '2,5' }), brand, 'NEW'))).toEqual(['/laboratoryLines/0/sampleCount serviceWizard.error.notNumber']);
  });

  it('the quick wizard refuses it too', () => {
    const user = { ...brand, companyId: 3 };
    const complete = { ...emptyQuick(user), type: 'INSP_FINAL_RANDOM', supplier: 4, serviceProvider: 2, orderTakerContacts: [17], startDate: '2026-12-01', poNumber: 'PO-1', designation: 'Shirt' };
    expect(keys(quickErrors({ ...complete, quantity: 10 }, user, { service: {}, order: {} }))).toEqual([]);
    expect(keys(quickErrors({ ...complete, quantity: '12 50' }, user, { service: {}, order: {} }))).toEqual(['/quantity serviceWizard.error.notNumber']);
  });
});
