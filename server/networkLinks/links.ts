import type { NetworkSide } from '../../machines/networkLink';
import type { Caller } from '../context';
import type { Company } from '../identity';
import { and, eq, or, type Condition } from '../store/query';
import type { Reader, Stored } from '../store/types';

/**
 * The network of a company (docs/network.md): its links to the other companies of its universe,
 * stored once per pair in `networkLinks` (companyId invited partnerId). What a company's people may
 * pick (the `partners` scope of lookups.json) is the company itself and the companies with an ACTIVE
 * link to it; the platform's own company administers the whole universe, so its network is the universe.
 */
export const NETWORK_LINKS = 'networkLinks';

export type NetworkLinkStatus = 'PENDING' | 'ACTIVE' | 'INACTIVE';

export interface NetworkLink {
  networkLinkId: number;
  universeId: number;
  companyId: number;
  partnerId: number;
  status: NetworkLinkStatus;
  private?: boolean;
  invitationDate: string;
  invitedBy: number;
  updateDate?: string;
  updatedBy?: number;
  inactiveSide?: NetworkSide;
  [key: string]: unknown;
}

/** The links of a company (as inviter or invited) within its universe. */
export const linksOfCompany = (universeId: number, companyId: number): Condition =>
  and(eq('universeId', universeId), or(eq('companyId', companyId), eq('partnerId', companyId)));

/** The other company of a link, seen from `companyId`. */
export const otherOf = (link: Pick<NetworkLink, 'companyId' | 'partnerId'>, companyId: number): number => (link.companyId === companyId ? link.partnerId : link.companyId);

/** The link between two companies, whichever invited. */
export async function linkBetween(db: Reader, universeId: number, a: number, b: number): Promise<Stored<NetworkLink> | undefined> {
  const [link] = await db.query<NetworkLink>({
    collection: NETWORK_LINKS,
    where: and(eq('universeId', universeId), or(and(eq('companyId', a), eq('partnerId', b)), and(eq('companyId', b), eq('partnerId', a)))),
    limit: 1,
  });
  return link;
}

/** The companies with an ACTIVE link to this company. */
export async function activePartners(db: Reader, universeId: number, companyId: number): Promise<number[]> {
  const links = await db.query<NetworkLink>({ collection: NETWORK_LINKS, where: and(linksOfCompany(universeId, companyId), eq('status', 'ACTIVE')) });
  return links.map((link) => otherOf(link, companyId));
}

/**
 * The companies the caller's people may pick: their own and its ACTIVE partners, or undefined for
 * the platform's company (every company of its universe).
 */
export async function networkCompanyIds(db: Reader, caller: Pick<Caller, 'universeId' | 'company'>): Promise<number[] | undefined> {
  if ((caller.company as Stored<Company>).platform === true) return undefined;
  return [caller.company.companyId, ...(await activePartners(db, caller.universeId, caller.company.companyId))];
}
