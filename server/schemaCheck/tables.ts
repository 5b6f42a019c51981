import Ajv, { type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../../engine/schema/resolve';
import { AQL_LEVELS, AQL_LIMITS, INSPECTIONS, aqlRules, type AqlTables } from '../../domain/aql';
import type { ReportTables } from '../../domain/report';
import type { SchemaProblem } from './problem';

/**
 * The reference tables a config author may change (aql.json, reportStandards.json): their shape,
 * and what the report rules need of them — every code letter of Table I has a row in each
 * inspection table, every arrow leads to a plan, every standard of enums.json has its rule.
 */
/** A cell: an arrow ("up", "down") or a plan [Ac, Re]. */
const cell = { if: { type: 'string' }, then: { enum: ['up', 'down'] }, else: { type: 'array', items: [{ type: 'integer', minimum: 0 }, { type: 'integer', minimum: 1 }], minItems: 2, maxItems: 2 } };
const inspection = {
  type: 'object',
  required: ['sampleSizes', 'rows'],
  properties: {
    sampleSizes: { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } },
    rows: { type: 'object', minProperties: 1, additionalProperties: { type: 'array', items: cell, minItems: AQL_LIMITS.length, maxItems: AQL_LIMITS.length } },
  },
};
const aqlMeta = {
  type: 'object',
  required: ['codeLetters', 'inspections'],
  properties: {
    codeLetters: {
      type: 'object',
      required: ['rows'],
      properties: {
        rows: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['from', 'to', 'letters'],
            properties: { from: { type: 'integer', minimum: 2 }, to: { type: ['integer', 'null'] }, letters: { type: 'array', items: { type: 'string' }, minItems: AQL_LEVELS.length, maxItems: AQL_LEVELS.length } },
          },
        },
      },
    },
    inspections: { type: 'object', required: [...INSPECTIONS], properties: Object.fromEntries(INSPECTIONS.map((name) => [name, inspection])) },
  },
};
const standardsMeta = {
  type: 'object',
  required: ['standards'],
  properties: {
    standards: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['aqlEligible'],
        additionalProperties: false,
        properties: { aqlEligible: { type: 'boolean' }, default: { type: 'object', additionalProperties: { type: 'string' } } },
      },
    },
  },
};

let validators: { aql: ValidateFunction; reportStandards: ValidateFunction } | undefined;
const metaOf = () => {
  if (validators) return validators;
  const ajv = new Ajv({ allErrors: true, strict: false });
  return (validators = { aql: ajv.compile(aqlMeta), reportStandards: ajv.compile(standardsMeta) });
};

function shapeProblems(file: string, content: unknown, validate: ValidateFunction): SchemaProblem[] {
  if (validate(content)) return [];
  // An `if` failure is explained by the errors of its `then` or `else`.
  return (validate.errors ?? []).filter((error) => error.keyword !== 'if').map((error) => ({ file, path: error.instancePath, message: error.message ?? 'invalid' }));
}

/** Cross checks of a well-shaped AQL table: letters of Table I have rows and sample sizes, arrows end on a plan. */
function aqlProblems(tables: AqlTables): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const file = 'aql.json';
  const rules = aqlRules(tables);
  const letters = new Set(tables.codeLetters.rows.flatMap((row) => row.letters));
  for (const name of INSPECTIONS) {
    const table = tables.inspections[name];
    for (const letter of letters) if (!Object.hasOwn(table.rows, letter)) problems.push({ file, path: `/inspections/${name}/rows`, message: `no row for code letter ${letter}` });
    for (const letter of Object.keys(table.rows)) {
      if (!Object.hasOwn(table.sampleSizes, letter)) problems.push({ file, path: `/inspections/${name}/sampleSizes`, message: `no sample size for row ${letter}` });
      AQL_LIMITS.forEach((aql, column) => {
        try {
          rules.resolveCell(name, letter, aql);
        } catch {
          problems.push({ file, path: `/inspections/${name}/rows/${letter}/${column}`, message: `the arrow of ${letter} at AQL ${aql} leads to no plan` });
        }
      });
    }
  }
  return problems;
}

/** Every problem of the reference tables (none: the report rules can use them). */
export function tableProblems(tables: ReportTables, enums: Record<string, JsonSchema>): SchemaProblem[] {
  const meta = metaOf();
  const aql = shapeProblems('aql.json', tables.aql, meta.aql);
  const standards = shapeProblems('reportStandards.json', tables.reportStandards, meta.reportStandards);
  const problems = [...aql, ...standards];
  if (!aql.length) problems.push(...aqlProblems(tables.aql));
  if (!standards.length) {
    for (const standard of (enums.reportStandard?.enum ?? []) as string[]) {
      if (!Object.hasOwn(tables.reportStandards.standards, standard)) problems.push({ file: 'reportStandards.json', path: '/standards', message: `no rule for the standard ${standard} (enums.json reportStandard)` });
    }
  }
  return problems;
}
