import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CreateConfig } from '../../engine/config';
import { conditionHolds } from '../../engine/record/header/conditions';
import { answerRows, withAnswerFields, type AnswerConfig } from '../../engine/search/answerRows';
import { effectiveKeywords } from '../../engine/search/KeywordsBox';

const readJson = (path: string) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));
/** The service search form's `x-answer`, as configured. */
const serviceAnswer = readJson('schemas/search/service.json')['x-answer'] as AnswerConfig;

const answer = {
  services: [
    { serviceId: 1, number: 'S-000001', type: 'INSP_FINAL_RANDOM', serviceStep: 'OPENED', client: 3, supplier: 4, factory: 5, startDate: '2026-05-02', contributors: [5, 6], tags: [3] },
    { serviceId: 2, number: 'S-000002', type: 'AUDIT_SOCIAL', serviceStep: 'CONFIRMED', client: 3, contributors: [99], tags: [] },
  ],
  purchaseOrderLines: [{ serviceId: 1, poNumber: 'PO-1' }, { serviceId: 1, poNumber: 'PO-2' }, { serviceId: 1, poNumber: 'PO-1' }, { serviceId: 2 }],
  taskLevels: { '1': 'HIGH', '2': 'LOW' },
  contributors: [
    { contactId: 5, fullName: 'Tom Becker', acronym: 'TB' },
    { contactId: 6, fullName: 'Ana Moreau', acronym: '' },
  ],
  tags: [{ tagId: 3, localizedName: 'Urgent', color: '#fa5252' }],
  hitLimit: false,
};

describe('search answers with references (x-answer)', () => {
  it('turns the service answer into one row per service with task level, contributor acronyms and PO numbers', () => {
    const rows = answerRows(serviceAnswer, 'serviceId', answer);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ serviceId: 1, number: 'S-000001', taskLevel: 'HIGH', contributorAcronyms: 'TB, Ana Moreau', poNumbers: 'PO-1, PO-2', tags: [3] });
    // A contributor the answer does not describe is left out rather than shown as an id.
    expect(rows[1]).toMatchObject({ serviceId: 2, taskLevel: 'LOW', contributorAcronyms: '', poNumbers: '' });
  });

  it('reads any answer so configured: a map by id, ids of a list, items pointing at the row', () => {
    const config: AnswerConfig = {
      rows: 'widgets',
      fields: {
        grade: { title: 'widget.grade', from: 'grades' },
        makers: { title: 'widget.makers', from: 'people', ids: 'makerIds', key: 'personId', text: ['nickname', 'name'] },
        parts: { title: 'widget.parts', from: 'parts', match: 'widgetCode', text: ['label'] },
      },
    };
    const data = {
      widgets: [{ code: 'W1', makerIds: ['p2', 'p1'] }, { code: 'W2' }],
      grades: { W1: 'A' },
      people: [
        { personId: 'p1', name: 'Ann' },
        { personId: 'p2', nickname: 'Bo', name: 'Bob' },
      ],
      parts: [{ widgetCode: 'W2', label: 'bolt' }, { widgetCode: 'W2', label: 'nut' }, { widgetCode: 'W1' }],
    };
    expect(answerRows(config, 'code', data)).toEqual([
      { code: 'W1', makerIds: ['p2', 'p1'], grade: 'A', makers: 'Bo, Ann', parts: '' },
      { code: 'W2', grade: null, makers: '', parts: 'bolt, nut' },
    ]);
  });

  it('gives no rows for an answer that is not such an object', () => {
    expect(answerRows(serviceAnswer, 'serviceId', null)).toEqual([]);
    expect(answerRows(serviceAnswer, 'serviceId', [{ serviceId: 1 }])).toEqual([]);
    expect(answerRows(serviceAnswer, 'serviceId', { services: 'no' })).toEqual([]);
  });

  it('declares each answer field in the grid schema, with its label key and enum', () => {
    const entity = { type: 'object', properties: { number: { type: 'string' } } };
    const props = withAnswerFields(entity, serviceAnswer, { taskLevel: { type: 'string', enum: ['LOW', 'MID', 'HIGH'] } }).properties as Record<string, Record<string, unknown>>;
    for (const field of ['taskLevel', 'contributorAcronyms', 'poNumbers']) expect(props[field]?.title).toMatch(/^serviceSearch\.column\./);
    expect(props.taskLevel).toMatchObject({ enum: ['LOW', 'MID', 'HIGH'], 'x-enum': 'taskLevel' });
    expect(props.number).toEqual({ type: 'string' });
    expect(withAnswerFields(entity, undefined, {})).toBe(entity);
  });
});

describe('search screen toolbar and create button', () => {
  it('searches keywords from 3 letters, at most 100, trimmed', () => {
    expect(effectiveKeywords('  ab ')).toBe('');
    expect(effectiveKeywords(' shirt ')).toBe('shirt');
    expect(effectiveKeywords('x'.repeat(120))).toHaveLength(100);
  });

  it('offers the wizards the profile asks for: the full one, the quick one, or both as a menu', () => {
    const create = readJson('schemas/screens/serviceSearch.json').create as CreateConfig;
    const offered = (customServiceType?: string) => create.items.filter((item) => conditionHolds(item.when, { customServiceType })).map((item) => item.to);
    expect(offered('FULL')).toEqual(['/services/wizard']);
    expect(offered(undefined)).toEqual(['/services/wizard']);
    expect(offered('QUICK')).toEqual(['/services/wizard?mode=QUICK']);
    expect(offered('BOTH')).toEqual(['/services/wizard', '/services/wizard?mode=QUICK']);
    expect(create.roles).toContain('CREATE_SERVICE_AUDIT');
    expect(create.roles).not.toContain('SEARCH_SERVICE');
  });
});
