import type { ReportRules } from '../../domain/report';
import { SERVICES, type ServiceRow } from '../services/access';
import type { Row, WriteOps } from '../store/types';
import type { ProductIds } from './adminFamilies';
import { assignTeam } from './assignments';
import type { CompanyKey, DemoIdentity } from './identity';
import { addDays, type Random } from './random';
import { reportLibraries, writeReport, type Scenario } from './reports';
import { SITES, actorOf, insertService, type Ctx } from './services';

/**
 * Two years of the brand's terminated inspections before the demo's recent services (from 730 to 61
 * days ago), so that every KPI chart shows a history: some one and a half a week, more before each
 * season's shipments, one or two order lines each (about 150 services: every test server starts from
 * the seed, which stays small). Each is written as the recent ones are — the workflow replayed (history, date
 * lines, the provider's confirmation and its lead time), a report with its verdict and the client's
 * decision (summed up on the service), a team assigned (man-days) — with its season the one its goods
 * ship for. Its own random sequence, after every other record: the rest of the demo stays as it was.
 */
const FIRST_DAY = -730;
const LAST_DAY = -61;

/** How often a supplier's lots fail: refused (heavy majors or a critical defect); goods not ready, a client protocol. */
const QUALITY: Partial<Record<CompanyKey, number>> = { shenzhen: 0.28, bursa: 0.2, porto: 0.1, como: 0.06 };

/** The season a lot inspected on `day` ships for: October to March the next spring-summer, April to September the fall-winter. */
export function seasonOfDay(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (month >= 4 && month <= 9) return `FW${year % 100}`;
  return `SS${(month >= 10 ? year + 1 : year) % 100}`;
}

/** Busier before shipments (February–March, August–September), quieter in December and July. */
const busyness = (day: string) => ({ 2: 0.45, 3: 0.45, 8: 0.4, 9: 0.4, 7: 0.15, 12: 0.15 })[Number(day.slice(5, 7))] ?? 0.3;

function scenarioOf(random: Random, refusal: number): Scenario {
  const draw = random.next();
  if (draw < refusal * 0.75) return 'heavy';
  if (draw < refusal) return 'critical';
  if (draw < refusal + 0.05) return 'gnr';
  if (draw < refusal + 0.08) return 'protocol';
  return 'light';
}

export function seedInspectionHistory(tx: WriteOps, random: Random, today: string, identity: DemoIdentity, products: ProductIds, tags: Ctx['tags'], rules: ReportRules): void {
  const ctx: Ctx = { tx, random, today, identity, products, tags };
  const library = reportLibraries(tx, identity).get(identity.companies.lumiere)!;
  const seasons = new Set(tx.find<Row>('seasons', (season) => season.universeId === identity.universes.main).map((season) => String(season.code)));
  const creators = [identity.accounts.quality, identity.accounts.quality, identity.accounts.buyer, ...identity.staff.lumiere.slice(2)];
  const busy = new Map<number, Set<string>>();
  const written: Row[] = [];
  let index = 0;
  let lastMonth = '';
  for (let offset = FIRST_DAY; offset <= LAST_DAY; offset++) {
    const day = addDays(today, offset);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    // A month still without an inspection by its 15th gets one, whatever the draws: every month of the charts has some.
    const due = day.slice(0, 7) !== lastMonth && Number(day.slice(8, 10)) >= 15;
    if (weekday === 0 || weekday === 6 || !(due || random.chance(busyness(day)))) continue;
    lastMonth = day.slice(0, 7);
    const site = random.pick(SITES);
    const provider: CompanyKey = random.chance(0.12) ? 'admin' : 'atlas';
    const season = seasonOfDay(day);
    const creator = actorOf(ctx, 'lumiere', random.pick(creators))!;
    const parties = { universe: 'main' as const, client: 'lumiere' as CompanyKey, ...site, provider, creator };
    const service = insertService(ctx, 'terminated', parties, day, index, { department: 'INSP', maxLines: 2, ...(seasons.has(season) ? { season } : {}) });
    written.push(service);
    // Suppliers improve over the two years: a third fewer refusals at the end than at the start.
    const refusal = (QUALITY[site.supplier] ?? 0.15) * (1 - ((offset - FIRST_DAY) / (LAST_DAY - FIRST_DAY)) / 3);
    writeReport(tx, random, identity, rules, library, service, index, { scenario: scenarioOf(random, refusal), decided: true });
    assignTeam(tx, random, identity, tx.get<ServiceRow>(SERVICES, service.serviceId as number)!, busy);
    index += 1;
  }
  addMakersToReferences(tx, identity.companies.lumiere, written);
}

/** A reference's suppliers are those of the services naming it (seed/references.ts): the history's makers join them. */
function addMakersToReferences(tx: WriteOps, companyId: number, services: Row[]): void {
  const makers = new Map<string, Set<number>>();
  for (const service of services) {
    for (const line of (service.purchaseOrderLines ?? []) as Row[]) {
      const set = makers.get(String(line.referenceObj ?? '')) ?? new Set<number>();
      for (const party of [service.supplier, service.factory]) if (typeof party === 'number') set.add(party);
      makers.set(String(line.referenceObj ?? ''), set);
    }
  }
  for (const reference of tx.find<Row>('references', (row) => row.companyId === companyId && makers.has(String(row.sku)))) {
    const suppliers = [...new Set([...((reference.suppliers ?? []) as number[]), ...makers.get(String(reference.sku))!])].sort((a, b) => a - b);
    if (suppliers.length !== ((reference.suppliers ?? []) as number[]).length) tx.update<Row>('references', reference.referenceId as number, (current) => ({ ...current, suppliers }));
  }
}
