import type { JsonSchema } from '../schema/resolve';

type Row = Record<string, unknown>;

/**
 * A search form's `x-answer` (docs/schemas.md "Answers with references"): the call answers an
 * object — the rows under `rows`, plus lists and maps they refer to — and each of `fields` is a
 * column of its own, read from one of those for each row.
 */
export interface AnswerConfig {
  rows: string;
  fields?: Record<string, AnswerField>;
}

export interface AnswerField {
  /** i18n key of the column. */
  title: string;
  /** The enum (schemas/enums.json) of the value: its labels and colours. */
  enum?: string;
  /** The part of the answer read: a map by row id, else a list of objects. */
  from: string;
  /** The row field listing ids of `from` items (each item's id in `key`). */
  ids?: string;
  key?: string;
  /** The field of `from` items holding the row's id (the items pointing at the row). */
  match?: string;
  /** Fields of an item shown: the first with a value; several items join with ", ". */
  text?: string[];
}

const list = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((item) => item && typeof item === 'object') : []);
const present = (value: unknown) => value !== undefined && value !== null && value !== '';

function itemText(item: Row | undefined, fields: string[] = []): string {
  const found = item && fields.map((field) => item[field]).find(present);
  return found === undefined ? '' : String(found);
}

/** One column's value for a row, from the answer's references. */
function joined(field: AnswerField, row: Row, id: unknown, answer: Row): unknown {
  const source = answer[field.from];
  if (field.ids) {
    const byKey = new Map(list(source).map((item) => [item[field.key ?? 'id'], item]));
    const ids = Array.isArray(row[field.ids]) ? (row[field.ids] as unknown[]) : [];
    return ids
      .map((one) => itemText(byKey.get(one), field.text))
      .filter(Boolean)
      .join(', ');
  }
  if (field.match) {
    const texts = list(source)
      .filter((item) => item[field.match!] === id)
      .map((item) => itemText(item, field.text));
    return [...new Set(texts.filter(Boolean))].join(', ');
  }
  return source && typeof source === 'object' && !Array.isArray(source) ? ((source as Row)[String(id)] ?? null) : null;
}

/** The grid rows of an answer: the listed rows, each with the `fields` worked out (none when the answer is not such an object). */
export function answerRows(config: AnswerConfig, idField: string, data: unknown): Row[] {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  const answer = data as Row;
  if (!Array.isArray(answer[config.rows])) return [];
  const fields = Object.entries(config.fields ?? {});
  return list(answer[config.rows]).map((row) => ({
    ...row,
    ...Object.fromEntries(fields.map(([name, field]) => [name, joined(field, row, row[idField], answer)])),
  }));
}

/** The entity with the answer's own fields as properties, so columns, badges and the export treat them like any field. */
export function withAnswerFields(entity: JsonSchema, config: AnswerConfig | undefined, enums: Record<string, JsonSchema>): JsonSchema {
  if (!config?.fields) return entity;
  const added = Object.entries(config.fields).map(([name, field]) => [name, field.enum ? { ...enums[field.enum], 'x-enum': field.enum, title: field.title } : { type: 'string', title: field.title }]);
  return {
    ...entity,
    properties: { ...entity.properties, ...Object.fromEntries(added) },
  };
}
