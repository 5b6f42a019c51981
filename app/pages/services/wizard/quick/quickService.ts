import {
  departmentOfType,
  emptyDraft,
  quickSide,
  SERVICE_DEFAULT_FIELDS,
  stepErrors,
  withCallerSlots,
  withServiceDefaults,
  type ServiceDraft,
  type WizardDraft,
  type WizardError,
} from '../../../../../machines/serviceWizard';
import type { WizardUser } from '../wizardCaller';
import { customFieldErrors, withSentCustomValues, type CustomObjects } from '../../customFields/serviceCustomFields';

/**
 * The light wizard (docs/services.md `/back/bo/quickService`): one flat body. Its rules are the full
 * wizard's, run on the full draft the server also builds from it, with the field paths brought
 * back onto the flat fields (`/service/startDate` → `/startDate`, the PO line's → `/poNumber`…).
 */
export interface QuickDraft {
  type?: string;
  client?: number;
  supplier?: number;
  factory?: number;
  serviceProvider?: number;
  startDate?: string;
  endDate?: string;
  exFactoryDate?: string;
  poNumber?: string;
  designation?: string;
  /** A text when what was typed is no number (kept in the field, refused by the rules). */
  quantity?: number | string;
  unit?: string;
  /** The line's ORDER custom values (the full wizard's `purchaseOrderLines[0].customFieldOrder`). */
  customFieldOrder?: Record<string, unknown>;
  orderTakerContacts: number[];
  /** The company's service defaults the form does not show, carried to the service as the full wizard would. */
  serviceLevel?: string;
  servicePartyType?: string;
  assessmentMethod?: string;
  sector?: string;
  standardMessage?: string;
}

export const QUICK_SLOTS = ['client', 'supplier', 'factory', 'serviceProvider'] as const;

/** The service defaults the light wizard takes (its type shows; the department comes from the type). */
const QUICK_DEFAULT_FIELDS = SERVICE_DEFAULT_FIELDS.filter((field) => field !== 'thirdPartyDepartment');

/**
 * A new light service: the caller's company in its slot and the company's service defaults
 * (`GET …/servicedefault`, docs/settings.md) as the full wizard applies them (`withServiceDefaults`);
 * only the defaults given are kept, so a company without any sends the body it always did.
 */
export function emptyQuick(user: WizardUser, defaults: Record<string, unknown> = {}): QuickDraft {
  const base = emptyDraft().service;
  const service = withCallerSlots(withServiceDefaults(emptyDraft(), defaults).service, [quickSide(user.companyRoles)], user);
  const given = QUICK_DEFAULT_FIELDS.filter((field) => service[field] !== base[field]);
  return { ...Object.fromEntries([...QUICK_SLOTS, ...given].map((field) => [field, service[field]])), unit: 'PIECE', orderTakerContacts: [] };
}

/** The full wizard draft the flat body stands for. */
export function fullDraftOf(quick: QuickDraft, companyRoles: readonly string[]): WizardDraft {
  const base = emptyDraft([quickSide(companyRoles)]);
  const { poNumber, designation, quantity, unit, customFieldOrder, ...service } = quick;
  return {
    ...base,
    service: { ...base.service, ...(service as Partial<ServiceDraft>), thirdPartyDepartment: departmentOfType(quick.type) },
    purchaseOrderLines: [{ poNumber, designation, orderedQuantity: { quantity, unit }, customFieldOrder }],
  };
}

const FLAT_PATHS: [RegExp, string][] = [
  [/^\/service\/thirdPartyDepartment$/, '/type'],
  [/^\/service\/(supplier|factory|agent)$/, '/supplier'],
  [/^\/service/, ''],
  [/^\/purchaseOrderLines\/0\/orderedQuantity\/unit$/, '/unit'],
  [/^\/purchaseOrderLines\/0\/orderedQuantity.*$/, '/quantity'],
  [/^\/purchaseOrderLines\/0/, ''],
  [/^\/purchaseOrderLines$/, '/poNumber'],
];

/** A path of the full body on the flat field it comes from (the server answers flat paths already). */
export function flatPath(path: string): string {
  const rule = FLAT_PATHS.find(([pattern]) => pattern.test(path));
  return rule ? path.replace(rule[0], rule[1]) : path;
}

/** The rules of the full wizard's companies and details steps (the line's custom fields' too), on the flat fields. */
export function quickErrors(quick: QuickDraft, user: WizardUser, customFields: CustomObjects): WizardError[] {
  const draft = fullDraftOf(quick, user.companyRoles);
  const errors = [...stepErrors('COMPANIES', draft, user, 'NEW'), ...stepErrors('DETAILS', draft, user, 'NEW'), ...customFieldErrors(customFields, draft)].map((error) => ({
    ...error,
    path: flatPath(error.path),
  }));
  const seen = new Set<string>();
  return errors.filter((error) => !seen.has(error.path) && seen.add(error.path));
}

/** POST /back/bo/quickService: the flat fields, empty ones left out, the line's custom values as the full wizard sends them. */
export function quickBody(quick: QuickDraft, customFields: CustomObjects): Record<string, unknown> {
  // The roles play no part in which custom values are sent.
  const [line] = withSentCustomValues(fullDraftOf(quick, []), customFields).purchaseOrderLines;
  const values = line.customFieldOrder ?? {};
  const sent = { ...quick, customFieldOrder: Object.keys(values).length ? values : undefined };
  return Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}
