/**
 * Colours of status-like enum values. Generic words only: a value's colour follows what it
 * says (done → green, refused → red, waiting → amber…), the spec's decision colours being
 * Mantine's green/red/yellow. Unknown values get a stable colour from their position.
 */
const byWord: Record<string, string> = {
  // finished well
  COMPLETED: 'teal', DONE: 'teal', VERIFIED: 'teal', VALID: 'teal', VALIDATED: 'teal', ACCEPTED: 'teal',
  PASSED: 'teal', OK: 'teal', CLOSED: 'gray', ADDRESSED: 'teal', CONFIRMED: 'teal', SUCCESS: 'teal',
  ACTIVE: 'teal', SUBJECTED: 'teal', PAID: 'teal', TERMINATED: 'teal',
  // went wrong or severe
  REFUSED: 'red', FAILED: 'red', FAILURE: 'red', BLOCKED: 'red', CANCELLED: 'red', CANCELED: 'red',
  CRITICAL: 'red', FATAL: 'red', ERROR: 'red', LOST: 'red', REJECTED: 'red', LOCKED: 'red', HIGH: 'red', TOFIX: 'red',
  // waiting or in the middle
  PENDING: 'yellow', IN_PROGRESS: 'orange', MAJOR: 'orange', TOVALIDATE: 'yellow', WAITING: 'yellow',
  MODERATE: 'yellow', URGENT: 'orange', WARN: 'orange', WARNING: 'orange', SENT: 'cyan', REQUESTED: 'yellow', MID: 'yellow', DEROGATE: 'yellow',
  // just started
  NEW: 'blue', CREATED: 'blue', OPENED: 'blue', OPEN: 'blue', DRAFT: 'gray', MINOR: 'blue', LOW: 'blue',
  NORMAL: 'blue', GENERATED: 'violet', INFO: 'blue',
  // not applicable
  NA: 'gray', INACTIVE: 'gray', UNKNOWN: 'gray', EMPTY: 'gray', NONE: 'gray', REPLACED: 'gray', WITHDRAWN: 'gray',
};

const palette = ['blue', 'grape', 'orange', 'teal', 'indigo', 'pink', 'cyan', 'lime'];

export function hasKnownColor(value: string): boolean {
  return value in byWord;
}

export function valueColor(value: string, values: string[] = []): string {
  if (value in byWord) return byWord[value];
  const index = Math.max(0, values.indexOf(value));
  return palette[index % palette.length];
}

/** An enum reads as a status when every value names a state we know a colour for. */
export function looksLikeStatus(values: string[]): boolean {
  return values.length > 0 && values.length <= 8 && values.every(hasKnownColor);
}
