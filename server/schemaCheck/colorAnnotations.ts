import { isThemeColor, THEME_COLORS } from '../../engine/format/colors';
import type { JsonSchema } from '../../engine/schema/resolve';
import { step, type SchemaFiles } from './labelKeys';
import type { SchemaProblem } from './problem';

/**
 * Value colours (docs/schemas.md "Value colours"): an `x-colors` of enums.json or of an entity
 * property colours values of the enum beside it, a screen's `colors` values of the enum it names
 * (a screen's `enum`, of a column or a chart, is one of enums.json), and every colour (there, and
 * a series' or a group's `color`) is one of the theme's.
 */
type Problems = SchemaProblem[];

const ENUMS_FILE = 'enums.json';
const refPattern = /^enums\.json#\/\$defs\/([\w-]+)$/;
const colorHint = `a colour of the theme (${THEME_COLORS.join(', ')}), a shade such as teal.6, or #rrggbb`;

function colorProblem(file: string, path: string, color: unknown, problems: Problems): void {
  if (!isThemeColor(color)) problems.push({ file, path, message: `not a colour: ${JSON.stringify(color)}; use ${colorHint}` });
}

/** `colors` (value → colour): each colour of the theme, each value one of `values` (when known). */
function mapProblems(file: string, path: string, colors: unknown, values: unknown[] | undefined, owner: string, problems: Problems): void {
  if (!colors || typeof colors !== 'object' || Array.isArray(colors)) {
    problems.push({ file, path, message: 'must be an object: enum value → colour' });
    return;
  }
  for (const [value, color] of Object.entries(colors)) {
    if (values && !values.includes(value)) problems.push({ file, path: path + step(value), message: `unknown value ${value}: not a value of ${owner} (${values.join(', ')})` });
    colorProblem(file, path + step(value), color, problems);
  }
}

/** The values of a property's enum: its own, or those of the enums.json definition it refers to. */
function enumValues(prop: JsonSchema, enums: Record<string, JsonSchema>): { values?: unknown[]; owner: string } {
  if (Array.isArray(prop.enum)) return { values: prop.enum, owner: 'its enum' };
  const name = typeof prop.$ref === 'string' ? refPattern.exec(prop.$ref)?.[1] : undefined;
  return { values: name ? enums[name]?.enum : undefined, owner: `enum ${name}` };
}

/** An entity's properties, at any depth (objects' properties, arrays' items). */
function propertyProblems(file: string, path: string, prop: JsonSchema, enums: Record<string, JsonSchema>, problems: Problems): void {
  if (!prop || typeof prop !== 'object') return;
  if (prop['x-colors'] !== undefined) {
    const { values, owner } = enumValues(prop, enums);
    if (!values) problems.push({ file, path: `${path}/x-colors`, message: 'x-colors needs an enum beside it' });
    mapProblems(file, `${path}/x-colors`, prop['x-colors'], values, owner, problems);
  }
  for (const [name, child] of Object.entries<JsonSchema>(prop.properties ?? {})) propertyProblems(file, `${path}/properties${step(name)}`, child, enums, problems);
  if (prop.items && typeof prop.items === 'object') propertyProblems(file, `${path}/items`, prop.items, enums, problems);
}

/** A screen at any depth: `colors` maps (of the `enum` beside them) and `color`s. */
function screenProblems(file: string, path: string, node: unknown, enums: Record<string, JsonSchema>, problems: Problems): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((item, index) => screenProblems(file, `${path}/${index}`, item, enums, problems));
  const object = node as Record<string, unknown>;
  if (typeof object.enum === 'string' && !Object.hasOwn(enums, object.enum)) problems.push({ file, path: `${path}/enum`, message: `unknown enum ${object.enum} (enums.json)` });
  if (object.colors !== undefined) {
    const name = typeof object.enum === 'string' ? object.enum : undefined;
    mapProblems(file, `${path}/colors`, object.colors, name ? enums[name]?.enum : undefined, `enum ${name}`, problems);
  }
  if (typeof object.color === 'string') colorProblem(file, `${path}/color`, object.color, problems);
  for (const [key, child] of Object.entries(object)) if (key !== 'colors') screenProblems(file, path + step(key), child, enums, problems);
}

export function colorProblems(files: SchemaFiles, problems: Problems): void {
  const enums = (files.shared[ENUMS_FILE]?.$defs ?? {}) as Record<string, JsonSchema>;
  for (const [name, def] of Object.entries(enums)) {
    if (def?.['x-colors'] === undefined) continue;
    const path = `/$defs${step(name)}/x-colors`;
    if (!Array.isArray(def.enum)) problems.push({ file: ENUMS_FILE, path, message: 'x-colors needs an enum beside it' });
    mapProblems(ENUMS_FILE, path, def['x-colors'], Array.isArray(def.enum) ? def.enum : undefined, `enum ${name}`, problems);
  }
  for (const [name, schema] of Object.entries(files.entities)) {
    for (const [field, prop] of Object.entries<JsonSchema>(schema.properties ?? {})) propertyProblems(`entities/${name}.json`, `/properties${step(field)}`, prop, enums, problems);
  }
  for (const [name, screen] of Object.entries(files.screens)) screenProblems(`screens/${name}.json`, '', screen, enums, problems);
}
