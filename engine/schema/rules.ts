import type { FormatDefinition, KeywordDefinition } from 'ajv';

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
];

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
    default:
      return 'validation.invalid';
  }
}
