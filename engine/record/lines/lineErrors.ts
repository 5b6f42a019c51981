import type { TFunction } from 'i18next';
import { validator, type FieldError } from '../../form/validation';
import { messageKey } from '../../schema/rules';
import type { JsonSchema } from '../../schema/resolve';

type Row = Record<string, unknown>;
/** Per line (its index), per field: the message shown on the cell. */
export type LineErrors = Record<number, Record<string, string>>;

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/**
 * The cell errors of a lines grid: each line checked against the line schema with the rules the
 * server applies, plus the server's own field errors of the last save (`/parts/2/name`).
 */
export function lineErrors(itemSchema: JsonSchema, lines: Row[], field: string, serverErrors: FieldError[], t: TFunction): LineErrors {
  const found: LineErrors = {};
  const add = (index: number, name: string, message: string) => {
    (found[index] ??= {})[name] ??= message;
  };
  lines.forEach((line, index) => {
    const { errors } = validator.rawValidation<AjvError>(itemSchema as never, line);
    for (const error of errors ?? []) {
      const name = error.keyword === 'required' ? String(error.params.missingProperty) : error.instancePath.split('/')[1];
      if (name) add(index, name, t(messageKey(error.keyword, error.params)));
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
