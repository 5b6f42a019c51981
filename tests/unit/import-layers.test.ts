import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles } from '../../scripts/lint/import-graph.mjs';

/**
 * DESIGN.md rule 3 on the import graph (the linter enforces the same rules file by file): no
 * import circle at run time and no new type-only one (tests/unit/domain-layers.test.ts checks the zones).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Type-only circles left: types shared inside the store and the schema check (erased at run time). */
const TYPE_ONLY_CIRCLES = [
  // The store's types: the Reader names the query and aggregate shapes, which name a Row.
  ['server/store/aggregate.ts', 'server/store/derived.ts', 'server/store/query.ts', 'server/store/types.ts'],
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
});
