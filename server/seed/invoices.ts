import { computeRecord } from '../../engine/schema/computed';
import type { JsonSchema } from '../../engine/schema/resolve';
import { copiedFromServices } from '../billing/lineServices';
import { readableNumber } from '../resources/write';
import { SERVICES } from '../services/access';
import type { Row, WriteOps } from '../store/types';
import type { DemoIdentity } from './identity';
import { addDays, round2, type Random } from './random';

/**
 * Demo billing: invoices of Atlas Inspection to Maison Lumière over the last three months in
 * every status (the newest ones still provisions), and invoice lines on Atlas's services —
 * some covering two services, most carrying a seeded invoice's number: an invoice's amount is the
 * sum of its lines, in its currency. The other universe's brand, its own provider, gets a couple of each.
 */
const INVOICES = 'invoices';
const LINES = 'invoiceLines';

type Universe = 'main' | 'other';
interface Ctx {
  tx: WriteOps;
  random: Random;
  today: string;
  identity: DemoIdentity;
  lineSchema: JsonSchema;
}

/** The newest invoices are provisions and fresh invoices; older ones are mostly paid, one lost. */
function statusAt(random: Random, index: number): string {
  if (index < 4) return index % 2 === 0 ? 'W' : 'I';
  if (index === 5) return 'L';
  return random.pick(['M', 'M', 'M', 'I', 'L']);
}

/** The invoices, numbered but not stored yet: their amounts are the sums of the lines that name them. */
function invoicesOf(ctx: Ctx, universe: Universe, count: number): Row[] {
  const { tx, random, identity } = ctx;
  const issuer = identity.companies[universe === 'main' ? 'atlas' : 'northwind'];
  const client = identity.companies[universe === 'main' ? 'lumiere' : 'northwind'];
  return Array.from({ length: count }, (_, index) => {
    // Index 0 is today; the oldest is about 85 days back (three calendar months, the current one included).
    const date = addDays(ctx.today, -Math.min(85, Math.round((index * 85) / Math.max(1, count - 1)) + random.int(0, 2)));
    const credit = index % 7 === 3;
    const id = tx.nextId(INVOICES);
    return {
      invoiceIdHK: id,
      number: readableNumber('INV-', id),
      type: credit ? 'CREDIT_NOTE' : 'INVOICING',
      date,
      season: random.pick(['SS26', 'FW26', 'SS27']),
      client,
      currency: universe === 'main' ? 'EUR' : 'USD',
      status: statusAt(random, index),
      ...(random.chance(0.3) ? { comment: credit ? 'Credit for a cancelled re-inspection.' : 'Inspections of the month, as agreed in the frame contract.' } : {}),
      companyId: issuer,
      universeId: identity.universes[universe],
    };
  });
}

/** Each invoice stored with the sum of its lines as its amount (the invoice's `x-sums`, as the server keeps it). */
function insertInvoices(ctx: Ctx, invoices: Row[]): void {
  for (const invoice of invoices) {
    const lines = ctx.tx.find(LINES, (line) => line.invoiceNumber === invoice.number && line.companyId === invoice.companyId);
    ctx.tx.insert(INVOICES, 'invoiceIdHK', { ...invoice, amount: round2(lines.reduce((total, line) => total + (line.totalAmount as number), 0)) });
  }
}

/**
 * Lines over the provider's services, oldest first: every fourth line covers two services of the same
 * client; the oldest lines are those of the invoices, one each from the oldest invoice on (in its
 * currency), the newest ones are not invoiced yet.
 */
async function seedLines(ctx: Ctx, universe: Universe, invoices: Row[], max: number): Promise<void> {
  const { tx, random, identity } = ctx;
  const provider = identity.companies[universe === 'main' ? 'atlas' : 'northwind'];
  const billable = (service: Row) => service.serviceProvider === provider && service.universeId === identity.universes[universe] && service.serviceStep !== 'CANCELLED';
  const services = tx.find(SERVICES, billable).slice(0, max);
  const numbers = invoices.map((invoice) => invoice.number as string).reverse();
  const countryOf = (id: unknown) => (typeof id === 'number' ? (tx.get('companies', id)?.country as string | undefined) : undefined);
  for (let i = 0, line = 0; i < services.length; line++) {
    const pair = line % 4 === 3 && services[i + 1]?.client === services[i].client;
    const covered = services.slice(i, pair ? i + 2 : i + 1);
    i += covered.length;
    const orderLines = covered.flatMap((service) => ((service.purchaseOrderLines ?? []) as Row[]).map((orderLine) => orderLine.purchaseOrderLineId as number));
    const record = await computeRecord(ctx.lineSchema, {
      services: covered.map((service) => service.serviceId as number),
      purchaseOrderLines: random.sample(orderLines, random.int(0, Math.min(2, orderLines.length))),
      ...(line < numbers.length ? { invoiceNumber: numbers[line] } : {}),
      invoicingMethod: random.pick(['MAN_DAY', 'MAN_DAY', 'MAN_DAY', 'SERVICE', 'PACKAGE']),
      currency: universe === 'main' ? 'EUR' : 'USD',
      unit: covered.length * random.pick([0.5, 1, 1, 1, 2]),
      unitPrice: random.pick([280, 320, 350, 420]),
      serviceFees: random.pick([0, 0, 25, 45.5]),
      otherFees: random.chance(0.3) ? round2(random.int(1500, 18000) / 100) : 0,
      ...(random.chance(0.2) ? { toChargeTo: covered[0].supplier ?? covered[0].factory } : {}),
      companyId: provider,
      updatedBy: universe === 'main' ? identity.accounts.manager : identity.accounts.outsider,
      ...copiedFromServices(covered, countryOf),
      universeId: identity.universes[universe],
    });
    tx.insert(LINES, 'invoiceLineId', record);
  }
}

export async function seedBilling(tx: WriteOps, random: Random, today: string, identity: DemoIdentity, lineSchema: JsonSchema): Promise<void> {
  const ctx: Ctx = { tx, random, today, identity, lineSchema };
  for (const [universe, invoiceCount, serviceCount] of [['main', 18, 30], ['other', 2, 2]] as const) {
    const invoices = invoicesOf(ctx, universe, invoiceCount);
    await seedLines(ctx, universe, invoices, serviceCount);
    insertInvoices(ctx, invoices);
  }
}
