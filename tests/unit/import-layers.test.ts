import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../scripts/lint/import-graph.mjs';
import { SERVER_FEATURES } from '../../scripts/lint/layers.mjs';

/**
 * DESIGN.md rule 3 on the import graph (the linter enforces the same rules file by file): no
 * import circle at run time, no new type-only one, and the generic server layer imports no feature.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const path = (file: string) => relative(root, file).split(sep).join('/');

/** Type-only circles left: types shared inside the store and the schema check (erased at run time). */
const TYPE_ONLY_CIRCLES = [
  ['server/store/derived.ts', 'server/store/query.ts', 'server/store/types.ts'],
  ['server/store/draft.ts', 'server/store/journal.ts'],
];

describe('import layers', () => {
  const circles = importCircles(root);

  it('has no import circle at run time, dynamic imports included', () => {
    expect(circles.runTime).toEqual([]);
    expect(circles.withDynamic).toEqual([]);
  });

  it('has no type-only circle beyond the known ones', () => {
    const known = new Set(TYPE_ONLY_CIRCLES.map((files) => files.join(' ')));
    expect(circles.all.filter((files) => !known.has(files.join(' ')))).toEqual([]);
  });

  it('keeps server/resources, the generic layer, free of the server feature folders', () => {
    const features = SERVER_FEATURES.map((folder) => `server/${folder}/`);
    const reaching = [...importGraph(root)].flatMap(([file, edges]) =>
      path(file).startsWith('server/resources/')
        ? edges.filter((edge) => features.some((feature) => path(edge.to).startsWith(feature))).map((edge) => `${path(file)} → ${path(edge.to)}`)
        : [],
    );
    expect(reaching).toEqual([]);
  });
});
