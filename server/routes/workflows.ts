import { Hono } from 'hono';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventRulesOf } from '../../engine/schema/events';
import { roleRuleText, type RoleRule } from '../../engine/schema/roles';
import type { WorkflowChart } from '../../engine/workflow/charts';
import { machineFromConfig } from '../../engine/workflow/configMachine';
import { machineJson, machineMermaid } from '../../engine/workflow/machineChart';
import { requireCaller, type AppContext, type AppEnv } from '../context';
import type { EntityDef, Registry } from '../schemas';

/**
 * GET /back/bo/workflows/: every machine of machines/ as `npm run generate` draws it
 * (generated/machines: `<id>.json` and the Mermaid `<id>.mmd`), for the workflow viewer. A record
 * workflow (an entity's `x-machine`) names its entity, and each of its transitions is labelled
 * with the role rule that may take it (the event's `x-events` roles, else the entity's `x-roles`):
 * the server refuses others.
 */
const GENERATED = fileURLToPath(new URL('../../generated/machines', import.meta.url));

interface StateJson {
  on?: Record<string, unknown>;
  states?: Record<string, StateJson>;
}

/** Top-level states and their events (nested states are drawn, not listed). */
function statesOf(json: StateJson): Record<string, string[]> {
  return Object.fromEntries(Object.entries(json.states ?? {}).map(([name, state]) => [name, [...Object.keys(state.on ?? {}), ...Object.keys(json.on ?? {})]]));
}

/**
 * `A --> B: EVENT [guard]` lines get `· roles` (a transition label is the text after `: `): the
 * event's own role rule when `x-events` gives one (engine/schema/events.ts), else the entity's.
 */
function withRoles(mermaid: string, entity: EntityDef | undefined): string {
  if (!entity) return mermaid;
  const rules = eventRulesOf(entity.schema);
  return mermaid.replace(/^(\s+\S+ --> \S+: (\S+).*)$/gm, (line: string, _whole: string, event: string) => {
    const roles: RoleRule[] | undefined = rules[event]?.roles?.length ? rules[event].roles : entity.roles;
    return roles?.length ? `${line} · ${roleRuleText(roles)}` : line;
  });
}

export function workflowCharts(registry: Registry, dir = GENERATED): WorkflowChart[] {
  const byMachine = new Map([...registry.entities.values()].filter((entity) => entity.machineName).map((entity) => [entity.machineName!, entity]));
  const generated = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => basename(file, '.json'))
    .map((id) => ({ id, json: JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')) as StateJson, mermaid: readFileSync(join(dir, `${id}.mmd`), 'utf8') }));
  // A JSON machine of a configuration that is not the repository's (SCHEMAS_DIR) is drawn here.
  const drawn = new Set(generated.map(({ id }) => id));
  const configured = Object.entries(registry.machineConfigs)
    .filter(([id]) => !drawn.has(id))
    .map(([id, config]) => {
      const json = machineJson(machineFromConfig(config));
      return { id, json: json as StateJson, mermaid: machineMermaid(json) };
    });
  return [...generated, ...configured]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map(({ id, json, mermaid }) => {
      const entity = byMachine.get(id);
      return {
        id,
        ...(entity ? { entity: entity.name, statusField: entity.statusField, roles: entity.roles } : {}),
        states: statesOf(json),
        mermaid: withRoles(mermaid, entity),
      };
    });
}

export function workflowRoutes(registry: Registry) {
  const app = new Hono<AppEnv>();
  // Read once: the generated files change only with the code.
  const charts = workflowCharts(registry);
  const list = (c: AppContext) => {
    requireCaller(c);
    return c.json(charts);
  };
  app.get('/back/bo/workflows', list);
  app.get('/back/bo/workflows/', list);
  return app;
}
