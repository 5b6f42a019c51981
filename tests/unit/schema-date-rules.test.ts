import { describe, expect, it } from 'vitest';
import { earliestToday, pastDateErrors } from '../../engine/schema/rules';

/** `notPast` (engine/schema/rules.ts): a new or changed date not before the earliest today on Earth. */
describe('notPast dates', () => {
  const schema = { properties: { shipDate: { notPast: true }, note: {} } };

  it('today is the date at UTC−12: a person east of the server keeps their today', () => {
    expect(earliestToday(new Date('2026-11-25T11:00:00Z'))).toBe('2026-11-24');
    expect(earliestToday(new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-25');
  });

  it('refuses a past date on create; accepts today and later', () => {
    expect(pastDateErrors(schema, { shipDate: '2026-11-24' }, '2026-11-25')).toEqual([{ path: '/shipDate', key: 'validation.notPast' }]);
    expect(pastDateErrors(schema, { shipDate: '2026-11-25' }, '2026-11-25')).toEqual([]);
    expect(pastDateErrors(schema, { note: '2000-01-01' }, '2026-11-25')).toEqual([]);
  });

  it('on update, only a changed value counts: a stored date may pass', () => {
    expect(pastDateErrors(schema, { shipDate: '2026-11-01' }, '2026-11-25', { shipDate: '2026-11-01' })).toEqual([]);
    expect(pastDateErrors(schema, { shipDate: '2026-11-02' }, '2026-11-25', { shipDate: '2026-11-01' })).toHaveLength(1);
    expect(pastDateErrors(schema, { shipDate: '2026-11-02' }, '2026-11-25', {})).toHaveLength(1);
  });
});
