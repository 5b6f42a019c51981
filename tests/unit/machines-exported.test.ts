import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { workflows } from '../../machines/index';
import { generateAll } from '../../scripts/generate/outputs';

/**
 * Every machine of machines/ is drawn in generated/machines/ (JSON and Mermaid): the record
 * workflows of machines/index.ts and every machine any module of machines/ exports. A module
 * of machines/ that exports no machine at all (only rules) fails too: its chart is missing.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const machinesDir = `${root}machines`;
/** Modules that only gather others (barrels) or hold helpers shared by every machine. */
const NOT_MACHINES = ['index.ts', 'ui.ts', 'workflow.ts'];
const files = await generateAll(root);

const isMachine = (value: unknown): value is AnyStateMachine =>
  !!value && typeof value === 'object' && 'root' in value && 'config' in value && typeof (value as AnyStateMachine).id === 'string';

const modules = readdirSync(machinesDir).filter((file) => file.endsWith('.ts'));
const exported = new Map<string, AnyStateMachine[]>();
for (const file of modules) {
  const module: Record<string, unknown> = await import(`${machinesDir}/${file}`);
  exported.set(file, Object.values(module).filter(isMachine));
}

describe('generated/machines', () => {
  it('has a JSON and a Mermaid file per record workflow of machines/index.ts', () => {
    const missing = Object.values(workflows).flatMap((m) => [`machines/${m.id}.json`, `machines/${m.id}.mmd`]).filter((f) => !(f in files));
    expect(missing).toEqual([]);
  });

  it('has a JSON and a Mermaid file per machine exported by any module of machines/', () => {
    const missing = [...exported.values()].flat().flatMap((m) => [`machines/${m.id}.json`, `machines/${m.id}.mmd`]).filter((f) => !(f in files));
    expect(missing).toEqual([]);
  });

  it('every module of machines/ exports a machine (a rules module exports its chart)', () => {
    const without = modules.filter((file) => !NOT_MACHINES.includes(file) && !exported.get(file)!.length);
    expect(without).toEqual([]);
  });

  it('every generated diagram is a Mermaid stateDiagram-v2 next to its JSON', () => {
    const diagrams = Object.keys(files).filter((f) => f.startsWith('machines/') && f.endsWith('.mmd'));
    // One per module of machines/ and one per machine written as JSON (schemas/machines/).
    const jsonMachines = readdirSync(join(root, 'schemas', 'machines')).filter((file) => file.endsWith('.json'));
    expect(diagrams.length).toBe(modules.length - NOT_MACHINES.length + jsonMachines.length);
    for (const diagram of diagrams) {
      expect(files[diagram].startsWith('stateDiagram-v2\n')).toBe(true);
      expect(JSON.parse(files[diagram.replace(/\.mmd$/, '.json')]).id).toBe(diagram.slice('machines/'.length, -'.mmd'.length));
    }
  });
});
