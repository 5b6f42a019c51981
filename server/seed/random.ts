/** A seeded PRNG (mulberry32) so the demo data is the same on every first start. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(probability: number): boolean;
  sample<T>(list: readonly T[], count: number): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => list[int(0, list.length - 1)],
    chance: (probability) => next() < probability,
    sample: (list, count) => {
      const pool = [...list];
      const out: (typeof pool)[number][] = [];
      while (out.length < count && pool.length) out.push(pool.splice(int(0, pool.length - 1), 1)[0]);
      return out;
    },
  };
}

const DAY = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/**
 * `count` dates, oldest first, over the current month and the six before it, with
 * `currentShare` of them in the current month (never after today): the screens' default
 * range is the current month, so it must show data.
 */
export function spreadDates(random: Random, count: number, now: Date, currentShare = 0.4): string[] {
  const today = now.toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 7)}-01`;
  const daysIntoMonth = Number(today.slice(8, 10)) - 1;
  const current = Math.ceil(count * currentShare);
  const dates: string[] = [];
  for (let i = 0; i < count; i++) {
    dates.push(i < current ? addDays(monthStart, random.int(0, daysIntoMonth)) : addDays(monthStart, -random.int(1, 182)));
  }
  return dates.sort();
}

export const round2 = (value: number) => Math.round(value * 100) / 100;
