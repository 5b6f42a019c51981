import { describe, expect, it } from 'vitest';
import type { RowActionConfig } from '../../engine/config';
import { actionBody, actionUrl, allowedActions, failureText, rowActionsFor, rowMatches, successValues } from '../../engine/search/rowActions';
import { tableColumns } from '../../engine/charts/tableCells';
import { registerWidget, withRegisteredWidgets } from '../../engine/form/widgetRegistry';
import { withoutDescriptions } from '../../engine/schema/fields';

const act = (name: string, extra: Partial<RowActionConfig> = {}): RowActionConfig => ({ name, label: `x.${name}`, url: `/back/x/{id}/${name}`, ...extra });

describe('row actions', () => {
  it('are offered only to users holding one of their roles (none listed: everyone)', () => {
    const actions = [act('open'), act('become', { roles: ['POWER', 'ROOT'] }), act('none', { roles: [] })];
    expect(allowedActions(actions, ['USER']).map((a) => a.name)).toEqual(['open', 'none']);
    expect(allowedActions(actions, ['ROOT']).map((a) => a.name)).toEqual(['open', 'become', 'none']);
    expect(allowedActions(undefined, ['ROOT'])).toEqual([]);
  });

  it('show on rows matching every `when` condition: equal values, or emptiness', () => {
    expect(rowMatches({ locked: true }, { locked: true })).toBe(true);
    expect(rowMatches({ locked: true }, { locked: false })).toBe(false);
    expect(rowMatches({ locked: true }, {})).toBe(false);
    expect(rowMatches({ tags: { empty: false } }, { tags: ['A'] })).toBe(true);
    expect(rowMatches({ tags: { empty: false } }, { tags: [] })).toBe(false);
    expect(rowMatches({ tags: { empty: false } }, {})).toBe(false);
    expect(rowMatches({ note: { empty: true } }, { note: '' })).toBe(true);
    expect(rowMatches({ tags: { empty: false }, locked: true }, { tags: ['A'], locked: false })).toBe(false);
    expect(rowMatches(undefined, { any: 1 })).toBe(true);
    const actions = [act('always'), act('unlock', { when: { locked: true } })];
    expect(rowActionsFor(actions, { locked: false }).map((a) => a.name)).toEqual(['always']);
    expect(rowActionsFor(actions, { locked: true }).map((a) => a.name)).toEqual(['always', 'unlock']);
  });

  it('read dotted paths of the row and the operators of a record header (not, in, notIn), several on one value', () => {
    const row = { rights: { decision: 'WRITE', report: 'READ' }, clientDecision: 'REFUSED', step: 'TERMINATED' };
    expect(rowMatches({ 'rights.decision': 'WRITE' }, row)).toBe(true);
    expect(rowMatches({ 'rights.report': 'WRITE' }, row)).toBe(false);
    expect(rowMatches({ 'rights.missing.deeper': { empty: true } }, row)).toBe(true);
    expect(rowMatches({ clientDecision: { empty: false, not: 'PENDING' } }, row)).toBe(true);
    expect(rowMatches({ clientDecision: { empty: false, not: 'PENDING' } }, { clientDecision: 'PENDING' })).toBe(false);
    expect(rowMatches({ clientDecision: { empty: false, not: 'PENDING' } }, {})).toBe(false);
    expect(rowMatches({ step: { in: ['CONFIRMED', 'TERMINATED'] } }, row)).toBe(true);
    expect(rowMatches({ step: { notIn: ['CONFIRMED', 'TERMINATED'] } }, row)).toBe(false);
  });

  it('send a body whose whole-value templates keep the value as is (dotted paths read into objects), in lists too', () => {
    const row = { version: 3, creator: 12, decision: { comment: 'Late', by: { id: 4 } }, name: 'Ann' };
    expect(actionBody({ version: '{version}', comment: '{decision.comment}', by: '{decision.by.id}', to: ['{creator}', 7], note: 'for {name}' }, row)).toEqual({
      version: 3,
      comment: 'Late',
      by: 4,
      to: [12, 7],
      note: 'for Ann',
    });
    expect(actionBody({ missing: '{decision.none}', list: ['{nobody}'] }, row)).toEqual({ missing: undefined, list: [undefined] });
  });

  it('call a url whose placeholders take the row values, URL-encoded', () => {
    expect(actionUrl('/back/login/as?username={email}', { email: 'a+b@x.test' })).toBe('/back/login/as?username=a%2Bb%40x.test');
    expect(actionUrl('/back/x/{id}/welcome', { id: 12 })).toBe('/back/x/12/welcome');
    expect(actionUrl('/back/x/{id}/{code}', { id: 3, code: 'a/b c' })).toBe('/back/x/3/a%2Fb%20c');
  });

  it('are not run when a placeholder has no value', () => {
    expect(actionUrl('/back/x/{id}', {})).toBeNull();
    expect(actionUrl('/back/x/{id}', { id: '' })).toBeNull();
    expect(actionUrl('/back/x/{id}', { id: { nested: 1 } })).toBeNull();
  });
});

describe('app widgets', () => {
  it('are added to the engine widgets by name, and may replace one', () => {
    const own = { text: () => null, date: () => null };
    const picker = () => null;
    const date = () => null;
    registerWidget('picker', picker);
    registerWidget('date', date);
    const widgets = withRegisteredWidgets(own);
    expect(widgets.picker).toBe(picker);
    expect(widgets.date).toBe(date);
    expect(widgets.text).toBe(own.text);
    expect(own).toEqual({ text: own.text, date: own.date });
  });
});

describe('schema descriptions', () => {
  it('are author notes, removed from what forms render, at any depth', () => {
    const schema = {
      description: 'root note',
      title: 'x.title',
      properties: {
        a: { type: 'string', title: 'x.a', description: 'note a' },
        list: { type: 'array', items: { type: 'object', description: 'item note', properties: { b: { type: 'integer', description: 'note b' } } } },
      },
    };
    expect(withoutDescriptions(schema)).toEqual({
      title: 'x.title',
      properties: {
        a: { type: 'string', title: 'x.a' },
        list: { type: 'array', items: { type: 'object', properties: { b: { type: 'integer' } } } },
      },
    });
    expect(schema.properties.a.description).toBe('note a');
  });
});

describe("an action's messages", () => {
  it('success: the row\'s fields, then the answer\'s when it is an object (the counts a call reports)', () => {
    expect(successValues({ referenceId: 4, name: 'Shirt' }, { copied: 6, services: 3 })).toEqual({ referenceId: 4, name: 'Shirt', copied: 6, services: 3 });
    expect(successValues({ name: 'Shirt' }, { name: 'From the answer' })).toEqual({ name: 'From the answer' });
    for (const answer of [null, true, 'done', [1, 2]]) expect(successValues({ name: 'Shirt' }, answer)).toEqual({ name: 'Shirt' });
  });

  it('failure: its own text, then the server\'s reason when there is one', () => {
    expect(failureText('Element synchronization failed.', 'You may not change this reference.')).toBe('Element synchronization failed. You may not change this reference.');
    expect(failureText('Element synchronization failed.', undefined)).toBe('Element synchronization failed.');
  });
});

describe('data table columns', () => {
  it('keep the route a cell links to', () => {
    const [number, date] = tableColumns([{ field: 'number', label: 'x.number', to: '/services/{serviceId}' }, { field: 'startDate', format: 'date' }], ((key: string) => key) as never);
    expect([number.to, date.to]).toEqual(['/services/{serviceId}', undefined]);
  });
});

