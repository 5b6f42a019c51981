import { and, assign, setup, transition } from 'xstate';

/**
 * The service workflow (spec §4), pure: the server moves a service with it and the sheet
 * shows the actions it accepts. The step is the state; the rest of the workflow is the
 * context, read from and written back to the service record (see `flowOf`, `flowFields`).
 *
 * - A date proposed by the order taker sets REQUESTED, by the decision maker or the
 *   provider OPENED; the other side accepts or refuses it. Creating a service is the
 *   creator's first date proposal.
 * - Accepting a date confirms the service (CONFIRMED) once the provider is on board: it
 *   proposed or accepted a date. Otherwise the provider confirms the agreed date (CONFIRM).
 * - Postponing an agreed date goes back to OPENED or REQUESTED and cancels the confirmation.
 * - The provider completes a confirmed service (TERMINATED).
 * - Another party asks to cancel; the provider confirms (CANCELLED) or declines. The
 *   provider or the owner cancels directly. Terminated and cancelled services reopen to OPENED.
 * - Only a live step answers a date proposal or a cancel request: completing, cancelling and
 *   reopening drop whichever waits.
 * - A proposal of the dates the service already has is no proposal: refused, so that sending
 *   the prefilled dates back never moves the step (the caller tells, `sameDates`).
 * - A service is completed from a week before its start at the earliest (`startsInDays`).
 * - Driving the step — confirming, completing, cancelling, answering a cancel request,
 *   reopening — needs the SERVICE_WORKFLOW flag (spec §6.2, `workflow`); proposing and answering
 *   dates and asking to cancel do not.
 * - The settings of the company that plays the part (docs/settings.md) are the machine's input
 *   (`settings` in its context), read by the guards named after them: the provider's
 *   `providerDateConfirms` (a date it proposes confirms the service at once) and
 *   `completeNeedsReport` (COMPLETE refused while the service has no report).
 *   Their defaults are the workflow above.
 */
export type ServiceSide = 'DECISION_MAKER' | 'ORDER_TAKER' | 'SERVICE_PROVIDER';
export type ServiceStep = 'OPENED' | 'REQUESTED' | 'CONFIRMED' | 'TERMINATED' | 'CANCELLED';

export interface ServiceFlow {
  /** Who proposed the date that waits for an answer (null: none waits). */
  pendingDateBy: ServiceSide | null;
  /** The current date was accepted by the other side. */
  dateAccepted: boolean;
  /** The provider took the order: it proposed or accepted a date, or confirmed one. */
  providerConfirmed: boolean;
  cancelRequested: boolean;
}

/** The provider's workflow settings the guards read (schemas/entities/companyWorkflowConfig.json). */
export interface ServiceSettings {
  providerDateConfirms: boolean;
  completeNeedsReport: boolean;
}

/** No setting: the workflow as it is without any configuration. */
export const DEFAULT_SERVICE_SETTINGS: ServiceSettings = { providerDateConfirms: false, completeNeedsReport: false };

/** The machine's context: the workflow of the record and the settings it runs with (none: the defaults). */
export type ServiceContext = ServiceFlow & { settings?: ServiceSettings };

/** Every event says on which side the caller acts, whether the caller owns the service and holds SERVICE_WORKFLOW. */
export interface ServiceActor {
  by: ServiceSide;
  owner?: boolean;
  workflow?: boolean;
}

/** The flag that lets a caller drive the step (the `workflow` of the actor). */
export const WORKFLOW_FLAG = 'SERVICE_WORKFLOW';

/** The actions of `PATCH /back/bo/services/{id}/{action}`; the date actions have their own calls. */
export const SERVICE_PATCH_ACTIONS = ['CONFIRM', 'COMPLETE', 'REQUEST_CANCEL', 'CONFIRM_CANCEL', 'DECLINE_CANCEL', 'CANCEL', 'REOPEN'] as const;
export const SERVICE_DATE_ACTIONS = ['REQUEST_DATE', 'POSTPONE', 'ACCEPT_DATE', 'REFUSE_DATE'] as const;
export type ServiceAction = (typeof SERVICE_DATE_ACTIONS)[number] | (typeof SERVICE_PATCH_ACTIONS)[number];
export const SERVICE_ACTIONS: readonly ServiceAction[] = [...SERVICE_DATE_ACTIONS, ...SERVICE_PATCH_ACTIONS];

/**
 * What the server knows of the dates when it sends an event: a proposal equal to the service's
 * start and end dates (REQUEST_DATE, POSTPONE); days from today to the start and whether the
 * service has a report (COMPLETE).
 */
export interface ServiceEventDates {
  sameDates?: boolean;
  startsInDays?: number;
  hasReport?: boolean;
}

export type ServiceEvent = { type: ServiceAction } & ServiceActor & ServiceEventDates;

/** COMPLETE is refused while the service starts more than this many days ahead. */
export const COMPLETE_DAYS_AHEAD = 7;

/** Days from `today` to `startDate` (both YYYY-MM-DD); undefined when either is missing. */
export function daysUntil(startDate: unknown, today: string): number | undefined {
  if (typeof startDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(startDate)) return undefined;
  return Math.round((Date.parse(`${startDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The proposal names the dates the service has already (a missing end is the start day). */
export function sameDates(proposal: { startDate?: unknown; endDate?: unknown }, current: { startDate?: unknown; endDate?: unknown }): boolean {
  if (!proposal.startDate || proposal.startDate !== current.startDate) return false;
  return (proposal.endDate || proposal.startDate) === (current.endDate || current.startDate);
}

export const INITIAL_FLOW: ServiceFlow = { pendingDateBy: null, dateAccepted: false, providerConfirmed: false, cancelRequested: false };

type Args = { context: ServiceContext; event: ServiceEvent };
const byProvider = ({ event }: Args) => event.by === 'SERVICE_PROVIDER';
const onBoardAfterAccept = ({ context, event }: Args) =>
  context.providerConfirmed || event.by === 'SERVICE_PROVIDER' || context.pendingDateBy === 'SERVICE_PROVIDER';

const machineSetup = setup({
  types: { context: {} as ServiceContext, events: {} as ServiceEvent, input: {} as (ServiceFlow & { settings?: ServiceSettings }) | undefined },
  guards: {
    byProvider,
    sameDates: ({ event }: Args) => event.sameDates === true,
    tooEarlyToComplete: ({ event }: Args) => (event.startsInDays ?? 0) > COMPLETE_DAYS_AHEAD,
    byOrderTaker: ({ event }: Args) => event.by === 'ORDER_TAKER',
    dateAgreed: ({ context }: Args) => context.dateAccepted,
    orderTakerMovesAgreedDate: ({ context, event }: Args) => context.dateAccepted && event.by === 'ORDER_TAKER',
    answersOtherSide: ({ context, event }: Args) => context.pendingDateBy !== null && context.pendingDateBy !== event.by,
    acceptConfirms: (args: Args) => args.context.pendingDateBy !== null && args.context.pendingDateBy !== args.event.by && onBoardAfterAccept(args),
    providerWithAgreedDate: (args: Args) => byProvider(args) && args.context.dateAccepted,
    mayAskCancel: ({ context, event }: Args) => !context.cancelRequested && event.by !== 'SERVICE_PROVIDER',
    providerAnswersCancel: (args: Args) => args.context.cancelRequested && byProvider(args),
    providerOrOwner: (args: Args) => byProvider(args) || args.event.owner === true,
    drivesWorkflow: ({ event }: Args) => event.workflow === true,
    /** The provider's setting: its proposal needs no acceptance. */
    providerDateConfirms: (args: Args) => byProvider(args) && args.context.settings?.providerDateConfirms === true,
    /** The provider's setting: no COMPLETE without a report (a refusal). */
    completeNeedsReport: ({ context, event }: Args) => context.settings?.completeNeedsReport === true && event.hasReport !== true,
  },
  actions: {
    propose: assign(({ context, event }: Args) => ({
      pendingDateBy: event.by,
      dateAccepted: false,
      providerConfirmed: context.providerConfirmed || event.by === 'SERVICE_PROVIDER',
    })),
    accept: assign((args: Args) => ({ pendingDateBy: null, dateAccepted: true, providerConfirmed: onBoardAfterAccept(args) })),
    refuse: assign({ pendingDateBy: null }),
    /** A proposal that confirms at once: agreed, the provider on board, nothing waits. */
    settleDate: assign({ pendingDateBy: null, dateAccepted: true, providerConfirmed: true }),
    providerConfirms: assign({ providerConfirmed: true }),
    askCancel: assign({ cancelRequested: true }),
    clearCancel: assign({ cancelRequested: false }),
    dropRequests: assign({ pendingDateBy: null, cancelRequested: false }),
  },
});

/** Cancelling works the same from every live step. */
const CANCELLING = {
  REQUEST_CANCEL: { guard: 'mayAskCancel', actions: 'askCancel' },
  CONFIRM_CANCEL: { guard: and(['providerAnswersCancel', 'drivesWorkflow']), target: 'CANCELLED', actions: 'dropRequests' },
  DECLINE_CANCEL: { guard: and(['providerAnswersCancel', 'drivesWorkflow']), actions: 'clearCancel' },
  CANCEL: { guard: and(['providerOrOwner', 'drivesWorkflow']), target: 'CANCELLED', actions: 'dropRequests' },
} as const;

/** A proposal of the same dates: a forbidden transition (no target, no action), so `can()` is false. */
const SAME_DATES = { guard: 'sameDates' } as const;

/** The provider's proposal confirms at once when its settings say so. */
const PROVIDER_CONFIRMS = { guard: 'providerDateConfirms', target: 'CONFIRMED', actions: 'settleDate' } as const;
const PROVIDER_MOVES_AGREED = { guard: and(['dateAgreed', 'providerDateConfirms']), target: 'CONFIRMED', actions: 'settleDate' } as const;

/** Answering a date and confirming work the same while OPENED and REQUESTED. */
const BEFORE_CONFIRMATION = {
  ACCEPT_DATE: [{ guard: 'acceptConfirms', target: 'CONFIRMED', actions: 'accept' }, { guard: 'answersOtherSide', actions: 'accept' }],
  REFUSE_DATE: { guard: 'answersOtherSide', actions: 'refuse' },
  CONFIRM: { guard: and(['providerWithAgreedDate', 'drivesWorkflow']), target: 'CONFIRMED', actions: 'providerConfirms' },
} as const;

export const serviceMachine = machineSetup.createMachine({
  id: 'service',
  initial: 'OPENED',
  context: ({ input }) => ({ ...INITIAL_FLOW, ...input, settings: { ...DEFAULT_SERVICE_SETTINGS, ...input?.settings } }),
  states: {
    OPENED: {
      on: {
        REQUEST_DATE: [SAME_DATES, PROVIDER_CONFIRMS, { guard: 'byOrderTaker', target: 'REQUESTED', actions: 'propose' }, { actions: 'propose' }],
        POSTPONE: [SAME_DATES, PROVIDER_MOVES_AGREED, { guard: 'orderTakerMovesAgreedDate', target: 'REQUESTED', actions: 'propose' }, { guard: 'dateAgreed', actions: 'propose' }],
        ...BEFORE_CONFIRMATION,
        ...CANCELLING,
      },
    },
    REQUESTED: {
      on: {
        REQUEST_DATE: [SAME_DATES, PROVIDER_CONFIRMS, { guard: 'byOrderTaker', actions: 'propose' }, { target: 'OPENED', actions: 'propose' }],
        POSTPONE: [SAME_DATES, PROVIDER_MOVES_AGREED, { guard: 'orderTakerMovesAgreedDate', actions: 'propose' }, { guard: 'dateAgreed', target: 'OPENED', actions: 'propose' }],
        ...BEFORE_CONFIRMATION,
        ...CANCELLING,
      },
    },
    CONFIRMED: {
      on: {
        POSTPONE: [SAME_DATES, { guard: 'providerDateConfirms', actions: 'settleDate' }, { guard: 'byOrderTaker', target: 'REQUESTED', actions: 'propose' }, { target: 'OPENED', actions: 'propose' }],
        COMPLETE: [{ guard: 'tooEarlyToComplete' }, { guard: 'completeNeedsReport' }, { guard: and(['byProvider', 'drivesWorkflow']), target: 'TERMINATED', actions: 'dropRequests' }],
        ...CANCELLING,
      },
    },
    TERMINATED: { on: { REOPEN: { guard: and(['providerOrOwner', 'drivesWorkflow']), target: 'OPENED', actions: 'dropRequests' } } },
    CANCELLED: { on: { REOPEN: { guard: and(['providerOrOwner', 'drivesWorkflow']), target: 'OPENED', actions: 'dropRequests' } } },
  },
});

/** The workflow part of a stored service. */
export interface ServiceFlowFields {
  serviceStep: ServiceStep;
  pendingDateBy?: ServiceSide | null;
  dateRelevance?: 'EMPTY' | 'IN_PROGRESS' | 'ACCEPTED';
  providerConfirmed?: boolean;
  cancelRequestDate?: string | null;
}

export function flowOf(record: ServiceFlowFields): ServiceFlow {
  return {
    pendingDateBy: record.pendingDateBy ?? null,
    dateAccepted: record.dateRelevance === 'ACCEPTED',
    providerConfirmed: record.providerConfirmed === true,
    cancelRequested: !!record.cancelRequestDate,
  };
}

/** The record fields after a move; `cancelRequestDate` is today's date when a cancel request starts. */
export function flowFields(step: ServiceStep, flow: ServiceFlow, today: string, before?: ServiceFlowFields): ServiceFlowFields {
  return {
    serviceStep: step,
    pendingDateBy: flow.pendingDateBy,
    dateRelevance: flow.pendingDateBy ? 'IN_PROGRESS' : flow.dateAccepted ? 'ACCEPTED' : 'EMPTY',
    providerConfirmed: flow.providerConfirmed,
    cancelRequestDate: flow.cancelRequested ? (before?.cancelRequestDate ?? today) : null,
  };
}

function snapshotAt(step: ServiceStep, flow: ServiceFlow, settings: ServiceSettings) {
  return serviceMachine.resolveState({ value: step, context: { ...flow, settings } });
}

/** The workflow part of the machine's context (the settings are input, never written back). */
function flowPart({ pendingDateBy, dateAccepted, providerConfirmed, cancelRequested }: ServiceContext): ServiceFlow {
  return { pendingDateBy, dateAccepted, providerConfirmed, cancelRequested };
}

/** The step and flow after `event` under the provider's `settings`, or null when the workflow refuses it. */
export function moveService(
  step: ServiceStep,
  flow: ServiceFlow,
  event: ServiceEvent,
  settings: ServiceSettings = DEFAULT_SERVICE_SETTINGS,
): { step: ServiceStep; flow: ServiceFlow } | null {
  // An unknown step (a corrupt record) is refused, not resolved: resolveState would throw.
  if (!(step in serviceMachine.root.states)) return null;
  const snapshot = snapshotAt(step, flow, settings);
  if (!snapshot.can(event)) return null;
  const [next] = transition(serviceMachine, snapshot, event);
  return { step: next.value as ServiceStep, flow: flowPart(next.context) };
}

/** The actions the caller may take now under the provider's `settings`, in a stable order (the sheet's buttons). */
export function serviceActions(step: ServiceStep, flow: ServiceFlow, actor: ServiceActor, settings: ServiceSettings = DEFAULT_SERVICE_SETTINGS): ServiceAction[] {
  if (!(step in serviceMachine.root.states)) return [];
  // A search page presents hundreds of services that share a handful of these keys.
  const key = [
    step, flow.pendingDateBy, flow.dateAccepted, flow.providerConfirmed, flow.cancelRequested, actor.by, actor.owner === true, actor.workflow === true,
    settings.providerDateConfirms, settings.completeNeedsReport,
  ].join();
  let actions = actionsByKey.get(key);
  if (!actions) {
    const snapshot = snapshotAt(step, flow, settings);
    // Like the dates, a missing report does not hide COMPLETE: the call says why it is refused.
    actions = SERVICE_ACTIONS.filter((type) => snapshot.can({ type, ...actor, hasReport: true }));
    actionsByKey.set(key, actions);
  }
  return [...actions];
}

/** serviceActions is pure: its answers by step, flow and actor (a few hundred keys at most). */
const actionsByKey = new Map<string, ServiceAction[]>();
