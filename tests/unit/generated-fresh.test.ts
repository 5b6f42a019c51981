import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { allEvents, workflows } from '../../machines/index';
import { loadSchemaTree } from '../../scripts/generate/load';
import { generateAll, staleFiles } from '../../scripts/generate/outputs';

/** generated/ is what `npm run generate` makes from the current schemas/ and machines/. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const files = await generateAll(root);
const tree = loadSchemaTree(join(root, 'schemas'));
const scratch = mkdtempSync(join(tmpdir(), 'qcflow-generated-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('generated/', () => {
  it('is fresh (run `npm run generate` when this fails)', () => {
    expect(staleFiles(files, join(root, 'generated'))).toEqual([]);
  });

  it('is generated identically twice', async () => {
    expect(await generateAll(root)).toEqual(files);
  });

  it('check mode reports changed, missing and leftover files', () => {
    cpSync(join(root, 'generated'), scratch, { recursive: true });
    writeFileSync(join(scratch, 'openapi.json'), '{}\n');
    rmSync(join(scratch, 'types', 'enums.ts'));
    writeFileSync(join(scratch, 'machines', 'gone.mmd'), 'stateDiagram-v2\n');
    expect(staleFiles(files, scratch)).toEqual(['machines/gone.mmd', 'openapi.json', 'types/enums.ts']);
  });
});

describe('generated files', () => {
  const openapi = JSON.parse(files['openapi.json']);

  it('have a type file for every entity and search form', () => {
    const expected = [...Object.keys(tree.entities).map((n) => `types/${n}.ts`), ...Object.keys(tree.search).map((n) => `types/${n}Search.ts`)];
    expect(Object.keys(files)).toEqual(expect.arrayContaining(expected));
  });

  it('have a JSON and a Mermaid diagram per workflow, with every transition', () => {
    for (const [name, machine] of Object.entries(workflows)) {
      const json = JSON.parse(files[`machines/${name}.json`]);
      expect(json).toMatchObject({ id: name, initial: expect.any(String) });
      const mermaid = files[`machines/${name}.mmd`];
      expect(mermaid.split('\n').slice(0, 2)).toEqual(['stateDiagram-v2', `    [*] --> ${json.initial}`]);
      // A transition is its target, or guarded candidates `{target, guard}` (drawn `EVENT [guard]`).
      const edges = Object.entries<{ on?: Record<string, string | { target: string; guard?: string }[]> }>(json.states).flatMap(([from, state]) =>
        Object.entries(state.on ?? {}).flatMap(([event, to]) =>
          typeof to === 'string' ? [`    ${from} --> ${to}: ${event}`] : to.map(({ target, guard }) => `    ${from} --> ${target}: ${event}${guard ? ` [${guard}]` : ''}`),
        ),
      );
      expect(edges.length).toBeGreaterThanOrEqual(allEvents(machine).length);
      for (const edge of edges) expect(mermaid).toContain(`${edge}\n`);
    }
  });

  it('describe search, lookup, get, create, update, delete and workflow calls of every entity with generic x-api calls', () => {
    const generic = Object.values(tree.entities).filter((e) => e['x-api'] && e['x-routes'] !== 'custom');
    for (const entity of generic.filter((e) => e['x-readOnly'] === true)) {
      const api = entity['x-api'];
      expect(Object.keys(openapi.paths[`${api}/`] ?? {}), api).toEqual(['get']);
      expect(Object.keys(openapi.paths[`${api}/{id}`] ?? {})).toEqual(['parameters', 'get']);
      expect(openapi.paths[api]).toBeUndefined();
    }
    for (const entity of generic.filter((e) => e['x-readOnly'] !== true)) {
      const api = entity['x-api'];
      // An x-api with `{name}` parameters declares them on each of its paths (docs/schemas.md "Owned lists").
      const own = api.includes('{') ? ['parameters'] : [];
      expect(Object.keys(openapi.paths[`${api}/`] ?? {}), api).toEqual([...own, 'get']);
      expect(Object.keys(openapi.paths[`${api}/lookup`] ?? {})).toEqual([...own, 'get']);
      expect(Object.keys(openapi.paths[api] ?? {})).toEqual([...own, 'post']);
      expect(Object.keys(openapi.paths[`${api}/{id}`] ?? {})).toEqual(['parameters', 'get', 'put', 'delete']);
      if (own.length) expect(openapi.paths[`${api}/{id}`].parameters.map((param: { name: string }) => param.name)).toEqual([...api.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).concat('id'));
      const workflow = openapi.paths[`${api}/{id}/{event}`];
      if (entity['x-machine']) expect(workflow.parameters[1].schema.enum).toEqual(allEvents(workflows[entity['x-machine']]));
      else expect(workflow).toBeUndefined();
    }
  });

  it('search parameters are the search form properties; arrays repeat the name', () => {
    const params = openapi.paths['/back/bo/capas/'].get.parameters;
    expect(params.map((p: { name: string }) => p.name)).toEqual(Object.keys(tree.search.capa.properties));
    expect(params.find((p: { name: string }) => p.name === 'types')).toMatchObject({ in: 'query', style: 'form', explode: true });
  });

  it('OpenAPI $refs all resolve inside the document', () => {
    const refs = [...files['openapi.json'].matchAll(/"\$ref": "#\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    const unresolved = refs.filter((ref) => ref.split('/').reduce<any>((node, part) => node?.[part], openapi) === undefined);
    expect(unresolved).toEqual([]);
  });
});
