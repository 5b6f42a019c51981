import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ScreenConfig } from '../../engine/config';
import { machineFromConfig, type MachineConfig } from '../../engine/workflow/configMachine';
import { screenInMode, stepOfPath, stepsOfMachine } from '../../engine/wizard/wizardModes';
import { wizardMove } from '../../engine/wizard/wizardSteps';
import { emptyDraft, lockedSlots, needsExFactoryDate, NOTIFICATION_COMMENT_MAX, quickSide, stepErrors, withCallerSlots, withServiceDefaults, type WizardCaller, type WizardDraft } from '../../machines/serviceWizard';
import { loadSchemaTree } from '../../scripts/generate/load';
import { emptyQuick, flatPath, fullDraftOf, quickBody, quickErrors } from '../../app/pages/services/wizard/quick/quickService';
import { createBody, draftOfOrder, draftOfService, updateBody } from '../../app/pages/services/wizard/wizardBody';
import type { ServiceView } from '../../app/pages/services/shared/serviceApi';

const brand: WizardCaller = { companyRoles: ['DECISION_MAKER'], superAdmin: false, segregatedUniverse: false };
const supplier: WizardCaller = { companyRoles: ['SUPPLIER'], superAdmin: false, segregatedUniverse: false };

/** A draft that passes every step: a decision maker's final inspection with one PO line. */
function validDraft(): WizardDraft {
  const draft = emptyDraft(['DECISION_MAKER']);
  return {
    ...draft,
    service: {
      ...draft.service,
      client: 3,
      supplier: 4,
      serviceProvider: 2,
      orderTakerContacts: [17],
      thirdPartyDepartment: 'INSP',
      type: 'INSP_FINAL_RANDOM',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
    },
    purchaseOrderLines: [{ poNumber: 'PO-1', designation: 'Shirt', orderedQuantity: { quantity: 1200, unit: 'PIECE' } }],
  };
}

const keys = (errors: { path: string; key?: string }[]) => errors.map((error) => `${error.path} ${error.key}`);

/** The wizard as configured (schemas/screens/serviceWizard.json and its machines), in a mode of `?mode=`. */
const tree = loadSchemaTree(join(fileURLToPath(new URL('../..', import.meta.url)), 'schemas'));
const wizardIn = (mode: string | null) => {
  const screen = screenInMode(tree.screens.serviceWizard as unknown as ScreenConfig, mode);
  const machine = machineFromConfig(tree.machines[screen.machine ?? ''] as MachineConfig);
  return { screen, machine, steps: stepsOfMachine(screen.steps ?? [], machine) };
};
const stepsIn = (mode: string | null) => wizardIn(mode).steps.map((step) => step.name);

describe('service wizard steps (its screen and machines)', () => {
  it('shows every step for a new or duplicated service, companies and details for an edit, the dates for a reschedule, one form for the light wizard', () => {
    expect(stepsIn(null)).toEqual(['ROLE', 'COMPANIES', 'DETAILS', 'NOTES', 'NOTIFICATION']);
    expect(stepsIn('DUPLICATE')).toEqual(stepsIn(null));
    expect(stepsIn('ORDER')).toEqual(stepsIn(null));
    expect(stepsIn('edit')).toEqual(['COMPANIES', 'DETAILS']);
    expect(stepsIn('RESCHEDULE')).toEqual(['DATES']);
    expect(stepsIn('QUICK')).toEqual(['QUICK']);
    expect(stepsIn('UNKNOWN')).toEqual(stepsIn(null));
  });

  it('walks its steps in order with Next and Back, and saves on the last', () => {
    const { machine, steps } = wizardIn('NEW');
    const walked = [String(machine.config.initial)];
    for (let next = wizardMove(machine, walked[0], 'NEXT', {}); next; next = wizardMove(machine, walked[walked.length - 1], 'NEXT', {})) walked.push(next);
    expect(walked).toEqual(steps.map((step) => step.name));
    expect(wizardMove(machine, 'NOTES', 'BACK', {})).toBe('DETAILS');
    expect(wizardMove(machine, 'ROLE', 'BACK', {})).toBeNull();
  });

  it('maps a field path of a 400 answer to its step', () => {
    const stepOf = (path: string, mode: string | null = null) => stepOfPath(wizardIn(mode).steps, path);
    expect(stepOf('/roles')).toBe('ROLE');
    expect(stepOf('/service/client')).toBe('COMPANIES');
    expect(stepOf('/service/orderTakerContacts')).toBe('COMPANIES');
    expect(stepOf('/service/address/city')).toBe('COMPANIES');
    expect(stepOf('/service/startDate')).toBe('DETAILS');
    expect(stepOf('/purchaseOrderLines/0/orderedQuantity/quantity')).toBe('DETAILS');
    expect(stepOf('/note')).toBe('NOTES');
    expect(stepOf('/notification/tos')).toBe('NOTIFICATION');
    expect(stepOf('/service/client', 'EDIT')).toBe('COMPANIES');
    expect(stepOf('/service/startDate', 'RESCHEDULE')).toBe('DATES');
  });

  it('saves each mode with its own call and says so in its own words', () => {
    const save = (mode: string | null) => wizardIn(mode).screen.save;
    expect([save(null)?.url, save(null)?.method, save(null)?.result?.component]).toEqual(['/back/bo/services', 'post', 'serviceWizardConfirmation']);
    expect([save('DUPLICATE')?.method, save('ORDER')?.method]).toEqual(['post', 'post']);
    expect([save('EDIT')?.url, save('EDIT')?.method, save('EDIT')?.done]).toEqual(['/back/bo/services/{serviceId}', 'put', '/services/{serviceId}']);
    expect([save('RESCHEDULE')?.label, save('RESCHEDULE')?.updated]).toEqual(['serviceWizard.dates.propose', 'serviceWizard.dates.proposed']);
    expect([save('QUICK')?.url, save('QUICK')?.method, save('QUICK')?.result?.component]).toEqual(['/back/bo/quickService', 'post', 'serviceWizardConfirmation']);
    expect(wizardIn('EDIT').screen.title).toBe('serviceWizard.title.EDIT');
  });
});

describe('service wizard rules (spec §5.4, §6.4)', () => {
  it('refuses a typed date that is no day, kept as typed, instead of dropping it', () => {
    const draft = emptyDraft(['DECISION_MAKER']);
    const dates = (service: Partial<WizardDraft['service']>) => keys(stepErrors('DATES', { ...draft, service: { ...draft.service, ...service } }, brand, 'RESCHEDULE'));
    expect(dates({ startDate: '31/02/2026' })).toEqual(['/service/startDate serviceWizard.error.invalidDate']);
    expect(dates({ startDate: '2026-12-10', endDate: '20/13' })).toEqual(['/service/endDate serviceWizard.error.invalidDate']);
    expect(dates({ startDate: '2026-12-10', endDate: '2026-12-09' })).toEqual(['/service/endDate serviceWizard.error.endBeforeStart']);
    expect(dates({ startDate: '2026-12-10', endDate: '2026-12-10' })).toEqual([]);
    const details = keys(stepErrors('DETAILS', { ...draft, service: { ...draft.service, startDate: '2026-12-10', exFactoryDate: '12/31/2026' } }, brand, 'NEW'));
    expect(details).toContain('/service/exFactoryDate serviceWizard.error.invalidDate');
  });

  it('needs a role the picker allows', () => {
    expect(keys(stepErrors('ROLE', emptyDraft([]), brand, 'NEW'))).toEqual(['/roles service.wizard.roleRequired']);
    expect(keys(stepErrors('ROLE', emptyDraft(['ORDER_TAKER']), brand, 'NEW'))).toEqual(['/roles service.wizard.roleNotAllowed']);
    expect(stepErrors('ROLE', emptyDraft(['DECISION_MAKER']), brand, 'NEW')).toEqual([]);
  });

  it('locks the caller company in the slot of each chosen side and frees it when the side goes', () => {
    expect(lockedSlots(['DECISION_MAKER'], ['DECISION_MAKER'])).toEqual(['client']);
    expect(lockedSlots(['ORDER_TAKER'], ['FACTORY'])).toEqual(['factory']);
    const user = { ...brand, companyId: 3 };
    const chosen = withCallerSlots(emptyDraft().service, ['DECISION_MAKER'], user);
    expect(chosen.client).toBe(3);
    expect(withCallerSlots(chosen, [], user).client).toBeUndefined();
    // A super admin fills any slot himself.
    expect(withCallerSlots(emptyDraft().service, ['DECISION_MAKER'], { ...user, superAdmin: true }).client).toBeUndefined();
  });

  it('needs a client, a provider, an order taker and at least one order-taker contact (site contact for an audit)', () => {
    const draft = emptyDraft(['DECISION_MAKER']);
    expect(keys(stepErrors('COMPANIES', draft, brand, 'NEW'))).toEqual([
      '/service/client serviceWizard.error.required',
      '/service/serviceProvider serviceWizard.error.required',
      '/service/supplier serviceWizard.error.orderTakerRequired',
      '/service/orderTakerContacts serviceWizard.error.orderTakerContactRequired',
    ]);
    const audit = { ...validDraft(), service: { ...validDraft().service, thirdPartyDepartment: 'AUDIT', type: 'AUDIT_SOCIAL', orderTakerContacts: [] } };
    expect(keys(stepErrors('COMPANIES', audit, brand, 'NEW'))).toEqual(['/service/orderTakerContacts serviceWizard.error.siteContactRequired']);
    expect(stepErrors('COMPANIES', validDraft(), brand, 'NEW')).toEqual([]);
  });

  it('needs a service date, an end not before the start, at least one PO line without negative quantity', () => {
    expect(stepErrors('DETAILS', validDraft(), brand, 'NEW')).toEqual([]);
    const noDate = validDraft();
    noDate.service.startDate = undefined;
    expect(keys(stepErrors('DETAILS', noDate, brand, 'NEW'))).toEqual(['/service/startDate serviceWizard.error.dateRequired']);
    const reversed = validDraft();
    reversed.service.endDate = '2026-11-30';
    expect(keys(stepErrors('DETAILS', reversed, brand, 'NEW'))).toEqual(['/service/endDate serviceWizard.error.endBeforeStart']);
    expect(keys(stepErrors('DETAILS', { ...validDraft(), purchaseOrderLines: [] }, brand, 'NEW'))).toEqual(['/purchaseOrderLines serviceWizard.error.poLineRequired']);
    const negative = validDraft();
    negative.purchaseOrderLines = [{ poNumber: 'PO-1', designation: 'Shirt', orderedQuantity: { quantity: -1 } }];
    expect(keys(stepErrors('DETAILS', negative, brand, 'NEW'))).toEqual(['/purchaseOrderLines/0/orderedQuantity/quantity serviceWizard.error.negative']);
    const blank = validDraft();
    blank.purchaseOrderLines = [{ poNumber: ' ', orderedQuantity: {} }];
    expect(keys(stepErrors('DETAILS', blank, brand, 'NEW'))).toEqual([
      '/purchaseOrderLines/0/poNumber serviceWizard.error.required',
      '/purchaseOrderLines/0/designation serviceWizard.error.required',
      '/purchaseOrderLines/0/orderedQuantity/quantity serviceWizard.error.required',
    ]);
  });

  it('leaves the dates out of an edit (they move through a postpone)', () => {
    const edited = validDraft();
    edited.service.startDate = undefined;
    expect(stepErrors('DETAILS', edited, brand, 'EDIT')).toEqual([]);
  });

  it('needs a type of the chosen department and a laboratory test on a laboratory service', () => {
    const mismatch = validDraft();
    mismatch.service.thirdPartyDepartment = 'AUDIT';
    expect(keys(stepErrors('DETAILS', mismatch, brand, 'NEW'))).toEqual(['/service/type serviceWizard.error.typeDepartment']);
    const lab = validDraft();
    lab.service = { ...lab.service, thirdPartyDepartment: 'LAB', type: 'LAB_CHEMICAL_TEST' };
    expect(keys(stepErrors('DETAILS', lab, brand, 'NEW'))).toEqual(['/laboratoryLines serviceWizard.error.labLineRequired']);
    lab.laboratoryLines = [{ testName: 'pH', sampleCount: 0 }];
    expect(keys(stepErrors('DETAILS', lab, brand, 'NEW'))).toEqual(['/laboratoryLines/0/sampleCount serviceWizard.error.sampleCount']);
    lab.laboratoryLines = [{ testName: 'pH', sampleCount: 2 }];
    expect(stepErrors('DETAILS', lab, brand, 'NEW')).toEqual([]);
  });

  it('needs the ex-factory date for an order taker on an inspection, unless at destination', () => {
    const service = { type: 'INSP_FINAL_RANDOM', thirdPartyDepartment: 'INSP', servicePartyType: 'SOURCE' };
    expect(needsExFactoryDate(['ORDER_TAKER'], service)).toBe(true);
    expect(needsExFactoryDate(['ORDER_TAKER'], { ...service, servicePartyType: 'DESTINATION' })).toBe(false);
    expect(needsExFactoryDate(['DECISION_MAKER'], service)).toBe(false);
    expect(needsExFactoryDate(['ORDER_TAKER'], { ...service, type: 'AUDIT_SOCIAL', thirdPartyDepartment: 'AUDIT' })).toBe(false);
    const draft = { ...validDraft(), roles: ['ORDER_TAKER' as const] };
    expect(keys(stepErrors('DETAILS', draft, supplier, 'NEW'))).toEqual(['/service/exFactoryDate serviceWizard.error.exFactoryRequired']);
  });

  it('needs a recipient when the notification is sent', () => {
    const draft = validDraft();
    draft.notification = { doSend: true, tos: [], ccs: [] };
    expect(keys(stepErrors('NOTIFICATION', draft, brand, 'NEW'))).toEqual(['/notification/tos serviceWizard.error.recipientRequired']);
    draft.notification.tos = [17];
    expect(stepErrors('NOTIFICATION', draft, brand, 'NEW')).toEqual([]);
  });

  it('refuses a text past its limit, counted in characters, and keeps it whole', () => {
    const limits = { standardMessage: 10, note: 5 };
    const draft = validDraft();
    draft.service.standardMessage = '😀'.repeat(10); // ten characters, twenty UTF-16 units
    expect(stepErrors('DETAILS', draft, brand, 'NEW', limits)).toEqual([]);
    draft.service.standardMessage = 'x'.repeat(11);
    expect(stepErrors('DETAILS', draft, brand, 'NEW', limits)).toEqual([{ path: '/service/standardMessage', key: 'engine.form.tooLong', params: { max: 10 } }]);
    expect(draft.service.standardMessage).toHaveLength(11);
    expect(keys(stepErrors('NOTES', { ...draft, note: ' abcdef ' }, brand, 'NEW', limits))).toEqual(['/note engine.form.tooLong']);
    expect(stepErrors('NOTES', { ...draft, note: ' abcde ' }, brand, 'NEW', limits)).toEqual([]);
    // RESCHEDULE's comment goes to the date proposal: its own limit.
    const rescheduled = { ...draft, service: { ...draft.service, startDate: '2099-01-10', endDate: '2099-01-11' }, note: 'abcd' };
    expect(keys(stepErrors('DATES', rescheduled, brand, 'RESCHEDULE', { dateComment: 3 }))).toEqual(['/note engine.form.tooLong']);
    expect(stepErrors('DATES', rescheduled, brand, 'RESCHEDULE', { dateComment: 4 })).toEqual([]);
    draft.notification = { doSend: true, tos: [17], ccs: [], comment: 'x'.repeat(NOTIFICATION_COMMENT_MAX + 1) };
    expect(keys(stepErrors('NOTIFICATION', draft, brand, 'NEW'))).toEqual(['/notification/comment engine.form.tooLong']);
  });
});

describe('wizard bodies (docs/services.md)', () => {
  it('posts the whole state, empty texts and unused lab lines left out', () => {
    const draft = validDraft();
    draft.purchaseOrderLines[0].sku = '';
    draft.laboratoryLines = [{ testName: 'pH', sampleCount: 1 }];
    const body = createBody(draft) as any;
    expect(body.roles).toEqual(['DECISION_MAKER']);
    expect(body.service).toMatchObject({ client: 3, supplier: 4, serviceProvider: 2, type: 'INSP_FINAL_RANDOM', startDate: '2026-12-01', orderTakerContacts: [17] });
    expect(body.purchaseOrderLines).toEqual([{ poNumber: 'PO-1', designation: 'Shirt', orderedQuantity: { quantity: 1200, unit: 'PIECE' } }]);
    expect(body.laboratoryLines).toEqual([]);
    expect(body.note).toBeUndefined();
    expect(body.notification).toEqual({ doSend: false, tos: [], ccs: [] });
  });

  it('puts an edit without the dates, with the version', () => {
    const body = updateBody(validDraft(), 4) as any;
    expect(body.version).toBe(4);
    expect(body.service.startDate).toBeUndefined();
    expect(body.service.client).toBe(3);
  });

  it('duplicates a service without its dates and line ids; edits keep them', () => {
    const stored = {
      serviceId: 9, number: 'S-000009', version: 2, userRoles: ['DECISION_MAKER'], type: 'INSP_FINAL_RANDOM', thirdPartyDepartment: 'INSP',
      client: 3, supplier: 4, serviceProvider: 2, startDate: '2026-01-05', orderTakerContacts: [17],
      purchaseOrderLines: [{ purchaseOrderLineId: 40, poNumber: 'PO-9', designation: 'Coat', orderedQuantity: { quantity: 5 } }],
    } as unknown as ServiceView;
    const copy = draftOfService(stored, 'DUPLICATE');
    expect(copy.roles).toEqual(['DECISION_MAKER']);
    expect(copy.service.startDate).toBeUndefined();
    expect(copy.purchaseOrderLines[0].purchaseOrderLineId).toBeUndefined();
    const edit = draftOfService(stored, 'EDIT');
    expect(edit.service.startDate).toBe('2026-01-05');
    expect(edit.purchaseOrderLines[0].purchaseOrderLineId).toBe(40);
  });

  it('starts a service for one order of a service: its parties, that order’s lines, no type and no dates', () => {
    const stored = {
      serviceId: 9, number: 'S-000009', version: 2, userRoles: ['DECISION_MAKER'], type: 'LAB_PHYSICAL_TEST', thirdPartyDepartment: 'LAB',
      client: 3, supplier: 4, serviceProvider: 2, startDate: '2026-01-05', endDate: '2026-01-06', orderTakerContacts: [17],
      purchaseOrderLines: [
        { purchaseOrderLineId: 40, poNumber: 'PO-9', designation: 'Coat', orderedQuantity: { quantity: 5 } },
        { purchaseOrderLineId: 41, poNumber: 'PO-10', designation: 'Scarf', orderedQuantity: { quantity: 8 } },
        { purchaseOrderLineId: 42, poNumber: 'PO-9', designation: 'Hat', orderedQuantity: { quantity: 3 } },
      ],
      laboratoryLines: [
        { laboratoryLineId: 7, testName: 'Colour fastness', sampleCount: 2, poNumber: 'PO-9' },
        { laboratoryLineId: 8, testName: 'pH', sampleCount: 1, poNumber: 'PO-10' },
      ],
    } as unknown as ServiceView;
    const draft = draftOfOrder(stored, 'PO-9')!;
    expect(draft.roles).toEqual(['DECISION_MAKER']);
    expect(draft.service).toMatchObject({ client: 3, supplier: 4, serviceProvider: 2, thirdPartyDepartment: 'LAB', orderTakerContacts: [17] });
    expect([draft.service.type, draft.service.startDate, draft.service.endDate]).toEqual([undefined, undefined, undefined]);
    expect(draft.purchaseOrderLines.map((line) => [line.purchaseOrderLineId, line.designation])).toEqual([[undefined, 'Coat'], [undefined, 'Hat']]);
    expect(draft.laboratoryLines.map((line) => [line.laboratoryLineId, line.testName])).toEqual([[undefined, 'Colour fastness']]);
    expect(draftOfOrder(stored, 'PO-404')).toBeNull();
  });
});

describe('light wizard', () => {
  const user = { ...brand, companyId: 3 };
  const NO_CUSTOM_FIELDS = { service: { type: 'object', properties: {} }, order: { type: 'object', properties: {} } };

  it('acts on the company side and locks the caller company in its slot', () => {
    expect(quickSide(['DECISION_MAKER'])).toBe('DECISION_MAKER');
    expect(quickSide(['FACTORY'])).toBe('ORDER_TAKER');
    expect(quickSide(['SERVICE_PROVIDER'])).toBe('SERVICE_PROVIDER');
    expect(emptyQuick(user).client).toBe(3);
  });

  it('checks the full wizard rules on the flat fields', () => {
    expect(keys(quickErrors(emptyQuick(user), user, NO_CUSTOM_FIELDS))).toEqual([
      '/serviceProvider serviceWizard.error.required',
      '/supplier serviceWizard.error.orderTakerRequired',
      '/orderTakerContacts serviceWizard.error.orderTakerContactRequired',
      '/type serviceWizard.error.required',
      '/startDate serviceWizard.error.dateRequired',
      '/poNumber serviceWizard.error.required',
      '/designation serviceWizard.error.required',
      '/quantity serviceWizard.error.required',
    ]);
    const complete = { ...emptyQuick(user), type: 'INSP_FINAL_RANDOM', supplier: 4, serviceProvider: 2, orderTakerContacts: [17], startDate: '2026-12-01', poNumber: 'PO-1', designation: 'Shirt', quantity: 10 };
    expect(quickErrors(complete, user, NO_CUSTOM_FIELDS)).toEqual([]);
    const body = quickBody({ ...complete, endDate: undefined, exFactoryDate: '' }, NO_CUSTOM_FIELDS);
    expect(body).toEqual({ type: 'INSP_FINAL_RANDOM', client: 3, supplier: 4, serviceProvider: 2, orderTakerContacts: [17], startDate: '2026-12-01', poNumber: 'PO-1', designation: 'Shirt', quantity: 10, unit: 'PIECE' });
  });

  it('starts from the company’s service defaults as the full wizard does: the type shown, the others carried in the body', () => {
    const defaults = { companyId: 3, version: 2, thirdPartyDepartment: 'AUDIT', type: 'INSP_FINAL_RANDOM', serviceLevel: 'URGENT', servicePartyType: 'DESTINATION', standardMessage: 'Bring the golden sample.' };
    const quick = emptyQuick(user, defaults);
    expect(quick).toEqual({ ...emptyQuick(user), type: 'INSP_FINAL_RANDOM', serviceLevel: 'URGENT', servicePartyType: 'DESTINATION', standardMessage: 'Bring the golden sample.' });
    // One source: the values are those withServiceDefaults gives the full wizard's draft.
    const full = withServiceDefaults(emptyDraft(), defaults).service;
    expect({ type: quick.type, serviceLevel: quick.serviceLevel, servicePartyType: quick.servicePartyType }).toEqual({ type: full.type, serviceLevel: full.serviceLevel, servicePartyType: full.servicePartyType });
    // The department follows the type, never a default department of another type.
    expect(fullDraftOf(quick, user.companyRoles).service).toMatchObject({ thirdPartyDepartment: 'INSP', serviceLevel: 'URGENT', servicePartyType: 'DESTINATION' });
    const complete = { ...quick, supplier: 4, serviceProvider: 2, orderTakerContacts: [17], startDate: '2026-12-01', poNumber: 'PO-1', designation: 'Shirt', quantity: 10 };
    expect(quickBody(complete, NO_CUSTOM_FIELDS)).toMatchObject({ type: 'INSP_FINAL_RANDOM', serviceLevel: 'URGENT', servicePartyType: 'DESTINATION', standardMessage: 'Bring the golden sample.' });
    // A destination inspection needs no ex-factory date, for the light wizard as for the full one.
    const seller = { ...supplier, companyId: 4 };
    const sellerErrors = (given: Record<string, unknown>) => quickErrors({ ...emptyQuick(seller, given), client: 3 }, seller, NO_CUSTOM_FIELDS).map((error) => error.path);
    expect(sellerErrors({ type: 'INSP_FINAL_RANDOM' })).toContain('/exFactoryDate');
    expect(sellerErrors({ type: 'INSP_FINAL_RANDOM', servicePartyType: 'DESTINATION' })).not.toContain('/exFactoryDate');
    // No defaults (none stored, or the call failed): the form as it always was.
    expect(emptyQuick(user, {})).toEqual(emptyQuick(user));
    expect(Object.keys(emptyQuick(user))).not.toContain('serviceLevel');
  });

  it('brings full-body paths back to the flat fields', () => {
    expect(flatPath('/service/startDate')).toBe('/startDate');
    expect(flatPath('/service/thirdPartyDepartment')).toBe('/type');
    expect(flatPath('/purchaseOrderLines')).toBe('/poNumber');
    expect(flatPath('/purchaseOrderLines/0/orderedQuantity/quantity')).toBe('/quantity');
    expect(flatPath('/purchaseOrderLines/0/orderedQuantity/unit')).toBe('/unit');
    expect(flatPath('/purchaseOrderLines/0/designation')).toBe('/designation');
    expect(flatPath('/startDate')).toBe('/startDate');
  });
});
