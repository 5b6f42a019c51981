import type { WriteOps } from '../store/types';
import type { DemoIdentity } from './identity';

/**
 * The demo network (docs/network.md): every two companies of a universe are ACTIVE partners, so every
 * demo flow picks the companies it always picked, except
 * - QCFlow Admin and Atlas Inspection: not linked yet, for the invitation the demo shows (the platform's
 *   company still picks every company of its universe);
 * - Bursa invited Anatolia, who has not answered (PENDING); Prato deactivated its link with Como (INACTIVE).
 */
type Key = keyof DemoIdentity['companies'];

const NOT_LINKED: [Key, Key][] = [['admin', 'atlas']];
const PENDING: [Key, Key][] = [['bursa', 'anatolia']];
/** [inviter, invited, the side that deactivated]. */
const INACTIVE: [Key, Key, 'INVITER' | 'INVITED'][] = [['como', 'prato', 'INVITED']];

const samePair = (a: Key, b: Key) => ([x, y]: [Key, Key, ...unknown[]]) => (x === a && y === b) || (x === b && y === a);

export function seedNetwork(tx: WriteOps, identity: DemoIdentity, day: string): void {
  const keys = Object.keys(identity.companies) as Key[];
  const universeOf = (key: Key) => tx.get('companies', identity.companies[key])!.universeId as number;
  const someone = (key: Key) => identity.staff[key][0] ?? identity.accounts.admin;
  for (const [index, inviter] of keys.entries()) {
    for (const invited of keys.slice(index + 1)) {
      if (universeOf(inviter) !== universeOf(invited) || NOT_LINKED.some(samePair(inviter, invited))) continue;
      const pending = PENDING.find(samePair(inviter, invited));
      const inactive = INACTIVE.find(samePair(inviter, invited));
      // The listed pairs keep their listed inviter.
      const [from, to] = pending ?? inactive ?? [inviter, invited];
      tx.insert('networkLinks', 'networkLinkId', {
        universeId: universeOf(from),
        companyId: identity.companies[from],
        partnerId: identity.companies[to],
        status: pending ? 'PENDING' : inactive ? 'INACTIVE' : 'ACTIVE',
        private: false,
        invitationDate: day,
        invitedBy: someone(from),
        ...(pending ? {} : { updateDate: day, updatedBy: someone(inactive?.[2] === 'INVITED' ? to : from) }),
        ...(inactive ? { inactiveSide: inactive[2] } : {}),
      });
    }
  }
}
