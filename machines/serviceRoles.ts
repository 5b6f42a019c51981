import type { ServiceSide } from './service';
import { createMachine } from 'xstate';

/**
 * The wizard's role picker (spec §6.4), one pure rule for the browser and the server:
 * - agent, supplier and factory count as order taker; a company's roles say which sides it holds;
 * - decision maker and order taker are disabled when provider is selected;
 * - provider is selectable only by a super admin, in a segregated universe, or by a company
 *   that holds neither the decision-maker nor the order-taker role.
 */
export const PICKER_SIDES: readonly ServiceSide[] = ['DECISION_MAKER', 'ORDER_TAKER', 'SERVICE_PROVIDER'];

const ORDER_TAKER_ROLES = ['ORDER_TAKER', 'AGENT', 'SUPPLIER', 'FACTORY'];

/** The side a company role plays on a service (UNKNOWN and others: none). */
export function sideOfCompanyRole(role: string): ServiceSide | null {
  if (role === 'DECISION_MAKER') return 'DECISION_MAKER';
  if (role === 'SERVICE_PROVIDER') return 'SERVICE_PROVIDER';
  return ORDER_TAKER_ROLES.includes(role) ? 'ORDER_TAKER' : null;
}

export interface RolePickerInput {
  /** The roles of the caller's company (DECISION_MAKER, SUPPLIER, …). */
  companyRoles: readonly string[];
  superAdmin: boolean;
  segregatedUniverse: boolean;
  selected: readonly ServiceSide[];
}

export interface RoleOption {
  side: ServiceSide;
  enabled: boolean;
}

export function rolePickerOptions(input: RolePickerInput): RoleOption[] {
  const held = new Set(input.companyRoles.map(sideOfCompanyRole));
  const providerChosen = input.selected.includes('SERVICE_PROVIDER');
  const providerAllowed =
    input.superAdmin || input.segregatedUniverse || (!held.has('DECISION_MAKER') && !held.has('ORDER_TAKER'));
  return PICKER_SIDES.map((side) => ({
    side,
    enabled: side === 'SERVICE_PROVIDER' ? providerAllowed : !providerChosen && (input.superAdmin || held.has(side)),
  }));
}

/** Null when the selection is allowed, else the i18n key of the reason. */
export function roleChoiceError(input: RolePickerInput): string | null {
  if (input.selected.length === 0) return 'service.wizard.roleRequired';
  if (new Set(input.selected).size !== input.selected.length) return 'service.wizard.roleNotAllowed';
  if (input.selected.includes('SERVICE_PROVIDER') && input.selected.length > 1) return 'service.wizard.roleNotAllowed';
  const enabled = new Set(rolePickerOptions({ ...input, selected: input.selected }).filter((o) => o.enabled).map((o) => o.side));
  // Provider is checked against the options without a provider choice (which would disable the others).
  const providerOk = rolePickerOptions({ ...input, selected: [] }).find((o) => o.side === 'SERVICE_PROVIDER')!.enabled;
  return input.selected.every((side) => (side === 'SERVICE_PROVIDER' ? providerOk : enabled.has(side))) ? null : 'service.wizard.roleNotAllowed';
}

/**
 * The role picker as a chart for review (generated/machines/serviceRoles.*); the rules above
 * decide, this only draws them. `parties`: decision maker and/or order taker chosen.
 */
export const serviceRolesChart = createMachine({
  id: 'serviceRoles',
  initial: 'none',
  states: {
    none: {
      on: {
        PICK_DECISION_MAKER: [{ guard: 'companyHoldsSide', target: 'parties' }, { guard: 'sideNotHeld' }],
        PICK_ORDER_TAKER: [{ guard: 'companyHoldsSide', target: 'parties' }, { guard: 'sideNotHeld' }],
        PICK_SERVICE_PROVIDER: [{ guard: 'providerAllowed', target: 'provider' }, { guard: 'providerNotAllowed' }],
        NEXT: { guard: 'roleRequired' },
      },
    },
    parties: {
      on: {
        PICK_DECISION_MAKER: [{ guard: 'companyHoldsSide', actions: 'addSide' }, { guard: 'sideNotHeld' }],
        PICK_ORDER_TAKER: [{ guard: 'companyHoldsSide', actions: 'addSide' }, { guard: 'sideNotHeld' }],
        // The provider acts alone: choosing it drops the other sides.
        PICK_SERVICE_PROVIDER: [{ guard: 'providerAllowed', target: 'provider', actions: 'dropOtherSides' }, { guard: 'providerNotAllowed' }],
        UNPICK: [{ guard: 'lastSide', target: 'none' }, { actions: 'removeSide' }],
      },
    },
    provider: {
      on: {
        PICK_DECISION_MAKER: { guard: 'providerChosen' },
        PICK_ORDER_TAKER: { guard: 'providerChosen' },
        UNPICK: { target: 'none' },
      },
    },
  },
});
