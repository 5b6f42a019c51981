import type { AnyStateMachine } from 'xstate';
import { capaMachine } from './capa';
import { qualityAlertMachine } from './qualityAlert';
import { matrix8dMachine } from './matrix8d';
import { structuralCostMachine } from './structuralCost';
import { feeMachine } from './fee';
import { invoiceMachine } from './invoice';
import { networkLinkMachine } from './networkLink';

/** Record workflows by the name entity schemas give in `x-machine`. */
export const workflows: Record<string, AnyStateMachine> = {
  capa: capaMachine,
  qualityAlert: qualityAlertMachine,
  matrix8d: matrix8dMachine,
  structuralCost: structuralCostMachine,
  fee: feeMachine,
  invoice: invoiceMachine,
  networkLink: networkLinkMachine,
};

export * from './workflow';
