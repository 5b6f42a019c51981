import { describe, expect, it } from 'vitest';
import { effectiveKeywords } from '../../app/pages/services/search/KeywordsBox';
import { canCreateService } from '../../app/pages/services/search/NewServiceButton';
import { GRID_COLUMNS, gridEntity } from '../../app/pages/services/search/searchColumns';
import { prioritySummary, serviceRows } from '../../app/pages/services/search/searchRows';
import type { AppConfig } from '../../engine/config';
import { columnField } from '../../engine/config';

const answer = {
  services: [
    { serviceId: 1, number: 'S-000001', type: 'INSP_FINAL_RANDOM', serviceStep: 'OPENED', client: 3, supplier: 4, factory: 5, startDate: '2026-05-02', contributors: [5, 6], tags: [3] },
    { serviceId: 2, number: 'S-000002', type: 'AUDIT_SOCIAL', serviceStep: 'CONFIRMED', client: 3, contributors: [99], tags: [] },
  ],
  purchaseOrderLines: [
    { serviceId: 1, poNumber: 'PO-1' },
    { serviceId: 1, poNumber: 'PO-2' },
    { serviceId: 1, poNumber: 'PO-1' },
    { serviceId: 2 },
  ],
  taskLevels: { '1': 'HIGH', '2': 'LOW' },
  contributors: [
    { contactId: 5, fullName: 'Tom Becker', acronym: 'TB' },
    { contactId: 6, fullName: 'Ana Moreau' },
  ],
  tags: [{ tagId: 3, localizedName: 'Urgent', color: '#fa5252' }],
  hitLimit: false,
};

describe('service search rows', () => {
  it('turns the object answer into one row per service with task level, contributor acronyms and PO numbers', () => {
    const rows = serviceRows(answer);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ serviceId: 1, number: 'S-000001', taskLevel: 'HIGH', contributorAcronyms: 'TB, Ana Moreau', poNumbers: 'PO-1, PO-2', tags: [3] });
    // A contributor the answer does not describe is left out rather than shown as an id.
    expect(rows[1]).toMatchObject({ serviceId: 2, taskLevel: 'LOW', contributorAcronyms: '', poNumbers: '' });
  });

  it('gives no rows for an answer that is not a search answer', () => {
    expect(serviceRows(null)).toEqual([]);
    expect(serviceRows([{ serviceId: 1 }])).toEqual([]);
    expect(serviceRows({ services: 'no' })).toEqual([]);
  });

  it('keeps what the priority list shows of a row', () => {
    const [row] = serviceRows(answer);
    expect(prioritySummary(row)).toEqual({
      serviceId: 1, number: 'S-000001', type: 'INSP_FINAL_RANDOM', serviceStep: 'OPENED', startDate: '2026-05-02', client: 3, supplier: 4, factory: 5,
    });
  });

  it('declares every derived grid column in the grid schema, with a label key', () => {
    const config = { entities: { service: { type: 'object', properties: { number: { type: 'string' } } } }, enums: { taskLevel: { type: 'string', enum: ['LOW', 'MID', 'HIGH'] } } } as unknown as AppConfig;
    const props = gridEntity(config).properties as Record<string, { title?: string; enum?: string[]; 'x-enum'?: string }>;
    for (const field of ['taskLevel', 'contributorAcronyms', 'poNumbers']) {
      expect(GRID_COLUMNS.map(columnField)).toContain(field);
      expect(props[field]?.title).toMatch(/^serviceSearch\.column\./);
    }
    expect(props.taskLevel).toMatchObject({ enum: ['LOW', 'MID', 'HIGH'], 'x-enum': 'taskLevel' });
    expect(props.number).toEqual({ type: 'string' });
  });
});

describe('service search toolbar rules', () => {
  it('searches keywords from 3 letters, at most 100, trimmed', () => {
    expect(effectiveKeywords('  ab ')).toBe('');
    expect(effectiveKeywords(' shirt ')).toBe('shirt');
    expect(effectiveKeywords('x'.repeat(120))).toHaveLength(100);
  });

  it('offers "New service" only with a CREATE_SERVICE flag', () => {
    expect(canCreateService(['SEARCH_SERVICE', 'CREATE_SERVICE_AUDIT'])).toBe(true);
    expect(canCreateService(['CREATE_SERVICE'])).toBe(true);
    expect(canCreateService(['SEARCH_SERVICE', 'SUPER_ADMIN'])).toBe(false);
  });
});
