import type { ServiceSide } from '../../machines/service';
import { PICKER_SIDES, roleChoiceError } from '../../machines/serviceRoles';
import { ORDER_TAKER_SLOTS } from '../../machines/serviceWizard';
import type { FieldError } from '../errors';

/**
 * The service wizard's rules (spec §5.4 and the §6.4 role picker), pure: each returns the
 * field errors of the wizard body (`/roles`, `/service/...`, `/purchaseOrderLines`,
 * `/laboratoryLines`), empty when the input passes. Schema validation (types, required
 * fields, no negative quantity) is done before, by the entity validators.
 */
export interface PickerContext {
  /** The roles of the caller's company (DECISION_MAKER, SUPPLIER, …). */
  companyRoles: readonly string[];
  companyId: number;
  superAdmin: boolean;
  segregatedUniverse: boolean;
}

/** The picker's choice: a list of sides the caller's company may take (spec §6.4). */
export function roleErrors(selected: unknown, context: PickerContext): FieldError[] {
  if (!Array.isArray(selected) || selected.some((side) => !PICKER_SIDES.includes(side as ServiceSide))) {
    return [{ path: '/roles', key: selected === undefined ? 'service.wizard.roleRequired' : 'validation.unknownValue' }];
  }
  const key = roleChoiceError({ ...context, selected: selected as ServiceSide[] });
  return key ? [{ path: '/roles', key }] : [];
}

export { ORDER_TAKER_SLOTS };

/** Each chosen side needs the caller's company in its slot; a super admin may fill any slot. */
export function slotErrors(selected: readonly ServiceSide[], service: Record<string, unknown>, context: PickerContext): FieldError[] {
  if (context.superAdmin) return [];
  const mine = (field: string) => service[field] === context.companyId;
  const errors: FieldError[] = [];
  if (selected.includes('DECISION_MAKER') && !mine('client')) errors.push({ path: '/service/client', key: 'service.wizard.companySlot' });
  if (selected.includes('ORDER_TAKER') && !ORDER_TAKER_SLOTS.some(mine)) errors.push({ path: '/service/supplier', key: 'service.wizard.companySlot' });
  if (selected.includes('SERVICE_PROVIDER') && !mine('serviceProvider')) errors.push({ path: '/service/serviceProvider', key: 'service.wizard.companySlot' });
  return errors;
}

/** The department a service type belongs to: its prefix (`INSP_FINAL_RANDOM` → INSP). */
export const departmentOfType = (type: unknown) => (typeof type === 'string' ? type.split('_')[0] : undefined);

export interface ServiceRulesInput {
  service: Record<string, unknown>;
  purchaseOrderLines: readonly unknown[];
  laboratoryLines: readonly unknown[];
  /** The creator acts as order taker (the ex-factory date rule). */
  orderTaker: boolean;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** Spec §5.4: dates, lines, contacts, ex-factory date; and the type's department. */
export function serviceRuleErrors({ service, purchaseOrderLines, laboratoryLines, orderTaker }: ServiceRulesInput): FieldError[] {
  const errors: FieldError[] = [];
  const department = departmentOfType(service.type);
  if (department && service.thirdPartyDepartment && department !== service.thirdPartyDepartment) {
    errors.push({ path: '/service/type', key: 'service.wizard.departmentMismatch' });
  }
  if (isBlank(service.startDate)) errors.push({ path: '/service/startDate', key: 'service.wizard.atLeastOneDate' });
  else if (!isBlank(service.endDate) && String(service.endDate) < String(service.startDate)) {
    errors.push({ path: '/service/endDate', key: 'service.wizard.endBeforeStart' });
  }
  if (purchaseOrderLines.length === 0) errors.push({ path: '/purchaseOrderLines', key: 'service.wizard.atLeastOnePurchaseOrderLine' });
  if (department === 'LAB' && laboratoryLines.length === 0) errors.push({ path: '/laboratoryLines', key: 'service.wizard.atLeastOneLaboratoryTest' });
  const contacts = service.orderTakerContacts;
  if (!Array.isArray(contacts) || contacts.length === 0) {
    const key = department === 'AUDIT' ? 'service.wizard.atLeastOneSiteContact' : 'service.wizard.atLeastOneOrderTakerContact';
    errors.push({ path: '/service/orderTakerContacts', key });
  }
  if (orderTaker && department === 'INSP' && service.servicePartyType !== 'DESTINATION' && isBlank(service.exFactoryDate)) {
    errors.push({ path: '/service/exFactoryDate', key: 'service.wizard.exFactoryRequired' });
  }
  return errors;
}

/** Field errors of several checks, the first one per path (a rule's message beats a generic one). */
export function firstPerPath(...lists: FieldError[][]): FieldError[] {
  const seen = new Set<string>();
  return lists.flat().filter((error) => !seen.has(error.path) && seen.add(error.path));
}
