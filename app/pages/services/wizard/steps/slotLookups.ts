import type { CompanySlot } from '../../../../../machines/serviceWizard';

const NETWORK = '/back/bo/networkcombo';

/** The lookup list of each company slot (spec §7.9). */
export const SLOT_LOOKUPS: Record<CompanySlot, string> = {
  client: `${NETWORK}/decisionmakers`,
  supplier: `${NETWORK}/ordertakers`,
  factory: `${NETWORK}/ordertakers`,
  agent: `${NETWORK}/ordertakers`,
  serviceProvider: `${NETWORK}/serviceproviders`,
};
