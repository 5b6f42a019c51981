import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildUiSchema, defaultSpan, rowSpans } from '../../engine/form/uiSchema';
import { localizeErrors, pathSegments, serverErrorSchema, validator } from '../../engine/form/validation';
import { compactQuery, pickDeclared } from '../../engine/schema/fields';
import { formState, newRecord } from '../../engine/sheet/defaults';

const t = ((key: string, options?: { defaultValue?: string }) =>
  key === 'thing.title' ? 'Title' : key.startsWith('validation.') ? `«${key}»` : (options?.defaultValue ?? key)) as unknown as TFunction;

const schema = {
  type: 'object',
  required: ['title', 'kind'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', readOnly: true, title: 'thing.id' },
    title: { type: 'string', notBlank: true, title: 'thing.title', maxLength: 200 },
    kind: { type: 'string', enum: ['A', 'B'], 'x-enum': 'kind' },
    notes: { type: 'string', maxLength: 5000 },
    when: { type: 'string', format: 'date' },
    month: { type: 'string', format: 'yearMonth', 'x-default': 'currentMonth' },
    owner: { type: 'integer', 'x-lookup': { url: '/people' } },
    labels: { type: 'array', items: { type: 'integer' }, 'x-lookup': { url: '/labels', kind: 'tags' }, default: [] },
    flag: { type: 'boolean', default: false },
    price: { type: 'number', decimals: 2, minimum: 0 },
    lines: {
      type: 'array',
      items: { type: 'object', properties: { who: { type: 'integer', 'x-lookup': { url: '/people' } }, role: { type: 'string', maxLength: 100 } } },
    },
    steps: {
      type: 'array',
      items: { type: 'object', properties: { text: { type: 'string', maxLength: 100 }, done: { type: 'boolean' } } },
    },
  },
};

describe('engine uiSchema', () => {
  const ui = buildUiSchema(schema, { notes: { 'ui:options': { rows: 4 } }, steps: { items: { text: { 'ui:options': { span: 12 } } } } }, { t, mode: 'edit' });

  it('translates titles, humanizing missing ones', () => {
    expect(ui.title['ui:title']).toBe('Title');
    expect(ui.notes['ui:title']).toBe('Notes');
    expect(ui.id['ui:title']).toBe('Id');
  });

  it('picks the widget of each kind and keeps the ui file options', () => {
    expect([ui.when['ui:widget'], ui.month['ui:widget'], ui.kind['ui:widget'], ui.owner['ui:widget'], ui.labels['ui:widget'], ui.notes['ui:widget'], ui.flag['ui:widget']]).toEqual([
      'date', 'yearMonth', 'enumSelect', 'lookup', 'tags', 'textarea', 'checkbox',
    ]);
    expect(ui.title['ui:widget']).toBeUndefined();
    expect(ui.notes['ui:options']).toEqual({ rows: 4, span: 12 });
    expect(ui.title['ui:options'].span).toBe(6);
  });

  it('lays small array items out as table rows and wide ones as cards', () => {
    expect(ui.lines.items['ui:options'].layout).toBe('row');
    expect(ui.lines.items.who['ui:options']).toMatchObject({ label: false });
    expect(ui.lines.items.who['ui:options'].span + ui.lines.items.role['ui:options'].span).toBe(12);
    expect(ui.steps.items['ui:options'].layout).toBe('card');
    expect(ui.lines['ui:options'].span).toBe(12);
  });

  it('hides server-owned fields on create and lays filters out in one column with switches', () => {
    expect(buildUiSchema(schema, {}, { t, mode: 'create' }).id['ui:widget']).toBe('hidden');
    const filter = buildUiSchema(schema, {}, { t, mode: 'filter' });
    expect(filter.title['ui:options'].span).toBe(12);
    expect(filter.flag['ui:widget']).toBe('switch');
  });

  it('disables an x-writeRoles field for a caller without one of its flags, never in filters', () => {
    const guarded = { type: 'object', properties: { method: { type: 'string', enum: ['A', 'B'], 'x-writeRoles': ['ASSESSMENT_SELF'] } } };
    expect(buildUiSchema(guarded, {}, { t, mode: 'edit', roles: ['SEARCH_SERVICE'] }).method['ui:disabled']).toBe(true);
    expect(buildUiSchema(guarded, {}, { t, mode: 'create' }).method['ui:disabled']).toBe(true);
    expect(buildUiSchema(guarded, {}, { t, mode: 'edit', roles: ['ASSESSMENT_SELF'] }).method['ui:disabled']).toBeUndefined();
    expect(buildUiSchema(guarded, {}, { t, mode: 'filter', roles: [] }).method['ui:disabled']).toBeUndefined();
  });

  it('disables the x-valueRoles values a caller may not choose, never in filters', () => {
    const guarded = { type: 'object', properties: { department: { type: 'string', enum: ['INSP', 'AUDIT'], 'x-valueRoles': { INSP: ['CREATE_SERVICE_INSPECTION'], AUDIT: ['CREATE_SERVICE_AUDIT'] } } } };
    expect(buildUiSchema(guarded, {}, { t, mode: 'create', roles: ['CREATE_SERVICE_AUDIT'] }).department['ui:enumDisabled']).toEqual(['INSP']);
    expect(buildUiSchema(guarded, {}, { t, mode: 'edit', roles: ['CREATE_SERVICE_AUDIT', 'CREATE_SERVICE_INSPECTION'] }).department['ui:enumDisabled']).toBeUndefined();
    expect(buildUiSchema(guarded, {}, { t, mode: 'filter', roles: [] }).department['ui:enumDisabled']).toBeUndefined();
  });

  it('lets the ui file choose the widget', () => {
    expect(buildUiSchema(schema, { price: { 'ui:widget': 'money' } }, { t, mode: 'edit' }).price['ui:widget']).toBe('money');
  });

  it('computes row spans that fill 12 columns', () => {
    const spans = rowSpans([
      { name: 'a', kind: 'boolean' },
      { name: 'b', kind: 'date' },
      { name: 'c', kind: 'text' },
      { name: 'd', kind: 'longText' },
    ])!;
    expect(Object.values(spans).reduce((x, y) => x + y, 0)).toBe(12);
    expect(spans.d).toBeGreaterThan(spans.a);
    expect(rowSpans([{ name: 'a', kind: 'text', span: 8 }, { name: 'b', kind: 'text', span: 8 }])).toBeNull();
    expect(rowSpans([{ name: 'a', kind: 'objectList' }])).toBeNull();
    expect(rowSpans([])).toEqual({});
    const many = rowSpans(Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, kind: 'longText' as const })))!;
    expect(Object.values(many).every((span) => span === 1)).toBe(true);
    expect(defaultSpan('text', 'textarea')).toBe(12);
  });
});

describe('engine validation', () => {
  const errorsOf = (data: Record<string, unknown>) => validator.validateFormData(data, schema as never).errors.map((e) => `${e.property}:${e.name}`);

  it('applies the shared rules (notBlank, date, yearMonth, decimals)', () => {
    expect(errorsOf({ title: 'x', kind: 'A' })).toEqual([]);
    expect(errorsOf({ title: '   ', kind: 'A' })).toContain('.title:notBlank');
    expect(errorsOf({ title: 'x', kind: 'A', when: '2026-02-30' })).toContain('.when:format');
    expect(errorsOf({ title: 'x', kind: 'A', month: '2026-13' })).toContain('.month:format');
    expect(errorsOf({ title: 'x', kind: 'A', price: 1.234 })).toContain('.price:decimals');
    expect(errorsOf({ kind: 'C' })).toEqual(expect.arrayContaining(['title:required', '.kind:enum']));
  });

  it('marks a date before the sibling it must follow (onOrAfter), as the server does', () => {
    const dated = { type: 'object', properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date', onOrAfter: 'from' } } };
    const dateErrors = (data: Record<string, unknown>) => validator.validateFormData(data, dated as never).errors.map((e) => `${e.property}:${e.name}`);
    expect(dateErrors({ from: '2026-03-10', to: '2026-03-09' })).toEqual(['.to:onOrAfter']);
    expect(dateErrors({ from: '2026-03-10', to: '2026-03-10' })).toEqual([]);
    expect(dateErrors({ to: '2026-03-09' })).toEqual([]);
    const [error] = localizeErrors(t)([{ name: 'onOrAfter', property: '.to', message: '', stack: '', params: {}, schemaPath: '' }]);
    expect(error.message).toBe('«validation.beforeStart»');
  });

  it('marks a number above the sibling it may not exceed (notAbove) with the schema’s message, as the server does', () => {
    const counted = { type: 'object', properties: { shown: { type: 'integer' }, checked: { type: 'integer', notAbove: { field: 'shown', message: 'thing.overShown' } }, other: { type: 'integer', notAbove: { field: 'shown' } } } };
    const found = (data: Record<string, unknown>) => validator.validateFormData(data, counted as never).errors;
    expect(found({ shown: 6000, checked: 7000 }).map((e) => `${e.property}:${e.name}`)).toEqual(['.checked:notAbove']);
    expect(found({ shown: 6000, checked: 6000 })).toEqual([]);
    expect(found({ checked: 7000 })).toEqual([]);
    expect(localizeErrors(t)(found({ shown: 1, checked: 2 }))[0].message).toBe('thing.overShown');
    expect(localizeErrors(t)(found({ shown: 1, other: 2 }))[0].message).toBe('«validation.notAbove»');
  });

  it('localizes errors with the validation.* keys', () => {
    const [error] = localizeErrors(t)([{ name: 'required', property: '.title', message: 'must have', stack: '', params: {}, schemaPath: '' }]);
    expect(error.message).toBe('«validation.required»');
    const [maxTwo] = localizeErrors(t)([{ name: 'maxItems', property: '.x', message: '', stack: '', params: { limit: 2 }, schemaPath: '' }]);
    expect(maxTwo.message).toBe('«validation.maxTwo»');
  });

  it('turns server field errors into an error schema', () => {
    expect(pathSegments('/lines/0/who')).toEqual(['lines', '0', 'who']);
    expect(pathSegments('.title')).toEqual(['title']);
    expect(serverErrorSchema([{ path: '/title', message: 'required' }, { path: '/lines/0/who', message: 'Unknown' }, { path: '', message: 'Whole record' }])).toEqual({
      title: { __errors: ['required'] },
      lines: { 0: { who: { __errors: ['Unknown'] } } },
      __errors: ['Whole record'],
    });
    expect(serverErrorSchema([{ path: '/title', message: 'validation.required' }], t)).toEqual({ title: { __errors: ['«validation.required»'] } });
    expect(serverErrorSchema(undefined)).toEqual({});
  });
});

describe('sheet records', () => {
  it('starts a new record with schema and dynamic defaults', () => {
    const record = newRecord(schema);
    expect(record.labels).toEqual([]);
    expect(record.flag).toBe(false);
    expect(record.month).toMatch(/^\d{4}-\d{2}$/);
  });

  it('keeps only declared fields of a loaded record', () => {
    expect(pickDeclared(schema, { id: 3, title: 'x', version: 2, universeId: 1 })).toEqual({ id: 3, title: 'x' });
    expect(formState(schema, { id: 3, title: 'x', version: 2 })).toMatchObject({ id: 3, title: 'x', labels: [], flag: false });
    expect(formState(schema, { id: 3 })).not.toHaveProperty('version');
  });

  it('drops empty query values', () => {
    expect(compactQuery({ a: '', b: null, c: [], d: 0, e: ['X'], f: undefined, g: false })).toEqual({ d: 0, e: ['X'], g: false });
  });
});
