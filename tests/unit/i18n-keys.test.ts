import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workflows } from '../../machines/index';
import { loadSchemaTree, readJson } from '../../scripts/generate/load';
import { configMachines } from '../../server/schemaCheck/check';
import { labelKeys } from '../../server/schemaCheck/labelKeys';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tree = loadSchemaTree(join(root, 'schemas'));
// The machines of machines/ and those written as JSON (schemas/machines/), as npm run check:schemas reads them.
const used = labelKeys(tree, { ...workflows, ...configMachines(tree.machines, workflows, []) });

describe('labels of schemas/ in schemas/locales', () => {
  it('finds the keys of every kind of use (titles, messages, screens, sections, enums, workflow actions, answer columns, the texts of a side panel)', () => {
    for (const key of ['capa.entity', 'capa.title', 'search.fromDate', 'capa.created', 'screen.capaSearch.description', 'matrix8d.section.d1', 'matrix8d.member', 'enum.currency.EUR', 'workflow.capa.START', 'serviceSearch.column.taskLevel', 'serviceSearch.priorities.clearConfirm']) {
      expect(used.has(key), key).toBe(true);
    }
    expect([...used.keys()].some((key) => key.startsWith('$') || key.includes(' '))).toBe(false);
  });

  it.each(['en', 'fr', 'it'])('%s.json has a non-empty text for every used key', (language) => {
    const labels: Record<string, unknown> = readJson(join(root, 'schemas', 'locales', `${language}.json`));
    const missing = [...used].filter(([key]) => typeof labels[key] !== 'string' || !(labels[key] as string).trim());
    expect(missing.map(([key, where]) => `${key} (${where.file} ${where.path})`)).toEqual([]);
  });

  it('has no label that schemas/ no longer use (app texts belong in app/locales)', () => {
    const labels = Object.keys(readJson(join(root, 'schemas', 'locales', 'en.json')));
    expect(labels.filter((key) => !used.has(key))).toEqual([]);
  });

  it('English texts of the spec for success messages and 8D sections', () => {
    const en: Record<string, string> = readJson(join(root, 'schemas', 'locales', 'en.json'));
    expect([en['capa.created'], en['capa.updated'], en['matrix8d.created'], en['nonCompliance.updated']]).toEqual(['CAPA created', 'CAPA updated', '8D created', 'Non-compliance updated']);
    expect(en['matrix8d.section.d4']).toBe('D4 Root cause');
  });
});
