/**
 * One way to read and show a typed number for every form and lines grid, by the screen's locale.
 *
 * - The locale gives its decimal and group separators (Intl): fr `1 234,5` (narrow no-break
 *   space), it `1.234,5`, en `1,234.5`.
 * - Spaces of every kind (space, no-break, narrow no-break, thin) and apostrophes only ever group
 *   digits; so does any mark repeated between groups of exactly three digits (`1,234,567` in fr).
 * - Of `.` and `,` written together, the last one is the decimal mark (`1.234,50`, `1,234.50`).
 * - A mark that is not the locale's decimal one, written once, is a decimal mark when it cannot be
 *   a group separator (not followed by exactly three digits, or after more than three digits):
 *   `1234.56` typed in fr with the keypad's dot is 1234.56, `12,50` typed in en is 12.5. Followed by
 *   exactly three digits it groups them when it is the locale's own group separator (`1.234` in it,
 *   `1,234` in en is 1234); otherwise it could mean either (`1.234` in fr): the text is ambiguous.
 * - Nothing else is guessed: letters, exponents, two decimal marks or badly placed group separators
 *   are unreadable. An unreadable or ambiguous text stays in the field, marked; it is never scaled
 *   or cut.
 */
export interface NumberSeparators {
  decimal: string;
  group: string;
}

export type NumberProblem = 'unreadable' | 'ambiguous';
/** `{value}`, `{problem}` (kept in the field and marked), or null when blank. */
export type TypedNumber = { value: number } | { problem: NumberProblem } | null;

/** Decimal places a number input rounds to when its schema says none (spec §5.1). */
export const DEFAULT_DECIMALS = 2;

const SPACES = /[\s\u00a0\u2007\u2009\u202f'’]/;
const MARKS = /[.,]/;

/** The decimal and group separators of a locale (fr: `,` and U+202F, it: `,` and `.`, en: `.` and `,`). */
export function numberSeparators(locale: string): NumberSeparators {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6);
  return { decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.', group: parts.find((part) => part.type === 'group')?.value ?? ',' };
}

/** Digits grouped by threes: the first group 1 to 3 digits, the others exactly 3. */
const wellGrouped = (groups: string[]) => groups.length > 1 && groups[0].length >= 1 && groups[0].length <= 3 && groups.slice(1).every((group) => group.length === 3);

/**
 * What a person typed in a number field, read by the screen's locale (see the module comment).
 * The value is exact to what was typed: rounding to the field's decimals is `roundDecimals`.
 */
export function parseTypedNumber(text: string, locale: string): TypedNumber {
  const input = text.trim();
  if (!input) return null;
  const signed = /^([-+\u2212]?)\s*(.*)$/.exec(input)!;
  const negative = signed[1] === '-' || signed[1] === '\u2212';
  const body = signed[2];
  // Digits and separators only, starting with a digit or a decimal mark, ending with a digit or a decimal mark.
  if (!/^[\d.,\s\u00a0\u2007\u2009\u202f'’]+$/.test(body) || !/\d/.test(body) || !/^[\d.,]/.test(body) || SPACES.test(body.at(-1)!)) return { problem: 'unreadable' };

  const marks = [...body].map((char, at) => ({ char, at })).filter(({ char }) => MARKS.test(char));
  const { decimal, group } = numberSeparators(locale);
  const decimalAt = decimalMark(body, marks, decimal, group);
  if (decimalAt === 'unreadable' || decimalAt === 'ambiguous') return { problem: decimalAt };

  const whole = decimalAt === null ? body : body.slice(0, decimalAt);
  const fraction = decimalAt === null ? '' : body.slice(decimalAt + 1);
  if (!/^\d*$/.test(fraction)) return { problem: 'unreadable' };
  const groups = whole.split(/[.,\s\u00a0\u2007\u2009\u202f'’]/);
  if (groups.length > 1 && !wellGrouped(groups)) return { problem: 'unreadable' };
  const digits = groups.join('');
  if (!digits && !fraction) return { problem: 'unreadable' };
  const value = Number(`${digits || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return { problem: 'unreadable' };
  return { value: negative && value !== 0 ? -value : value };
}

/** Index of the decimal mark in `body`, null when there is none. */
function decimalMark(body: string, marks: { char: string; at: number }[], decimal: string, group: string): number | null | NumberProblem {
  if (!marks.length) return null;
  const kinds = new Set(marks.map((mark) => mark.char));
  const last = marks.at(-1)!;
  if (kinds.size === 2) {
    // Both marks: the last one, written once, is the decimal one; the others group.
    return marks.filter((mark) => mark.char === last.char).length === 1 ? last.at : 'unreadable';
  }
  if (marks.length > 1) {
    // One mark repeated: it only groups (checked with the groups); a trailing one is no decimal mark then.
    return last.at === body.length - 1 ? 'unreadable' : null;
  }
  const mark = last;
  const after = body.slice(mark.at + 1);
  const before = body.slice(0, mark.at).replace(/[\s\u00a0\u2007\u2009\u202f'’]/g, '');
  if (mark.char === decimal) return mark.at;
  // Another mark, once: a group separator only before exactly three last digits, after one to three.
  const couldGroup = /^\d{3}$/.test(after) && before.length >= 1 && wellGrouped([...spacedGroups(body.slice(0, mark.at)), after]);
  if (!couldGroup) return mark.at;
  return mark.char === group ? null : 'ambiguous';
}

/** The digit groups before a mark, split at spaces. */
const spacedGroups = (text: string) => text.split(/[\s\u00a0\u2007\u2009\u202f'’]/);

/**
 * `value` rounded to `decimals` places, half away from zero as written in decimal (spec §5.1:
 * 1234.567 → 1234.57, 1.005 → 1.01), never truncated.
 */
export function roundDecimals(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
  const shifted = Math.round(Number(`${mantissa}e${Number(exponent) + decimals}`));
  const rounded = Number(`${shifted}e${-decimals}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** The schema words that decide how a number field reads: `type`, `decimals`, and `x-grouping: false` for years and codes. */
export interface NumberSchema {
  type?: unknown;
  decimals?: unknown;
  'x-grouping'?: unknown;
}

/**
 * Whether a number's thousands are grouped: always (Italian groups 8.600 too, which Intl's default
 * leaves as 8600), unless the schema says `"x-grouping": false`: a year or a code reads 2027, never 2,027.
 */
export const groupsThousands = (schema: NumberSchema | undefined): boolean => schema?.['x-grouping'] !== false;

/** The number shown in an input: the locale's separators, grouped unless `grouping` is false, with `decimals` places (or up to `maxDecimals`). */
export function inputNumberText(value: number, locale: string, decimals: { fixed?: number; max?: number }, grouping = true): string {
  const digits = decimals.fixed !== undefined ? { minimumFractionDigits: decimals.fixed, maximumFractionDigits: decimals.fixed } : { maximumFractionDigits: decimals.max ?? DEFAULT_DECIMALS };
  return new Intl.NumberFormat(locale, { ...digits, useGrouping: grouping ? 'always' : false } as Intl.NumberFormatOptions).format(value);
}

/** The decimals a number is written with (`1234.5` → 1, `3` → 0). */
export function decimalsIn(value: number): number {
  const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
  const places = (mantissa.split('.')[1] ?? '').length - Number(exponent);
  return Math.max(0, Math.min(places, 20));
}

/**
 * A held number as its field shows it in the locale: the field's decimals (fixed with a `decimals`
 * keyword, up to 2 otherwise), or more when the stored number has more: a value nobody typed is
 * shown as it is, never rounded on screen.
 */
export function fieldNumberText(value: number, locale: string, schema: NumberSchema): string {
  const own = decimalsIn(value);
  const grouping = groupsThousands(schema);
  if (typeof schema.decimals === 'number') return inputNumberText(value, locale, own > schema.decimals ? { max: own } : { fixed: schema.decimals }, grouping);
  return inputNumberText(value, locale, { max: Math.max(own, schema.type === 'integer' ? 0 : DEFAULT_DECIMALS) }, grouping);
}

/** How many decimals a number field of this schema holds: 0 for integers, its `decimals`, else 2. */
export function fieldDecimals(schema: NumberSchema): number {
  if (schema.type === 'integer') return 0;
  return typeof schema.decimals === 'number' ? schema.decimals : DEFAULT_DECIMALS;
}

export type NumberEntry = { value: number; text: string } | { problem: NumberProblem | 'fraction'; text: string } | null;

/**
 * A number field's text when the person leaves it: read, rounded to the field's decimals and shown
 * again that way (what is saved is what is shown), or kept as typed with its problem (a fraction
 * in a whole-number field is one: 12.7 never becomes 12).
 */
export function leaveNumberField(text: string, locale: string, schema: NumberSchema): NumberEntry {
  const typed = parseTypedNumber(text, locale);
  if (typed === null) return null;
  if ('problem' in typed) return { problem: typed.problem, text };
  const decimals = fieldDecimals(schema);
  if (schema.type === 'integer' && !Number.isInteger(typed.value)) return { problem: 'fraction', text };
  const value = roundDecimals(typed.value, decimals);
  const fixed = typeof schema.decimals === 'number' ? decimals : undefined;
  return { value, text: inputNumberText(value, locale, fixed !== undefined ? { fixed } : { max: decimals }, groupsThousands(schema)) };
}

/** The i18n key of a number problem's message. */
export const numberProblemKey = (problem: NumberProblem | 'fraction'): string => `engine.number.${problem}`;
