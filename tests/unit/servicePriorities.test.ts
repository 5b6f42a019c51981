import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  isDirty,
  moveTarget,
  servicePrioritiesMachine,
  type Priority,
  type PriorityService,
  type ServicePrioritiesEvent,
} from '../../machines/servicePriorities';

const service = (serviceId: number): PriorityService => ({ serviceId, number: `S-${String(serviceId).padStart(6, '0')}`, type: 'INSP_FINAL_RANDOM' });
const item = (serviceId: number, priority: number): Priority => ({ service: service(serviceId), priority });

function start(...events: ServicePrioritiesEvent[]) {
  const actor = createActor(servicePrioritiesMachine).start();
  events.forEach((event) => actor.send(event));
  return actor;
}

const loaded = (...ids: number[]): ServicePrioritiesEvent => ({ type: 'LOADED', list: ids.map((id, index) => item(id, index + 1)) });
const order = (list: Priority[]) => list.map((p) => [p.service.serviceId, p.priority]);
const working = (actor: ReturnType<typeof start>) => order(actor.getSnapshot().context.working);

describe('service priorities: loading', () => {
  it('starts loading, then holds the saved list as saved snapshot and working copy, in rank order', () => {
    expect(start().getSnapshot().value).toBe('loading');
    const actor = start({ type: 'LOADED', list: [item(7, 2), item(4, 1), item(9, 3)] });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('ready');
    expect(order(context.saved)).toEqual([[4, 1], [7, 2], [9, 3]]);
    expect(order(context.working)).toEqual([[4, 1], [7, 2], [9, 3]]);
    expect(isDirty(context)).toBe(false);
  });

  it('numbers a stored list with gaps 1..n', () => {
    expect(working(start({ type: 'LOADED', list: [item(4, 3), item(7, 10)] }))).toEqual([[4, 1], [7, 2]]);
  });

  it('is usable with an empty list when loading failed', () => {
    const actor = start({ type: 'FAILED' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'ADD', service: service(3) });
    expect(working(actor)).toEqual([[3, 1]]);
  });

  it('ignores gestures before the list is loaded', () => {
    const actor = start({ type: 'ADD', service: service(3) });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(working(actor)).toEqual([]);
  });

  it('takes a reloaded list as the new snapshot', () => {
    const actor = start(loaded(1), { type: 'ADD', service: service(2) }, loaded(5, 6));
    expect(working(actor)).toEqual([[5, 1], [6, 2]]);
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });
});

describe('service priorities: editing the working copy', () => {
  it('appends an added service at the end: rank = count + 1, with its summary', () => {
    const actor = start(loaded(4, 7), { type: 'ADD', service: service(12) });
    expect(working(actor)).toEqual([[4, 1], [7, 2], [12, 3]]);
    expect(actor.getSnapshot().context.working[2].service.number).toBe('S-000012');
    expect(order(actor.getSnapshot().context.saved)).toEqual([[4, 1], [7, 2]]);
    expect(isDirty(actor.getSnapshot().context)).toBe(true);
  });

  it('does nothing when the added service is already ranked', () => {
    const actor = start(loaded(4, 7), { type: 'ADD', service: service(4) });
    expect(working(actor)).toEqual([[4, 1], [7, 2]]);
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('removes a service and renumbers the rest from 1', () => {
    const actor = start(loaded(4, 7, 9, 12), { type: 'REMOVE', serviceId: 7 });
    expect(working(actor)).toEqual([[4, 1], [9, 2], [12, 3]]);
    actor.send({ type: 'REMOVE', serviceId: 4 });
    expect(working(actor)).toEqual([[9, 1], [12, 2]]);
  });

  it('ignores removing a service that is not ranked', () => {
    const actor = start(loaded(4, 7), { type: 'REMOVE', serviceId: 99 });
    expect(working(actor)).toEqual([[4, 1], [7, 2]]);
  });

  it('clears the whole list', () => {
    const actor = start(loaded(4, 7), { type: 'CLEAR' });
    expect(working(actor)).toEqual([]);
    expect(isDirty(actor.getSnapshot().context)).toBe(true);
  });

  it('moves a service up or down one place and renumbers', () => {
    const actor = start(loaded(4, 7, 9), { type: 'MOVE', serviceId: 9, direction: 'up' });
    expect(working(actor)).toEqual([[4, 1], [9, 2], [7, 3]]);
    actor.send({ type: 'MOVE', serviceId: 4, direction: 'down' });
    expect(working(actor)).toEqual([[9, 1], [4, 2], [7, 3]]);
  });

  it('moves a service to a rank (the third to the top)', () => {
    const actor = start(loaded(4, 7, 9), { type: 'MOVE', serviceId: 9, rank: 1 });
    expect(working(actor)).toEqual([[9, 1], [4, 2], [7, 3]]);
    actor.send({ type: 'MOVE', serviceId: 9, rank: 3 });
    expect(working(actor)).toEqual([[4, 1], [7, 2], [9, 3]]);
  });

  it('refuses moves that go nowhere: past either end, out of range, unknown service, same place', () => {
    const list = [item(4, 1), item(7, 2)];
    expect(moveTarget(list, { type: 'MOVE', serviceId: 4, direction: 'up' })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', serviceId: 7, direction: 'down' })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', serviceId: 4, rank: 0 })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', serviceId: 4, rank: 3 })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', serviceId: 4, rank: 1.5 })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', serviceId: 99, rank: 1 })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', serviceId: 7, rank: 2 })).toBeNull();
    expect(moveTarget(list, { type: 'MOVE', serviceId: 7, rank: 1 })).toBe(0);
    const actor = start(loaded(4, 7), { type: 'MOVE', serviceId: 4, direction: 'up' }, { type: 'MOVE', serviceId: 7, rank: 5 });
    expect(working(actor)).toEqual([[4, 1], [7, 2]]);
  });

  it('is no longer dirty when edits lead back to the saved order', () => {
    const actor = start(loaded(4, 7), { type: 'MOVE', serviceId: 7, direction: 'up' });
    expect(isDirty(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'MOVE', serviceId: 7, direction: 'down' });
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('discards the working copy back to the saved snapshot', () => {
    const actor = start(loaded(4, 7), { type: 'CLEAR' }, { type: 'ADD', service: service(1) }, { type: 'RESET' });
    expect(working(actor)).toEqual([[4, 1], [7, 2]]);
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });
});

describe('service priorities: saving', () => {
  it('does nothing when the working copy equals the saved snapshot', () => {
    const actor = start(loaded(4, 7), { type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.command).toBeNull();
  });

  it('asks to save the working copy when it differs, then takes the server answer as the snapshot', () => {
    const actor = start(loaded(4, 7), { type: 'ADD', service: service(9) }, { type: 'MOVE', serviceId: 9, rank: 1 }, { type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(order(actor.getSnapshot().context.command!.list)).toEqual([[9, 1], [4, 2], [7, 3]]);
    actor.send({ type: 'DONE', list: [item(9, 1), item(4, 2), item(7, 3)] });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('ready');
    expect(order(context.saved)).toEqual([[9, 1], [4, 2], [7, 3]]);
    expect(isDirty(context)).toBe(false);
    expect(context.command).toBeNull();
    expect(context.notice).toMatchObject({ level: 'success', key: 'serviceSearch.priorities.saved', seq: 1 });
  });

  it('takes the sent list as the snapshot when the server answers without one', () => {
    const actor = start(loaded(4), { type: 'CLEAR' }, { type: 'SAVE' }, { type: 'DONE' });
    expect(order(actor.getSnapshot().context.saved)).toEqual([]);
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('keeps the working copy when saving failed, so the user can retry', () => {
    const actor = start(loaded(4, 7), { type: 'REMOVE', serviceId: 4 }, { type: 'SAVE' }, { type: 'FAILED' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('ready');
    expect(order(context.working)).toEqual([[7, 1]]);
    expect(order(context.saved)).toEqual([[4, 1], [7, 2]]);
    expect(isDirty(context)).toBe(true);
    expect(context.command).toBeNull();
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('ignores edits while a save is running', () => {
    const actor = start(loaded(4, 7), { type: 'MOVE', serviceId: 7, rank: 1 }, { type: 'SAVE' }, { type: 'ADD', service: service(9) }, { type: 'CLEAR' }, { type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(working(actor)).toEqual([[7, 1], [4, 2]]);
  });

  it('numbers successive notices so two saves both show', () => {
    const actor = start(loaded(4, 7), { type: 'CLEAR' }, { type: 'SAVE' }, { type: 'DONE' }, { type: 'ADD', service: service(3) }, { type: 'SAVE' }, { type: 'DONE' });
    expect(actor.getSnapshot().context.notice?.seq).toBe(2);
  });
});
