import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { hasUnsavedChanges, leaveGuardMachine, type LeaveGuardEvent } from '../../machines/ui';

function run(...events: LeaveGuardEvent[]): string {
  const actor = createActor(leaveGuardMachine).start();
  events.forEach((event) => actor.send(event));
  return String(actor.getSnapshot().value);
}

describe('leave guard machine', () => {
  it('starts clean and leaves at once when nothing changed', () => {
    expect(run()).toBe('clean');
    expect(run({ type: 'LEAVE' })).toBe('left');
  });

  it('becomes dirty only on a change that differs from the loaded content', () => {
    expect(run({ type: 'CHANGE', changed: false })).toBe('clean');
    expect(run({ type: 'CHANGE', changed: true })).toBe('dirty');
    expect(run({ type: 'CHANGE', changed: true }, { type: 'CHANGE', changed: true })).toBe('dirty');
  });

  it('returns to clean when the content is back to what was loaded, or saved', () => {
    expect(run({ type: 'CHANGE', changed: true }, { type: 'CHANGE', changed: false })).toBe('clean');
    expect(run({ type: 'CHANGE', changed: true }, { type: 'SAVED' })).toBe('clean');
  });

  it('asks for confirmation before leaving with changes', () => {
    expect(run({ type: 'CHANGE', changed: true }, { type: 'LEAVE' })).toBe('confirming');
    expect(run({ type: 'CHANGE', changed: true }, { type: 'LEAVE' }, { type: 'CONFIRM' })).toBe('left');
    expect(run({ type: 'CHANGE', changed: true }, { type: 'LEAVE' }, { type: 'STAY' })).toBe('dirty');
  });

  it('ignores events that mean nothing in a state', () => {
    expect(run({ type: 'CONFIRM' })).toBe('clean');
    expect(run({ type: 'STAY' })).toBe('clean');
    expect(run({ type: 'SAVED' })).toBe('clean');
    expect(run({ type: 'CHANGE', changed: true }, { type: 'LEAVE' }, { type: 'CHANGE', changed: false })).toBe('confirming');
    expect(run({ type: 'LEAVE' }, { type: 'CHANGE', changed: true })).toBe('left');
  });

  it('resets to clean from any state when new content is loaded', () => {
    expect(run({ type: 'LEAVE' }, { type: 'RESET' })).toBe('clean');
    expect(run({ type: 'CHANGE', changed: true }, { type: 'RESET' })).toBe('clean');
    expect(run({ type: 'CHANGE', changed: true }, { type: 'LEAVE' }, { type: 'RESET' })).toBe('clean');
  });

  it('tells when leaving would lose changes', () => {
    expect(hasUnsavedChanges('clean')).toBe(false);
    expect(hasUnsavedChanges('dirty')).toBe(true);
    expect(hasUnsavedChanges('confirming')).toBe(true);
    expect(hasUnsavedChanges('left')).toBe(false);
  });
});
