import { setup } from 'xstate';
import type { RecordEvent } from './workflow';

/**
 * A network link between two companies of a universe (spec §4: ACTIVE or INACTIVE; docs/network.md).
 * The inviting company's INVITE makes it PENDING until the invited company ACCEPTs (ACTIVE) or
 * REFUSEs (INACTIVE); either side DEACTIVATEs an ACTIVE link; an INACTIVE link is REACTIVATEd by
 * the side that made it inactive (a refused invitation is not forced open by the inviter).
 * `NONE` is the link before it exists (`meta.noRecord`): INVITE leaves it, or ADD for a company nobody of which could
 * answer (no one holds an account: a managed company, spec §6.4), whose link is ACTIVE at once.
 *
 * The guards read the link as the caller's company sees it (server/network/present.ts adds these
 * fields to every link it answers, so the browser shows the same actions the server accepts):
 * - `side`: `INVITER` (the caller's company invited) or `INVITED`;
 * - `createNetwork`: the caller holds CREATE_NETWORK (spec §6.2: needed to invite or add, and, here, for
 *   every other change of the network);
 * - `partnerAnswers`: someone of the invited company holds an account (only before the link exists);
 * - `inactiveSide`: the side that refused or deactivated an INACTIVE link.
 */
export type NetworkSide = 'INVITER' | 'INVITED';

const sideOf = (event: RecordEvent) => event.record?.side as NetworkSide | undefined;
/** Every change of the network needs CREATE_NETWORK (the server answers 403 before asking the machine). */
const changes = (event: RecordEvent) => event.record?.createNetwork === true;

export const networkLinkMachine = setup({
  types: { events: {} as RecordEvent },
  guards: {
    mayInvite: ({ event }) => changes(event) && sideOf(event) === 'INVITER' && event.record?.partnerAnswers === true,
    mayAdd: ({ event }) => changes(event) && sideOf(event) === 'INVITER' && event.record?.partnerAnswers === false,
    isInvited: ({ event }) => changes(event) && sideOf(event) === 'INVITED',
    isParty: ({ event }) => changes(event) && (sideOf(event) === 'INVITER' || sideOf(event) === 'INVITED'),
    madeItInactive: ({ event }) => changes(event) && sideOf(event) !== undefined && sideOf(event) === event.record?.inactiveSide,
  },
}).createMachine({
  id: 'networkLink',
  initial: 'NONE',
  states: {
    // No record is ever NONE (`noRecord`): the status enum holds the other three.
    NONE: { meta: { noRecord: true }, on: { INVITE: { target: 'PENDING', guard: 'mayInvite' }, ADD: { target: 'ACTIVE', guard: 'mayAdd' } } },
    PENDING: { on: { ACCEPT: { target: 'ACTIVE', guard: 'isInvited' }, REFUSE: { target: 'INACTIVE', guard: 'isInvited' } } },
    ACTIVE: { on: { DEACTIVATE: { target: 'INACTIVE', guard: 'isParty' } } },
    INACTIVE: { on: { REACTIVATE: { target: 'ACTIVE', guard: 'madeItInactive' } } },
  },
});
