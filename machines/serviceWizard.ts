import { createMachine } from 'xstate';
import type { ServiceSide } from './service';
import { roleChoiceError, sideOfCompanyRole, type RolePickerInput } from './serviceRoles';

/**
 * The service wizard (spec §2, §5.4), pure: the draft it builds and the rules "Next" checks on each step
 * (the server's rules of docs/services.md, with the same field paths, so a 400 answer lands on the field it
 * names). The steps of each mode, their order and the saves are schemas/screens/serviceWizard.json and its
 * machines (schemas/machines/serviceWizard*.json), run by the engine's wizard.
 */
/**
 * ORDER: a new service for a purchase order already on a service (its parties and that order's lines).
 * PURCHASE_ORDER: a new service started from a brand's purchase order (its parties, the lines chosen).
 */
export type WizardMode = 'NEW' | 'EDIT' | 'DUPLICATE' | 'RESCHEDULE' | 'ORDER' | 'PURCHASE_ORDER';
export type WizardStep = 'ROLE' | 'COMPANIES' | 'DETAILS' | 'NOTES' | 'NOTIFICATION' | 'DATES';

export const WIZARD_MODES: readonly WizardMode[] = ['NEW', 'EDIT', 'DUPLICATE', 'RESCHEDULE', 'ORDER', 'PURCHASE_ORDER'];

export interface QuantityDraft {
  /** A text when what was typed is no number (kept in the field, refused by the rules). */
  quantity?: number | string;
  unit?: string;
  packing?: string;
}

export interface PoLineDraft {
  purchaseOrderLineId?: number;
  poNumber?: string;
  designation?: string;
  sku?: string;
  color?: string;
  size?: string;
  orderedQuantity: QuantityDraft;
  /** A product type of the productTypes list (its id): the line's ORDER custom fields follow it. */
  productType?: number;
  /** The values of the company's ORDER (and GLOBAL) custom fields, by field code (domain/customFields.ts). */
  customFieldOrder?: Record<string, unknown>;
  /** The reference's code (its sku) the line is about. */
  referenceObj?: string;
  /** The brand's purchase order and order line the line comes from, and its reference (docs/services.md). */
  purchaseOrderId?: number;
  orderLineId?: number;
  referenceId?: number;
}

export interface LabLineDraft {
  laboratoryLineId?: number;
  testName?: string;
  standard?: string;
  /** A text when what was typed is no whole number (kept in the field, refused by the rules). */
  sampleCount?: number | string;
  poNumber?: string;
  comment?: string;
}

/** The service fields the wizard edits (the rest is computed by the server). */
export interface ServiceDraft {
  thirdPartyDepartment?: string;
  type?: string;
  serviceLevel?: string;
  client?: number;
  supplier?: number;
  factory?: number;
  agent?: number;
  serviceProvider?: number;
  orderTakerContacts: number[];
  startDate?: string;
  endDate?: string;
  exFactoryDate?: string;
  etdDate?: string;
  servicePartyType?: string;
  assessmentMethod?: string;
  season?: string;
  sector?: string;
  standardMessage?: string;
  address?: Record<string, string | undefined>;
  /** The values of the company's custom fields (domain/customFields.ts), by field code. */
  customFieldService?: Record<string, unknown>;
}

export interface NotificationDraft {
  doSend: boolean;
  tos: number[];
  ccs: number[];
  comment?: string;
}

export interface WizardDraft {
  roles: ServiceSide[];
  service: ServiceDraft;
  purchaseOrderLines: PoLineDraft[];
  laboratoryLines: LabLineDraft[];
  note: string;
  notification: NotificationDraft;
}

/** What the rules need to know about the caller (spec §6.4 picker). */
export type WizardCaller = Omit<RolePickerInput, 'selected'>;

/** A refusal: the field path of docs/services.md and the i18n key (app texts) or a server message. */
export interface WizardError {
  path: string;
  key?: string;
  /** Values of the key's text (`{{max}}`). */
  params?: Record<string, number>;
  message?: string;
}

/** The notification comment's longest length: the server's own rule (it has no entity schema). */
export const NOTIFICATION_COMMENT_MAX = 2000;

/**
 * The longest texts the wizard takes, read by the page from the schemas the server validates with
 * (service.standardMessage, serviceNote.text): a longer text stays as typed and "Next" refuses it.
 */
export interface WizardLimits {
  standardMessage?: number;
  note?: number;
  /** The RESCHEDULE comment, sent as the date proposal's (serviceDateLine.comment). */
  dateComment?: number;
}

/** Characters as a schema's `maxLength` counts them (code points). */
const tooLong = (path: string, text: string | undefined, max: number | undefined): WizardError[] =>
  max !== undefined && text !== undefined && Array.from(text).length > max ? [{ path, key: 'engine.form.tooLong', params: { max } }] : [];

export const EDITABLE_SERVICE_FIELDS = [
  'thirdPartyDepartment', 'type', 'serviceLevel', 'client', 'supplier', 'factory', 'agent', 'serviceProvider',
  'orderTakerContacts', 'startDate', 'endDate', 'exFactoryDate', 'etdDate', 'servicePartyType', 'assessmentMethod',
  'season', 'sector', 'standardMessage', 'address', 'customFieldService',
] as const satisfies readonly (keyof ServiceDraft)[];

export const emptyPoLine = (): PoLineDraft => ({ orderedQuantity: { unit: 'PIECE' } });
export const emptyLabLine = (): LabLineDraft => ({ sampleCount: 1 });

export function emptyDraft(roles: ServiceSide[] = []): WizardDraft {
  return {
    roles,
    service: { serviceLevel: 'NORMAL', servicePartyType: 'SOURCE', assessmentMethod: 'THIRD_PARTY', orderTakerContacts: [] },
    purchaseOrderLines: [emptyPoLine()],
    laboratoryLines: [],
    note: '',
    notification: { doSend: false, tos: [], ccs: [] },
  };
}

/** The service fields a company may default (schemas/entities/companyServiceDefault.json, docs/settings.md). */
export const SERVICE_DEFAULT_FIELDS = ['thirdPartyDepartment', 'type', 'serviceLevel', 'servicePartyType', 'assessmentMethod', 'sector', 'standardMessage'] as const satisfies readonly (keyof ServiceDraft)[];

/**
 * A new service's draft prefilled with the company's defaults (`GET …/servicedefault`): each
 * non-empty text default replaces the wizard's own; a default type brings its department.
 */
export function withServiceDefaults(draft: WizardDraft, defaults: Record<string, unknown>): WizardDraft {
  const given = SERVICE_DEFAULT_FIELDS.filter((field) => typeof defaults[field] === 'string' && defaults[field] !== '');
  if (!given.length) return draft;
  const service: ServiceDraft = { ...draft.service, ...Object.fromEntries(given.map((field) => [field, defaults[field]])) };
  if (service.type && !service.thirdPartyDepartment) service.thirdPartyDepartment = departmentOfType(service.type);
  return { ...draft, service };
}

/** `INSP_FINAL_RANDOM` → `INSP`: a type's prefix is its department. */
export function departmentOfType(type: string | undefined): string | undefined {
  return type ? type.split('_')[0] : undefined;
}

/** The side the light wizard acts on (it has no role step): decision maker, else order taker, else provider. */
export function quickSide(companyRoles: readonly string[]): ServiceSide {
  const held = companyRoles.map(sideOfCompanyRole);
  return (['DECISION_MAKER', 'ORDER_TAKER'] as const).find((side) => held.includes(side)) ?? 'SERVICE_PROVIDER';
}

export type CompanySlot = 'client' | 'supplier' | 'factory' | 'agent' | 'serviceProvider';
export const ORDER_TAKER_SLOTS = ['supplier', 'factory', 'agent'] as const satisfies readonly CompanySlot[];

/** The slot the caller's company takes for each chosen side (spec: pre-filled and locked). */
export function lockedSlots(roles: readonly ServiceSide[], companyRoles: readonly string[]): CompanySlot[] {
  const slots: CompanySlot[] = [];
  if (roles.includes('DECISION_MAKER')) slots.push('client');
  if (roles.includes('ORDER_TAKER')) {
    const bySlot: Record<string, CompanySlot> = { SUPPLIER: 'supplier', ORDER_TAKER: 'supplier', FACTORY: 'factory', AGENT: 'agent' };
    slots.push(companyRoles.map((role) => bySlot[role]).find(Boolean) ?? 'supplier');
  }
  if (roles.includes('SERVICE_PROVIDER')) slots.push('serviceProvider');
  return slots;
}

/** The caller's company in its slots; slots the caller no longer holds are emptied if they held it. */
export function withCallerSlots(service: ServiceDraft, roles: readonly ServiceSide[], caller: { companyId?: number; companyRoles: readonly string[]; superAdmin: boolean }): ServiceDraft {
  if (caller.superAdmin || caller.companyId === undefined) return service;
  const locked = lockedSlots(roles, caller.companyRoles);
  const next = { ...service };
  for (const slot of ['client', ...ORDER_TAKER_SLOTS, 'serviceProvider'] as CompanySlot[]) {
    if (locked.includes(slot)) next[slot] = caller.companyId;
    else if (next[slot] === caller.companyId) next[slot] = undefined;
  }
  return next;
}

const blank = (text: string | undefined) => !text || !text.trim();
const isNegative = (value: number | undefined) => typeof value === 'number' && value < 0;

function roleErrors(draft: WizardDraft, caller: WizardCaller): WizardError[] {
  const key = roleChoiceError({ ...caller, selected: draft.roles });
  return key ? [{ path: '/roles', key }] : [];
}

function companyErrors(draft: WizardDraft): WizardError[] {
  const { service } = draft;
  const errors: WizardError[] = [];
  if (service.client === undefined) errors.push({ path: '/service/client', key: 'serviceWizard.error.required' });
  if (service.serviceProvider === undefined) errors.push({ path: '/service/serviceProvider', key: 'serviceWizard.error.required' });
  if (!ORDER_TAKER_SLOTS.some((slot) => service[slot] !== undefined)) errors.push({ path: '/service/supplier', key: 'serviceWizard.error.orderTakerRequired' });
  if (!service.orderTakerContacts.length) {
    const audit = departmentOfType(service.type) === 'AUDIT' || service.thirdPartyDepartment === 'AUDIT';
    errors.push({ path: '/service/orderTakerContacts', key: audit ? 'serviceWizard.error.siteContactRequired' : 'serviceWizard.error.orderTakerContactRequired' });
  }
  return errors;
}

/** A typed date field holds its text until it reads as a day: such a text is refused, never dropped. */
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Typed dates that are no day, at their paths. */
function typedDateErrors<T extends object>(dates: T, fields: readonly (keyof T & string)[], prefix: string): WizardError[] {
  return fields.filter((field) => typeof dates[field] === 'string' && dates[field] && !isDay(dates[field] as string)).map((field) => ({ path: `${prefix}/${field}`, key: 'serviceWizard.error.invalidDate' }));
}

/** Start and end dates: at least one service date, real days, the end not before the start. */
export function dateErrors(dates: { startDate?: string; endDate?: string }, prefix = '/service'): WizardError[] {
  if (!dates.startDate) return [{ path: `${prefix}/startDate`, key: 'serviceWizard.error.dateRequired' }, ...typedDateErrors(dates, ['endDate'], prefix)];
  const typed = typedDateErrors(dates, ['startDate', 'endDate'], prefix);
  if (typed.length) return typed;
  if (dates.endDate && dates.endDate < dates.startDate) return [{ path: `${prefix}/endDate`, key: 'serviceWizard.error.endBeforeStart' }];
  return [];
}

function poLineErrors(lines: PoLineDraft[]): WizardError[] {
  if (!lines.length) return [{ path: '/purchaseOrderLines', key: 'serviceWizard.error.poLineRequired' }];
  return lines.flatMap((line, index) => {
    const at = `/purchaseOrderLines/${index}`;
    const errors: WizardError[] = [];
    if (blank(line.poNumber)) errors.push({ path: `${at}/poNumber`, key: 'serviceWizard.error.required' });
    if (blank(line.designation)) errors.push({ path: `${at}/designation`, key: 'serviceWizard.error.required' });
    const quantity = line.orderedQuantity.quantity;
    if (quantity === undefined) errors.push({ path: `${at}/orderedQuantity/quantity`, key: 'serviceWizard.error.required' });
    else if (typeof quantity === 'string') errors.push({ path: `${at}/orderedQuantity/quantity`, key: 'serviceWizard.error.notNumber' });
    else if (isNegative(quantity)) errors.push({ path: `${at}/orderedQuantity/quantity`, key: 'serviceWizard.error.negative' });
    return errors;
  });
}

function labLineErrors(lines: LabLineDraft[]): WizardError[] {
  if (!lines.length) return [{ path: '/laboratoryLines', key: 'serviceWizard.error.labLineRequired' }];
  return lines.flatMap((line, index) => {
    const at = `/laboratoryLines/${index}`;
    const errors: WizardError[] = [];
    if (blank(line.testName)) errors.push({ path: `${at}/testName`, key: 'serviceWizard.error.required' });
    if (typeof line.sampleCount === 'string') errors.push({ path: `${at}/sampleCount`, key: 'serviceWizard.error.notNumber' });
    else if (line.sampleCount === undefined || line.sampleCount < 1) errors.push({ path: `${at}/sampleCount`, key: 'serviceWizard.error.sampleCount' });
    return errors;
  });
}

/** The ex-factory date is mandatory for an order taker (a chosen side) on an inspection unless the party type is destination. */
export function needsExFactoryDate(roles: readonly ServiceSide[], service: Pick<ServiceDraft, 'type' | 'thirdPartyDepartment' | 'servicePartyType'>): boolean {
  const department = departmentOfType(service.type) ?? service.thirdPartyDepartment;
  return roles.includes('ORDER_TAKER') && department === 'INSP' && service.servicePartyType !== 'DESTINATION';
}

function detailErrors(draft: WizardDraft, mode: WizardMode, limits: WizardLimits): WizardError[] {
  const { service } = draft;
  const errors: WizardError[] = [];
  if (!service.thirdPartyDepartment) errors.push({ path: '/service/thirdPartyDepartment', key: 'serviceWizard.error.required' });
  if (!service.type) errors.push({ path: '/service/type', key: 'serviceWizard.error.required' });
  else if (departmentOfType(service.type) !== service.thirdPartyDepartment) errors.push({ path: '/service/type', key: 'serviceWizard.error.typeDepartment' });
  // The dates of an existing service move only through a postpone (read-only in EDIT).
  if (mode !== 'EDIT') errors.push(...dateErrors(service));
  if (needsExFactoryDate(draft.roles, service) && !service.exFactoryDate) errors.push({ path: '/service/exFactoryDate', key: 'serviceWizard.error.exFactoryRequired' });
  errors.push(...typedDateErrors(service, ['exFactoryDate', 'etdDate'], '/service'));
  errors.push(...tooLong('/service/standardMessage', service.standardMessage, limits.standardMessage));
  errors.push(...poLineErrors(draft.purchaseOrderLines));
  if (service.thirdPartyDepartment === 'LAB') errors.push(...labLineErrors(draft.laboratoryLines));
  return errors;
}

function notificationErrors({ notification }: WizardDraft): WizardError[] {
  if (!notification.doSend) return [];
  const recipients: WizardError[] = notification.tos.length ? [] : [{ path: '/notification/tos', key: 'serviceWizard.error.recipientRequired' }];
  return [...recipients, ...tooLong('/notification/comment', notification.comment, NOTIFICATION_COMMENT_MAX)];
}

/** The refusals "Next" shows on a step. */
export function stepErrors(step: WizardStep, draft: WizardDraft, caller: WizardCaller, mode: WizardMode, limits: WizardLimits = {}): WizardError[] {
  switch (step) {
    case 'ROLE':
      return roleErrors(draft, caller);
    case 'COMPANIES':
      return companyErrors(draft);
    case 'DETAILS':
      return detailErrors(draft, mode, limits);
    case 'NOTES':
      return tooLong('/note', draft.note.trim(), limits.note);
    case 'NOTIFICATION':
      return notificationErrors(draft);
    case 'DATES':
      return [...dateErrors(draft.service), ...tooLong('/note', draft.note.trim(), limits.dateComment)];
    default:
      return [];
  }
}

/** What each step's Next checks, in short (the chart below). */
const STEP_RULES: Record<WizardStep, string> = {
  ROLE: 'a side the picker allows',
  COMPANIES: 'client, provider, order taker, a site contact',
  DETAILS: 'department and its type, dates, ex-factory date, PO lines, lab tests, message length',
  NOTES: 'note length',
  NOTIFICATION: 'a recipient when sent, comment length',
  DATES: 'a start date, the end not before it',
};

/**
 * The rules of `stepErrors` drawn for review (generated/machines/serviceWizardRules.*): a step's Next passes
 * when its rules hold, else shows their refusals. The order of the steps is each mode's machine
 * (schemas/machines/serviceWizard*.json).
 */
export const serviceWizardRulesChart = createMachine({
  id: 'serviceWizardRules',
  initial: 'step',
  states: {
    step: { on: Object.fromEntries(Object.entries(STEP_RULES).map(([step, rules]) => [`NEXT_${step}`, [{ guard: rules, target: 'passed' }, { actions: 'showErrors' }]])) },
    passed: { type: 'final' },
  },
} as never);
