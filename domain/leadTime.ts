/**
 * The lead time of a service from its request to the provider's confirmation, in working days
 * (Monday to Friday), and whether it met its service level (spec §9: NORMAL 4 working days,
 * URGENT 3, EXPRESS 1 to 2: two is the limit). Stored on the service at the confirmation
 * (`confirmation`) so that the KPIs sum it (docs/kpis.md).
 */
export const SERVICE_LEVEL_DAYS: Record<string, number> = { NORMAL: 4, URGENT: 3, EXPRESS: 2 };

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/** The working days after `from` up to `to` included (0 when `to` is not after `from`). */
export function workingDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let day = dayNumber(from) + 1; day <= dayNumber(to); day++) {
    const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday: 0 Sunday … 6 Saturday
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

export interface Confirmation {
  date: string;
  workingDays: number;
  /** 1 on time, else 0; `late` the other way round, so that sums count both. */
  onTime: 0 | 1;
  late: 0 | 1;
}

/** The confirmation of a service requested on `requested` (a date or date-time), confirmed at `now`. */
export function confirmationOf(requested: string, serviceLevel: unknown, now: string): Confirmation {
  const workingDays = workingDaysBetween(requested.slice(0, 10), now.slice(0, 10));
  const onTime = workingDays <= (SERVICE_LEVEL_DAYS[String(serviceLevel)] ?? SERVICE_LEVEL_DAYS.NORMAL) ? 1 : 0;
  return { date: now, workingDays, onTime, late: onTime ? 0 : 1 };
}
