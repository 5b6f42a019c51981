import { createMachine } from 'xstate';
import type { ServiceSide } from './service';
import { roleChoiceError, sideOfCompanyRole, type RolePickerInput } from './serviceRoles';

/**
 * The service wizard (spec §2, §5.4), pure: its steps per mode, the draft it builds, the rules
 * "Next" checks (the server's rules of docs/services.md, with the same field paths, so a 400
 * answer maps back to the step and field it names) and which steps the stepper lets the user open.
 * The page keeps the state with `useReducer(wizardReducer, …)`.
 */
/** ORDER: a new service for a purchase order already on a service (its parties and that order's lines). */
export type WizardMode = 'NEW' | 'EDIT' | 'DUPLICATE' | 'RESCHEDULE' | 'ORDER';
export type WizardStep = 'ROLE' | 'COMPANIES' | 'DETAILS' | 'NOTES' | 'NOTIFICATION' | 'DATES' | 'CONFIRMATION';

export const WIZARD_MODES: readonly WizardMode[] = ['NEW', 'EDIT', 'DUPLICATE', 'RESCHEDULE', 'ORDER'];

/** EDIT changes the service only (PUT); RESCHEDULE proposes new dates only. */
export function stepsOf(mode: WizardMode): WizardStep[] {
  if (mode === 'EDIT') return ['COMPANIES', 'DETAILS'];
  if (mode === 'RESCHEDULE') return ['DATES'];
  return ['ROLE', 'COMPANIES', 'DETAILS', 'NOTES', 'NOTIFICATION', 'CONFIRMATION'];
}

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
}

/** Characters as a schema's `maxLength` counts them (code points). */
const tooLong = (path: string, text: string | undefined, max: number | undefined): WizardError[] =>
  max !== undefined && text !== undefined && Array.from(text).length > max ? [{ path, key: 'engine.form.tooLong', params: { max } }] : [];

export const EDITABLE_SERVICE_FIELDS = [
  'thirdPartyDepartment', 'type', 'serviceLevel', 'client', 'supplier', 'factory', 'agent', 'serviceProvider',
  'orderTakerContacts', 'startDate', 'endDate', 'exFactoryDate', 'etdDate', 'servicePartyType', 'assessmentMethod',
  'season', 'sector', 'standardMessage', 'address',
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
      return dateErrors(draft.service);
    default:
      return [];
  }
}

const COMPANY_FIELDS = new Set(['client', 'supplier', 'factory', 'agent', 'serviceProvider', 'orderTakerContacts', 'address']);

/** The step a field path of a 400 answer belongs to (unknown paths: the details step). */
export function stepOfPath(path: string, mode: WizardMode): WizardStep {
  const [head, field] = path.split('/').filter(Boolean);
  if (mode === 'RESCHEDULE') return 'DATES';
  if (head === 'roles') return 'ROLE';
  if (head === 'note') return 'NOTES';
  if (head === 'notification') return 'NOTIFICATION';
  if (head === 'service' && field && COMPANY_FIELDS.has(field)) return 'COMPANIES';
  return 'DETAILS';
}

// ------------------------------------------------------------------ state

export interface WizardState {
  mode: WizardMode;
  caller: WizardCaller;
  limits: WizardLimits;
  steps: WizardStep[];
  active: number;
  /** The furthest step reached: steps up to it may be opened again while the ones before stay valid. */
  reached: number;
  draft: WizardDraft;
  /** The draft as loaded, to know whether leaving loses input. */
  baseline: WizardDraft;
  errors: WizardError[];
  /** After the save: the wizard shows only its confirmation. */
  done: boolean;
}

export type WizardAction =
  | { type: 'LOAD'; draft: WizardDraft }
  | { type: 'EDIT'; change: (draft: WizardDraft) => WizardDraft }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'GOTO'; index: number }
  | { type: 'SERVER_ERRORS'; errors: WizardError[] }
  | { type: 'SAVED' };

export function initialWizard(mode: WizardMode, caller: WizardCaller, draft: WizardDraft = emptyDraft(), limits: WizardLimits = {}): WizardState {
  return { mode, caller, limits, steps: stepsOf(mode), active: 0, reached: 0, draft, baseline: draft, errors: [], done: false };
}

const errorsOf = (state: WizardState, step: WizardStep, draft = state.draft) => stepErrors(step, draft, state.caller, state.mode, state.limits);

/** Whether the stepper may open step `index`: complete or editable, i.e. reached and every step before it valid. */
export function canOpenStep(state: WizardState, index: number): boolean {
  if (state.done || index === state.active || index > state.reached || state.steps[index] === 'CONFIRMATION') return false;
  return state.steps.slice(0, index).every((step) => !errorsOf(state, step).length);
}

/** A step is complete when it was passed and its rules hold. */
export function isStepComplete(state: WizardState, index: number): boolean {
  return state.done || (index < state.reached && !errorsOf(state, state.steps[index]).length);
}

/** The step that saves: the last one before the confirmation (or the only one). */
export function isSaveStep(state: WizardState): boolean {
  const last = state.steps[state.steps.length - 1] === 'CONFIRMATION' ? state.steps.length - 2 : state.steps.length - 1;
  return state.active === last;
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'LOAD':
      return initialWizard(state.mode, state.caller, action.draft, state.limits);
    case 'EDIT': {
      if (state.done) return state;
      const draft = action.change(state.draft);
      // A rule error goes as soon as its field is right; a server message stays until the next Next.
      const failing = new Set(errorsOf(state, state.steps[state.active], draft).map((error) => error.path));
      return { ...state, draft, errors: state.errors.filter((error) => error.message || failing.has(error.path)) };
    }
    case 'NEXT': {
      const errors = errorsOf(state, state.steps[state.active]);
      if (errors.length) return { ...state, errors };
      // Only the save (SAVED) opens the confirmation.
      if (isSaveStep(state)) return { ...state, errors: [] };
      const active = state.active + 1;
      return { ...state, errors: [], active, reached: Math.max(state.reached, active) };
    }
    case 'BACK':
      return state.done || state.active === 0 ? state : { ...state, active: state.active - 1, errors: [] };
    case 'GOTO':
      return canOpenStep(state, action.index) ? { ...state, active: action.index, errors: [] } : state;
    case 'SERVER_ERRORS': {
      if (!action.errors.length) return state;
      const step = stepOfPath(action.errors[0].path, state.mode);
      const index = Math.max(0, state.steps.indexOf(step));
      return { ...state, active: index, errors: action.errors.filter((error) => stepOfPath(error.path, state.mode) === step) };
    }
    case 'SAVED': {
      const last = state.steps.length - 1;
      return { ...state, done: true, errors: [], active: last, reached: last, baseline: state.draft };
    }
  }
}

// ------------------------------------------------------------------ chart

/** The modes sharing one stepper; NEW, DUPLICATE and ORDER walk the same steps. */
export const WIZARD_CHART_GROUPS: Record<string, readonly WizardMode[]> = { create: ['NEW', 'DUPLICATE', 'ORDER'], edit: ['EDIT'], reschedule: ['RESCHEDULE'] };

/** One mode group's stepper: NEXT checks the step's rules, the save step waits for SAVED or the server's errors. */
function stepperChart(steps: readonly WizardStep[]) {
  const saveIndex = steps[steps.length - 1] === 'CONFIRMATION' ? steps.length - 2 : steps.length - 1;
  const openable = steps.filter((step) => step !== 'CONFIRMATION');
  const states: Record<string, object> = {};
  steps.forEach((step, index) => {
    if (step === 'CONFIRMATION') {
      states[step] = { type: 'final' };
      return;
    }
    const on: Record<string, unknown> = {
      NEXT: index === saveIndex ? { actions: 'checkStep' } : [{ guard: 'stepHasErrors', actions: 'showErrors' }, { target: steps[index + 1] }],
      GOTO: openable.filter((other) => other !== step).map((other) => ({ guard: 'canOpenStep', target: other })),
    };
    if (index > 0) on.BACK = { target: steps[index - 1] };
    if (index === saveIndex) {
      on.SAVED = { target: steps[index + 1] ?? 'saved' };
      on.SERVER_ERRORS = openable.map((other) => ({ guard: 'firstErrorOnStep', target: other, actions: 'showErrors' }));
    }
    states[step] = { on };
  });
  if (steps[steps.length - 1] !== 'CONFIRMATION') states.saved = { type: 'final' };
  return { initial: steps[0], states };
}

/**
 * The wizard's stepper as a chart for review (generated/machines/serviceWizard.*), built from
 * `stepsOf` per mode group; `wizardReducer` runs it (tests check both agree).
 */
export const serviceWizardChart = createMachine({
  id: 'serviceWizard',
  initial: 'mode',
  states: {
    mode: {
      always: Object.entries(WIZARD_CHART_GROUPS).map(([group, modes]) => ({ guard: `mode ${modes.join('|')}`, target: group })),
    },
    ...Object.fromEntries(Object.entries(WIZARD_CHART_GROUPS).map(([group, modes]) => [group, stepperChart(stepsOf(modes[0]))])),
  },
} as never);
