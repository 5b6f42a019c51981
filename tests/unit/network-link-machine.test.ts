import { describe, expect, it } from 'vitest';
import { workflows } from '../../machines/index';
import { networkLinkMachine } from '../../machines/networkLink';
import { allEvents, allowedEvents, initialStatus, nextStatus } from '../../machines/workflow';

/**
 * The network link machine (machines/networkLink.ts, docs/network.md): every transition with the
 * side allowed to take it, and every event refused — from each status, and from the wrong side.
 */
const inviter = { side: 'INVITER', createNetwork: true };
const invited = { side: 'INVITED', createNetwork: true };
const STATUSES = ['NONE', 'PENDING', 'ACTIVE', 'INACTIVE'];
const EVENTS = ['INVITE', 'ADD', 'ACCEPT', 'REFUSE', 'DEACTIVATE', 'REACTIVATE'];

describe('network link machine', () => {
  it('is a record workflow of machines/index.ts, starts before the link exists and knows six events', () => {
    expect(workflows.networkLink).toBe(networkLinkMachine);
    expect(initialStatus(networkLinkMachine)).toBe('NONE');
    expect(Object.keys(networkLinkMachine.root.states)).toEqual(STATUSES);
    expect(allEvents(networkLinkMachine)).toEqual(EVENTS);
  });

  it.each([
    ['NONE', 'INVITE', { ...inviter, partnerAnswers: true }, 'PENDING'],
    ['NONE', 'ADD', { ...inviter, partnerAnswers: false }, 'ACTIVE'],
    ['PENDING', 'ACCEPT', invited, 'ACTIVE'],
    ['PENDING', 'REFUSE', invited, 'INACTIVE'],
    ['ACTIVE', 'DEACTIVATE', inviter, 'INACTIVE'],
    ['ACTIVE', 'DEACTIVATE', invited, 'INACTIVE'],
    ['INACTIVE', 'REACTIVATE', { ...invited, inactiveSide: 'INVITED' }, 'ACTIVE'],
    ['INACTIVE', 'REACTIVATE', { ...inviter, inactiveSide: 'INVITER' }, 'ACTIVE'],
  ])('%s --%s--> (%o) %s', (status, event, record, next) => {
    expect(nextStatus(networkLinkMachine, status, event, record)).toBe(next);
  });

  it('INVITE and ADD need the inviting side with CREATE_NETWORK; INVITE a company that can answer, ADD one that cannot', () => {
    expect(nextStatus(networkLinkMachine, 'NONE', 'INVITE', { ...inviter, createNetwork: false, partnerAnswers: true })).toBeNull();
    expect(nextStatus(networkLinkMachine, 'NONE', 'ADD', { ...inviter, createNetwork: false, partnerAnswers: false })).toBeNull();
    expect(nextStatus(networkLinkMachine, 'NONE', 'INVITE', { ...invited, partnerAnswers: true })).toBeNull();
    expect(nextStatus(networkLinkMachine, 'NONE', 'INVITE', { ...inviter, partnerAnswers: false })).toBeNull();
    expect(nextStatus(networkLinkMachine, 'NONE', 'ADD', { ...inviter, partnerAnswers: true })).toBeNull();
    expect(nextStatus(networkLinkMachine, 'NONE', 'INVITE')).toBeNull();
    expect(allowedEvents(networkLinkMachine, 'NONE', { ...inviter, partnerAnswers: true })).toEqual(['INVITE']);
    expect(allowedEvents(networkLinkMachine, 'NONE', { ...inviter, partnerAnswers: false })).toEqual(['ADD']);
  });

  it('only the invited company accepts or refuses a PENDING invitation', () => {
    expect(allowedEvents(networkLinkMachine, 'PENDING', invited)).toEqual(['ACCEPT', 'REFUSE']);
    expect(allowedEvents(networkLinkMachine, 'PENDING', inviter)).toEqual([]);
    expect(allowedEvents(networkLinkMachine, 'PENDING', {})).toEqual([]);
  });

  it('either side deactivates an ACTIVE link; a caller of neither side cannot', () => {
    expect(allowedEvents(networkLinkMachine, 'ACTIVE', inviter)).toEqual(['DEACTIVATE']);
    expect(allowedEvents(networkLinkMachine, 'ACTIVE', invited)).toEqual(['DEACTIVATE']);
    expect(allowedEvents(networkLinkMachine, 'ACTIVE', { createNetwork: true })).toEqual([]);
  });

  it('only the side that refused or deactivated reactivates an INACTIVE link', () => {
    expect(allowedEvents(networkLinkMachine, 'INACTIVE', { ...inviter, inactiveSide: 'INVITED' })).toEqual([]);
    expect(allowedEvents(networkLinkMachine, 'INACTIVE', { ...invited, inactiveSide: 'INVITER' })).toEqual([]);
    expect(allowedEvents(networkLinkMachine, 'INACTIVE', { ...invited, inactiveSide: 'INVITED' })).toEqual(['REACTIVATE']);
    expect(allowedEvents(networkLinkMachine, 'INACTIVE', { inactiveSide: undefined })).toEqual([]);
  });

  it('without CREATE_NETWORK, no side sends any event', () => {
    for (const status of STATUSES) {
      for (const side of ['INVITER', 'INVITED']) {
        expect(allowedEvents(networkLinkMachine, status, { side, createNetwork: false, partnerAnswers: true, inactiveSide: side }), `${status} ${side}`).toEqual([]);
        expect(allowedEvents(networkLinkMachine, status, { side, partnerAnswers: false, inactiveSide: side }), `${status} ${side}`).toEqual([]);
      }
    }
  });

  it('refuses every event a status does not take, whoever sends it', () => {
    const takes: Record<string, string[]> = { NONE: ['INVITE', 'ADD'], PENDING: ['ACCEPT', 'REFUSE'], ACTIVE: ['DEACTIVATE'], INACTIVE: ['REACTIVATE'] };
    const anyone = [inviter, invited].flatMap((side) => [true, false].map((partnerAnswers) => ({ ...side, partnerAnswers, inactiveSide: side.side })));
    for (const status of STATUSES) {
      for (const event of EVENTS.filter((other) => !takes[status].includes(other))) {
        for (const record of anyone) expect(nextStatus(networkLinkMachine, status, event, record), `${status} ${event}`).toBeNull();
      }
    }
    expect(allowedEvents(networkLinkMachine, 'UNKNOWN', inviter)).toEqual([]);
  });
});
