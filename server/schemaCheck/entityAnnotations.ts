import jsonata from 'jsonata';
import type { AnyStateMachine } from 'xstate';
import type { JsonSchema } from '../../engine/schema/resolve';
import { allEvents } from '../../machines/workflow';
import { hasMessage } from '../i18n';
import { step } from './labelKeys';
import type { SchemaProblem } from './problem';

/**
 * Cross-checks of the entity annotations that name fields of an object and events of its
 * machine: `x-events`, `x-computed` (whose expressions must compile) and an array item's `x-id`.
 */
type Problems = SchemaProblem[];

const propertiesOf = (schema: JsonSchema | undefined) => (schema?.properties ?? {}) as Record<string, JsonSchema>;
const has = (schema: JsonSchema | undefined, field: unknown) => typeof field === 'string' && Object.hasOwn(propertiesOf(schema), field);

/** `x-events`: events of the entity's machine, fields of the entity; `required` fields are input fields. */
export function eventProblems(file: string, schema: JsonSchema, machine: AnyStateMachine | undefined, problems: Problems): void {
  for (const [event, rule] of Object.entries<Record<string, unknown>>(schema['x-events'] ?? {})) {
    const path = `/x-events${step(event)}`;
    if (!machine) problems.push({ file, path, message: 'x-events needs x-machine' });
    else if (!allEvents(machine).includes(event)) problems.push({ file, path, message: `unknown machine event ${event} of machine ${machine.id}: ${allEvents(machine).join(', ')}` });
    const input = (rule?.input ?? []) as unknown[];
    for (const key of ['input', 'required'] as const) {
      ((rule?.[key] ?? []) as unknown[]).forEach((name, index) => {
        if (!has(schema, name)) problems.push({ file, path: `${path}/${key}/${index}`, message: `unknown field ${String(name)}: entity has no such property` });
        else if (key === 'required' && !input.includes(name)) problems.push({ file, path: `${path}/required/${index}`, message: `${String(name)} must be an input field of the event too` });
      });
    }
    for (const [name, target] of Object.entries((rule?.into ?? {}) as Record<string, unknown>)) {
      if (!input.includes(name)) problems.push({ file, path: `${path}/into${step(name)}`, message: `${name} must be an input field of the event` });
      if (!has(schema, target)) problems.push({ file, path: `${path}/into${step(name)}`, message: `unknown field ${String(target)}: entity has no such property` });
    }
    const count = rule?.count;
    if (count === undefined) continue;
    if (!has(schema, count)) problems.push({ file, path: `${path}/count`, message: `unknown field ${String(count)}: entity has no such property` });
    else if (propertiesOf(schema)[count as string].type !== 'integer') problems.push({ file, path: `${path}/count`, message: `${String(count)} must be an integer property` });
  }
}

/** `x-frozen`, `x-frozenUnless`: states of the entity's machine; `x-owners`: a field of the entity. */
export function frozenProblems(file: string, schema: JsonSchema, machine: AnyStateMachine | undefined, problems: Problems): void {
  const statuses = [
    ...((schema['x-frozen'] ?? []) as unknown[]).map((status, index) => ({ status, path: `/x-frozen/${index}` })),
    ...Object.keys(schema['x-frozenUnless'] ?? {}).map((status) => ({ status, path: `/x-frozenUnless${step(status)}` })),
  ];
  for (const { status, path } of statuses) {
    if (!machine) problems.push({ file, path, message: `${path.split('/')[1]} needs x-machine` });
    else if (!Object.hasOwn(machine.root.states ?? {}, String(status))) problems.push({ file, path, message: `unknown state ${String(status)} of machine ${machine.id}` });
  }
  const owners = schema['x-owners'] as { field?: unknown } | undefined;
  if (owners && !has(schema, owners.field)) problems.push({ file, path: '/x-owners/field', message: `unknown field ${String(owners.field)}: entity has no such property` });
}

/** `x-sums`: the sum's field, the fields it matches on and those it shares are fields of the entity; its refusal's message is a server text. */
export function sumProblems(file: string, schema: JsonSchema, problems: Problems): void {
  for (const [name, rule] of Object.entries<Record<string, unknown>>(schema['x-sums'] ?? {})) {
    const path = `/x-sums${step(name)}`;
    const fields = [name, ...Object.values((rule?.match ?? {}) as Record<string, unknown>), ...((rule?.same ?? []) as unknown[])];
    for (const field of fields) if (!has(schema, field)) problems.push({ file, path, message: `unknown field ${String(field)}: entity has no such property` });
    if (rule?.message !== undefined && !hasMessage(String(rule.message))) problems.push({ file, path: `${path}/message`, message: `no server text for ${String(rule.message)} (server/locales)` });
  }
}

/** `x-indexes`: each order ends on the entity's `x-id`, so that no two rows tie (docs/store.md "Indexes"). */
export function indexProblems(file: string, schema: JsonSchema, problems: Problems): void {
  ((schema['x-indexes'] ?? []) as Record<string, unknown>[]).forEach((def, index) => {
    const orderBy = (Array.isArray(def?.orderBy) ? def.orderBy : []) as { field?: unknown }[];
    if (orderBy.at(-1)?.field !== schema['x-id']) problems.push({ file, path: `/x-indexes/${index}/orderBy`, message: `an order must end with the id field ${String(schema['x-id'])}` });
  });
}

/** `x-computed` of an object: its fields exist, its expressions compile. */
function computedProblems(file: string, path: string, schema: JsonSchema, problems: Problems): void {
  for (const [name, source] of Object.entries<unknown>(schema['x-computed'] ?? {})) {
    const at = `${path}/x-computed${step(name)}`;
    if (!has(schema, name)) problems.push({ file, path: at, message: `unknown field ${name}: the object has no such property` });
    try {
      jsonata(String(source));
    } catch (error) {
      problems.push({ file, path: at, message: `not a JSONata expression: ${(error as Error).message}` });
    }
  }
}

/** The entity's `x-computed`, and the `x-computed` and `x-id` of its array properties' items. */
export function lineProblems(file: string, schema: JsonSchema, problems: Problems): void {
  computedProblems(file, '', schema, problems);
  for (const [name, prop] of Object.entries(propertiesOf(schema))) {
    const items = prop?.items as JsonSchema | undefined;
    if (!items || typeof items !== 'object') continue;
    const path = `/properties${step(name)}/items`;
    computedProblems(file, path, items, problems);
    const id = items['x-id'];
    if (id !== undefined && !has(items, id)) problems.push({ file, path: `${path}/x-id`, message: `unknown field ${String(id)}: the items have no such property` });
  }
}

/** `x-files`: keys are values of the `fileDomain` enum, each domain on one entity only (a file finds its record by its domain). */
export function fileDomainProblems(entities: Record<string, JsonSchema>, enums: Record<string, JsonSchema>, problems: Problems): void {
  const domains = new Set((enums.fileDomain?.enum ?? []) as unknown[]);
  const owner = new Map<string, string>();
  for (const [name, schema] of Object.entries(entities)) {
    for (const domain of Object.keys(schema['x-files'] ?? {})) {
      const file = `entities/${name}.json`;
      const path = `/x-files${step(domain)}`;
      if (!domains.has(domain)) problems.push({ file, path, message: `unknown file domain ${domain}: not a value of enums.json fileDomain` });
      else if (owner.has(domain)) problems.push({ file, path, message: `file domain ${domain} is already on entity ${owner.get(domain)}` });
      else owner.set(domain, name);
      const internal = (schema['x-files'] as Record<string, { internal?: string }>)[domain]?.internal;
      if (internal !== undefined && !has(schema, internal)) problems.push({ file, path: `${path}/internal`, message: `unknown field ${internal}: the entity has no such property` });
    }
  }
}

/**
 * Owned lists (docs/schemas.md "Owned lists"): `x-unique` names string fields, `x-archive` a
 * boolean field, `x-scope` company or universe needs a `companyId` property, `x-customFlag` a
 * universe list, `x-usedBy` a collection of an entity, and each `{name}` of `x-api` is a field.
 */
export function listRuleProblems(file: string, schema: JsonSchema, collections: ReadonlySet<string>, problems: Problems): void {
  const typed = (name: unknown, type: string, path: string) => {
    if (!has(schema, name)) problems.push({ file, path, message: `unknown field ${String(name)}: entity has no such property` });
    else if (propertiesOf(schema)[name as string].type !== undefined && propertiesOf(schema)[name as string].type !== type) problems.push({ file, path, message: `${String(name)} must be a ${type} property` });
  };
  ((schema['x-unique'] ?? []) as unknown[]).forEach((name, index) => typed(name, 'string', `/x-unique/${index}`));
  if (schema['x-archive'] !== undefined) typed(schema['x-archive'], 'boolean', '/x-archive');
  const scope = schema['x-scope'];
  if ((scope === 'company' || scope === 'universe') && !has(schema, 'companyId')) problems.push({ file, path: '/x-scope', message: `x-scope ${String(scope)} needs a companyId property` });
  if (schema['x-customFlag'] !== undefined && scope !== 'universe') problems.push({ file, path: '/x-customFlag', message: 'x-customFlag needs x-scope universe' });
  ((schema['x-usedBy'] ?? []) as { collection?: unknown; field?: unknown }[]).forEach((use, index) => {
    if (!collections.has(String(use?.collection))) problems.push({ file, path: `/x-usedBy/${index}/collection`, message: `unknown collection ${String(use?.collection)}: no entity has it as x-collection` });
    if (use?.field !== undefined && !has(schema, use.field)) problems.push({ file, path: `/x-usedBy/${index}/field`, message: `unknown field ${String(use.field)}: entity has no such property` });
  });
  for (const [, param] of String(schema['x-api'] ?? '').matchAll(/\{(\w+)\}/g)) {
    if (!has(schema, param)) problems.push({ file, path: '/x-api', message: `path parameter {${param}} must be a field of the entity` });
  }
}
