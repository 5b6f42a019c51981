import { today } from '../dates';
import type { Registry } from '../schemas';
import type { Store } from '../store/types';
import { draftWriter } from '../store/lowdbAsync';
import { assertStoredRecords } from '../storedRecords';
import { seedAdminFamilies } from './adminFamilies';
import { seedAdminLists } from './adminLists';
import { seedAdminRules } from './adminRules';
import { seedAlerts } from './alerts';
import { seedAssignments } from './assignments';
import { seedAudit } from './audit';
import { seedNetwork } from './network';
import { seedFees } from './fees';
import { seedImportHistory } from './imports';
import { seedBilling } from './invoices';
import { seedCustomFields } from './customFields';
import { accountHashes, seedIdentity } from './identity';
import { seedInspectionHistory } from './history';
import { createRandom } from './random';
import { seedRecords } from './records';
import { seedReferences } from './references';
import { seedReminders } from './reminders';
import { REFERENCES, refreshRisksOf } from '../risk/referenceRecords';
import { seedReports } from './reports';
import { seedServices } from './services';
import { seedPurchaseOrders } from './purchaseOrders';
import { seedTags } from './tags';
import { seedTasks } from './tasks';

/**
 * The demo universe of CONTRACT.md, written in one transaction (all or nothing) and checked
 * against the entity schemas the API validates with: a record the API would refuse stops the seed.
 */
export async function seedDemo(store: Store, registry: Registry, now = new Date()): Promise<void> {
  const hashes = await accountHashes();
  const random = createRandom(2026);
  const day = today(now);
  await store.transaction(async (tx) => {
    const writer = draftWriter(tx);
    const identity = seedIdentity(tx, hashes);
    seedNetwork(tx, identity, day);
    const tags = seedTags(tx, identity);
    // Laboratory tests, products and defects first: custom fields and order lines name product types, the reports draw from the defect library.
    const products = seedAdminFamilies(tx, identity);
    seedCustomFields(tx, identity, products);
    seedAdminLists(tx, identity);
    seedRecords(tx, random, day, identity, tags);
    seedAdminRules(tx, identity);
    const serviceTags = seedServices(tx, createRandom(42), day, identity, products); // its own sequence: the records above stay as they were
    await seedReferences(tx, registry, createRandom(31), identity, products); // from the services' order lines; its own sequence too
    seedPurchaseOrders(tx); // from the services' order lines; after the references, whose skus the lines link to
    await seedImportHistory(tx, writer, registry, identity, now); // an order import run over the orders above
    seedAssignments(tx, createRandom(17), identity); // its own sequence too
    seedReports(tx, createRandom(13), identity, registry.reports); // its own sequence too
    await seedFees(tx, registry, createRandom(7), day, identity); // its own sequence too
    const invoiceLine = registry.entities.get('invoiceLine');
    if (invoiceLine) await seedBilling(tx, createRandom(11), day, identity, invoiceLine.schema); // its own sequence too
    await seedTasks(writer, now); // from the services and reports above, through the tasks' rule table
    await seedAlerts(tx, writer, registry, random, day, identity);
    await seedAudit(tx, writer, createRandom(30), now, identity); // its own sequence: the records above stay as they were
    await seedReminders(tx, now, identity);
    // Last, with its own sequence: two years of inspections behind the KPIs, the records above as they were.
    seedInspectionHistory(tx, createRandom(24), day, identity, products, serviceTags, registry.reports);
    await refreshRisksOf(writer, await writer.query({ collection: REFERENCES }), now); // the references' risk and score from every report above
    assertStoredRecords(registry, tx, 'The demo seed');
  });
}
