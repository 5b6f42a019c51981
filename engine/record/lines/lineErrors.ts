import type { TFunction } from 'i18next';
import { validator, type FieldError } from '../../form/validation';
import { numberProblemKey, parseTypedNumber } from '../../format/numbers';
import { formatNumber } from '../../format/values';
import { messageKey } from '../../schema/rules';
import type { JsonSchema } from '../../schema/resolve';
import { characterCount } from '../../ui/CountedTextarea';

type Row = Record<string, unknown>;
/** Per line (its index), per field: the message shown on the cell. */
export type LineErrors = Record<number, Record<string, string>>;

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const isNumberField = (schema: JsonSchema | undefined) => schema?.type === 'number' || schema?.type === 'integer';

/** How many cells hold an error (a person's typing kept as typed, a bound, a missing value). */
export const cellCount = (errors: LineErrors): number => Object.values(errors).reduce((count, cells) => count + Object.keys(cells).length, 0);

/** The message of a cell's error: a number cell says why its text is no number, a long text counts its characters. */
function cellMessage(error: AjvError, prop: JsonSchema | undefined, value: unknown, t: TFunction, locale: string): string {
  if (isNumberField(prop) && typeof value === 'string') {
    const typed = parseTypedNumber(value, locale);
    return t(numberProblemKey(typed && 'problem' in typed ? typed.problem : 'fraction'));
  }
  if (isNumberField(prop) && prop?.type === 'integer' && error.keyword === 'type') return t(numberProblemKey('fraction'));
  const message = t(messageKey(error.keyword, error.params));
  if (error.keyword === 'maxLength' && typeof value === 'string') {
    const format = (n: number) => formatNumber(n, locale);
    return `${message} (${t('engine.form.characters', { n: format(characterCount(value)), max: format(Number(error.params.limit)) })})`;
  }
  return message;
}

/**
 * The cell errors of a lines grid: each line checked against the line schema with the rules the
 * server applies, plus the server's own field errors of the last save (`/parts/2/name`).
 */
export function lineErrors(itemSchema: JsonSchema, lines: Row[], field: string, serverErrors: FieldError[], t: TFunction, locale = 'en'): LineErrors {
  const props = (itemSchema.properties ?? {}) as Record<string, JsonSchema>;
  const found: LineErrors = {};
  const add = (index: number, name: string, message: string) => {
    (found[index] ??= {})[name] ??= message;
  };
  lines.forEach((line, index) => {
    const { errors } = validator.rawValidation<AjvError>(itemSchema as never, line);
    for (const error of errors ?? []) {
      const name = error.keyword === 'required' ? String(error.params.missingProperty) : error.instancePath.split('/')[1];
      if (name) add(index, name, cellMessage(error, props[name], line[name], t, locale));
    }
  });
  const prefix = `/${field}/`;
  for (const error of serverErrors) {
    if (!error.path.startsWith(prefix)) continue;
    const [index, name] = error.path.slice(prefix.length).split('/');
    if (/^\d+$/.test(index) && name) add(Number(index), name, t(error.message, { defaultValue: error.message }));
  }
  return found;
}
