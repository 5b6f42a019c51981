import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem } from '../../server/schemaCheck/check';
import { checkSchemas } from '../../server/schemaLoader';
import { loadRegistry, SchemaCheckError } from '../../server/schemas';

/**
 * lookups.json is configuration the loader checks like the schemas (server/schemaCheck/lookups.ts):
 * its meta-schema, then the enums, entities and paths it names. A broken file refuses the start.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const copies: string[] = [];

function copyWith(change: (config: any) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'qcflow-lookups-'));
  copies.push(dir);
  cpSync(join(root, 'schemas'), dir, { recursive: true });
  const file = join(dir, 'lookups.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  change(config);
  writeFileSync(file, JSON.stringify(config));
  return dir;
}
const lookupProblems = (dir: string) => checkSchemas(dir).filter((problem) => problem.file === 'lookups.json').map(formatProblem);

afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('lookups.json', { timeout: 30_000 }, () => {
  it('the product’s file is sound', () => {
    expect(checkSchemas(join(root, 'schemas')).filter((problem) => problem.file === 'lookups.json')).toEqual([]);
  });

  it('reports a misspelt key, a path outside /back/bo/ and a bad scope where they stand (meta-schema)', () => {
    const dir = copyWith((config) => {
      config.lookups.brands.lable = 'name';
      config.lookups.units.paths = ['/back/other/units'];
      config.lookups.strategies.scope = 'everybody';
    });
    expect(lookupProblems(dir)).toEqual([
      'lookups.json /lookups/units/paths/0: must match pattern "^/back/bo/[A-Za-z0-9/]+$"',
      'lookups.json /lookups/brands: unknown key lable',
      'lookups.json /lookups/strategies/scope: must be equal to one of the allowed values',
    ]);
  });

  it('reports unknown enums and values, a kind’s missing or foreign keys, an entity scope without entity, a path answered twice', () => {
    const dir = copyWith((config) => {
      config.lookups.serviceTypes.params.division.enum = 'departement';
      config.lookups.aqlSeverity.values = ['CRITICAL', 'FATAL'];
      delete config.lookups.brands.value;
      config.lookups.units.scope = 'company';
      config.lookups.purchaseOrderSizes.collections = ['sizeDrafts'];
      config.lookups.purchaseOrders.scope = 'entity';
      config.lookups.purchaseOrders.collection = 'purchaseOrderDrafts';
      config.lookups.sectors.paths = ['/back/bo/combospa/filters/brands'];
    });
    expect(lookupProblems(dir)).toEqual([
      'lookups.json /lookups/serviceTypes/params/division/enum: unknown enum departement (enums.json)',
      'lookups.json /lookups/units/scope: an enum lookup takes no scope',
      'lookups.json /lookups/aqlSeverity/values/1: FATAL is not a value of enum severity',
      'lookups.json /lookups/purchaseOrderSizes/scope: scope entity needs an entity of collection sizeDrafts',
      'lookups.json /lookups/purchaseOrders/scope: scope entity needs an entity of collection purchaseOrderDrafts',
      'lookups.json /lookups/brands: a collection lookup needs value',
      'lookups.json /lookups/sectors/paths/0: /back/bo/combospa/filters/brands is already the path of lookup brands',
    ]);
    expect(() => loadRegistry(dir)).toThrow(SchemaCheckError);
  });

  it('a provider lookup (a list the server computes) takes parameters but no store keys', () => {
    const dir = copyWith((config) => {
      config.lookups.countries.scope = 'company';
      config.lookups.countryProvinces.list = [{ value: 'Somewhere' }];
    });
    expect(lookupProblems(dir)).toEqual([
      'lookups.json /lookups/countryProvinces/provider: a list lookup takes no provider',
      'lookups.json /lookups/countries/scope: a provider lookup takes no scope',
    ]);
  });

  it('a folder without lookups.json declares none', () => {
    const dir = copyWith(() => undefined);
    rmSync(join(dir, 'lookups.json'));
    expect(loadRegistry(dir).lookups).toEqual({});
  });
});
