import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loginRouteSizes } from '../../scripts/bundle-budget.mjs';

/**
 * The login page's guard (scripts/bundle-budget.mjs, run by `npm test` after the build): what the
 * login route loads is the entry and the auth pages with their static imports, read from the build
 * manifest; a chunk among them holding the shell, an engine screen, AG Grid or RJSF fails it.
 */
let dist: string;
afterEach(() => rmSync(dist, { recursive: true, force: true }));

/** A built folder: each chunk's file (a few bytes of code), the manifest and what each chunk holds. */
function build(chunks: Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; holds: string[] }>) {
  dist = mkdtempSync(join(tmpdir(), 'qcflow-budget-'));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  const manifest: Record<string, unknown> = {};
  const modules: Record<string, string[]> = {};
  for (const [key, { file, imports, dynamicImports, holds }] of Object.entries(chunks)) {
    writeFileSync(join(dist, file), `export const x = ${JSON.stringify(holds)};`);
    manifest[key] = { file, imports, dynamicImports };
    modules[file] = holds;
  }
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, '.vite', 'chunk-modules.json'), JSON.stringify(modules));
}

const entry = { file: 'assets/index.js', imports: ['_vendor.js'], dynamicImports: ['app/pages/auth/authPages.ts', 'app/shell/shellPages.ts'], holds: ['app/main.tsx', 'app/routes/lazyPages.ts'] };
const vendor = { file: 'assets/vendor.js', holds: ['node_modules/react-dom/cjs/react-dom.production.js'] };
const shell = { file: 'assets/shell.js', holds: ['app/shell/shellPages.ts', 'app/shell/ShellLayout.tsx', 'engine/search/firstSearch.ts'] };

describe('the login page guard', () => {
  it('follows static imports only: a lazily imported shell is not the login page’s', () => {
    build({
      'index.html': entry,
      '_vendor.js': vendor,
      'app/pages/auth/authPages.ts': { file: 'assets/auth.js', imports: ['_login.js'], holds: ['app/pages/auth/LoginPage.tsx'] },
      '_login.js': { file: 'assets/login.js', holds: ['node_modules/@mantine/core/esm/components/TextInput/TextInput.mjs'] },
      'app/shell/shellPages.ts': shell,
    });
    const login = loginRouteSizes(dist);
    expect(login.files.map(({ file }) => file).sort()).toEqual(['assets/auth.js', 'assets/index.js', 'assets/login.js', 'assets/vendor.js']);
    expect(login.forbidden).toEqual([]);
    expect(login.jsGzip).toBeGreaterThan(0);
  });

  it('names the shell, AG Grid and RJSF when a chunk the login page loads holds them', () => {
    build({
      'index.html': entry,
      '_vendor.js': vendor,
      // The auth pages share a chunk with the shell, AG Grid and the schema form.
      'app/pages/auth/authPages.ts': { file: 'assets/auth.js', imports: ['_shared.js'], holds: ['app/pages/auth/LoginPage.tsx'] },
      '_shared.js': { file: 'assets/shared.js', holds: ['app/shell/ShellLayout.tsx', 'node_modules/ag-grid-community/dist/package/main.esm.mjs', 'node_modules/@rjsf/core/lib/index.js', 'engine/record/RecordScreen.tsx'] },
      'app/shell/shellPages.ts': shell,
    });
    expect(loginRouteSizes(dist).forbidden.map(({ what }) => what)).toEqual(['the shell', 'an engine screen', 'AG Grid', 'the schema form (RJSF, ajv)']);
  });
});
