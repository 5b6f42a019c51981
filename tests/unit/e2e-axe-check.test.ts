import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every browser test runs the axe check (docs/accessibility.md): a spec takes `test` and `expect`
 * from tests/e2e/axe.ts, and from '@playwright/test' at most types. The specs still on
 * NOT_YET_PASSING (axe.ts) are left to their own switch.
 */
const folder = join(process.cwd(), 'tests', 'e2e');
const fixture = readFileSync(join(folder, 'axe.ts'), 'utf8');
const notYetPassing = new Set(/const NOT_YET_PASSING = new Set\(\[([^\]]*)\]/.exec(fixture)?.[1].match(/[\w-]+\.spec\.ts/g) ?? []);
const specs = readdirSync(folder).filter(name => name.endsWith('.spec.ts') && !notYetPassing.has(name));

describe('the axe check in every browser test', () => {
  it('finds the specs and the list', () => {
    expect(specs.length).toBeGreaterThanOrEqual(15);
  });
  it.each(specs)('%s takes test and expect from ./axe', name => {
    const source = readFileSync(join(folder, name), 'utf8');
    expect(source).toMatch(/^import \{[^}]*\btest\b[^}]*\} from '\.\/axe';$/m);
    // A value import from Playwright itself would be a test without the check.
    expect(source).not.toMatch(/^import (?!type )[^;]*from '@playwright\/test';$/m);
  });
});
