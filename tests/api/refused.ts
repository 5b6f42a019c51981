import { expect } from 'vitest';
import { LOGIN_EVENTS, SERVER_LOGS } from '../../server/audit';
import type { WriteWatch } from '../support/writeWatch';
import type { Reply } from './helpers';

/** What a refused call may still write: the sign-in events and the server log. */
const AUDIT = new Set([LOGIN_EVENTS, SERVER_LOGS]);

/** The call is refused with `status` and writes nothing but the audit; its reply for more checks. */
export async function refusedWithoutWrites(watch: WriteWatch, status: number, call: () => Promise<Reply>): Promise<Reply> {
  const before = await watch.mark();
  const reply = await call();
  expect(reply.status, reply.text.slice(0, 300)).toBe(status);
  expect((await watch.writtenSince(before)).filter((collection) => !AUDIT.has(collection))).toEqual([]);
  return reply;
}
