import type { Row } from '../store/types';

/**
 * The dashboard's costs (spec §2 `/dashboard` costs tab, docs/activity.md): the structural costs and
 * fee sheets of a period summed per month, type, status and contributor in the company's currency.
 * Pure: the route (routes.ts) reads the records, this file sums them.
 *
 * Conversion: a fee sheet carries its exchange rate (`currencyRate`: one unit of its currency in the
 * company's currency), so a sheet in another currency counts as `totalAmount × currencyRate`. A
 * structural cost has no rate: one in another currency is not converted, it is listed apart (its
 * own total per currency) and left out of the charts.
 */
export const STRUCTURAL_COST_TYPES = ['CONTRIBUTOR', 'OFFICE'] as const;
export const FEE_STATUSES = ['CREATED', 'TOFIX', 'TOVALIDATE', 'VALID'] as const;
/** Contributors past this many are summed into one "others" row. */
export const TOP_CONTRIBUTORS = 10;

export const round2 = (value: number) => Math.round(value * 100) / 100;
type MonthRow = Record<string, number | string>;
const bump = (row: MonthRow, key: string, amount: number) => (row[key] = (Number(row[key]) || 0) + amount);
const zeros = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, 0])) as Record<string, number>;

export interface CostLabels {
  contributor: (contactId: number) => string;
  structuralCosts: string;
  fees: string;
  total: string;
  /** "Structural costs in {{currency}} (not converted)". */
  notConverted: (currency: string) => string;
  others: string;
}

/** A fee sheet's amount in the company's currency. */
export function feeAmount(fee: Row, currency: string): number {
  const amount = Number(fee.totalAmount) || 0;
  return fee.currency === currency || !fee.currency ? amount : amount * (Number(fee.currencyRate) || 1);
}

/**
 * What each contributor of a fee sheet spent: each line's total shared equally between the line's
 * contributors, at the sheet's rate.
 */
function contributorShares(fee: Row, currency: string, into: Map<number, number>): void {
  const rate = fee.currency === currency || !fee.currency ? 1 : Number(fee.currencyRate) || 1;
  for (const line of (fee.feeLines as Row[] | undefined) ?? []) {
    const people = (line.contributors as number[] | undefined) ?? [];
    if (!people.length) continue;
    const share = ((Number(line.total) || 0) * rate) / people.length;
    for (const contactId of people) into.set(contactId, (into.get(contactId) ?? 0) + share);
  }
}

/** The costs of the months `months` (YYYY-MM): structural costs by their month, fee sheets by their creation date. */
export function costFigures(structuralCosts: Row[], fees: Row[], currency: string, months: string[], labels: CostLabels) {
  const costMonths = new Map<string, MonthRow>(months.map((month) => [month, { month, ...zeros(STRUCTURAL_COST_TYPES) }]));
  const feeMonths = new Map<string, MonthRow>(months.map((month) => [month, { month, ...zeros(FEE_STATUSES) }]));
  const costTypes = zeros(STRUCTURAL_COST_TYPES);
  const feeStatuses = zeros(FEE_STATUSES);
  const notConverted = new Map<string, { count: number; amount: number }>();
  let costTotal = 0;
  let costCount = 0;
  for (const cost of structuralCosts) {
    const amount = Number(cost.amount) || 0;
    const own = (cost.currency as string | undefined) ?? currency;
    if (own !== currency) {
      const row = notConverted.get(own) ?? { count: 0, amount: 0 };
      notConverted.set(own, { count: row.count + 1, amount: row.amount + amount });
      continue;
    }
    const type = cost.type as string;
    const month = costMonths.get(String(cost.date).slice(0, 7));
    if (month && type in costTypes) bump(month, type, amount);
    if (type in costTypes) costTypes[type] += amount;
    costTotal += amount;
    costCount++;
  }
  const contributors = new Map<number, number>();
  let feeTotal = 0;
  for (const fee of fees) {
    const amount = feeAmount(fee, currency);
    const status = fee.status as string;
    const month = feeMonths.get(String(fee.creationDate).slice(0, 7));
    if (month && status in feeStatuses) bump(month, status, amount);
    if (status in feeStatuses) feeStatuses[status] += amount;
    feeTotal += amount;
    contributorShares(fee, currency, contributors);
  }
  const roundRow = <T extends Record<string, unknown>>(row: T): T => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'number' ? round2(value) : value])) as T;
  const byContributor = [...contributors].map(([contactId, amount]) => ({ contactId, label: labels.contributor(contactId), amount })).sort((a, b) => b.amount - a.amount || a.label.localeCompare(b.label));
  const topContributors =
    byContributor.length <= TOP_CONTRIBUTORS
      ? byContributor
      : [...byContributor.slice(0, TOP_CONTRIBUTORS - 1), { contactId: 0, label: labels.others, amount: byContributor.slice(TOP_CONTRIBUTORS - 1).reduce((sum, row) => sum + row.amount, 0) }];
  return {
    currency,
    total: { structuralCosts: round2(costTotal), fees: round2(feeTotal), all: round2(costTotal + feeTotal) },
    structuralCostsByMonth: [...costMonths.values()].map(roundRow),
    structuralCostsByType: roundRow(costTypes),
    feesByMonth: [...feeMonths.values()].map(roundRow),
    feesByStatus: roundRow(feeStatuses),
    feesByContributor: topContributors.map(roundRow),
    totals: [
      { key: 'structuralCosts', label: labels.structuralCosts, count: costCount, amount: round2(costTotal), currency },
      { key: 'fees', label: labels.fees, count: fees.length, amount: round2(feeTotal), currency },
      { key: 'total', label: labels.total, count: costCount + fees.length, amount: round2(costTotal + feeTotal), currency },
      ...[...notConverted]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([other, row]) => ({ key: `structuralCosts.${other}`, label: labels.notConverted(other), count: row.count, amount: round2(row.amount), currency: other })),
    ],
  };
}
