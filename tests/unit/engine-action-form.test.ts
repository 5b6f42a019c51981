import type { RJSFValidationError } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ActionFormConfig } from '../../engine/config';
import { localizeErrors } from '../../engine/form/validation';
import type { JsonSchema } from '../../engine/schema/resolve';
import { actionFormSchema, choiceQuery, initialValues, onChoiceField } from '../../engine/search/actionForm';

/** An entity with an object property, as the report's decision. */
const entity: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'thing.name', maxLength: 40 },
    verdict: {
      type: 'object',
      readOnly: true,
      properties: { outcome: { type: 'string', enum: ['GOOD', 'BAD'], title: 'thing.outcome' }, why: { type: 'string', maxLength: 200, title: 'thing.why' } },
    },
  },
};

describe('action forms (docs/schemas.md "Action forms")', () => {
  it('take the entity properties they name (a dotted path inside an object, named by its last part or by `name`), writable, then their own schema', () => {
    const form: ActionFormConfig = {
      entity: 'thing',
      fields: ['name', 'verdict.outcome', { field: 'verdict.why', name: 'comment' }, 'verdict.nothing'],
      schema: { to: { type: 'array', items: { type: 'integer' }, title: 'thing.to' } },
      required: ['outcome'],
    };
    const schema = actionFormSchema(form, entity);
    expect(Object.keys(schema.properties ?? {})).toEqual(['name', 'outcome', 'comment', 'to']);
    expect(schema.properties.comment).toEqual({ type: 'string', maxLength: 200, title: 'thing.why', readOnly: false });
    expect(schema.properties.outcome.enum).toEqual(['GOOD', 'BAD']);
    expect(schema.required).toEqual(['outcome']);
    expect(actionFormSchema({ fields: ['name'] }, undefined).properties).toEqual({});
  });

  it('open with values filled from the row, leaving out empty ones and, for a field with choices, those that may not be chosen', () => {
    const form: ActionFormConfig = { values: { outcome: '{verdict.outcome}', why: '{verdict.why}', to: ['{author}', '{owner}', 9], version: '{version}' } };
    const row = { verdict: { outcome: 'BAD', why: '' }, author: 4, owner: 5, version: 2 };
    const choices = {
      to: [
        { value: 4, label: 'Ann', disabled: false },
        { value: 5, label: 'Bob', disabled: true },
      ],
    };
    expect(initialValues(form, row, choices)).toEqual({ outcome: 'BAD', to: [4], version: 2 });
    // Nothing choosable left: the list is left out rather than sent empty.
    expect(initialValues(form, { ...row, author: 7 }, choices)).toEqual({ outcome: 'BAD', version: 2 });
    expect(initialValues({}, row, {})).toEqual({});
  });

  it('read choices with a query of the row values, a list parameter dropping the empty ones', () => {
    const row = { client: 3, supplier: 8, factory: null, agent: '', id: 5 };
    expect(choiceQuery({ companyId: ['{client}', '{supplier}', '{factory}', '{agent}'], service: '{id}', empty: '{agent}' }, row)).toEqual({ companyId: [3, 8], service: 5 });
    expect(choiceQuery({ companyId: ['{factory}'] }, row)).toEqual({});
    expect(choiceQuery(undefined, row)).toEqual({});
  });

  it('show a refused item of a choice list on the list, named by its label; other refusals stay where they are', () => {
    const choices = {
      to: [
        { value: 4, label: 'Ann' },
        { value: 5, label: 'Bob' },
      ],
    };
    const values = { to: [4, 5], name: 'x' };
    expect(onChoiceField({ path: '/to/1', message: 'takes no e-mail' }, values, choices)).toEqual({ path: '/to', message: 'Bob: takes no e-mail' });
    expect(onChoiceField({ path: '/to', message: 'at least one' }, values, choices)).toEqual({ path: '/to', message: 'at least one' });
    expect(onChoiceField({ path: '/to/7', message: 'unknown' }, values, choices)).toEqual({ path: '/to/7', message: 'unknown' });
    expect(onChoiceField({ path: '/name', message: 'too long' }, values, choices)).toEqual({ path: '/name', message: 'too long' });
  });

  it('give a field its own message for a rule when its uiSchema names one (`ui:messages`), the engine message otherwise', () => {
    const t = ((key: string) => `<${key}>`) as unknown as TFunction;
    const errors: RJSFValidationError[] = [
      { name: 'required', property: '.comment', params: { missingProperty: 'comment' }, stack: '' },
      { name: 'required', property: '.name', params: { missingProperty: 'name' }, stack: '' },
      { name: 'required', property: '.lines.0.qty', params: { missingProperty: 'qty' }, stack: '' },
    ];
    const ui = { comment: { 'ui:messages': { required: 'report.reopenReasonRequired' } }, lines: { qty: { 'ui:messages': { required: 'lines.qtyRequired' } } } };
    const [comment, name, qty] = localizeErrors(t)(errors, ui).map((error) => error.message);
    expect(comment).toBe('<report.reopenReasonRequired>');
    expect(name).not.toContain('reopenReasonRequired');
    expect(name).toMatch(/^<validation\./);
    expect(qty).toBe('<lines.qtyRequired>');
  });
});
