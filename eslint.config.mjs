// The linter keeps the layers of DESIGN.md rule 3 (`npm run lint`, run by `npm test`): import circles
// and forbidden directions fail, so do broken hook rules and unused code. No type-aware rule: they
// would need a TypeScript program per run and make the linter several times slower.
// A disable comment names a rule of this file and says why after `--`.
import './scripts/lint/typescript6.cjs'; // before typescript-eslint: its parser runs on TypeScript 6
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { LAYER_ZONES } from './scripts/lint/layers.mjs';

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'generated/**/*.json', 'generated/**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
    rules: {
      // Run-time circles, dynamic import() included; a type-only import is erased by the compiler and
      // orders nothing at load time (scripts/lint/import-graph.mjs counts those circles).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYER_ZONES }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // JSON Schema, ui schemas and answers read in tests are `any` on purpose, behind named aliases
      // (JsonSchema, UiSchema); the strict compiler checks every other type.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // json-schema-to-typescript writes `{}` for an object schema without properties (npm run generate).
    files: ['generated/**'],
    rules: { '@typescript-eslint/no-empty-object-type': 'off' },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'engine/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
