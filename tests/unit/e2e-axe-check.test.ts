import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every browser test runs the axe check (docs/accessibility.md): a spec takes `test` and `expect`
 * from tests/e2e/axe.ts, never from '@playwright/test' (types and the API `request`, which opens no
 * page, may come from there).
 */
const folder = join(process.cwd(), 'tests', 'e2e');
const specs = readdirSync(folder).filter(name => name.endsWith('.spec.ts'));

describe('the axe check in every browser test', () => {
  it('finds every spec', () => {
    expect(specs.length).toBeGreaterThanOrEqual(40);
  });
  it.each(specs)('%s takes test and expect from ./axe', name => {
    const source = readFileSync(join(folder, name), 'utf8');
    expect(source).toMatch(/^import \{[^}]*\btest\b[^}]*\} from '\.\/axe';$/m);
    // Playwright's own test or expect would be a test without the check.
    expect(source).not.toMatch(/^import [^;]*\b(test|expect)\b[^;]*from '@playwright\/test';$/m);
  });
});
