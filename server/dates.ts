/** Server dates are UTC calendar days/months, as stored in records (YYYY-MM-DD, YYYY-MM). */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function currentMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

export function nowIso(now = new Date()): string {
  return now.toISOString();
}
