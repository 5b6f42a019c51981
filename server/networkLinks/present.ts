import { networkLinkMachine, type NetworkSide } from '../../machines/networkLink';
import { allowedEvents } from '../../machines/workflow';
import type { Caller } from '../context';
import type { Company } from '../identity';
import { COLLECTIONS } from '../identity';
import type { Reader, Stored } from '../store/types';
import type { NetworkLink } from './links';
import { otherOf } from './links';

/**
 * A link as the caller's company sees it: the company on the other side (`otherCompany`, its name)
 * and what the machine's guards read (machines/networkLink.ts): the caller's `side` and whether the
 * caller holds CREATE_NETWORK. The browser shows the actions the same machine allows with them.
 */
export interface PresentedLink extends NetworkLink {
  otherCompany: number;
  otherCompanyName: string;
  /** Both companies' names (the graph of the network draws its edges with them). */
  companyName: string;
  partnerName: string;
  /** Absent on a link the caller's company is not a party to (another company's, seen from its page). */
  side?: NetworkSide;
  createNetwork: boolean;
  /** The events the machine lets the caller send now (`allowed.ACCEPT`: the row actions' `when`). */
  allowed: Record<string, true>;
}

export const sideOf = (link: Pick<NetworkLink, 'companyId'>, companyId: number): NetworkSide => (link.companyId === companyId ? 'INVITER' : 'INVITED');

/** The guard input of an event sent by the caller on this link. */
export function guardInput(link: NetworkLink, caller: Caller): NetworkLink & Pick<PresentedLink, 'side' | 'createNetwork'> {
  const own = caller.company.companyId;
  const party = link.companyId === own || link.partnerId === own;
  return { ...link, ...(party ? { side: sideOf(link, own) } : {}), createNetwork: caller.roles.has('CREATE_NETWORK') };
}

/** Company names by id, read once for a list. */
export async function companyNames(db: Reader, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const companies = await db.query<Company>({ collection: COLLECTIONS.companies, where: { op: 'in', field: 'companyId', values: unique } });
  return new Map(companies.map((company) => [company.companyId, company.name]));
}

/** Links seen from `viewer` (a company of one side; another company's links are seen from their inviter). */
export async function presentLinks(db: Reader, links: Stored<NetworkLink>[], caller: Caller, viewer = caller.company.companyId): Promise<PresentedLink[]> {
  const from = (link: NetworkLink) => (link.companyId === viewer || link.partnerId === viewer ? viewer : link.companyId);
  const names = await companyNames(db, links.flatMap((link) => [link.companyId, link.partnerId]));
  return links.map((link) => {
    const other = otherOf(link, from(link));
    const input = guardInput(link, caller);
    const allowed = Object.fromEntries(allowedEvents(networkLinkMachine, link.status, input).map((event) => [event, true as const]));
    return { ...input, otherCompany: other, otherCompanyName: names.get(other) ?? '', companyName: names.get(link.companyId) ?? '', partnerName: names.get(link.partnerId) ?? '', allowed };
  });
}
