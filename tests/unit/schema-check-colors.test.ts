import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem } from '../../server/schemaCheck/check';
import { checkSchemas } from '../../server/schemaLoader';
import { loadRegistry, SchemaCheckError } from '../../server/schemas';

/** `npm run check:schemas` on value colours (docs/schemas.md "Value colours"): a copy of schemas/ with bad ones. */
const root = fileURLToPath(new URL('../..', import.meta.url));
let copy: string | undefined;

function changedCopy(changes: Record<string, (json: any) => void>): string {
  copy = mkdtempSync(join(tmpdir(), 'qcflow-colours-'));
  cpSync(join(root, 'schemas'), copy, { recursive: true });
  for (const [file, change] of Object.entries(changes)) {
    const json = JSON.parse(readFileSync(join(copy, file), 'utf8'));
    change(json);
    writeFileSync(join(copy, file), JSON.stringify(json, null, 2));
  }
  return copy;
}

afterEach(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = undefined;
});

// Each test checks a whole copy of schemas/ (the first compiles the meta-schemas): seconds on a busy machine.
describe('check:schemas on value colours', { timeout: 30_000 }, () => {
  it('reports an x-colors of enums.json with a value its enum lacks, or a colour not of the theme', () => {
    const dir = changedCopy({
      'enums.json': (enums) => {
        Object.assign(enums.$defs.feeStatus['x-colors'], { TOFIX: 'purple', PAID: 'teal' });
        enums.$defs.capaStatus['x-colors'].NEW = 'blue.12';
        enums.$defs.language['x-colors'] = ['teal'];
        enums.$defs.fileDomain = { type: 'string', 'x-colors': { A: 'red' } };
      },
    });
    const hint = 'use a colour of the theme (dark, gray, red, pink, grape, violet, indigo, blue, cyan, teal, green, lime, yellow, orange, brand), a shade such as teal.6, or #rrggbb';
    const problems = checkSchemas(dir).filter((problem) => problem.file === 'enums.json');
    expect(problems.map(formatProblem)).toEqual(
      expect.arrayContaining([
        `enums.json /$defs/feeStatus/x-colors/TOFIX: not a colour: "purple"; ${hint}`,
        'enums.json /$defs/feeStatus/x-colors/PAID: unknown value PAID: not a value of enum feeStatus (CREATED, TOFIX, TOVALIDATE, VALID)',
        `enums.json /$defs/capaStatus/x-colors/NEW: not a colour: "blue.12"; ${hint}`,
        'enums.json /$defs/language/x-colors: must be an object: enum value → colour',
        'enums.json /$defs/fileDomain/x-colors: x-colors needs an enum beside it',
      ]),
    );
    expect(problems).toHaveLength(5);
  });

  it("reports a property's own x-colors against its enum, inline or of enums.json", () => {
    const dir = changedCopy({
      'entities/fee.json': (fee) => {
        fee.properties.status['x-colors'] = { VALID: '#12b886', LOST: 'red' };
        fee.properties.comment['x-colors'] = { A: 'red' };
      },
      'entities/capa.json': (capa) => (capa.properties.title = { type: 'string', enum: ['A', 'B'], 'x-colors': { A: 'brand.7', C: 'sky' } }),
    });
    expect(checkSchemas(dir).map(formatProblem).filter((problem) => problem.includes('x-colors'))).toEqual([
      'entities/capa.json /properties/title/x-colors/C: unknown value C: not a value of its enum (A, B)',
      expect.stringMatching(/^entities\/capa\.json \/properties\/title\/x-colors\/C: not a colour: "sky"; /),
      'entities/fee.json /properties/status/x-colors/LOST: unknown value LOST: not a value of enum feeStatus (CREATED, TOFIX, TOVALIDATE, VALID)',
      'entities/fee.json /properties/comment/x-colors: x-colors needs an enum beside it',
    ]);
  });

  it("reports a screen's colours: a column's colours of its enum, a series' colour, an unknown enum", () => {
    const dir = changedCopy({
      'screens/activity.json': (screen) => {
        const table = screen.panels.find((panel: { kind: string }) => panel.kind === 'dataTable');
        table.columns.find((column: { colors?: object }) => column.colors).colors.SALES = 'pink';
        screen.panels[0].series[0].color = 'grey.5';
        screen.panels[0].enum = 'serviceStepp';
      },
    });
    // datacenterActivity.json is `like` /activity: it shows the same panels, so the same problems.
    expect(checkSchemas(dir).map(formatProblem)).toEqual(
      ['activity', 'datacenterActivity'].flatMap((screen) => [
        `screens/${screen}.json /panels/0/enum: unknown enum serviceStepp (enums.json)`,
        expect.stringMatching(new RegExp(`^screens/${screen}\\.json /panels/0/series/0/color: not a colour: "grey\\.5"; `)),
        expect.stringMatching(new RegExp(`^screens/${screen}\\.json /panels/\\d+/columns/\\d+/colors/SALES: unknown value SALES: not a value of enum department \\(INSP, CON, AUDIT, LAB\\)$`)),
      ]),
    );
  });

  it('keeps the server from starting on a bad colour', () => {
    const dir = changedCopy({ 'enums.json': (enums) => (enums.$defs.feeStatus['x-colors'].TOFIX = 'crimson') });
    expect(() => loadRegistry(dir)).toThrow(SchemaCheckError);
    expect(() => loadRegistry(dir)).toThrow(/enums\.json \/\$defs\/feeStatus\/x-colors\/TOFIX: not a colour: "crimson"/);
  });
});
