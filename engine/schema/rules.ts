import type { FormatDefinition, KeywordDefinition } from 'ajv';
import { rolesAllow, type RoleRule } from './roles';

/**
 * The named field rules of the specification's generic validation table, as ajv
 * formats and keywords. Shared by the server (the guard) and the browser forms.
 */
const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const ipv6 = /^(([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|([0-9a-f]{1,4}:){1,7}:|([0-9a-f]{1,4}:){1,6}:[0-9a-f]{1,4}|([0-9a-f]{1,4}:){1,5}(:[0-9a-f]{1,4}){1,2}|([0-9a-f]{1,4}:){1,4}(:[0-9a-f]{1,4}){1,3}|([0-9a-f]{1,4}:){1,3}(:[0-9a-f]{1,4}){1,4}|([0-9a-f]{1,4}:){1,2}(:[0-9a-f]{1,4}){1,5}|[0-9a-f]{1,4}:(:[0-9a-f]{1,4}){1,6}|:((:[0-9a-f]{1,4}){1,7}|:))$/i;

function validDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const formats: Record<string, FormatDefinition<string> | RegExp> = {
  requiredMail: /^\S+@\S{2,}\.\S{2,}$/,
  requiredIp: { type: 'string', validate: (v: string) => ipv4.test(v) || ipv6.test(v) },
  httpsUrl: /^https:\/\/\S+$/,
  uuid17: /^[0-9a-f]{8}-[0-9a-f]{4}-[1-57][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i,
  date: { type: 'string', validate: validDate },
  yearMonth: /^\d{4}-(0[1-9]|1[0-2])$/,
};

/** The length in UTF-8 bytes of a value written as JSON (what it costs to store). */
export const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value) ?? '').length;

export const keywords: KeywordDefinition[] = [
  {
    keyword: 'notBlank',
    type: 'string',
    schemaType: 'boolean',
    validate: (enabled: boolean, value: string) => !enabled || value.trim().length > 0,
    errors: false,
  },
  {
    keyword: 'decimals',
    type: 'number',
    schemaType: 'number',
    validate: (places: number, value: number) => Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6,
    errors: false,
  },
  { keyword: 'maxTwo', schemaType: 'boolean' },
  /** Bounds a free-form object (criteria, custom fields) that no maxLength can reach. */
  { keyword: 'maxBytes', type: 'object', schemaType: 'number', validate: (max: number, value: unknown) => jsonBytes(value) <= max, errors: false },
  {
    // `"onOrAfter": "startDate"` on a date property: not before the sibling date (either missing passes).
    keyword: 'onOrAfter',
    type: 'string',
    schemaType: 'string',
    validate: (sibling: string, value: string, _schema?: unknown, data?: { parentData?: Record<string, unknown> }) => {
      const other = data?.parentData?.[sibling];
      return typeof other !== 'string' || !other || !value || value >= other;
    },
    errors: false,
  },
  // `"notPast": true`: checked by `pastDateErrors` (it needs today's date and the stored value).
  { keyword: 'notPast', schemaType: 'boolean' },
  notAboveKeyword(),
];

/** The rule of `notAbove`: the sibling number a value may not exceed, and the message key of a refusal. */
export interface NotAbove {
  field: string;
  message?: string;
}

/**
 * `"notAbove": { "field": "presentedQuantity", "message": "report.inspectedOverPresented" }` on a
 * number property: at most its sibling (either missing passes). The refusal carries the message key
 * (`messageKey` answers it; default `validation.notAbove`).
 */
function notAboveKeyword(): KeywordDefinition {
  const validate = Object.assign(
    (rule: NotAbove, value: number, _schema?: unknown, data?: { parentData?: Record<string, unknown> }): boolean => {
      const other = data?.parentData?.[rule.field];
      if (typeof other !== 'number' || value <= other) return true;
      validate.errors = [{ keyword: 'notAbove', message: rule.message ?? 'validation.notAbove', params: { field: rule.field, message: rule.message ?? 'validation.notAbove' } }];
      return false;
    },
    { errors: null as unknown[] | null },
  );
  return {
    keyword: 'notAbove',
    type: 'number',
    schemaType: 'object',
    metaSchema: { type: 'object', required: ['field'], additionalProperties: false, properties: { field: { type: 'string' }, message: { type: 'string' } } },
    validate: validate as never,
  };
}

/**
 * The date where the day starts last (UTC−12): a date before it is past for everybody, so a
 * person east of the server is never refused their own today.
 */
export function earliestToday(now = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * `notPast` properties of an object schema set before `today` (YYYY-MM-DD). With `before` (the
 * stored record), only a value that changed counts: a stored date may pass, a new one may not.
 */
export function pastDateErrors(
  schema: { properties?: Record<string, { notPast?: boolean }> },
  record: Record<string, unknown>,
  today: string,
  before?: Record<string, unknown>,
): { path: string; key: string }[] {
  return Object.entries(schema.properties ?? {})
    .filter(([field, prop]) => prop.notPast === true && typeof record[field] === 'string' && (record[field] as string) < today && record[field] !== before?.[field])
    .map(([field]) => ({ path: `/${field}`, key: 'validation.notPast' }));
}

type RoleGuarded = { 'x-writeRoles'?: RoleRule[]; 'x-valueRoles'?: Record<string, RoleRule[]>; default?: unknown; [key: string]: unknown };

/**
 * Whether the caller may give `field` the value `value` (`before`: the stored value on update, the
 * schema's `default` on create — keeping it is always allowed). `x-writeRoles` guards any change
 * of the field, `x-valueRoles` the choice of each listed value (spec §6.2).
 */
export function mayWriteValue(prop: RoleGuarded, value: unknown, before: unknown, roles: ReadonlySet<string> | readonly string[]): boolean {
  if (value === undefined || JSON.stringify(value) === JSON.stringify(before)) return true;
  const valueRule = typeof value === 'string' && prop['x-valueRoles'] && Object.hasOwn(prop['x-valueRoles'], value) ? prop['x-valueRoles'][value] : undefined;
  return rolesAllow(prop['x-writeRoles'], roles) && rolesAllow(valueRule, roles);
}

/** Properties the caller may not set to the value given (see `mayWriteValue`); `before` is the stored record on update. */
export function writeRoleErrors(
  schema: { properties?: Record<string, RoleGuarded> },
  record: Record<string, unknown>,
  roles: ReadonlySet<string>,
  before?: Record<string, unknown>,
): { path: string; key: string }[] {
  return Object.entries(schema.properties ?? {})
    .filter(([field, prop]) => !mayWriteValue(prop, record[field], before ? before[field] : prop.default, roles))
    .map(([field]) => ({ path: `/${field}`, key: 'validation.notAllowed' }));
}

/** The message key (an i18n key under `validation.`) for an ajv error keyword. */
export function messageKey(keyword: string, params: Record<string, unknown> = {}): string {
  switch (keyword) {
    case 'required':
    case 'notBlank':
    case 'minItems':
    case 'exclusiveMinimum':
      return 'validation.required';
    case 'format':
    case 'pattern':
      return 'validation.invalidFormat';
    case 'maxItems':
      return params.limit === 2 ? 'validation.maxTwo' : 'validation.tooMany';
    case 'enum':
      return 'validation.unknownValue';
    case 'type':
      return 'validation.wrongType';
    case 'maxLength':
      return 'validation.tooLong';
    case 'minimum':
      return 'validation.tooSmall';
    case 'maximum':
    case 'maxBytes':
      return 'validation.tooLarge';
    case 'decimals':
      return 'validation.decimals';
    case 'additionalProperties':
      return 'validation.unknownField';
    case 'onOrAfter':
      return 'validation.beforeStart';
    case 'notPast':
      return 'validation.notPast';
    case 'notAbove':
      return typeof params.message === 'string' ? params.message : 'validation.notAbove';
    default:
      return 'validation.invalid';
  }
}
