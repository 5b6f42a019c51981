#!/usr/bin/env node
// The project's import graph, read from its sources' import and export statements: the circles
// (strongly connected components of two files or more) at run time and counting type-only imports,
// which the linter's import-x/no-cycle leaves out. `node scripts/lint/import-graph.mjs` lists them;
// tests/unit/import-layers.test.ts keeps their number from growing.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLDERS = ['app', 'engine', 'domain', 'machines', 'server', 'scripts', 'generated', 'bench', 'tests'];
const SOURCE = /\.(ts|tsx|mjs)$/;

function sources(folder, out = []) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a relative specifier names (`./x` → x.ts, x.tsx, x/index.ts); packages and JSON are not followed. */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => SOURCE.test(path) && existsSync(path) && statSync(path).isFile()) ?? null;
}

const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
/** `import type …`, `export type …`, or `{ type A, type B }` only. */
const typeOnlyClause = (keyword, clause) => !!keyword || (/^\{[^}]*\}$/.test(clause) && clause.slice(1, -1).split(',').map((part) => part.trim()).filter(Boolean).every((part) => part.startsWith('type ')));
const STATEMENT = /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|[\n;])\s*import\s+['"]([^'"]+)['"]|(typeof\s+)?import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Each file's imports of project files: `{ to, typeOnly, dynamic }`. */
export function importGraph(root) {
  const graph = new Map();
  const files = FOLDERS.map((folder) => join(root, folder)).filter(existsSync).flatMap((folder) => sources(folder));
  for (const file of files) {
    const edges = [];
    for (const match of withoutComments(readFileSync(file, 'utf8')).matchAll(STATEMENT)) {
      const [, typeKeyword, clause, fromSpecifier, bareSpecifier, typeofKeyword, dynamicSpecifier] = match;
      const specifier = fromSpecifier ?? bareSpecifier ?? dynamicSpecifier;
      const to = resolveSpecifier(file, specifier);
      if (!to) continue;
      if (fromSpecifier) edges.push({ to, typeOnly: typeOnlyClause(typeKeyword, clause.trim()), dynamic: false });
      else if (bareSpecifier) edges.push({ to, typeOnly: false, dynamic: false });
      else edges.push({ to, typeOnly: !!typeofKeyword, dynamic: !typeofKeyword });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Strongly connected components of two files or more over the edges `follow` keeps (Tarjan). */
function components(graph, follow) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const edge of graph.get(file) ?? []) {
      if (!follow(edge)) continue;
      if (!index.has(edge.to)) {
        visit(edge.to);
        low.set(file, Math.min(low.get(file), low.get(edge.to)));
      } else if (onStack.has(edge.to)) low.set(file, Math.min(low.get(file), index.get(edge.to)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) found.push(component);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The circles, each a sorted list of paths relative to `root`. */
export function importCircles(root) {
  const graph = importGraph(root);
  const named = (list) => list.map((component) => component.map((file) => relative(root, file)).sort()).sort((a, b) => a[0].localeCompare(b[0]));
  return {
    /** Static value imports: the order modules load in. */
    runTime: named(components(graph, (edge) => !edge.typeOnly && !edge.dynamic)),
    /** Value imports, dynamic `import()` included. */
    withDynamic: named(components(graph, (edge) => !edge.typeOnly)),
    /** Every import, type-only ones included. */
    all: named(components(graph, () => true)),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const circles = importCircles(root);
  for (const [title, list] of [['at run time', circles.runTime], ['counting dynamic imports', circles.withDynamic], ['counting type-only imports', circles.all]]) {
    console.log(`${list.length} import circle(s) ${title}`);
    for (const files of list) console.log(`  ${files.join('  ')}`);
  }
}
