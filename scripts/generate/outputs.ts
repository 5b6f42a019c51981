import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { workflows } from '../../machines/index';
import { loadSchemaTree, readJson, type SchemaTree } from './load';
import { machineJson, machineMermaid } from '../../engine/workflow/machineChart';
import { machineFromConfig, type MachineConfig } from '../../engine/workflow/configMachine';
import { generateOpenApi } from './openapi';
import { generateTypes } from './types';
import { generateMailLayouts } from './mail';
import { generateMetaValidators } from './metaValidators';

/** Every file `npm run generate` owns: path relative to `generated/` → content. */
export async function generateAll(root = process.cwd()): Promise<Record<string, string>> {
  const tree = loadSchemaTree(join(root, 'schemas'));
  const files: Record<string, string> = {};
  for (const [name, content] of Object.entries(await generateTypes(tree))) files[`types/${name}`] = content;
  const { version } = readJson(join(root, 'package.json'));
  files['openapi.json'] = toJson(generateOpenApi(tree, workflows, version));
  Object.assign(files, await generateMailLayouts());
  Object.assign(files, generateMetaValidators());
  for (const machine of await reviewedMachines(root, tree)) {
    const json = machineJson(machine);
    files[`machines/${machine.id}.json`] = toJson(json);
    files[`machines/${machine.id}.mmd`] = machineMermaid(json);
  }
  return files;
}

const toJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function isMachine(value: unknown): value is AnyStateMachine {
  return !!value && typeof value === 'object' && 'root' in value && 'config' in value && typeof (value as AnyStateMachine).id === 'string';
}

/**
 * Every machine of machines/ and schemas/machines/: the record workflows (machines/index.ts), the JSON ones, then every machine any
 * module of machines/ exports (UI machines, the service workflow, the charts of rules modules
 * such as the wizard's stepper), unique by id, in file order.
 */
async function reviewedMachines(root: string, tree: SchemaTree): Promise<AnyStateMachine[]> {
  const machines = new Map<string, AnyStateMachine>();
  for (const machine of Object.values(workflows)) machines.set(machine.id, machine);
  // Machines written as JSON (schemas/machines/, as the loader read them), built with the engine's guards.
  for (const config of Object.values(tree.machines)) {
    const machine = machineFromConfig(config as MachineConfig);
    machines.set(machine.id, machine);
  }
  const folder = join(root, 'machines');
  const modules = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.ts')).sort() : [];
  for (const file of modules) {
    const module: Record<string, unknown> = await import(join(folder, file));
    for (const value of Object.values(module)) if (isMachine(value) && !machines.has(value.id)) machines.set(value.id, value);
  }
  return [...machines.values()];
}

function listFiles(folder: string, base = folder): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = join(folder, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [relative(base, full).split('\\').join('/')];
  });
}

/** Files of `generated/` that differ from `expected`, are missing, or should not be there. Sorted. */
export function staleFiles(expected: Record<string, string>, outDir: string): string[] {
  const stale = Object.entries(expected)
    .filter(([file, content]) => !existsSync(join(outDir, file)) || readFileSync(join(outDir, file), 'utf8') !== content)
    .map(([file]) => file);
  const extra = listFiles(outDir).filter((file) => !(file in expected) && file !== '.gitkeep');
  return [...stale, ...extra].sort();
}

/** Write what changed and remove files no longer generated; returns the files touched. */
export function writeGenerated(expected: Record<string, string>, outDir: string): string[] {
  const touched = staleFiles(expected, outDir);
  for (const file of touched) {
    const target = join(outDir, file);
    if (file in expected) {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, expected[file]);
    } else {
      rmSync(target);
    }
  }
  return touched;
}
