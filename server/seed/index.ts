import { today } from '../dates';
import type { Store } from '../store/types';
import { seedAlerts } from './alerts';
import { seedAudit } from './audit';
import { accountHashes, seedIdentity } from './identity';
import { createRandom } from './random';
import { seedRecords } from './records';
import { seedServices } from './services';
import { seedTags } from './tags';

/** The demo universe of CONTRACT.md, written in one transaction (all or nothing). */
export async function seedDemo(store: Store, now = new Date()): Promise<void> {
  const hashes = await accountHashes();
  const random = createRandom(2026);
  const day = today(now);
  await store.transaction((tx) => {
    const identity = seedIdentity(tx, hashes);
    const tags = seedTags(tx, identity);
    seedRecords(tx, random, day, identity, tags);
    seedServices(tx, createRandom(42), day, identity); // its own sequence: the records above stay as they were
    seedAlerts(tx, random, day, identity);
    seedAudit(tx, createRandom(30), now, identity); // its own sequence: the records above stay as they were
  });
}
