import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem } from '../../server/schemaCheck/check';
import { checkSchemas } from '../../server/schemaLoader';
import { loadRegistry, SchemaCheckError } from '../../server/schemas';

/**
 * The reference tables are configuration the loader checks like the schemas (server/schemaCheck/tables.ts):
 * a config author's broken aql.json or reportStandards.json is reported with its file and pointer, and
 * refuses the start, instead of failing a report later.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const copies: string[] = [];

function copyWith(changes: Record<string, (json: any) => void>): string {
  const dir = mkdtempSync(join(tmpdir(), 'qcflow-tables-'));
  copies.push(dir);
  cpSync(join(root, 'schemas'), dir, { recursive: true });
  for (const [file, change] of Object.entries(changes)) {
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    change(json);
    writeFileSync(join(dir, file), JSON.stringify(json));
  }
  return dir;
}
const problemsOf = (dir: string) => checkSchemas(dir).map(formatProblem);

afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Each test checks a whole copy of schemas/ (compiling its meta-schemas first): seconds on a busy shared machine.
describe('the reference tables', { timeout: 30_000 }, () => {
  it('report a cell that is no plan nor arrow, and a row of the wrong length', () => {
    const dir = copyWith({
      'aql.json': (aql) => {
        aql.inspections.NORMAL.rows.J[12] = [5, 'six'];
        aql.inspections.REDUCED.rows.K.pop();
      },
    });
    expect(problemsOf(dir)).toEqual([
      'aql.json /inspections/NORMAL/rows/J/12/1: must be integer',
      'aql.json /inspections/REDUCED/rows/K: must NOT have fewer than 16 items',
    ]);
  });

  it('report an arrow that leads to no plan, a code letter without a row and a row without a sample size', () => {
    const dir = copyWith({
      'aql.json': (aql) => {
        aql.inspections.NORMAL.rows.A[0] = 'up';
        aql.codeLetters.rows[0].letters[0] = 'Z';
        delete aql.inspections.REDUCED.sampleSizes.Q;
      },
    });
    expect(problemsOf(dir)).toEqual([
      'aql.json /inspections/NORMAL/rows: no row for code letter Z',
      'aql.json /inspections/NORMAL/rows/A/0: the arrow of A at AQL 0.010 leads to no plan',
      'aql.json /inspections/TIGHTENED/rows: no row for code letter Z',
      'aql.json /inspections/REDUCED/rows: no row for code letter Z',
      'aql.json /inspections/REDUCED/sampleSizes: no sample size for row Q',
    ]);
  });

  it('report a standard of enums.json without its rule, and a rule of the wrong shape', () => {
    const dir = copyWith({
      'reportStandards.json': (table) => {
        delete table.standards.FULL_INSPECTION;
        table.standards.CLIENT_PROTOCOL = { aqlEligible: 'yes' };
      },
    });
    expect(problemsOf(dir)).toEqual(['reportStandards.json /standards/CLIENT_PROTOCOL/aqlEligible: must be boolean']);
    const fixed = copyWith({ 'reportStandards.json': (table) => delete table.standards.FULL_INSPECTION });
    expect(problemsOf(fixed)).toEqual(['reportStandards.json /standards: no rule for the standard FULL_INSPECTION (enums.json reportStandard)']);
  });

  it('report a missing table', () => {
    const dir = copyWith({});
    rmSync(join(dir, 'reportStandards.json'));
    expect(problemsOf(dir)).toEqual(['reportStandards.json /: missing', "reportStandards.json /: must have required property 'standards'"]);
  });

  it('refuse the start, and npm run check:schemas reads SCHEMAS_DIR when given no folder', () => {
    const dir = copyWith({ 'aql.json': (aql) => (aql.inspections.NORMAL.rows.A[0] = 'up') });
    const expected = 'aql.json /inspections/NORMAL/rows/A/0: the arrow of A at AQL 0.010 leads to no plan';
    expect(() => loadRegistry(dir)).toThrow(SchemaCheckError);
    expect(() => loadRegistry(dir)).toThrow(expected);
    let output = '';
    let status = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/check-schemas.ts'], { cwd: root, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, SCHEMAS_DIR: dir } });
    } catch (error) {
      ({ stdout: output, status } = error as { stdout: string; status: number });
    }
    expect(status).toBe(1);
    expect(output).toContain(`${dir}/${expected}`);
  });
});
